"""The players' view (encounter watch): read-only, follows the
GM's changes live, and never shows what visible_to strips."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo
from saves.watching import publish_campaign
from tui.cli.main import main
from tui.player import PlayerApp
from tui.widgets.initiative_tracker import InitiativeTracker


def _demo(tmp_path: Path) -> Path:
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)
    return path


def _gm(path: Path, *commands: cmd.Command) -> None:
    session = Session(Campaign.open(path), random.Random(7))
    for command in commands:
        session.commit(command)
    session.close()
    publish_campaign(path)  # what the GM's process does after each saved action


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    found = {}
    for root, _dirs, names in os.walk(folder):
        for name in names:
            p = Path(root) / name
            found[str(p)] = (p.read_bytes(), p.stat().st_mtime_ns)
    return found


def _screen_text(app) -> str:
    tracker = app.query_one(InitiativeTracker)
    return "\n".join(" ".join(cell.plain for cell in tracker.row_cells(c.id)) for c in app.snapshot.view.state.order())


async def test_foes_show_a_band_and_no_hit_points(tmp_path):
    path = _demo(tmp_path)
    _gm(path, cmd.Damage("c3", 9), cmd.EditCombatant("c3", cmd.SheetChanges(notes="weak spot: left flank")))
    app = PlayerApp(path, follow=False)
    async with app.run_test(size=(100, 30)):
        text = _screen_text(app)
        boar = app.snapshot.view.state.combatant("c3")
        assert "bloody" in text and "7/16" not in text and "16" not in text.split("Boar")[1]
        assert boar.notes == "" and boar.stats == {}
        assert "11/11" in text  # the party's own hit points stay exact


async def test_hidden_foes_are_not_drawn_and_the_gm_can_reveal_them(tmp_path):
    path = _demo(tmp_path)
    _gm(path, cmd.SetHidden("c3"))
    app = PlayerApp(path, follow=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert "c3" not in {c.id for c in app.snapshot.view.state.combatants}
        _gm(path, cmd.SetHidden("c3", hidden=False))
        app.reload()
        await pilot.pause()
        assert "c3" in {c.id for c in app.snapshot.view.state.combatants}


async def test_the_view_follows_the_gm_and_never_writes(tmp_path):
    path = _demo(tmp_path)
    app = PlayerApp(path)
    async with app.run_test(size=(100, 30)) as pilot:
        before_round = app.snapshot.view.state.current
        await pilot.pause(0.3)  # let the watcher start
        _gm(path, cmd.NextTurn())
        files = _files(tmp_path)  # the GM wrote; from here only the viewer runs
        for _ in range(100):
            await pilot.pause(0.05)
            if app.snapshot.view.state.current != before_round:
                break
        assert app.snapshot.view.state.current != before_round
        app.reload()
        await pilot.pause()
        assert _files(tmp_path) == files


async def test_a_missing_feed_is_waited_for_with_a_message(tmp_path):
    path = _demo(tmp_path)
    app = PlayerApp(path, follow=False)
    async with app.run_test(size=(80, 24)) as pilot:
        (tmp_path / "demo.feed").rename(tmp_path / "elsewhere.feed")
        app.reload()
        await pilot.pause()
        assert app.problem is not None and "does not exist" in app.problem
        assert app.snapshot is not None  # the last view stays on screen


def test_watch_refuses_a_missing_or_corrupt_campaign_and_a_stranger(tmp_path, capsys):
    assert main(["watch", str(tmp_path / "nope.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    assert main(["watch", str(bad)]) == 2
    path = _demo(tmp_path)
    assert main(["watch", str(path), "--as", "Boar"]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "no party member 'Boar'" in err


async def test_the_gm_hides_and_reveals_with_H_logged_and_undoable(tmp_path):
    from tests.tui.helpers import demo_app, select_by_keys

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("H")
        await pilot.pause()
        assert app.presenter.state.combatant("c3").hidden
        assert "hid" in app.query_one(InitiativeTracker).row_cells("c3")[2].plain
        await pilot.press("u")
        await pilot.pause()
        assert not app.presenter.state.combatant("c3").hidden


async def test_the_gm_previews_the_players_view_on_the_map_with_V(tmp_path):
    from tests.tui.helpers import demo_app
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("V")
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        assert app.encounter_screen.toggles.players_preview and grid_map.fog is not None and (0, 0) not in grid_map.fog
        await pilot.press("V")
        await pilot.pause()
        assert not app.encounter_screen.toggles.players_preview and grid_map.fog is None


async def test_cells_seen_in_another_encounter_are_not_shown_as_seen_before(tmp_path):
    """The players' memory of the map is the encounter's: the GM switching to
    a fight on another map must not uncover its cells where the old map was seen."""
    from core.values.combatant import Combatant, Side
    from core.combat.state import EncounterState
    from core.board.grid import from_text
    from tui.widgets.grid_map import GridMap

    path = _demo(tmp_path)
    app = PlayerApp(path, follow=False)
    async with app.run_test(size=(100, 30)) as pilot:
        first_seen = app.snapshot.view.seen
        cellar = from_text("\n".join(["#" * 30] + ["#" + "." * 4 + "#" * 25] * 15 + ["#" * 30])).grid
        hero = Combatant("h", "Hero", Side.PARTY, {"DEX": 1}, 10, 10, position=(1, 1))
        campaign = Campaign.open(path)
        campaign.set_current(campaign.add_encounter("Cellar", EncounterState("cellar", cellar, (hero,)), "running"))
        campaign.close()
        publish_campaign(path)
        app.reload()
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        assert first_seen - app.snapshot.view.seen  # the old map's cells the hero cannot see here
        assert grid_map.remembered == frozenset()


async def test_a_members_view_follows_a_change_only_its_shared_view_file_holds(tmp_path):
    """A hurt foe changes the view the party members share (saves/feed_shared.py), not a member's own
    file: ``watch --as`` wakes for the shared view file it was read from too."""
    from saves.feed import feed_folder
    from saves.feed_writer import FeedWriter
    from saves.watching import followed

    path = _demo(tmp_path)
    campaign = followed(path)
    state, ruleset = campaign.read(), campaign.ruleset
    writer = FeedWriter(path)
    assert writer.publish(state, ruleset, "Demo", 1), writer.problem
    own = feed_folder(path) / "as-c1.json"
    app = PlayerApp(path, as_name="c1")
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.snapshot.view.bands["c3"].value == "unhurt"
        await pilot.pause(0.3)  # let the watcher start
        before = (own.read_bytes(), own.stat().st_mtime_ns)
        hurt = state.replace_combatant(replace(state.combatant("c3"), hp=1))
        assert writer.publish(hurt, ruleset, "Demo", 1), writer.problem
        assert (own.read_bytes(), own.stat().st_mtime_ns) == before  # the member's own file was not written again
        for _ in range(100):
            await pilot.pause(0.05)
            if app.snapshot.view.bands["c3"].value != "unhurt":
                break
        assert app.snapshot.view.bands["c3"].value == "bloodied"
