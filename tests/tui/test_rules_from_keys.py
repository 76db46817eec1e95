"""Pilot: rules reached from the keyboard (issue: every rule reachable).
EQ-ACT-6: a second weapon attacks in the same turn at -2 (``t`` twice)."""

from __future__ import annotations

from core.combat import events as ev
from tests.tui.helpers import demo_app, select_enemy_of_current, type_text


async def test_EQ_ACT_6_a_second_weapon_attacks_from_the_keyboard_at_minus_2(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await select_enemy_of_current(pilot, app)
        for text in ("1d6 slashing ranged", "1d4 piercing ranged"):
            await pilot.press("t")
            await pilot.pause()
            await type_text(pilot, text)
            await pilot.press("enter")
            await pilot.pause()
        attacks = [e.event for e in app.presenter.session.log if isinstance(e.event, ev.AttackRolled)]
        assert [a.weapon.name for a in attacks[-2:]] == ["1d6 slashing", "1d4 piercing"]
        assert [m.value for m in attacks[-1].result.modifiers if m.rule == "EQ-ACT-6"] == [-2]


async def _set_field(pilot, app, field: str, value: str) -> None:
    await pilot.press("s")
    await pilot.pause()
    for _ in range(app.screen.option_ids.index(field)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(12):
        await pilot.press("backspace")
    await type_text(pilot, value)
    await pilot.press("enter")
    await pilot.pause()


async def test_sheet_sets_metal_armour_alignment_hover_and_water_breathing_and_t_takes_a_metal_weapon(tmp_path):
    """TAC-EFF-3 (metal armour, a ``metal`` weapon), TAC-DMG-2 (alignment), PR-MOV-5 (hover),
    EQ-BRE-1 (water breathing): values a GM sets with ``s`` and ``t``."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        target_id = await select_enemy_of_current(pilot, app)
        for field, value in (("armour_metal", "yes"), ("alignment", "chaotic evil"), ("hover", "yes"), ("breathing", "water")):
            await _set_field(pilot, app, field, value)
        boar = app.presenter.state.combatant(target_id)
        assert (boar.armour_metal, boar.alignment, boar.hover, boar.breathing) == (True, "chaotic evil", True, "water")
        await pilot.press("t")
        await pilot.pause()
        await type_text(pilot, "1d6 slashing metal ranged")
        await pilot.press("enter")
        await pilot.pause()
        attack = next(e.event for e in reversed(app.presenter.session.log) if isinstance(e.event, ev.AttackRolled))
        assert attack.weapon.metal and attack.target == target_id


def _app(tmp_path, ruleset_id: str, text: str):
    import random

    from core.dice.roster import read_map_file
    from core.rulesets import get
    from saves.campaign import Campaign
    from saves.session import Session, create_campaign
    from tui.app import EncounterApp

    path = tmp_path / f"{ruleset_id}.json"
    text_map, roster = read_map_file(text, get(ruleset_id))
    create_campaign(path, "t", get(ruleset_id), text_map, random.Random(2), roster).close()
    return EncounterApp(Session(Campaign.open(path), random.Random(3)))


async def test_TAC_POS_4_an_attacker_marked_hidden_with_e_makes_an_automatic_critical_and_is_revealed(tmp_path):
    """TAC-POS-4 (Revision 3): ``e`` gives the current creature ``hidden`` (no foe noticed it);
    its attack (``t``) is an automatic critical success and reveals it."""
    from core.dice.checks import Tier

    app = _app(tmp_path, "tactical_d10", "#####\n#AB.#\n#####\n\nA Aria party hp 12\nB Boar foe hp 30 MUSCLES 1\n")
    async with app.run_test(size=(120, 40)) as pilot:
        boar = app.presenter.session.encounter.current
        assert boar.name == "Boar" and app.encounter_screen.selected == boar.id
        await pilot.press("e")
        names = sorted(app.presenter.session.encounter.ruleset.conditions)
        await pilot.press(*["down"] * names.index("hidden"), "enter", "enter")
        await type_text(pilot, "1 1")
        await pilot.press("enter")
        await pilot.pause()
        assert "hidden" in {c.name for c in app.presenter.state.combatant(boar.id).conditions}
        await select_enemy_of_current(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        await type_text(pilot, "1d6 slashing")
        await pilot.press("enter")
        await pilot.pause()
        attack = next(e.event for e in reversed(app.presenter.session.log) if isinstance(e.event, ev.AttackRolled))
        assert attack.result.tier is Tier.CRITICAL_SUCCESS
        assert "hidden" not in {c.name for c in app.presenter.state.combatant(boar.id).conditions}
    app.presenter.session.campaign.close()


async def test_SRD_MOV_12_a_move_onto_a_friends_square_ends_on_the_last_legal_square(tmp_path):
    """SRD-MOV-12: Finn walks (``m``) onto Aria's square, which it may pass but not stop in:
    it stops on the square before, (2, 1)."""
    app = _app(tmp_path, "srd35", "######\n#A.F.#\n######\n\nA Aria party hp 12\nF Finn party hp 12\n")
    async with app.run_test(size=(120, 40)) as pilot:
        finn = app.presenter.session.encounter.current
        assert finn.name == "Finn" and finn.position == (3, 1)
        await pilot.press("m", "left", "left", "enter")
        await pilot.pause()
        assert app.presenter.state.combatant(finn.id).position == (2, 1)
        moved = next(e.event for e in reversed(app.presenter.session.log) if isinstance(e.event, ev.Moved))
        assert moved.path[-1] == (2, 1)
    app.presenter.session.campaign.close()


async def test_the_sheets_rows_say_another_seeds_rule_as_the_default_it_is(tmp_path):
    """In equestria the sheet's rows for corrosion (TAC-EFF-3) and hover (PR-MOV-5) cite another seed's rule:
    said as "DEFAULT, as in tactical_d10 ..." (issue 26: each rule ID shown belongs to the ruleset in play or says whence)."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await select_enemy_of_current(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        labels = dict(app.screen.options)
        assert "DEFAULT, as in tactical_d10 TAC-EFF-3" in str(labels["armour_metal"])
        assert "DEFAULT, as in power_roll PR-MOV-5" in str(labels["hover"])
        assert "(air, water, none; EQ-BRE-1)" in str(labels["breathing"])  # equestria's own
