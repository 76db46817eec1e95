"""The GM's reminders: firing at the start or end of a
turn, after N rounds and on damage, the check they offer, giving them back
with ``p`` (``n`` then fires them once), undo by state, bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.trackers import events as tev
from core.offers import base as offers
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, RulesError
from core.board.grid import Grid
from core.dice.notation import NotationError
from core.combat.trackers.reminders import AddReminder, RemoveReminder, RollReminder, parse_text
from core.rulesets import get
from core.values.trackers import When


def _fight(ruleset: str = "equestria") -> Encounter:
    """Aria (initiative 10), a wolf (7) and a boar (5); round 1, Aria's turn."""
    stats = {"DEX": 1, "BODY": 2} if ruleset == "equestria" else {}
    aria = Combatant("a", "Aria", Side.PARTY, dict(stats), 20, 20, position=(1, 1), initiative=10)
    wolf = Combatant("w", "Wolf", Side.FOE, dict(stats), 30, 30, position=(3, 1), initiative=7)
    boar = Combatant("b", "Boar", Side.FOE, dict(stats), 30, 30, position=(4, 2), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (aria, wolf, boar)), get(ruleset), random.Random(1))
    encounter.apply(cmd.StartCombat())
    return encounter


def _fired(events) -> list[str]:
    return [e.reminder.text for e in events if isinstance(e, tev.ReminderFired)]


def test_a_start_of_turn_reminder_fires_at_each_start_of_its_creatures_turn():
    encounter = _fight()
    encounter.apply(AddReminder("w", "burning: roll to put it out", When.START))
    assert _fired(encounter.apply(cmd.NextTurn())) == ["burning: roll to put it out"]  # the wolf's turn
    assert _fired(encounter.apply(cmd.NextTurn())) == []  # the boar's
    assert _fired(encounter.apply(cmd.NextTurn())) == []  # round 2, Aria's
    events = encounter.apply(cmd.NextTurn())
    assert _fired(events) == ["burning: roll to put it out"]
    fired = next(e for e in events if isinstance(e, tev.ReminderFired))
    assert fired.why == "start of Wolf's turn" and fired.combatant == "w"


def test_an_end_of_turn_reminder_on_another_creatures_turn_fires_when_that_turn_ends():
    encounter = _fight()
    encounter.apply(AddReminder("w", "the held door gives way", When.END, anchor="a"))
    events = encounter.apply(cmd.NextTurn())  # Aria's turn ends
    assert _fired(events) == ["the held door gives way"]
    ended = [type(e).__name__ for e in events]
    assert ended.index("ReminderFired") < ended.index("TurnStarted")  # at the end of her turn, before the wolf's starts
    assert _fired(encounter.apply(cmd.NextTurn())) == []


def test_after_n_rounds_fires_once_at_the_start_of_that_creatures_turn_n_rounds_later_and_goes():
    encounter = _fight()
    encounter.apply(AddReminder("w", "the potion wears off", When.ROUNDS, anchor="a", rounds=2))
    fired_at = []
    for _ in range(9):  # three full rounds
        if _fired(encounter.apply(cmd.NextTurn())):
            fired_at.append((encounter.state.round, encounter.state.current))
    assert fired_at == [(3, "a")]  # added in round 1 on Aria's turn: round 3, Aria's turn
    assert encounter.state.combatant("w").reminders == ()


def test_a_damage_reminder_fires_on_any_loss_of_hit_points_and_offers_its_check_with_the_odds():
    encounter = _fight()
    encounter.apply(AddReminder("w", "concentration", When.DAMAGE, stat="BODY", difficulty=12))
    assert _fired(encounter.apply(cmd.Heal("w", 3))) == []
    events = encounter.apply(cmd.Damage("w", 4))
    fired = [e for e in events if isinstance(e, tev.ReminderFired)]
    assert len(fired) == 1 and fired[0].why == "took 4 damage" and fired[0].reminder.due
    found = offers.offers(encounter.state, encounter.ruleset, None, "w")
    roll = offers.find(found, "reminder.roll.r1")
    assert roll is not None and roll.allowed
    assert "BODY +2 vs 12" in roll.label and "success 50%" in roll.label  # 1d20+2 vs 12 (EQ-CHK-1): 10 faces of 20
    events = encounter.apply(roll.command())
    check = next(e for e in events if isinstance(e, ev.CheckRolled))
    assert (check.stat, check.result.difficulty, check.result.purpose) == ("BODY", 12, "concentration")
    assert not encounter.state.combatant("w").reminders[0].due
    with pytest.raises(IllegalCommand, match="not due"):
        encounter.apply(RollReminder("w", "r1"))


