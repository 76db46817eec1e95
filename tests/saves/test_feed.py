"""The players' feed (saves/feed.py): every byte a player's process can read
holds nothing the GM keeps from the party, the files are written safely,
and a player's view reads the feed, never the campaign."""

from __future__ import annotations

import json
import os
import random
import stat
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.grid import CHASM, WALL, Grid
from core.combat.state import EncounterState
from core.rulesets import get as get_ruleset
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from saves import files
from saves.errors import SaveError
from saves.feed import feed_folder, read_feed
from saves.feed_writer import FeedWriter
from saves.session import create_demo
from saves.watching import publish_campaign, read_snapshot

SECRETS = {
    "hidden creature's name": b"Lurker Qx",
    "hidden creature's id": b"lurk-id",
    "unseen foe's name": b"Shade Vw",
    "foe's notes": b"weak spot: left flank",
    "foe's stat": b"ZZSTAT",
    "foe's stat value": b"4321",
    "foe's exact maximum HP": b"977",
    "foe's armour class": b'"ac":23',
    "secret condition's source": b"curse of Qq",
    "party member's secret notes": b"betrays the party",
    "terrain no one sees": b"chasm",
}


def _fight() -> EncounterState:
    """A 12x6 map split by a wall at x=6: the party and one foe on the left;
    behind the wall a chasm and a foe the party cannot see; a
    hidden foe beside the party."""
    grid = Grid.filled(12, 6)
    for y in range(6):
        grid = grid.with_terrain((6, y), WALL)
    grid = grid.with_terrain((9, 3), CHASM)
    hero = Combatant("hero", "Ayla", Side.PARTY, {"DEX": 2}, 30, 30, position=(1, 1), notes="betrays the party", notes_secret=True)
    mage = Combatant("mage", "Brom", Side.PARTY, {"DEX": 1}, 20, 20, position=(1, 4))
    boar = Combatant("boar", "Boar", Side.FOE, {"ZZSTAT": 4321}, 7, 977, position=(4, 2), ac=23, notes="weak spot: left flank",
                     conditions=(Condition("prone"), Condition("poisoned", source="curse of Qq", secret=True)))
    lurker = Combatant("lurk-id", "Lurker Qx", Side.FOE, {}, 5, 5, position=(3, 3), hidden=True)
    shade = Combatant("shade", "Shade Vw", Side.FOE, {}, 5, 5, position=(10, 1))
    return EncounterState("split", grid, (hero, mage, boar, lurker, shade), round=1, current="hero")


def _feed_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_no_secret_of_the_fight_is_in_any_byte_of_the_feed(tmp_path):
    writer = FeedWriter(tmp_path / "camp.json")
    assert writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1), writer.problem
    files = _feed_bytes(writer.folder)
    shared = {json.loads(files[name])["view"] for name in ("as-hero.json", "as-mage.json")}
    assert set(files) == {"party.json", "as-hero.json", "as-mage.json"} | shared  # the members see alike: one view, shared
    for name, raw in files.items():
        text = raw.decode("utf-8")
        for what, secret in SECRETS.items():
            assert secret.decode() not in text, f"{what} is in {name}"
        doc = json.loads(raw)
        if "state" not in doc:
            continue  # a member's own part: it names the shared view, checked as a file of its own
        boar = next(c for c in doc["state"]["combatants"] if c["id"] == "boar")
        assert (boar["hp"], boar["hp_max"]) == (1, 1) and doc["bands"]["boar"] == "bloodied"
        assert [c["name"] for c in boar["conditions"]] == ["prone"]  # the open one stays
    view = read_feed(writer.folder, "Ayla").view
    assert view.state.combatant("hero").hp == 30  # a player knows its own character
    assert view.state.grid.rows[1][6] == "wall" and view.state.grid.rows[3][9] == "ground"


def test_cells_seen_once_stay_known_across_a_restart_of_the_gms_process(tmp_path):
    state = _fight()
    ruleset = get_ruleset("equestria")
    FeedWriter(tmp_path / "camp.json").publish(state, ruleset, "Camp", 1)
    first = read_feed(tmp_path / "camp.feed", "Brom").view.seen
    mage = replace(state.combatant("mage"), position=(5, 0))
    moved = replace(state, combatants=tuple(mage if c.id == "mage" else c for c in state.combatants))
    FeedWriter(tmp_path / "camp.json").publish(moved, ruleset, "Camp", 1)  # a new process: nothing in memory
    again = read_feed(tmp_path / "camp.feed", "Brom")
    assert first - again.view.seen  # some cells seen before are out of sight now
    assert first <= again.view.seen | again.known
    FeedWriter(tmp_path / "camp.json").publish(moved, ruleset, "Camp", 2)  # another encounter: nothing known
    assert read_feed(tmp_path / "camp.feed", "Brom").known == frozenset()


