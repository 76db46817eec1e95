"""bad input: markup and escape sequences, typed or imported.

The corpus goes into every text field (damage, heal, roll, check prompts)
and into combatant names and notes of a campaign file. Nothing crashes,
every refused input says why in the status line and changes nothing,
names show literally, and no raw ESC or C1 control reaches the terminal.

"Reaches the terminal" is checked on what the app really writes: in
process through ``terminal_output.capture_terminal`` (every frame rendered
by Textual's real output path), and once end to end with ``encounter``
running under a pseudo-terminal (``pty_terminal.PtyProcess``).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text
from textual import events
from textual.screen import ModalScreen
from textual.widgets import Input

from core.combat import commands as cmd
from core.combat.demo import state_from_map
from core.combat.encounter import Encounter
from core.board.grid import from_text
from core.rulesets import get as get_ruleset
from saves.campaign import Campaign
from saves.sanitize import clean_name
from saves.session import Session
from tests.tui.helpers import demo_app
from tests.tui.pty_terminal import PtyProcess
from tests.tui.terminal_output import capture_terminal, captured_text, unsafe_output, visible_text
from tui.app import EncounterApp
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.initiative_tracker import InitiativeTracker

CORPUS = {
    "markup-close": "Orc [/]",
    "markup-bold": "[bold]x[/]",
    "markup-link": "[link=x]y",
    "csi-clear": "\x1b[2J",
    "osc-title": "\x1b]0;title\x07",
    "c1-csi": "\x9b31m",
    "carriage-return": "Orc\rX",
    "bidi-override": "\u202eevil",
    "long": "Ogre" * 125,
    "empty": "",
    "zwj-emoji": "\U0001f469\u200d\U0001f469\u200d\U0001f467",
}
LITERAL = ("Orc [/]", "[bold]x[/]", "[link=x]y")  # must be drawn exactly like this
RAW = ("\x1b[2J", "\x1b]0;", "\x9b", "\x1b]8;")  # must never be written
FIELDS = {"d": "damage", "h": "heal", "r": "roll", "c": "check"}
RULESET = "equestria"


def status_of(app) -> tuple[str, bool]:
    status = app.query_one("#status")
    return str(status.render()), status.has_class("error")


async def enter(pilot, value: str, typed: bool) -> None:
    """Put ``value`` into the open prompt and press Enter: key by key if
    ``typed`` and the text is short plain ASCII, else as a terminal paste
    (how escape sequences, emoji or a 500-character name really arrive)."""
    field = pilot.app.screen.query_one(Input)
    if typed and value.isascii() and value.isprintable() and len(value) <= 20:
        for ch in value:
            await pilot.press("space" if ch == " " else ch)
    else:
        field.post_message(events.Paste(value))
        await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def type_corpus(pilot, written: list[str], key: str, values: dict[str, str]) -> list[dict]:
    """Each of ``values`` into the prompt opened by ``key``; what happened to each.
    Typed key by key into the damage prompt, pasted into the others."""
    app = pilot.app
    results = []
    for name, value in values.items():
        mark, state, log = len(written), app.presenter.state, len(app.presenter.session.log)
        await pilot.press(key)
        assert isinstance(app.screen, PromptScreen), (key, name)
        await enter(pilot, value, typed=key == "d")
        status, error = status_of(app)
        left_open = isinstance(app.screen, ModalScreen)  # a refusal keeps the dialog and the text
        hint = app.screen.shown_hint if left_open else ""
        if left_open:
            await pilot.press("escape")
            await pilot.pause()
        results.append({
            "name": name, "value": value, "status": status, "error": error,
            "changed": app.presenter.state != state, "logged": app.presenter.session.log[log:],
            "unsafe": unsafe_output(captured_text(written, mark)),
            "crashed": app.crash, "dialog_left_open": left_open, "hint": hint,
        })
    return results


@pytest.mark.parametrize("key", FIELDS, ids=FIELDS.values())
async def test_every_text_field_refuses_or_accepts_the_corpus_safely(tmp_path, key):
    app = demo_app(tmp_path / "demo.json")
    written = capture_terminal(app)
    async with app.run_test(size=(120, 40)) as pilot:
        values = dict(CORPUS)
        if key == "r":  # valid dice with the worst of the corpus as the comment
            values.update({f"dice+{name}": f"1d4 {CORPUS[name]}" for name in ("markup-close", "markup-bold", "csi-clear", "c1-csi", "zwj-emoji")})
        results = await type_corpus(pilot, written, key, values)
        for r in results:
            assert r["crashed"] is None, r
            assert r["status"].strip(), f"no status message for {r['name']}"
            if r["logged"]:  # accepted: a dice roll whose comment is the corpus text
                assert key == "r" and r["name"].startswith("dice+"), r
                assert not r["dialog_left_open"], r
                assert not r["error"]
                comment = r["logged"][-1].event.roll.comment
                assert clean(comment) in r["status"]  # shown, escaped, never interpreted
            else:  # refused: said in the status line and in the dialog, which stays open
                assert r["error"] and "Refused" in r["status"], r
                assert r["dialog_left_open"] and "Refused" in r["hint"], r
                assert not r["changed"], r
        if key == "r":
            accepted = {r["name"] for r in results if r["logged"]}
            assert {"dice+markup-close", "dice+markup-bold", "dice+zwj-emoji"} <= accepted
    assert app.return_code in (0, None)


async def test_text_fields_send_no_escape_to_the_terminal(tmp_path):
    escapes = {name: CORPUS[name] for name in ("csi-clear", "osc-title", "c1-csi")}
    app = demo_app(tmp_path / "demo.json")
    written = capture_terminal(app)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Round 1" in captured_text(written)  # the capture works
        leaks = {}
        for key in FIELDS:
            for r in await type_corpus(pilot, written, key, escapes):
                if r["unsafe"]:
                    leaks[f"{FIELDS[key]}/{r['name']}"] = r["unsafe"][:1]
    assert leaks == {}


# -- names from campaign files ------------------------------------------------------


def corpus_campaign(path: Path, name: str = "Untrusted names", names: bool = True) -> Campaign:
    """A campaign whose combatants are named and annotated with the corpus
    (``names``; else "Plain 1", "Plain 2"...), initiative rolled, round 1.
    Returned open, as written (not re-read)."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: len(CORPUS)]
    width = len(letters)
    text = "\n".join(["#" * (width + 2), f"#{letters}#", "#" + "." * width + "#", "#" * (width + 2)])
    state = state_from_map("Corpus", from_text(text))
    values = CORPUS.values() if names else [f"Plain {n}" for n in range(1, len(CORPUS) + 1)]
    combatants = tuple(replace(c, name=value, notes=value) for c, value in zip(state.combatants, values))
    encounter = Encounter(replace(state, combatants=combatants), get_ruleset(RULESET), random.Random(1))
    first = encounter.apply(cmd.StartCombat())
    return Campaign.create(path, name, encounter.ruleset, encounter.state, first)