def test_trigger_damage_at_the_start_of_a_turn_fires_the_damage_reminder_inside_the_turn_change():
    """TAC-EFF-1: burning 2 deals 2 at the start of the boar's turn; its
    "when damaged" reminder fires with it, and p gives it back."""
    encounter = _fight("tactical_d10")
    encounter.apply(cmd.AddCondition("a", Condition("burning", 2)))
    encounter.apply(AddReminder("a", "concentration", When.DAMAGE, stat="BODY"))
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())
    events = encounter.apply(cmd.NextTurn())  # round 2, Aria burns
    assert _fired(events) == ["concentration"] and encounter.state.combatant("a").reminders[0].due
    encounter.apply(cmd.PreviousTurn())
    assert not encounter.state.combatant("a").reminders[0].due and encounter.state.combatant("a").hp == 20


def test_p_gives_a_fired_reminder_back_and_n_fires_it_once_more():
    encounter = _fight()
    encounter.apply(AddReminder("w", "spell ends", When.ROUNDS, anchor="w", rounds=1))
    encounter.apply(AddReminder("w", "save ends", When.START, stat="DEX"))
    before = encounter.state.combatant("w").reminders
    encounter.apply(cmd.NextTurn())
    assert [r.text for r in encounter.state.combatant("w").reminders] == ["save ends"]
    events = encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("w").reminders == before
    assert any(isinstance(e, ev.TurnEffectsUndone) and "reminders" in e.detail for e in events)
    assert sorted(_fired(encounter.apply(cmd.NextTurn()))) == ["save ends", "spell ends"]


def test_a_reminder_the_gm_removed_since_stays_removed_after_p():
    encounter = _fight()
    encounter.apply(AddReminder("w", "save ends", When.START, stat="DEX"))
    encounter.apply(cmd.NextTurn())
    encounter.apply(RemoveReminder("w", "r1"))
    encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("w").reminders == ()


def test_a_spent_rounds_reminder_with_a_check_stays_until_rolled_then_goes():
    encounter = _fight()
    encounter.apply(AddReminder("w", "poison", When.ROUNDS, anchor="w", rounds=1, stat="BODY"))
    encounter.apply(cmd.NextTurn())
    (left,) = encounter.state.combatant("w").reminders
    assert left.due and left.spent
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())
    assert _fired(encounter.apply(cmd.NextTurn())) == []  # spent: it does not fire again
    encounter.apply(RollReminder("w", left.id))
    assert encounter.state.combatant("w").reminders == ()


def test_reminders_timed_by_a_creature_that_leaves_go_with_it():
    encounter = _fight()
    encounter.apply(AddReminder("w", "the boar's howl", When.START, anchor="b"))
    events = encounter.apply(cmd.RemoveCombatant("b"))
    assert encounter.state.combatant("w").reminders == ()
    assert any(isinstance(e, tev.ReminderRemoved) for e in events)


@pytest.mark.parametrize("command, message", [
    (AddReminder("w", "  ", When.START), "say what"),
    (AddReminder("w", "x" * 81, When.START), "at most 80"),
    (AddReminder("w", "bad\x1b[31m", When.START), "control characters"),
    (AddReminder("w", "later", When.ROUNDS, rounds=0), "1 to 1000 rounds"),
    (AddReminder("w", "later", When.ROUNDS, rounds=1001), "1 to 1000 rounds"),
    (AddReminder("w", "save", When.START, stat="LUCK"), "unknown stat"),
    (AddReminder("w", "save", When.START, stat="DEX", difficulty=0), "between 1 and 100"),
    (AddReminder("w", "save", When.START, difficulty=12), "needs a stat"),
    (RemoveReminder("w", "r9"), "no reminder"),
    (RollReminder("w", "r9"), "no reminder"),
])
def test_bad_reminders_are_refused_with_a_message_and_change_nothing(command, message):
    encounter = _fight()
    before = encounter.state
    with pytest.raises(IllegalCommand, match=message):
        encounter.apply(command)
    assert encounter.state is before