def test_feed_files_are_group_readable_and_the_campaign_stays_private(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    writer = publish_campaign(path)
    assert writer.folder == feed_folder(path) == tmp_path / "demo.feed"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    folder_mode = os.stat(writer.folder).st_mode
    assert stat.S_IMODE(folder_mode) == 0o2750
    for name in os.listdir(writer.folder):
        info = os.stat(writer.folder / name)
        assert stat.S_IMODE(info.st_mode) == 0o640 and info.st_gid == os.stat(writer.folder).st_gid


def test_a_link_in_the_feeds_place_or_a_feed_files_place_is_refused_and_said(tmp_path, monkeypatch):
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "camp.feed").symlink_to(target)
    writer = FeedWriter(tmp_path / "camp.json")
    assert not writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1)
    assert "symbolic link" in (writer.problem or "") and list(target.iterdir()) == []
    (tmp_path / "camp.feed").unlink()
    (tmp_path / "camp.feed").mkdir()
    planted = tmp_path / "camp.feed" / "party.json"
    planted.symlink_to(target / "stolen")
    assert not writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1)  # like the journal: refused, said
    assert writer.problem == (f"the players' feed cannot be written: {planted} is a symbolic link (to {target / 'stolen'}); "
                              "refused, nothing was written through it")
    assert not (target / "stolen").exists() and planted.is_symlink() and os.listdir(tmp_path / "camp.feed") == ["party.json"]
    planted.unlink()
    (target / "theirs").write_text("kept")
    os.link(target / "theirs", planted)  # a hard link to another file
    assert not writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1)
    assert "party.json is a hard link" in (writer.problem or "") and (target / "theirs").read_text() == "kept"
    planted.unlink()
    planted.write_text("another user's")
    with monkeypatch.context() as other:
        other.setattr(files, "_owner", lambda: os.getuid() + 1)  # the file is now another user's
        assert not writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1)
    assert "party.json belongs to another user" in (writer.problem or "") and planted.read_text() == "another user's"
    planted.unlink()
    assert writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1), writer.problem


def test_a_players_view_reads_the_feed_and_never_opens_the_campaign(tmp_path, monkeypatch):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)
    opened: list[str] = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(str(p)) or real_open(p, *a, **k))
    snapshot = read_snapshot(path)
    assert snapshot.view.viewers and opened and all(".feed" in name for name in opened)
    os.chmod(path, 0)  # a player's account cannot read it: the view does not care
    assert read_snapshot(path).view.viewers == snapshot.view.viewers


def test_a_missing_or_damaged_feed_is_a_clear_refusal(tmp_path):
    with pytest.raises(SaveError, match="does not exist yet"):
        read_feed(tmp_path / "none.json")
    folder = tmp_path / "bad.feed"
    folder.mkdir()
    (folder / "party.json").write_text("{ not json")
    with pytest.raises(SaveError, match="damaged players' feed"):
        read_feed(folder)


def test_a_gm_outside_the_feed_folders_group_is_told_so_and_no_half_file_is_left(tmp_path, monkeypatch):
    """Found over real SSH: a GM not in the folder's group ``table`` got "Operation not permitted"."""
    import os

    writer = FeedWriter(tmp_path / "camp.json")
    folder = writer.folder
    folder.mkdir(mode=0o750)
    real_fstat = os.fstat
    folder_info = os.stat(folder)

    class OtherGroup:
        def __init__(self, info):
            self._info = info

        def __getattr__(self, name):
            return (os.getgid() + 1) if name == "st_gid" else getattr(self._info, name)

    def fstat(fd):  # the folder's group is another than the files': fchown must be asked
        info = real_fstat(fd)
        return OtherGroup(info) if os.path.samestat(info, folder_info) else info

    def refuse(fd, uid, gid):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "fstat", fstat)
    monkeypatch.setattr(os, "fchown", refuse)
    assert not writer.publish(_fight(), get_ruleset("equestria"), "Camp", 1)
    assert "is not in the feed folder's group" in writer.problem and "usermod -aG" in writer.problem
    monkeypatch.undo()
    assert [p.name for p in folder.iterdir()] == []


