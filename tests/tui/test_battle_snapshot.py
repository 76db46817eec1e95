"""How the battle screen (EQ-WAR) looks at 80x24 after two rounds (seeded demo).

Update with ``pytest --snapshot-update`` only after looking at the new
picture and finding it right.
"""

from __future__ import annotations

from tests.tui.helpers import demo_app, type_text


class TestBattleScreen:
    def test_battle_after_two_rounds(self, snap_compare, tmp_path):
        async def fight(pilot):
            await pilot.press("W")
            await pilot.press("s")
            for line in ("North 10000 str 2 cha 1", "South 7000 str 3 cha 2", "Ayla 2 +4; Brom 1 +3"):
                await type_text(pilot, line)
                await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()

        assert snap_compare(demo_app(tmp_path / "demo.json"), terminal_size=(80, 24), run_before=fight)
