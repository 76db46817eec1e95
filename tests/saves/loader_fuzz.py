"""The loader fuzz engine: mutated campaign files, journals, import files and
keys.json, and special files (pipes, devices, folders, links) in their place.

Each case is written into a fresh folder and handed to the loader that reads
it (``Campaign.open`` and a walk through what it opened, ``import_campaign``,
``load_keymap``) under two alarms: 2 s of CPU, 10 s of waiting. :func:`run_case` reports one of
``opened``, ``refused``, ``uncaught`` (an exception other than the typed
:class:`saves.errors.SaveError`), ``hang`` (an alarm fired) and whether an
original was modified (a refused campaign or journal, an import file or a
key map must be left exactly as they were, and no lock file stay behind).

Used by tests/saves/test_fuzz.py (a few hundred cases) and
bench/fuzz_loaders.py (``--cases 10000``).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import time
import traceback
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from core.combat import commands as cmd
from saves import library
from saves.campaign import Campaign
from saves.errors import SaveError
from saves.lock import lock_path
from saves.reading import journal_path
from saves.session import Session, create_demo

TIME_LIMIT = 2.0  # seconds of CPU per case (SIGPROF): a loader that computes too long
WAIT_LIMIT = 10.0  # seconds of wall clock per case (SIGALRM): a loader that waits (a pipe, a device)
# Both, because on a shared machine a 0.1 s case can take 2 s of wall clock;
# the wall-clock time of every case is still counted (Tally.over_two_seconds).
ROLES = ("campaign", "journal", "import", "keys")
SPECIAL = ("fifo", "folder", "dev-null", "dev-zero", "link-to-fifo", "dangling-link", "link-loop")


class Hang(BaseException):
    """An alarm fired: the loader computed longer than :data:`TIME_LIMIT` or waited longer than :data:`WAIT_LIMIT`."""


@dataclass
class Originals:
    campaign: bytes
    journal: bytes
    export: bytes
    keys: bytes


@dataclass
class Tally:
    cases: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    modified: int = 0
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    over_two_seconds: int = 0  # wall clock, whatever the reason (the machine's load included)

    def add(self, outcome: str, modified: bool, detail: str, seconds: float = 0.0) -> None:
        self.cases += 1
        self.over_two_seconds += seconds > 2.0
        if seconds > self.slowest[0]:
            self.slowest = (seconds, detail)
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        self.modified += modified
        if outcome in ("uncaught", "hang") or modified:
            self.failures.append(detail)

    @property
    def uncaught(self) -> int:
        return self.outcomes.get("uncaught", 0)

    @property
    def hangs(self) -> int:
        return self.outcomes.get("hang", 0)


def make_originals(folder: Path) -> Originals:
    """A campaign with history, undo steps, party and bestiary and a journal
    left as a kill leaves it; its export; a valid keys.json."""
    path = folder / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.campaign.put_template(boar)
    session.add_from_bestiary("Boar", 2)
    for command in (cmd.Damage(boar.id, 3), cmd.NextTurn(), cmd.RollDice("2d6 x"), cmd.NextTurn()):
        session.commit(command)
    session.undo()
    session.close()
    export = folder / "export.json"
    library.export_campaign(path, export)
    session = Session(Campaign.open(path), random.Random(3))
    session.commit(cmd.Heal(boar.id, 1))
    session.commit(cmd.RollDice("1d20 note"))
    journal = journal_path(path).read_bytes()
    session.campaign._lock.release()  # leave the journal as a crash would
    keys = json.dumps({"next-turn": "space", "damage": "x"}).encode()
    return Originals(path.read_bytes(), journal, export.read_bytes(), keys)


# -- mutations -----------------------------------------------------------------
def _deep(rng: random.Random) -> str:
    depth = rng.choice([50, 99, 100, 101, 150, 990, 1000, 5000, 100_000])
    open_, close = rng.choice([("[", "]"), ('{"a":', "}")])
    return open_ * depth + "1" + close * depth


def _snippet(rng: random.Random) -> str:
    """JSON text that a loader must bound or refuse."""
    kind = rng.randrange(7)
    if kind == 0:
        return _deep(rng)
    if kind == 1:
        return '"x\\ud800y"'
    if kind == 2:
        return '"\\udc00"'
    if kind == 3:
        return json.dumps("A" * rng.choice([1000, 100_001, 1_000_000, 20_000_000 if rng.random() < 0.02 else 200_000]))
    if kind == 4:
        return rng.choice(["1e999", "-1e999", "NaN", "Infinity", "9" * 5000, "-0", "1.5", "true", "null"])
    if kind == 5:
        return json.dumps("\x1b]0;pwned\x07\x1b[2J\u202e\u2028")
    return json.dumps(rng.choice([[], {}, "", 0, -1, 2**63, "c1", "party"]))


def _nodes(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _nodes(value, prefix + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _nodes(value, prefix + (index,))


def mutate_json(text: bytes, rng: random.Random) -> bytes:
    """Replace, delete or duplicate one node of the JSON document ``text``
    (a node may become a snippet of :func:`_snippet`)."""
    doc = json.loads(text)
    nodes = list(_nodes(doc))
    target = rng.choice(nodes[1:] or nodes)
    if not target:
        return _snippet(rng).encode()
    parent = doc
    for step in target[:-1]:
        parent = parent[step]
    kind = rng.randrange(4)
    marker = "\x00SNIPPET\x00"
    if kind == 0:
        del parent[target[-1]]
    elif kind == 1 and isinstance(parent, list):
        parent.append(parent[target[-1]])
    elif kind == 2 and isinstance(parent, dict):
        parent[marker] = parent[target[-1]]  # the snippet becomes a key when it is a string
    else:
        parent[target[-1]] = marker
    out = json.dumps(doc, ensure_ascii=False)
    snippet = _snippet(rng)
    out = out.replace(json.dumps(marker), snippet if kind != 2 or snippet.startswith('"') else '"k"')
    return out.encode("utf-8", "surrogatepass")


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    content = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not content:
            break
        index = rng.randrange(len(content))
        action = rng.randrange(4)
        if action == 0:
            del content[index:]
        elif action == 1:
            content[index] = rng.randrange(256)
        elif action == 2:
            content[index:index] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        else:
            content[index:index] = _snippet(rng).encode("utf-8", "surrogatepass")
    return bytes(content)


def mutate_journal(data: bytes, rng: random.Random) -> bytes:
    """Mutate one line; half the time its checksum is recomputed so that the
    mutation reaches the record decoder rather than the torn-line check."""
    lines = data.splitlines(keepends=True)
    index = rng.randrange(len(lines))
    line = lines[index]
    if rng.random() < 0.5 and len(line) > 10:
        try:
            body = mutate_json(line[9:-1], rng)
        except ValueError:
            body = mutate_bytes(line[9:-1], rng)
        body = body.replace(b"\n", b" ")
        lines[index] = b"%08x " % zlib.crc32(body) + body + b"\n"
    else:
        lines[index] = mutate_bytes(line, rng)
    return b"".join(lines)


def mutate(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        try:
            return mutate_json(data, rng)
        except ValueError:
            pass
    return mutate_bytes(data, rng)


# -- one case --------------------------------------------------------------------
def _place_special(path: Path, kind: str, folder: Path) -> None:
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dev-null":
        path.symlink_to("/dev/null")
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "link-to-fifo":
        os.mkfifo(folder / "the-pipe")
        path.symlink_to(folder / "the-pipe")
    elif kind == "dangling-link":
        path.symlink_to(folder / "nowhere.json")
    else:
        path.symlink_to(path)


def _snapshot(path: Path) -> object:
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return "folder"
    if path.exists() and not path.is_file():
        return "special"
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _walk(campaign: Campaign) -> None:
    campaign.load_log()
    campaign.party()
    campaign.bestiary()
    for eid in list(campaign.data.encounters):
        campaign.load_state(eid)
    session = Session(campaign, random.Random(0))
    steps = 0
    while session.can_undo and steps < 50:
        steps += 1
        try:
            session.undo()
        except SaveError:
            break


def _alarm(_signum, _frame):
    raise Hang()


def run_case(originals: Originals, folder: Path, rng: random.Random) -> tuple[str, bool, str]:
    """One case in the empty ``folder``: ``(outcome, modified, description)``."""
    role = rng.choice(ROLES)
    special = rng.choice(SPECIAL) if rng.random() < 0.08 else None
    campaign, journal = folder / "c.json", journal_path(folder / "c.json")
    source, keys = folder / "import.json", folder / "keys.json"
    campaign.write_bytes(originals.campaign)
    journal.write_bytes(originals.journal)
    source.write_bytes(originals.export)
    keys.write_bytes(originals.keys)
    target = {"campaign": campaign, "journal": journal, "import": source, "keys": keys}[role]
    if special is not None:
        _place_special(target, special, folder)
        what = f"{role}: {special}"
    else:
        content = {"campaign": originals.campaign, "journal": originals.journal, "import": originals.export, "keys": originals.keys}[role]
        target.write_bytes(mutate_journal(content, rng) if role == "journal" else mutate(content, rng))
        what = f"{role}: mutated"
    watched = [campaign, journal] if role in ("campaign", "journal") else [source if role == "import" else keys]
    before = [_snapshot(p) for p in watched]
    out = folder / "imported"
    out.mkdir()
    previous = signal.signal(signal.SIGALRM, _alarm), signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_REAL, WAIT_LIMIT)
    signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    outcome, detail = "opened", ""
    opened: Campaign | None = None
    try:
        try:
            if role in ("campaign", "journal"):
                opened = Campaign.open(campaign)
                _walk(opened)
            elif role == "import":
                library.import_campaign(source, out)
            else:
                from tui.keymap import load_keymap

                load_keymap(keys)
        finally:
            if opened is not None:
                opened.close()
    except Hang:
        outcome = "hang"
    except SaveError:
        outcome = "refused"
    except Exception:  # noqa: BLE001 - what the fuzz counts
        outcome, detail = "uncaught", traceback.format_exc(limit=-4)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGALRM, previous[0])
        signal.signal(signal.SIGPROF, previous[1])
    modified = False
    if outcome != "opened" or role in ("import", "keys"):
        modified = [_snapshot(p) for p in watched] != before
    if role in ("campaign", "journal") and os.path.lexists(lock_path(campaign)):
        modified = True  # a stale lock
        detail += " (stale lock)"
    return outcome, modified, f"{what} -> {outcome}{' MODIFIED' if modified else ''} {detail}".strip()


def run(cases: int, seed: int, work: Path, tally: Tally | None = None) -> Tally:
    """``cases`` cases from ``seed`` in folders under ``work``."""
    tally = tally or Tally()
    base = work / "originals"
    base.mkdir(parents=True, exist_ok=True)
    originals = make_originals(base)
    rng = random.Random(seed)
    for number in range(cases):
        folder = work / f"case{number % 4}"
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir()
        start = time.perf_counter()
        outcome, modified, detail = run_case(originals, folder, random.Random(rng.getrandbits(64)))
        tally.add(outcome, modified, f"case {number}: {detail}", time.perf_counter() - start)
    return tally
