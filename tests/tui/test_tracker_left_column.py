"""The tracker's Left column at 80x24 (tui.widgets.tracker_cells.left_shown): blank until a
creature's first turn of the fight in round 1, whether it was there from the start or added
mid-round (which gives it a fresh budget at once, EQ-INIT-5 DEFAULT), shown from its turn on."""

from __future__ import annotations

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from tests.tui.helpers import demo_app


def _left(app, cid: str) -> str:
    return app.query_one("#tracker").row_cells(cid)[4].plain.strip()


async def test_eq_init_5_a_creature_added_mid_round_is_blank_like_the_others_until_its_turn(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        state = app.presenter.state
        assert state.round == 1
        current = state.current
        waiting = [c.id for c in state.order() if c.id != current and c.id not in state.acted]
        assert waiting and all(_left(app, cid) == "" for cid in waiting)
        low = min(c.initiative for c in state.order() if c.initiative is not None) - 1  # acts last this round
        wolf = Combatant("wolf", "Wolf", Side.FOE, {"DEX": 1}, 9, 9, position=(1, 1), initiative=low)
        assert app.presenter.submit(cmd.AddCombatant(wolf)).ok
        await pilot.pause()
        newcomer = app.presenter.state.combatant("wolf")
        assert newcomer.budget.movement_max > 0  # the core gives it a budget at once...
        assert _left(app, "wolf") == ""  # ...but it has had no turn: blank, like those still waiting
        assert _left(app, current) != ""  # the current creature's budget shows
        while app.presenter.state.current != "wolf":
            assert app.presenter.submit(cmd.NextTurn()).ok
        await pilot.pause()
        assert _left(app, "wolf").endswith(str(newcomer.budget.movement_max))  # its turn: its movement shows
    app.presenter.session.campaign.close()
