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