def test_an_unknown_anchor_is_refused():
    from core.errors import UnknownCombatant

    encounter = _fight()
    with pytest.raises(UnknownCombatant):
        encounter.apply(AddReminder("w", "x", When.START, anchor="nobody"))


def test_reminders_are_offered_at_the_start_or_end_of_every_creatures_turn_the_current_first():
    """A GM's try-out: only the current creature was offered as "another
    creature". Every combatant other than the bearer is, the current one
    first; the boar's offers anchor the reminder on the boar's turn."""
    encounter = _fight()
    found = offers.offers(encounter.state, encounter.ruleset, None, "w")  # the wolf selected, Aria's turn
    ids = [o.id for o in found if o.id.startswith("reminder.")]
    assert {"reminder.start-of.b", "reminder.end-of.b"} <= set(ids)
    assert "reminder.start-of.w" not in ids and "reminder.start-of.a" not in ids  # the bearer and the current: their own offers
    assert ids.index("reminder.start-current") < ids.index("reminder.start-of.b")
    assert "start of Boar's turn" in offers.find(found, "reminder.start-of.b").label
    encounter.apply(offers.find(found, "reminder.end-of.b").command("the door gives way"))
    (reminder,) = encounter.state.combatant("w").reminders
    assert (reminder.when, reminder.anchor) == (When.END, "b")


def test_the_typed_reminder_reads_rounds_text_and_an_optional_check():
    stats = ("STR", "DEX", "BODY")
    assert parse_text("save ends | bo 12", stats) == (0, "save ends", "BODY", 12)
    assert parse_text("3 the potion wears off", stats, rounds=True) == (3, "the potion wears off", "", None)
    with pytest.raises(NotationError, match="number of rounds"):
        parse_text("the potion", stats, rounds=True)
    with pytest.raises(NotationError, match="unknown stat"):
        parse_text("save | LUCK 12", stats)
    with pytest.raises(RulesError, match="say what"):
        parse_text(" | DEX", stats)


def test_offers_list_adding_removing_and_build_from_typed_text():
    encounter = _fight()
    found = offers.offers(encounter.state, encounter.ruleset, None, "w")
    ids = {o.id for o in found}
    assert {"reminder.start", "reminder.end", "reminder.start-current", "reminder.end-current", "reminder.rounds", "reminder.damage"} <= ids
    start = offers.find(found, "reminder.start-current")
    encounter.apply(start.command("the fire spreads | DEX"))
    (reminder,) = encounter.state.combatant("w").reminders
    assert (reminder.when, reminder.anchor, reminder.stat) == (When.START, "a", "DEX")
    found = offers.offers(encounter.state, encounter.ruleset, None, "w")
    assert offers.find(found, "reminder.remove.r1") is not None


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from("np"), max_size=12))
def test_any_sequence_of_n_and_p_leaves_reminders_as_the_net_number_of_n(keys):
    """Property: n/p in any order = the net count of n, reminders included
    (so n after p fires each reminder exactly once)."""
    def setup() -> Encounter:
        encounter = _fight()
        encounter.apply(AddReminder("w", "save ends", When.START, stat="DEX"))
        encounter.apply(AddReminder("b", "spell ends", When.ROUNDS, anchor="w", rounds=2))
        encounter.apply(AddReminder("a", "door", When.END, anchor="b"))
        return encounter

    played, net, fired_live = setup(), 0, 0
    for key in keys:
        if key == "n":
            fired_live += len(_fired(played.apply(cmd.NextTurn())))
            net += 1
        else:
            try:
                played.apply(cmd.PreviousTurn())
            except IllegalCommand:
                assert net == 0
                continue
            net -= 1
    straight = setup()
    for _ in range(net):
        straight.apply(cmd.NextTurn())
    for cid in ("a", "w", "b"):
        assert played.state.combatant(cid).reminders == straight.state.combatant(cid).reminders
    assert (played.state.round, played.state.current) == (straight.state.round, straight.state.current)


