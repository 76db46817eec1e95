"""Pilot tests: attacks with odds shown first, conditions, turn order by hand."""

from __future__ import annotations

import os

from core.combat import events as ev
from tests.tui.helpers import select_enemy_of_current, select_by_keys, status_of, demo_app, type_text
from tui.widgets.quiet_footer import QuietFooter


async def test_attack_shows_odds_then_rolls_and_logs(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        target_id = await select_enemy_of_current(pilot, app)
        await pilot.press("t")
        await type_text(pilot, "1d6 slashing")
        await pilot.pause()
        hint = str(app.screen.query_one("#prompt-hint").render())
        assert "vs 12" in hint and "%" in hint  # equestria attack difficulty DEFAULT 12
        assert "out of melee reach" in hint  # the boar is far away
        await type_text(pilot, " ranged")
        await pilot.press("enter")
        attack = next(e.event for e in reversed(app.presenter.session.log) if isinstance(e.event, ev.AttackRolled))
        assert attack.target == target_id and attack.weapon.name == "1d6 slashing" and attack.weapon.reach.value == "ranged"
        if attack.hit:
            assert any(isinstance(e.event, ev.DamageTaken) for e in app.presenter.session.log[-3:])


async def test_attack_needs_a_target_other_than_the_attacker(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(app.presenter.session.log)
        await pilot.press("t")
        assert "Select the target" in status_of(app)
        assert len(app.presenter.session.log) == before


async def test_bad_weapon_text_is_refused(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await select_enemy_of_current(pilot, app)
        before = app.presenter.state
        await pilot.press("t")
        await type_text(pilot, "sword")
        await pilot.press("enter")
        assert "did not understand" in status_of(app)
        assert app.presenter.state == before


async def test_add_and_remove_a_condition(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("e")
        names = sorted(app.presenter.session.encounter.ruleset.conditions)
        for _ in range(names.index("prone")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.press("enter")  # until removed, or N rounds of whose turn it is
        await type_text(pilot, "1 2")
        await pilot.press("enter")
        [condition] = app.presenter.state.combatant(target.id).conditions
        assert (condition.name, condition.level, condition.duration.count) == ("prone", 1, 2)
        assert "pro1" in app.query_one("#tracker").row_cells(target.id)[2].plain
        await pilot.press("E")
        await pilot.press("enter")
        assert app.presenter.state.combatant(target.id).conditions == ()


async def test_the_condition_level_preview_refuses_what_enter_would(tmp_path):
    """A try-out typed ``0 0``: the preview said "level 0, until removed",
    Enter said "a condition level must be at least 1". The preview asks the rules."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await pilot.press("enter")
        await pilot.press("enter")  # until removed, or N rounds
        await type_text(pilot, "0 0")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        assert "at least 1" in app.screen.shown_hint and app.screen.problem is not None
        await pilot.press("backspace", "backspace", "backspace")
        await type_text(pilot, "2")
        await pilot.pause()
        assert app.screen.problem is None and "level 2" in app.screen.shown_hint


async def test_help_lists_every_action(tmp_path):
    from tui.keys import ACTIONS

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        from tui.screens.help import key_label

        rows = dict(app.screen.rows)
        for action in ACTIONS:
            assert rows[key_label(action.key)] == action.help
        assert "+" in rows and "." in rows  # not "plus" and "full_stop"
        await pilot.press("escape")
        assert app.screen is app.screen_stack[0]


async def test_key_map_rebinds_by_id(tmp_path):
    from saves.campaign import Campaign
    from saves.session import Session
    from tui.app import EncounterApp

    demo_app(tmp_path / "demo.json").presenter.session.campaign.close()
    app = EncounterApp(Session(Campaign.open(tmp_path / "demo.json")), keymap={"next-turn": "f5"})
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.presenter.state.current
        await pilot.press("f5")
        assert app.presenter.state.current != first
        rows = dict((await _help_rows(pilot, app)))
        assert rows["f5"].startswith("End the current turn")


async def _help_rows(pilot, app):
    await pilot.press("question_mark")
    rows = app.screen.rows
    await pilot.press("escape")
    return rows


def test_key_map_file_problems_are_reported(tmp_path):
    from tui.keymap import load_keymap

    path = tmp_path / "keys.json"
    path.write_text('{"next-turn": "f5", "fly": "f", "damage": 3}')
    keymap, problems = load_keymap(path)
    assert keymap == {"next-turn": "f5"}
    assert any("fly" in p for p in problems) and any("damage" in p for p in problems)
    path.write_text("{broken")
    assert load_keymap(path)[0] == {} and "ignored" in load_keymap(path)[1][0]


async def test_undo_and_redo_from_the_keyboard_survive_a_restart(tmp_path):
    path = tmp_path / "demo.json"
    app = demo_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.presenter.state
        await pilot.press("n")
        await pilot.press("n")
        after = app.presenter.state
        await pilot.press("u")
        await pilot.press("u")
        assert app.presenter.state == start
        await pilot.press("ctrl+r")
        await pilot.press("q")
    app.presenter.session.campaign.close()
    again = demo_app(path)
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.presenter.state != start and again.presenter.state != after
        await pilot.press("ctrl+r")
        assert again.presenter.state == after
        await pilot.press("u")
        await pilot.press("u")
        assert again.presenter.state == start
        await pilot.press("q")
    again.presenter.session.campaign.close()


async def test_a_second_app_on_the_same_campaign_is_read_only(tmp_path):
    path = tmp_path / "demo.json"
    first = demo_app(path)
    second = demo_app(path)
    async with second.run_test(size=(80, 24)) as pilot:
        before = second.presenter.state
        assert "READ-ONLY" in status_of(second)
        await pilot.press("n")
        assert second.presenter.state == before
        assert status_of(second) == f"READ-ONLY Refused: demo.json: open in process {os.getpid()}; make changes there"  # whole at 80 columns
        footer = {action for _key, _label, action, *_ in second.encounter_screen.query_one(QuietFooter).shown_keys()}
        assert footer == {"toggle_panel", "help", "app.quit"}  # only the keys that work read-only (n, d, m... refused, as above)
    first.presenter.session.campaign.close()
    second.presenter.session.campaign.close()


async def test_edit_the_sheet_from_the_keyboard(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("s")
        await pilot.press("enter")  # Name
        for _ in range(40):
            await pilot.press("backspace")
        await type_text(pilot, "Scout [b]x[/b]")
        await pilot.press("enter")
        assert app.presenter.state.combatant(target.id).name == "Scout [b]x[/b]"
        await pilot.press("s")
        for _ in range(2):
            await pilot.press("down")
        await pilot.press("enter")  # first stat
        for _ in range(5):
            await pilot.press("backspace")
        await type_text(pilot, "lots")
        await pilot.press("enter")
        assert "not a whole number" in status_of(app)
        assert app.screen.query_one("#prompt-input").value == "lots"  # the dialog keeps the text
        await pilot.press("escape")
        await pilot.press("u")
        assert app.presenter.state.combatant(target.id).name == target.name
    app.presenter.session.campaign.close()


async def test_log_filters_by_combatant_and_copies_a_line(tmp_path):
    from tui.widgets.dice_log import DiceLog

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.query_one(DiceLog)
        everyone = len(log.visible())
        await pilot.press("n")
        selected = app.encounter_screen.selected
        await pilot.press("f")
        only = log.visible()
        assert 0 < len(only) < everyone + 2
        assert all(getattr(e.event, "combatant", None) == selected for e in only)
        await pilot.press("f")
        assert len(log.visible()) == len(log.entries)
        copied = []
        app.copy_to_clipboard = copied.append
        await pilot.press("y")
        await pilot.press("enter")
        assert copied and copied[0].startswith("R1 Turn:")
    app.presenter.session.campaign.close()


async def test_more_menu_typed_damage_and_end_combat(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:typed-damage"), "enter")
        await type_text(pilot, "3 fire")
        await pilot.press("enter")
        after = app.presenter.state.combatant(boar.id)
        assert after.hp == boar.hp - 3
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:end-combat"), "enter")
        assert app.presenter.state.round == 0
        await pilot.press("full_stop")
        options = app.screen.option_ids
        assert options[0] == "offer:start-combat"
        await pilot.press("enter")
        assert app.presenter.state.round == 1
    app.presenter.session.campaign.close()


async def test_more_menu_in_tactical_d10_dash_and_crouch(tmp_path):
    import random

    from core.board.grid import from_text
    from core.rulesets import get
    from saves.campaign import Campaign
    from saves.session import Session, create_campaign
    from tui.app import EncounterApp

    path = tmp_path / "t.json"
    create_campaign(path, "t", get("tactical_d10"), from_text("#######\n#A...B#\n#######\n"), random.Random(2)).close()
    app = EncounterApp(Session(Campaign.open(path), random.Random(3)))
    async with app.run_test(size=(120, 40)) as pilot:
        current = app.presenter.session.encounter.current
        assert current.budget.movement == 5  # TAC-MOV-1
        await pilot.press("full_stop")
        options = app.screen.option_ids
        assert "offer:tactical.dash" in options and "offer:mp.crouch" in options
        await pilot.press(*["down"] * options.index("offer:mp.crouch"), "enter")
        assert app.presenter.session.encounter.current.budget.movement == 3  # crouch costs 2 MP (TAC-MOV-2)
    app.presenter.session.campaign.close()


async def test_melee_out_of_reach_is_refused_in_the_dialog(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await select_enemy_of_current(pilot, app)
        before = app.presenter.state
        await pilot.press("t")
        await type_text(pilot, "1d6 slashing")
        await pilot.press("enter")
        assert "out of melee reach" in status_of(app)
        assert app.presenter.state == before
    app.presenter.session.campaign.close()


async def test_keys_behind_a_dialog_do_nothing(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.presenter.state
        await pilot.press("a")  # a menu (OptionList) has the focus
        await pilot.press("n", "d", "m")
        assert app.presenter.state == before
        await pilot.press("escape")
        await pilot.press("n")
        assert app.presenter.state != before
    app.presenter.session.campaign.close()


async def test_the_odds_map_shades_the_move_by_the_chance_to_hit_the_selected_target(tmp_path):
    """after an attack with a bow, moving shows where the next shot is best."""
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("t")
        await type_text(pilot, "1d6 piercing ranged")
        await pilot.press("enter", "m")
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        assert grid_map.odds and set(grid_map.odds) == set(grid_map.reach)
        assert all(grid_map.odds[c] == max(grid_map.odds.values()) for c in grid_map.best)
        assert len(set(grid_map.odds.values())) > 1  # cover and sight make a difference on this map
        await pilot.press("escape")
        await pilot.pause()
        assert grid_map.odds == {}


async def test_a_reaction_is_spent_off_turn_by_the_selected_creature_eq_act_1(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(100, 30)) as pilot:
        acted = app.presenter.state.combatant(app.presenter.state.current)  # DEX +1 or more: it gets a reaction (EQ-ACT-2)
        await pilot.press("n")
        await pilot.pause()
        current = app.presenter.state.current
        other = acted
        assert other.stat("DEX") >= 1 and other.budget.left("reaction") == 1
        await select_by_keys(pilot, app, other.name)
        await pilot.press("a")
        await pilot.pause()
        assert app.screen.option_ids == ["spend.reaction"]  # only what may be spent off its turn
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(other.id).budget.left("reaction") == 0 and app.presenter.state.current == current


async def test_the_odds_map_keeps_the_weapon_typed_in_a_cancelled_attack(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("t")
        await type_text(pilot, "1d8 piercing ranged")
        await pilot.press("escape", "m")
        await pilot.pause()
        assert "1d8 piercing ranged" in status_of(app)


async def test_an_attack_out_of_reach_keeps_its_dialog_and_text_on_enter(tmp_path):
    """Enter on an entry the rules would refuse explains and keeps the dialog."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(100, 30)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("t")
        await type_text(pilot, "1d6 slashing")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        assert app.screen.query_one("#prompt-input").value == "1d6 slashing"
        await type_text(pilot, " ranged")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen) and "Boar" in status_of(app)
