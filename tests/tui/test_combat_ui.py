"""Pilot tests: attacks with odds shown first, conditions, turn order by hand."""

from __future__ import annotations

from core import events as ev
from tests.tui.helpers import demo_app, type_text


async def _select(pilot, app, name: str) -> None:
    order = [c.name for c in app.state.order()]
    here = order.index(app.state.combatant(app.selected).name)
    steps = order.index(name) - here
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
    await pilot.pause()
    assert app.state.combatant(app.selected).name == name


def _status(app) -> str:
    return str(app.query_one("#status").render())


async def _enemy_of_current(pilot, app) -> str:
    current = app.session.encounter.current
    target = next(c for c in app.state.order() if c.side is not current.side)
    await _select(pilot, app, target.name)
    return target.id


async def test_attack_shows_odds_then_rolls_and_logs(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        target_id = await _enemy_of_current(pilot, app)
        await pilot.press("t")
        await type_text(pilot, "1d6 slashing")
        await pilot.pause()
        hint = str(app.screen.query_one("#prompt-hint").render())
        assert "vs 12" in hint and "%" in hint  # equestria attack difficulty DEFAULT 12
        await pilot.press("enter")
        attack = next(e.event for e in reversed(app.session.log) if isinstance(e.event, ev.AttackRolled))
        assert attack.target == target_id and attack.weapon.name == "1d6 slashing"
        if attack.hit:
            assert any(isinstance(e.event, ev.DamageTaken) for e in app.session.log[-3:])


async def test_attack_needs_a_target_other_than_the_attacker(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(app.session.log)
        await pilot.press("t")
        assert "Select the target" in _status(app)
        assert len(app.session.log) == before


async def test_bad_weapon_text_is_refused(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _enemy_of_current(pilot, app)
        before = app.state
        await pilot.press("t")
        await type_text(pilot, "sword")
        await pilot.press("enter")
        assert "did not understand" in _status(app)
        assert app.state == before


async def test_add_and_remove_a_condition(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        target = app.state.combatant(app.selected)
        await pilot.press("e")
        names = sorted(app.session.encounter.ruleset.conditions)
        for _ in range(names.index("prone")):
            await pilot.press("down")
        await pilot.press("enter")
        await type_text(pilot, "1 2")
        await pilot.press("enter")
        [condition] = app.state.combatant(target.id).conditions
        assert (condition.name, condition.level, condition.duration.count) == ("prone", 1, 2)
        assert "pro1" in str(app.query_one("#tracker").get_cell_at((0, 2)))
        await pilot.press("E")
        await pilot.press("enter")
        assert app.state.combatant(target.id).conditions == ()


async def test_set_initiative_by_hand_reorders(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        last = app.state.order()[-1]
        await _select(pilot, app, last.name)
        await pilot.press("i")
        for _ in range(5):
            await pilot.press("backspace")
        await type_text(pilot, "30")
        await pilot.press("enter")
        assert app.state.order()[0].id == last.id
        assert app.state.combatant(last.id).initiative == 30


async def test_add_and_remove_a_combatant(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        count = len(app.state.combatants)
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9")
        await pilot.press("enter")
        assert len(app.state.combatants) == count + 1
        wolf = next(c for c in app.state.combatants if c.name == "Wolf")
        assert wolf.initiative is not None and wolf.hp == 9
        await _select(pilot, app, "Wolf")
        await pilot.press("X")
        await pilot.press("down")
        await pilot.press("enter")
        assert len(app.state.combatants) == count


async def test_help_lists_every_action(tmp_path):
    from tui.keys import ACTIONS

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        rows = dict(app.screen.rows)
        for action in ACTIONS:
            assert rows[action.key.replace("question_mark", "?").replace(",", " / ").replace("f1", "F1")] == action.help
        await pilot.press("escape")
        assert app.screen is app.screen_stack[0]


async def test_key_map_rebinds_by_id(tmp_path):
    from saves.campaign import Campaign
    from saves.session import Session
    from tui.app import EncounterApp

    demo_app(tmp_path / "demo.json").session.campaign.close()
    app = EncounterApp(Session(Campaign.open(tmp_path / "demo.json")), keymap={"next-turn": "space"})
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.state.current
        await pilot.press("space")
        assert app.state.current != first
        rows = dict((await _help_rows(pilot, app)))
        assert rows["space"].startswith("End the current turn")


async def _help_rows(pilot, app):
    await pilot.press("question_mark")
    rows = app.screen.rows
    await pilot.press("escape")
    return rows


def test_key_map_file_problems_are_reported(tmp_path):
    from tui.keys import load_keymap

    path = tmp_path / "keys.json"
    path.write_text('{"next-turn": "space", "fly": "f", "damage": 3}')
    keymap, problems = load_keymap(path)
    assert keymap == {"next-turn": "space"}
    assert any("fly" in p for p in problems) and any("damage" in p for p in problems)
    path.write_text("{broken")
    assert load_keymap(path)[0] == {} and "ignored" in load_keymap(path)[1][0]