async def walk_every_combatant(pilot, dialog: bool = True) -> dict[str, tuple[str, str]]:
    """Select each combatant in turn (arrow keys) and open the damage dialog
    titled with its name; returns its tracker name cell and sheet text."""
    app = pilot.app
    tracker, sheet = app.query_one(InitiativeTracker), app.query_one(CreatureSheet)
    seen = {}
    await pilot.press("home")  # first row
    for _ in app.presenter.state.combatants:
        await pilot.pause()
        row = tracker.row_cells(app.encounter_screen.selected)
        seen[app.encounter_screen.selected] = (row[2].plain if isinstance(row[2], Text) else str(row[2]), str(sheet.render()))
        if dialog:
            await pilot.press("d")
            assert isinstance(app.screen, PromptScreen)
            await pilot.press("escape")
        await pilot.press("down")
    await pilot.press("n")  # a turn line in the log
    return seen


@pytest.mark.parametrize("reopen", [True, False], ids=["read-from-file", "in-memory"])
async def test_names_show_literally_and_send_no_escape(tmp_path, reopen):
    """``read-from-file``: the campaign as a user opens it (saves/ strips
    escapes on load). ``in-memory``: the raw names reach the TUI, which must
    escape them itself (defence in depth)."""
    campaign = corpus_campaign(tmp_path / "corpus.json")
    if reopen:
        campaign.close()
        campaign = Campaign.open(tmp_path / "corpus.json")
    app = EncounterApp(Session(campaign, random.Random(2)))
    written = capture_terminal(app)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Round 1" in captured_text(written)
        names = {c.id: c.name for c in app.presenter.state.combatants}
        if reopen:
            assert sorted(names.values()) == sorted(clean_name(v) for v in CORPUS.values())
        seen = await walk_every_combatant(pilot)
        assert app.crash is None
    for cid, name in names.items():
        row_name, sheet_text = seen[cid]
        shown = clean(name)
        for part in row_name.strip().split("\u2026"):  # a long name is cut with an ellipsis
            assert part in shown, (name, row_name)
        assert sheet_text.startswith(shown), (name, sheet_text[:80])
    output = captured_text(written)
    assert unsafe_output(output) == []
    for raw in RAW:
        assert raw not in output
    drawn = visible_text(output)
    for literal in LITERAL:
        assert literal in drawn, literal


async def test_bidi_override_is_not_sent_raw(tmp_path):
    campaign = corpus_campaign(tmp_path / "corpus.json")  # in memory: not sanitized by saves/
    app = EncounterApp(Session(campaign, random.Random(2)))
    written = capture_terminal(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await walk_every_combatant(pilot, dialog=False)
    assert "\u202e" not in captured_text(written)


@pytest.mark.parametrize("name", ["Orc [/]", "[bold]x[/]", "[link=x]y"])
async def test_campaign_name_with_markup_shows_literally(tmp_path, name):
    campaign = corpus_campaign(tmp_path / "corpus.json", name=name, names=False)
    app = EncounterApp(Session(campaign, random.Random(2)))
    written = capture_terminal(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.crash is None
    assert name in visible_text(captured_text(written))


def test_real_terminal_gets_no_raw_escape(tmp_path):
    """End to end: ``encounter FILE`` under a pty at 120x40; the corpus names
    are drawn, the bytes hold no stray escape, and ``q`` quits cleanly."""
    path = tmp_path / "corpus.json"
    corpus_campaign(path).close()
    argv = [sys.executable, "-m", "tui.cli.main", str(path), "--seed", "1"]
    env = {"ENCOUNTER_HOME": str(tmp_path / "home"), "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    with PtyProcess(argv, size=(120, 40), env=env) as proc:
        proc.wait_for(b"Round 1", timeout=30)
        proc.read_until_quiet(0.3)
        for key in (b"n", b"n", b"\x1b[B", b"\x1b[B"):  # next turn twice, select down twice
            proc.send(key)
            proc.read_until_quiet(0.2)
        proc.send(b"q")
        status = proc.wait(15)
        # the tty turns each newline into CR LF (onlcr): not the app's doing
        output = proc.output_since(0).decode("utf-8", errors="replace").replace("\r\n", "\n")
    assert status == 0
    assert "Traceback" not in output
    assert unsafe_output(output) == []
    drawn = visible_text(output)
    for literal in LITERAL:
        assert literal in drawn, literal