def test_undo_by_state_restores_reminders_exactly_through_the_save_codec():
    """Undo is the campaign's: it restores a saved state; a state with
    reminders and limited uses converts to a document and back unchanged."""
    from saves.codec import from_document, to_document

    encounter = _fight()
    encounter.apply(AddReminder("w", "save ends", When.START, stat="DEX", difficulty=13))
    encounter.apply(cmd.NextTurn())
    state = encounter.state
    back = from_document(to_document(state), EncounterState)
    assert back.combatant("w").reminders == state.combatant("w").reminders and back.boundaries == state.boundaries


def test_an_old_combatant_document_without_reminders_or_uses_loads():
    from saves.codec import from_document, to_document

    doc = dict(to_document(_fight().state.combatant("w")))
    doc.pop("reminders")
    doc.pop("uses")
    creature = from_document(doc, Combatant)
    assert creature.reminders == () and creature.uses == ()


def test_commands_and_events_round_trip_through_the_codec():
    from saves.codec import from_document, to_document

    encounter = _fight()
    command = AddReminder("w", "save ends", When.START, stat="DEX")
    events = encounter.apply(command)
    assert from_document(to_document(command), cmd.Command) == command
    assert from_document(to_document(events[0]), ev.Event) == events[0]
    fired = encounter.apply(cmd.NextTurn())
    for event in fired:
        assert from_document(to_document(event), ev.Event) == event


def test_players_do_not_see_the_gms_reminders():
    from core.combat.visibility import visible_to

    encounter = _fight()
    encounter.apply(AddReminder("w", "secret plan", When.START))
    view = visible_to(encounter.state, encounter.ruleset)
    shown = [c for c in view.state.combatants if c.id == "w"]
    assert all(c.reminders == () for c in shown)


def test_an_old_campaign_state_without_trackers_loads_and_p_still_works():
    """A state saved before reminders and uses existed (no reminders, no uses, turn boundaries
    without them) loads, and handing the turn back still gives back burning."""
    import json

    from saves.codec import from_document, to_document

    encounter = _fight("tactical_d10")
    encounter.apply(cmd.AddCondition("w", Condition("burning", 2)))
    encounter.apply(cmd.NextTurn())
    document = json.loads(json.dumps(to_document(encounter.state)))
    for creature in document["combatants"]:
        del creature["reminders"], creature["uses"]
    for boundary in document["boundaries"]:
        for change in boundary["changes"]:
            for field in ("reminders_before", "reminders_after", "uses_before", "uses_after"):
                del change[field]
    loaded = from_document(document, EncounterState)
    assert loaded == encounter.state
    encounter.state = loaded
    encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("w").hp == 30


def test_a_creature_felled_by_its_burning_at_the_start_of_its_turn_gets_no_reminder():
    """TAC-EFF-1 burning at the start of the turn (level 1 deals 1) takes the
    wolf from 1 HP to 0: its "put the fire out" reminder does not fire on a
    creature that is down (a GM's try-out saw the check offered for a corpse),
    nor does a "when damaged" one."""
    from dataclasses import replace

    encounter = _fight()
    wolf = encounter.state.combatant("w")
    encounter.state = encounter.state.replace_combatant(replace(wolf, hp=1))
    encounter.apply(cmd.AddCondition("w", Condition("burning", level=1)))
    encounter.apply(AddReminder("w", "put the fire out", When.START))
    encounter.apply(AddReminder("w", "concentration", When.DAMAGE))
    events = encounter.apply(cmd.NextTurn())
    assert encounter.state.combatant("w").hp == 0
    assert _fired(events) == []
