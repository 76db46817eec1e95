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
