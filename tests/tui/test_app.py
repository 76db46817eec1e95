"""Pilot tests: a GM plays a round on the demo, quits, and resumes."""

from __future__ import annotations

import pytest

from core.combat import events as ev
from core.dice.checks import Tier
from saves.campaign import Campaign
from tests.tui.helpers import demo_app, type_text
from tui.widgets.grid_map import GridMap


def _select(app, name: str) -> int:
    order = [c.name for c in app.presenter.state.order()]
    return order.index(name) - order.index(next(c.name for c in app.presenter.state.combatants if c.id == app.encounter_screen.selected))


async def _select_by_keys(pilot, app, name: str) -> None:
    steps = _select(app, name)
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
    await pilot.pause()
    assert app.presenter.state.combatant(app.encounter_screen.selected).name == name


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_play_one_round_quit_and_resume(tmp_path, size):
    path = tmp_path / "demo.json"
    app = demo_app(path)
    async with app.run_test(size=size) as pilot:
        order = [c.id for c in app.presenter.state.order()]
        first = app.presenter.state.current
        # next turn through everyone: round 2 starts with the first again
        for _ in order:
            await pilot.press("n")
        assert (app.presenter.state.round, app.presenter.state.current) == (2, first)

        # damage the boar
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        await _select_by_keys(pilot, app, "Boar")
        await pilot.press("d")
        await type_text(pilot, "5")
        await pilot.press("enter")
        assert app.presenter.state.combatant(boar.id).hp == boar.hp - 5

        # roll a check for the current combatant
        await pilot.press("c")
        await type_text(pilot, "STR 10")
        await pilot.press("enter")
        check = app.presenter.session.log[-1].event
        assert isinstance(check, ev.CheckRolled) and check.combatant == first and check.result.difficulty == 10
        assert check.result.tier in Tier

        # move the current combatant one cell with the map cursor
        mover = app.presenter.session.encounter.current
        start = mover.position
        await pilot.press("m")
        assert app.query_one(GridMap).picking
        target = None
        for key, (dx, dy) in (("down", (0, 1)), ("right", (1, 0)), ("left", (-1, 0)), ("up", (0, -1))):
            cell = (start[0] + dx, start[1] + dy)
            if cell in app.query_one(GridMap).reach and cell != start:
                target = cell
                await pilot.press(key)
                break
        assert target is not None
        await pilot.press("enter")
        assert app.presenter.session.encounter.current.position == target
        assert app.presenter.session.encounter.current.budget.movement == mover.budget.movement - 1
        assert not app.query_one(GridMap).picking

        state, log = app.presenter.state, app.presenter.session.log
        await pilot.press("q")
    assert not app.is_running
    app.presenter.session.campaign.close()

    again = demo_app(path)
    async with again.run_test(size=size) as pilot:
        assert again.presenter.state == state
        assert again.presenter.session.log == log
        assert again.presenter.session.read_only is None
        await pilot.press("q")
    again.presenter.session.campaign.close()


async def test_bad_inputs_change_nothing_and_say_why(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.presenter.state
        entries = len(app.presenter.session.log)
        await pilot.press("d")
        await type_text(pilot, "lots")
        await pilot.press("enter")
        status = str(app.query_one("#status").render())
        assert "not a number" in status
        await pilot.press("escape")  # a refused dialog stays open with the text
        await pilot.press("r")
        await type_text(pilot, "2d")
        await pilot.press("enter")
        assert "Bad dice expression" in str(app.query_one("#status").render())
        await pilot.press("escape")
        await pilot.press("c")
        await type_text(pilot, "LUCK")
        await pilot.press("enter")
        assert "unknown stat" in str(app.query_one("#status").render())
        await pilot.press("escape")
        # a move into a wall is refused by the rules, with the reason
        await pilot.press("m")
        grid_map = app.query_one(GridMap)
        for _ in range(30):
            await pilot.press("up")
        await pilot.press("enter")
        assert "Refused" in str(app.query_one("#status").render())
        assert "wall" in str(app.query_one("#status").render())
        assert grid_map.picking  # still choosing
        await pilot.press("escape")
        assert not grid_map.picking
        assert app.presenter.state == before
        assert len(app.presenter.session.log) == entries


async def test_dice_roll_lands_in_the_log_with_its_comment(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await type_text(pilot, "1d20+2 kick the door")
        await pilot.press("enter")
        event = app.presenter.session.log[-1].event
        assert isinstance(event, ev.DiceRolled)
        assert event.roll.comment == "kick the door"
        assert 3 <= event.roll.total <= 22


async def test_damage_with_dice(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("d")
        await type_text(pilot, "2d4")
        await pilot.press("enter")
        rolled = app.presenter.session.log[-2].event
        assert isinstance(rolled, ev.DiceRolled)
        assert app.presenter.state.combatant(target.id).hp == max(0, target.hp - rolled.roll.total)
        assert app.presenter.session.can_undo
        await pilot.press("u")  # one key, one step: the roll and the damage go together
        assert app.presenter.state.combatant(target.id).hp == target.hp and not app.presenter.session.can_undo


async def test_spend_an_action_from_the_menu_and_override(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.press("enter")  # first option: full action
        assert app.presenter.session.encounter.current.budget.left("full") == 0
        await pilot.press("a")
        ids = [option for option, _ in app.screen.options]
        assert ids.index("override:full") > ids.index("spend.quick")  # what is left first: Enter never overrides by chance
        for _ in range(ids.index("override:full")):
            await pilot.press("down")
        await pilot.press("enter")
        assert app.presenter.session.encounter.current.budget.left("full") == 0  # never below zero
        assert any(isinstance(e.event, ev.ActionSpent) and e.event.overridden for e in app.presenter.session.log[-2:])


async def test_theft_check_needs_dex_plus_2_eq_day_2(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        current = app.presenter.session.encounter.current
        await pilot.press("c")
        await type_text(pilot, "DEX theft")
        await pilot.press("enter")
        if current.stat("DEX") < 2:
            assert "EQ-DAY-2" in str(app.query_one("#status").render())
        else:
            event = app.presenter.session.log[-1].event
            assert event.result.advantage.value == -1  # theft rolls with disadvantage


async def test_markup_and_escapes_in_names_show_literally(tmp_path):
    import json

    path = tmp_path / "demo.json"
    app = demo_app(path)
    app.presenter.session.campaign.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    [doc] = data["encounters"].values()
    names = ["Orc [/]", "[bold]x[/]", "Evil\x1b[2J"]
    for combatant, name in zip(doc["state"]["combatants"], names):
        combatant["name"] = name
    path.write_text(json.dumps(data), encoding="utf-8")
    from saves.session import Session
    from tui.app import EncounterApp

    app = EncounterApp(Session(Campaign.open(path)))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        tracker = app.query_one("#tracker")
        cells = [tracker.row_cells(c.id)[2].plain for c in app.presenter.state.order()]
        assert any("Orc [/]" in c for c in cells)
        assert any("[bold]x[/]" in c for c in cells)
        assert any("Evil" in c for c in cells)  # shown escaped, or cleaned on load
        assert not any("\x1b" in c for c in cells)
        await pilot.press("q")
