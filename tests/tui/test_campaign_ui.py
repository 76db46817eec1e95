"""Pilot tests: turn order by hand, summons and starters, the bestiary,
encounters of a campaign and house rules."""

from __future__ import annotations

from tests.tui.helpers import demo_app, select_by_keys, status_of, type_text


async def test_set_initiative_by_hand_reorders(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        last = app.presenter.state.order()[-1]
        await select_by_keys(pilot, app, last.name)
        await pilot.press("i")
        for _ in range(5):
            await pilot.press("backspace")
        await type_text(pilot, "30")
        await pilot.press("enter")
        assert app.presenter.state.order()[0].id == last.id
        assert app.presenter.state.combatant(last.id).initiative == 30


async def test_the_initiative_dialog_refuses_as_typed(tmp_path):
    """A try-out typed a 20-digit initiative and a 5000-digit one; nothing
    said no until Enter, then "initiative is a whole number". The dialog
    now says as it is typed what the rules would say: too long, taken."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        first, last = app.presenter.state.order()[0], app.presenter.state.order()[-1]
        await select_by_keys(pilot, app, last.name)
        before = app.presenter.state
        await pilot.press("i")
        for _ in range(5):
            await pilot.press("backspace")
        await type_text(pilot, "99999999999999999999")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and "at most 9 digits" in app.screen.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and app.presenter.state == before
        for _ in range(20):
            await pilot.press("backspace")
        await type_text(pilot, str(first.initiative))
        await pilot.pause()
        assert "taken" in app.screen.shown_hint
        await pilot.press("backspace", "backspace")
        await type_text(pilot, "-2")
        await pilot.pause()
        assert app.screen.shown_hint == "sets initiative -2"
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(last.id).initiative == -2


async def test_add_and_remove_a_combatant(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        count = len(app.presenter.state.combatants)
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9")
        await pilot.press("enter")
        assert len(app.presenter.state.combatants) == count + 1
        wolf = next(c for c in app.presenter.state.combatants if c.name == "Wolf")
        assert wolf.initiative is not None and wolf.hp == 9
        await select_by_keys(pilot, app, "Wolf")
        await pilot.press("X")
        await pilot.press("down")
        await pilot.press("enter")
        assert len(app.presenter.state.combatants) == count


async def test_bestiary_and_a_new_encounter_with_the_party(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:template"), "enter")
        assert "Boar" in app.presenter.session.campaign.bestiary()
        # a new encounter on the same map with the party
        party = {c.id for c in app.presenter.state.combatants if c.side.value == "party"}
        await pilot.press("k")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("new"), "enter")
        for _ in range(30):
            await pilot.press("backspace")
        await type_text(pilot, "Second fight")
        await pilot.press("enter")
        assert {c.id for c in app.presenter.state.combatants} == party and app.presenter.state.round == 0
        assert "Second fight" in app.query_one("#map").border_title
        # three boars from the bestiary: Boar 1..3, stable ids, off the map
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:bestiary"), "enter", "enter")
        await pilot.press("backspace")
        await type_text(pilot, "51")
        await pilot.pause()
        assert "1 to 50" in app.screen.shown_hint  # said as typed (a try-out saw nothing until Enter)
        await pilot.press("backspace", "backspace")
        await type_text(pilot, "3")
        await pilot.pause()
        assert app.screen.shown_hint == "adds 3 x Boar"
        await pilot.press("enter")
        await pilot.press("down", "enter")  # each rolls its own initiative (when combat starts)
        boars = sorted((c.id, c.name) for c in app.presenter.state.combatants if c.name.startswith("Boar"))
        assert boars == [("boar-1", "Boar 1"), ("boar-2", "Boar 2"), ("boar-3", "Boar 3")]
        # back to the first encounter: the list starts on the current one
        await pilot.press("k")
        assert app.screen.query_one("OptionList").highlighted == 1
        await pilot.press("up", "enter")
        assert any(c.name == "Boar" for c in app.presenter.state.combatants) and app.presenter.state.round == 1
    app.presenter.session.campaign.close()



async def test_house_rule_changes_the_default_difficulty_and_is_saved(tmp_path):
    from saves.campaign import Campaign

    path = tmp_path / "demo.json"
    app = demo_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:house"), "enter")
        names = app.screen.option_ids
        await pilot.press(*["down"] * names.index("default_difficulty"), "enter")
        await pilot.press(*["backspace"] * 4)
        await type_text(pilot, "10")
        await pilot.press("enter")
        assert app.presenter.session.encounter.ruleset.default_difficulty == 10
        assert app.feed.wait(30)  # the players' feed carries the new rule at once, before any action (found over SSH)
        import json

        from saves.feed import PARTY_FILE, feed_folder
        assert json.loads((feed_folder(path) / PARTY_FILE).read_bytes())["house_rules"] == {"default_difficulty": 10}
        await pilot.press("c")
        await type_text(pilot, "STR")
        await pilot.press("enter")
        assert app.presenter.session.log[-1].event.result.difficulty == 10
    app.presenter.session.campaign.close()
    reopened = Campaign.open(path)
    assert reopened.ruleset.default_difficulty == 10
    reopened.close()


async def test_a_row_house_rule_torch_is_typed_checked_and_saved_eq_vis_2(tmp_path):
    """The house-rules list shows rows and tables (torch 6/12, EQ-VIS-2 DEFAULT);
    a row typed wrong is refused with why and changes nothing; typed right it is saved."""
    from saves.campaign import Campaign

    path = tmp_path / "demo.json"
    app = demo_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:house"), "enter")
        names = app.screen.option_ids
        await pilot.press(*["down"] * names.index("torch"), "enter")
        await pilot.press(*["backspace"] * 8)
        await type_text(pilot, "7")
        await pilot.press("enter")
        await pilot.pause()
        assert "type 2 whole numbers" in status_of(app)
        assert app.presenter.session.campaign.ruleset.house_rules() == {}
        await pilot.press(*["backspace"] * 8)
        await type_text(pilot, "7, 14")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.session.encounter.ruleset.settings.torch == (7, 14)
        assert "torch = 7, 14" in status_of(app)
    app.presenter.session.campaign.close()
    reopened = Campaign.open(path)
    assert reopened.ruleset.settings.torch == (7, 14)
    reopened.close()


async def test_a_house_rule_that_would_break_play_is_refused(tmp_path):
    """A try-out saved walk speed -3 and a fall die of 0 (then every fall was
    refused as '3d0'): refused with why, nothing saved."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        before = app.presenter.session.campaign.ruleset.house_rules()
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:house"), "enter")
        names = app.screen.option_ids
        await pilot.press(*["down"] * names.index("walk_speed"), "enter")
        await pilot.press(*["backspace"] * 4)
        await type_text(pilot, "-3")
        await pilot.press("enter")
        await pilot.pause()
        assert "cannot be negative" in status_of(app)
        assert app.presenter.session.campaign.ruleset.house_rules() == before
    app.presenter.session.campaign.close()


async def test_a_summon_acts_just_after_its_summoner_eq_init_4(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        summoner = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("plus")
        await type_text(pilot, "Spirit Wolf party 5 summon")
        await pilot.press("enter")
        wolf = next(c for c in app.presenter.state.combatants if c.name == "Spirit Wolf")
        taken = {c.initiative for c in app.presenter.state.combatants if c.id != wolf.id}
        expected = summoner.initiative - 1
        while expected in taken:
            expected -= 1
        assert wolf.initiative == expected
    app.presenter.session.campaign.close()


async def test_the_starter_of_a_fight_gets_highest_plus_one_eq_init_3(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:end-combat"), "enter")
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:start-combat-by"), "enter")
        others = [c.initiative for c in app.presenter.state.combatants if c.id != boar.id]
        assert app.presenter.state.combatant(boar.id).initiative == max(others) + 1
        assert app.presenter.state.current == boar.id
    app.presenter.session.campaign.close()


async def test_finishing_an_encounter_asks_first(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("k")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("finish"), "enter")
        await pilot.press("enter")  # the first answer is "No, keep playing"
        assert app.presenter.session.campaign.encounter(app.presenter.session.eid).status == "running"
        await pilot.press("k")
        options = app.screen.option_ids
        assert "(finished)" not in str(app.query_one("#map").border_title)
        await pilot.press(*["down"] * options.index("finish"), "enter", "down", "enter")
        assert app.presenter.session.campaign.encounter(app.presenter.session.eid).status == "finished"
        assert "(finished)" in str(app.query_one("#map").border_title)  # it still plays; the title says it is over
    app.presenter.session.campaign.close()



def _spent_party_uses(path):
    """The demo with Character 1 having spent its 1/encounter Roar and its 1/day Rage."""
    import random

    from core.combat.trackers.uses import AddUse, Per, SpendUse
    from saves.campaign import Campaign
    from saves.session import Session, create_demo

    create_demo(path, random.Random(3)).close()
    session = Session(Campaign.open(path), random.Random(4))
    for name, per in (("Roar", Per.ENCOUNTER), ("Rage", Per.DAY)):
        session.commit(AddUse("c1", name, per))
        session.commit(SpendUse("c1", name))
    session.close()


async def test_per_encounter_uses_come_back_when_the_encounter_is_finished_or_a_new_one_starts(tmp_path):
    """A GM's try-out: a 1/encounter use came back only on End combat. It
    comes back when the encounter is finished with k (the party carries it)
    and in a new encounter started with k; a 1/day use does not."""
    _spent_party_uses(tmp_path / "demo.json")
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("k")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("new"), "enter", "enter")
        uses = {u.name: u.uses for u in app.presenter.state.combatant("c1").uses}
        assert uses == {"Roar": 1, "Rage": 0}
        await pilot.press("k", "up", "enter")  # the list starts on the current (new) one; the first is above
        assert {u.name: u.uses for u in app.presenter.state.combatant("c1").uses} == {"Roar": 0, "Rage": 0}  # the first fight is as it was
        await pilot.press("k")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("finish"), "enter", "down", "enter")
        assert app.presenter.session.campaign.encounter(app.presenter.session.eid).status == "finished"
        member = app.presenter.session.campaign.party()["c1"]
        assert {u.name: u.uses for u in member.uses} == {"Roar": 1, "Rage": 0}
    app.presenter.session.campaign.close()


async def test_a_house_rule_changed_from_the_keyboard_is_undone_by_u_and_redone_by_ctrl_r_eq_vis_2(tmp_path):
    """Issue 26: a house-rule change is an undo step, logged with its rule ID (torch: EQ-VIS-2)."""
    from core.combat.house_rules import HouseRuleChanged

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("tool:house"), "enter")
        names = app.screen.option_ids
        await pilot.press(*["down"] * names.index("torch"), "enter")
        await pilot.press(*["backspace"] * 8)
        await type_text(pilot, "7, 14")
        await pilot.press("enter")
        await pilot.pause()
        event = app.presenter.session.log[-1].event
        assert isinstance(event, HouseRuleChanged) and event.rule == "EQ-VIS-2"
        assert "u undoes it" in status_of(app)
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.session.encounter.ruleset.settings.torch == (6, 12)
        assert app.presenter.session.campaign.ruleset.house_rules() == {}
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.presenter.session.encounter.ruleset.settings.torch == (7, 14)
    app.presenter.session.campaign.close()
