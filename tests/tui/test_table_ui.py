"""At the table: scene events (S), who is next, turn times from an injected
clock, the end of a fight, the players' view's next line and bell."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Side
from saves.campaign import Campaign
from saves.watching import publish_campaign
from saves.session import Session, create_demo
from tui.player import PlayerApp
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.tracker_cells import SCENE_ROW
from tests.tui.helpers import demo_app, status_of, type_text


async def test_s_adds_a_lair_action_that_fires_timed_between_turns_and_undoes(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    ticks = iter([100.0, 130.0, 175.0, 200.0])
    async with app.run_test(size=(80, 24)) as pilot:
        app.presenter.clock = lambda: next(ticks)
        state = app.presenter.state
        current = state.combatant(state.current)
        below = [c for c in state.order() if c.initiative is not None and c.initiative < current.initiative]
        count = below[0].initiative + 1 if below[0].initiative + 1 < current.initiative else None
        assert count is not None, "the demo leaves a free count between the first two"
        await pilot.press("S")
        await type_text(pilot, f"{count} Lair action: roots grab; 2d6 bludgeoning")
        await pilot.press("enter")
        await pilot.pause()
        (scene,) = app.presenter.state.scene_events
        assert (scene.name, scene.initiative, scene.dice) == ("Lair action", count, "2d6 bludgeoning")
        tracker = app.encounter_screen.query_one(InitiativeTracker)
        assert tracker.row_cells(SCENE_ROW + scene.id)[2].plain.strip().startswith("\u25c6")
        assert tracker.row_cells(below[0].id)[0].plain == "\u203a"  # who is next
        seen = []
        for key in ["up"] * 4 + ["down"] * 4:  # across the scene event's row both ways: it is never selected
            await pilot.press(key)
            await pilot.pause()
            seen.append(app.encounter_screen.selected)
        assert not any(s.startswith(SCENE_ROW) for s in seen) and set(seen) == {c.id for c in app.presenter.state.combatants}
        await pilot.press("n")  # stamped 100: the turn open since the app started ends
        await pilot.pause()
        assert "Lair action" in status_of(app)  # the status line shows what fired, not only the turn
        await pilot.press("n")  # stamped 130
        await pilot.pause()
        assert "next: " in status_of(app)  # a plain turn change names who is next
        await pilot.press("p")  # stamped 175
        await pilot.pause()
        fired = [e for e in app.presenter.session.log if isinstance(e.event, ev.SceneEventFired)]
        assert len(fired) == 1 and fired[0].event.roll is not None
        await pilot.press("n")  # stamped 200
        await pilot.pause()
        timed = [e.event for e in app.presenter.session.log if isinstance(e.event, ev.TurnTimed)]
        assert [t.seconds for t in timed] == [0.0, 30.0, 45.0, 25.0]  # the opening turn (timed from the real clock's opening: after 100, so 0), n at 130, p at 175, n at 200
        await pilot.press("u", "u", "u", "u", "u")  # the four turn changes, then the scene event itself
        await pilot.pause()
        assert app.presenter.state.scene_events == ()


async def test_every_foe_down_says_so_on_the_status_line_and_offers_end_combat(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for foe in [c for c in app.presenter.state.combatants if c.side is Side.FOE]:
            assert app.presenter.submit(cmd.Damage(foe.id, 999)).ok
        await pilot.pause()
        assert "every foe is down" in status_of(app) and "End combat" in status_of(app)
        assert app.screen.option_ids == ["end", "later"]  # offered at once
        app.screen.accept_keys()  # the GM has seen it (it holds keys for HOLD_SECONDS after it is drawn)
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.round == 0 and app.screen is app.encounter_screen


async def test_the_players_view_names_who_is_next_and_rings_once_for_the_as_character(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    state = session.encounter.state
    order = [c for c in state.order() if c.initiative is not None]
    # a party member and the two turns before it (the order is cyclic): one NextTurn makes it "next"
    index = next(i for i, c in enumerate(order) if c.side is Side.PARTY)
    two_before, before, who = order[(index - 2) % len(order)], order[(index - 1) % len(order)], order[index]
    assert len({two_before.id, before.id, who.id}) == 3, "the demo has three creatures in the order"
    while session.encounter.state.current != two_before.id:
        session.commit(cmd.NextTurn())
    publish_campaign(path)
    app = PlayerApp(path, who.name, follow=False, bell=True)
    rings = []
    async with app.run_test(size=(100, 30)) as pilot:
        app.bell = lambda: rings.append(1)
        app.reload()
        await pilot.pause()
        assert rings == [] and f"Next: {before.name}." in app.snapshot.turn_line
        session.commit(cmd.NextTurn())
        publish_campaign(path)  # as the GM's app writes the players' feed after each action
        app.reload()
        await pilot.pause()
        assert app.snapshot.up == "next" and rings == [1] and f"Next: {who.name}." in app.snapshot.turn_line
        app.reload()  # nothing changed: no second ring
        await pilot.pause()
        assert rings == [1]
        session.commit(cmd.NextTurn())
        publish_campaign(path)  # as the GM's app writes the players' feed after each action
        app.reload()
        await pilot.pause()
        assert app.snapshot.up == "now" and rings == [1, 1]
    session.close()


async def test_the_scene_event_preview_says_the_refusal_enter_would_meet(tmp_path):
    """Round 0 and dice of no sides read as a scene event, but the core
    refuses them on Enter; the preview under the line says so first."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        free = max(c.initiative for c in app.presenter.state.combatants if c.initiative is not None) + 5
        await pilot.press("S")
        for line, refusal in ((f"{free} Lair; round 0", "the first round is 1 or more, not 0"),
                              (f"{free} Lair; 1d0 fire", "a die needs at least 1 side")):
            app.screen.query_one("#prompt-input").value = ""
            await type_text(pilot, line)
            assert refusal in app.screen.shown_hint
            await pilot.press("enter")
            assert refusal in app.screen.shown_hint and app.presenter.state.scene_events == ()


async def test_keys_typed_right_after_the_killing_blow_do_not_answer_the_end_combat_question(tmp_path, monkeypatch):
    """Keys that reach the End combat question after it opened, before the
    GM can have seen it (the rest of a burst over SSH), are ignored and
    counted; Enter, letters and Esc alike. Once it has been drawn and
    HOLD_SECONDS passed, it takes keys."""
    from tui.screens import choice

    monkeypatch.setattr(choice, "HOLD_SECONDS", 600.0)  # the whole test inside the hold
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for foe in [c for c in app.presenter.state.combatants if c.side is Side.FOE]:
            assert app.presenter.submit(cmd.Damage(foe.id, 999)).ok
        await pilot.pause()
        question = app.screen
        assert question.option_ids == ["end", "later"]
        await pilot.press("n", "e", "enter", "escape")
        assert app.screen is question and question.typed == "" and app.presenter.state.round > 0
        assert "4 keys typed ahead ignored" in str(question.query_one("#prompt-title").render())
        question.accept_keys()
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.round == 0 and app.screen is app.encounter_screen
