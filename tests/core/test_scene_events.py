"""Scene events on the initiative count, who is next, the re-roll house
rule and turn stamps (EQ-INIT-1, EQ-INIT-2, EQ-INIT-4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.commands import AddSceneEvent, EditSceneEvent, RemoveSceneEvent
from core.combat.events import SceneEventFired
from core.combat.state import EncounterState
from core.combat.upcoming import next_up
from core.values.scene_events import scene_events_ahead
from core.board.grid import from_text
from core.dice.rolls import DiceError
from core.errors import IllegalCommand
from core.rulesets import get
from core.values.combatant import Combatant, Side
from core.values.scene_events import SceneEvent

GRID = from_text(seed_map_text()).grid


def c(cid: str, init: int | None, side=Side.PARTY, **extra) -> Combatant:
    return Combatant(cid, cid.upper(), side, {}, 10, 10, initiative=init, **extra)


def table(*combatants: Combatant, ruleset="equestria", seed=1, house=None) -> Encounter:
    rules = get(ruleset) if house is None else get(ruleset).with_house_rules(house)
    return Encounter(EncounterState("t", GRID, combatants), rules, random.Random(seed))


def fired(events) -> list[str]:
    return [e.scene_event.name for e in events if isinstance(e, SceneEventFired)]


def test_a_lair_action_on_count_20_fires_between_the_turns_it_falls_between_every_round():
    enc = table(c("a", 25), c("b", 12, Side.FOE))
    enc.apply(AddSceneEvent(SceneEvent("s1", "Lair action", 20, "the ceiling drips acid", dice="2d6 acid")))
    started = enc.apply(cmd.StartCombat())
    assert fired(started) == []  # a (25) acts before count 20
    passed = enc.apply(cmd.NextTurn())
    assert fired(passed) == ["Lair action"] and enc.state.current == "b"
    (shot,) = [e for e in passed if isinstance(e, SceneEventFired)]
    assert shot.round == 1 and shot.roll is not None and 2 <= shot.roll.total <= 12
    # in order: the lair action comes before b's turn begins
    kinds = [type(e) for e in passed]
    assert kinds.index(SceneEventFired) < kinds.index(ev.TurnStarted)
    assert fired(enc.apply(cmd.NextTurn())) == []  # b -> a, round 2: 20 is below a's 25
    assert fired(enc.apply(cmd.NextTurn())) == ["Lair action"]  # round 2 again


def test_a_reinforcement_once_in_round_3_fires_at_the_top_of_round_3_only():
    enc = table(c("a", 10), c("b", 5, Side.FOE))
    enc.apply(AddSceneEvent(SceneEvent("s1", "Wolves arrive", 30, first_round=3, repeats=False)))
    enc.apply(cmd.StartCombat())
    names = []
    for _ in range(8):  # to round 5
        names += [(e.round, e.scene_event.name) for e in enc.apply(cmd.NextTurn()) if isinstance(e, SceneEventFired)]
    assert names == [(3, "Wolves arrive")]


def test_a_once_only_scene_event_is_spent_once_it_fired():
    enc = table(c("a", 10), c("b", 5, Side.FOE))
    enc.apply(AddSceneEvent(SceneEvent("s1", "Wolves arrive", 30, first_round=2, repeats=False)))
    enc.apply(AddSceneEvent(SceneEvent("s2", "Lair action", 7)))
    enc.apply(cmd.StartCombat())
    enc.apply(cmd.NextTurn())  # a -> b, round 1: the wolves wait for round 2
    assert [s.id for s in scene_events_ahead(enc.state)] == ["s1", "s2"]
    wolves = enc.apply(cmd.NextTurn())  # b -> a, round 2: the wolves arrive at its top
    assert fired(wolves) == ["Wolves arrive"] and enc.state.round == 2
    assert [s.id for s in scene_events_ahead(enc.state)] == ["s2"]  # spent; the lair action repeats
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())  # round 3
    assert [s.id for s in scene_events_ahead(enc.state)] == ["s2"]


def test_eq_init_2_a_count_is_unique_among_creatures_and_scene_events():
    enc = table(c("a", 15), c("b", None, Side.FOE))
    with pytest.raises(IllegalCommand) as held:
        enc.apply(AddSceneEvent(SceneEvent("s1", "Lair", 15)))
    assert held.value.rule == "EQ-INIT-2" and "A's initiative" in str(held.value)
    enc.apply(AddSceneEvent(SceneEvent("s1", "Lair", 20)))
    with pytest.raises(IllegalCommand) as twice:
        enc.apply(AddSceneEvent(SceneEvent("s2", "Hazard", 20)))
    assert twice.value.rule == "EQ-INIT-2"
    with pytest.raises(IllegalCommand) as by_hand:
        enc.apply(cmd.SetInitiative("a", 20))
    assert by_hand.value.rule == "EQ-INIT-2"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(-2, 25), min_size=1, max_size=5, unique=True))
def test_eq_init_2_rolled_initiatives_never_take_a_scene_events_count(seed, counts):
    enc = table(*(c(f"m{i}", None, Side.FOE) for i in range(6)), seed=seed)
    for index, count in enumerate(counts):
        enc.apply(AddSceneEvent(SceneEvent(f"s{index}", f"Event {index}", count)))
    enc.apply(cmd.StartCombat())
    values = [m.initiative for m in enc.state.combatants]
    assert len(set(values)) == len(values) and not set(values) & set(counts)


def test_editing_and_removing_a_scene_event_and_bad_input_changes_nothing():
    enc = table(c("a", 10))
    enc.apply(AddSceneEvent(SceneEvent("s1", "Lair", 20)))
    before = enc.state
    for bad in (SceneEvent("s1", "  ", 21), SceneEvent("s1", "Lair", 10), SceneEvent("s1", "Lair", 21, dice="2d"),
                SceneEvent("s1", "Lair", 21, first_round=0), SceneEvent("s1", "La\x1bir", 21)):
        with pytest.raises((IllegalCommand, DiceError)):
            enc.apply(EditSceneEvent(bad))
        assert enc.state is before
    enc.apply(EditSceneEvent(SceneEvent("s1", "Lair", 22, text="roots grab")))
    assert enc.state.scene_events[0].initiative == 22
    enc.apply(RemoveSceneEvent("s1"))
    assert enc.state.scene_events == ()
    with pytest.raises(IllegalCommand, match="no scene event"):
        enc.apply(RemoveSceneEvent("s1"))


def test_next_up_names_the_next_creature_and_the_first_of_the_next_round():
    enc = table(c("a", 20), c("b", 10, Side.FOE), c("d", 5, Side.FOE))
    assert next_up(enc, enc.state) is None  # before the fight
    enc.apply(cmd.StartCombat())
    assert next_up(enc, enc.state).id == "b"
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())
    assert enc.state.current == "d" and next_up(enc, enc.state).id == "a"  # the next round's first
    enc.apply(cmd.Damage("a", 30))  # a is down (skip_defeated): b opens round 2
    assert next_up(enc, enc.state).id == "b"
    assert enc.apply(cmd.NextTurn()) and enc.state.current == "b"


def test_house_rule_reroll_initiative_each_round_rolls_everyone_again_at_each_new_round():
    enc = table(c("a", 20), c("b", 10, Side.FOE), c("s", 9, Side.PARTY, summoner="a"), seed=3, house={"reroll_initiative_each_round": True})
    enc.apply(AddSceneEvent(SceneEvent("s1", "Lair", 15)))
    enc.apply(cmd.StartCombat())
    assert next_up(enc, enc.state).id == "b"
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())
    assert next_up(enc, enc.state) is None  # the next round is rolled: nobody knows who opens it
    events = enc.apply(cmd.NextTurn())
    rolled = {e.combatant: e for e in events if isinstance(e, ev.InitiativeRolled)}
    assert set(rolled) == {"a", "b"} and enc.state.round == 2
    a, s = enc.state.combatant("a"), enc.state.combatant("s")
    assert s.initiative == a.initiative - 1 or s.initiative < a.initiative  # EQ-INIT-4: the summon acts right after its summoner
    values = [x.initiative for x in enc.state.combatants]
    assert len(set(values)) == 3 and 15 not in values  # EQ-INIT-2, the lair's count kept
    assert enc.state.current == max(enc.state.combatants, key=lambda x: x.initiative).id


def test_house_rule_off_by_default_keeps_the_order():
    enc = table(c("a", 20), c("b", 10, Side.FOE))
    assert enc.ruleset.settings.reroll_initiative_each_round is False
    enc.apply(cmd.StartCombat())
    enc.apply(cmd.NextTurn())
    events = enc.apply(cmd.NextTurn())
    assert not any(isinstance(e, ev.InitiativeRolled) for e in events)
    assert [x.initiative for x in enc.state.combatants] == [20, 10]


def test_turn_changes_carry_the_stamp_they_were_given():
    enc = table(c("a", 20), c("b", 10, Side.FOE))
    (started,) = [e for e in enc.apply(cmd.StartCombat(at=100.0)) if isinstance(e, ev.TurnStarted)]
    (nexted,) = [e for e in enc.apply(cmd.NextTurn(at=142.5)) if isinstance(e, ev.TurnStarted)]
    (back,) = [e for e in enc.apply(cmd.PreviousTurn(at=150.0)) if isinstance(e, ev.TurnReturned)]
    assert (started.at, nexted.at, back.at) == (100.0, 142.5, 150.0)
    assert [e.at for e in enc.apply(cmd.EndCombat(at=160.0)) if isinstance(e, ev.PhaseChanged)] == [160.0]


def test_eq_sit_3_the_fight_is_decided_once_when_every_foe_is_down_and_again_after_a_revive():
    from core.combat.fight_end import decided

    enc = table(c("a", 20), c("b", 10, Side.FOE), c("d", 5, Side.FOE))
    enc.apply(cmd.StartCombat())
    assert not any(isinstance(e, ev.FightDecided) for e in enc.apply(cmd.Damage("b", 30)))
    (end,) = [e for e in enc.apply(cmd.Damage("d", 30)) if isinstance(e, ev.FightDecided)]
    assert (end.down, end.round, end.rule) == (Side.FOE, 1, "EQ-SIT-3") and decided(enc.state) is Side.FOE
    assert not any(isinstance(e, ev.FightDecided) for e in enc.apply(cmd.Damage("d", 1)))  # once
    enc.apply(cmd.Heal("d", 5))
    assert decided(enc.state) is None
    enc.apply(cmd.EndCombat())
    assert decided(enc.state) is None  # no fight runs


def test_eq_sit_3_every_party_member_down_decides_it_for_the_foes():
    from core.combat.fight_end import decided

    enc = table(c("a", 20), c("b", 10, Side.FOE))
    enc.apply(cmd.StartCombat())
    assert [e.down for e in enc.apply(cmd.Damage("a", 30)) if isinstance(e, ev.FightDecided)] == [Side.PARTY]
    assert decided(enc.state) is Side.PARTY


def test_every_turn_change_logs_the_wall_clock_time_of_the_turn_it_ends():
    enc = table(c("a", 20), c("b", 10, Side.FOE))
    enc.apply(cmd.StartCombat(at=1000.0))
    timed = [e for e in enc.apply(cmd.NextTurn(at=1042.0)) if isinstance(e, ev.TurnTimed)]
    assert [(t.combatant, t.round, t.seconds) for t in timed] == [("a", 1, 42.0)]
    back = [e for e in enc.apply(cmd.PreviousTurn(at=1050.0)) if isinstance(e, ev.TurnTimed)]
    assert [(t.combatant, t.seconds) for t in back] == [("b", 8.0)]
    assert [(t.combatant, t.seconds) for t in enc.apply(cmd.NextTurn(at=1060.0)) if isinstance(t, ev.TurnTimed)] == [("a", 10.0)]
    assert [(t.combatant, t.seconds) for t in enc.apply(cmd.EndCombat(at=1090.0)) if isinstance(t, ev.TurnTimed)] == [("b", 30.0)]
    assert enc.state.turn_at is None


def test_an_untimed_turn_change_logs_no_time_and_a_clock_gone_back_counts_0():
    enc = table(c("a", 20), c("b", 10, Side.FOE))
    enc.apply(cmd.StartCombat())
    assert not any(isinstance(e, ev.TurnTimed) for e in enc.apply(cmd.NextTurn(at=5.0)))
    assert [e.seconds for e in enc.apply(cmd.NextTurn(at=3.0)) if isinstance(e, ev.TurnTimed)] == [0.0]


def test_the_scene_event_line_reads_a_lair_action_and_a_reinforcement_and_back():
    from core.dice.scene_notation import parse_scene_event, scene_event_line
    from core.errors import NotationError

    lair = parse_scene_event("20 Lair action: roots grab; 2d6 bludgeoning; area radius 2 at C4", "s1")
    assert lair == SceneEvent("s1", "Lair action", 20, "roots grab", "2d6 bludgeoning", "radius 2 at C4")
    wolves = parse_scene_event("30 Wolves arrive: 4 wolves at the gate; round 3; once; secret", "s2")
    assert (wolves.first_round, wolves.repeats, wolves.secret, wolves.due(3), wolves.due(4)) == (3, False, True, True, False)
    for event in (lair, wolves):
        assert parse_scene_event(scene_event_line(event), event.id) == event
    for bad in ("Lair action", "20", "20 Lair; sometimes"):
        with pytest.raises(NotationError):
            parse_scene_event(bad, "s3")


def test_n_p_n_does_not_fire_a_scene_event_twice_with_new_dice():
    """``p`` gives back what a turn change did to creatures; a scene event's
    roll changed none and stands in the log, so ``n`` again says it fired
    already instead of rolling it anew (no fishing for a better roll)."""
    enc = table(c("a", 25), c("b", 12, Side.FOE), seed=3)
    enc.apply(AddSceneEvent(SceneEvent("s1", "Lair action", 20, dice="2d6 acid")))
    enc.apply(cmd.StartCombat())
    first = [e for e in enc.apply(cmd.NextTurn()) if isinstance(e, SceneEventFired)]
    assert len(first) == 1 and not first[0].again
    enc.apply(cmd.PreviousTurn())
    assert enc.state.current == "a"
    (second,) = [e for e in enc.apply(cmd.NextTurn()) if isinstance(e, SceneEventFired)]
    assert second.again and second.roll == first[0].roll  # the roll it made, not a new one
    assert enc.state.current == "b"
    enc.apply(cmd.NextTurn())  # b -> a, round 2
    (round_2,) = [e for e in enc.apply(cmd.NextTurn()) if isinstance(e, SceneEventFired)]
    assert round_2.round == 2 and not round_2.again  # a new round fires it anew
    enc.apply(cmd.EndCombat())
    opening = enc.apply(cmd.StartCombat()) + enc.apply(cmd.NextTurn())  # initiatives rolled anew: 20 comes before or after the first turn
    (new_fight, *_) = [e for e in opening if isinstance(e, SceneEventFired)]
    assert new_fight.round == 1 and not new_fight.again  # a new fight remembers no firing of the last