def test_a_feed_held_for_the_frame_is_written_when_started_and_only_the_newest_state(tmp_path):
    """``publish_soon(start=False)`` (the GM's app, until its frame is drawn)
    writes nothing until ``start`` or ``wait``; two states sent meanwhile:
    the newer one is the feed."""
    writer = FeedWriter(tmp_path / "camp.json")
    ruleset = get_ruleset("equestria")
    fight = _fight()
    writer.publish_soon(fight, ruleset, "Camp", 1, start=False)
    writer.publish_soon(replace(fight, current="mage"), ruleset, "Camp", 1, start=False)
    assert writer.writes == 0 and not writer.folder.exists()
    assert writer.wait(30), writer.problem
    assert writer.writes == 1
    assert read_feed(writer.folder).view.state.current == "mage"


def test_the_feeds_thread_waits_for_the_gms_frame_before_each_view(tmp_path, monkeypatch):
    """While the GM's process handles a key (:data:`saves.fold_plan.between_frames`
    clear) the feed's thread writes no view; once the frame is drawn it writes them all."""
    from saves import fold_plan

    monkeypatch.setattr(fold_plan, "LONGEST_HOLD", 60.0)  # no slice "anyway" while this test looks
    writer = FeedWriter(tmp_path / "camp.json")
    fold_plan.frame_due()
    try:
        writer.publish_soon(_fight(), get_ruleset("equestria"), "Camp", 1)
        assert not writer.wait(0.2)  # still waiting for the frame
        assert not (writer.folder / "party.json").exists()
    finally:
        fold_plan.frames_done()
    assert writer.wait(30), writer.problem
    assert writer.writes == 1 and read_feed(writer.folder, "hero").me == "hero"


def test_one_feed_thread_writes_every_action_and_waits_between(tmp_path):
    """The feed's thread is made once: the next action's state is written by
    the same thread (a new thread per action held the GM's thread until it ran)."""
    writer = FeedWriter(tmp_path / "camp.json")
    ruleset, fight = get_ruleset("equestria"), _fight()
    writer.publish_soon(fight, ruleset, "Camp", 1)
    assert writer.wait(30), writer.problem
    thread = writer._thread
    writer.publish_soon(replace(fight, current="mage"), ruleset, "Camp", 1)
    assert writer.wait(30), writer.problem
    assert thread is not None and thread.is_alive() and writer._thread is thread
    assert writer.writes == 2 and read_feed(writer.folder).view.state.current == "mage"


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 8), st.integers(0, 6)), max_size=14), st.permutations(range(63)), st.booleans())
def test_a_members_view_read_through_a_shared_view_is_its_own_document_exactly(walls, order, hidden):
    """Members who see the same creatures share one view file (saves/feed_shared.py): each member's
    view read back is the very view its own document held (EQ-MAP-4 sight, cells seen before, the
    fog), after a publish and another where one member moved, with or without a member the GM hid."""
    import tempfile

    from core.combat.upcoming import ReadTable, next_up
    from core.combat.visibility import visible_to
    from saves.feed import _decode
    from saves.feed_writer import feed_document
    from saves.sanitize import clean_document
    from saves.texts import dump_bytes

    cells = [(i % 9, i // 9) for i in order]
    grid = Grid.filled(9, 7)
    for cell in walls - set(cells[:5]):
        grid = grid.with_terrain(cell, WALL)
    party = [Combatant(f"p{i}", f"P{i}", Side.PARTY, {}, 9, 9, position=cells[i], hidden=hidden and i == 2) for i in range(3)]
    foes = [Combatant(f"f{i}", f"F{i}", Side.FOE, {}, 5, 9, position=cells[3 + i]) for i in range(2)]
    first = EncounterState("fog", grid, (*party, *foes), round=1, current="p0")
    moved = first.replace_combatant(replace(party[1], position=cells[5]))
    ruleset = get_ruleset("equestria")
    with tempfile.TemporaryDirectory() as folder:
        writer = FeedWriter(Path(folder) / "camp.json")
        assert writer.publish(first, ruleset, "Camp", 1) and writer.publish(moved, ruleset, "Camp", 1), writer.problem
        upcoming = next_up(ReadTable(ruleset, moved), moved)
        for member in party:
            before, now = visible_to(first, ruleset, Side.PARTY, member.id), visible_to(moved, ruleset, Side.PARTY, member.id)
            doc = feed_document(now, before.seen | now.seen, ruleset, "Camp", 1, moved.combatant(member.id), upcoming)
            own = _decode(clean_document(json.loads(dump_bytes(doc))), writer.folder / "own")
            read = read_feed(writer.folder, member.id)
            assert replace(read, ruleset=own.ruleset, view_file=None) == own
