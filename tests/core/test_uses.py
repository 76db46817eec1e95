"""Limited uses: per encounter, day, round and recharge
dice rolled at the start of the bearer's turn with a seeded RNG; spend,
restore, p and n, bad input."""

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
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.dice.notation import NotationError
from core.rulesets import get
from core.values.trackers import Per
from core.combat.trackers.uses import AddUse, RemoveUse, RestoreUse, SpendUse, parse_use


def _fight(seed: int = 1) -> Encounter:
    aria = Combatant("a", "Aria", Side.PARTY, {"DEX": 1}, 20, 20, position=(1, 1), initiative=10)
    dragon = Combatant("d", "Dragon", Side.FOE, {"DEX": 1}, 90, 90, position=(3, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (aria, dragon)), get("equestria"), random.Random(seed))
    encounter.apply(cmd.StartCombat())
    return encounter


def _use(encounter: Encounter, name: str = "Fire Breath"):
    return next(u for u in encounter.state.combatant("d").uses if u.name == name)


def test_spending_a_use_is_logged_and_refused_when_none_is_left():
    encounter = _fight()
    encounter.apply(AddUse("d", "Wing Buffet", Per.ENCOUNTER, 2))
    events = encounter.apply(SpendUse("d", "wing buffet"))
    assert isinstance(events[0], tev.UseChanged) and events[0].delta == -1 and events[0].use.uses == 1
    encounter.apply(SpendUse("d", "Wing Buffet"))
    before = encounter.state
    with pytest.raises(IllegalCommand, match="no uses left"):
        encounter.apply(SpendUse("d", "Wing Buffet"))
    assert encounter.state is before


def test_a_recharge_is_rolled_at_the_start_of_its_bearers_turn_with_the_die_logged():
    """Seeded: the 1d6 of each of the dragon's turns is the RNG's; 5-6 brings Fire Breath back."""
    encounter = _fight(seed=1)
    encounter.apply(AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 6))
    encounter.apply(SpendUse("d", "Fire Breath"))
    rolls = []
    for _ in range(12):
        for event in encounter.apply(cmd.NextTurn()):
            if isinstance(event, tev.UseRecharged):
                rolls.append((event.roll.total, event.recharged))
                assert event.roll.expression == "1d6" and event.roll.dice[0].sides == 6
        if _use(encounter).uses == 1:
            break
    assert rolls and all(recharged == (5 <= total <= 6) for total, recharged in rolls)
    assert rolls[-1][1] and not any(r for _, r in rolls[:-1])
    assert _use(encounter).uses == 1
    replay_encounter = _fight(seed=1)  # same seed, same dice: the rolls are the RNG's, never faked
    replay_encounter.apply(AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 6))
    replay_encounter.apply(SpendUse("d", "Fire Breath"))
    again = []
    for _ in range(len(rolls) * 2):
        again += [e.roll.total for e in replay_encounter.apply(cmd.NextTurn()) if isinstance(e, tev.UseRecharged)]
    assert again[: len(rolls)] == [t for t, _ in rolls]


def test_no_recharge_roll_while_every_use_is_left():
    encounter = _fight()
    encounter.apply(AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 6))
    events = encounter.apply(cmd.NextTurn())
    assert not any(isinstance(e, tev.UseRecharged) for e in events)


def test_per_round_uses_come_back_at_the_start_of_its_turn_per_day_ones_do_not():
    encounter = _fight()
    encounter.apply(AddUse("d", "Tail", Per.ROUND, 3))
    encounter.apply(AddUse("d", "Rage", Per.DAY, 2))
    encounter.apply(SpendUse("d", "Tail", 2))
    encounter.apply(SpendUse("d", "Rage"))
    encounter.apply(cmd.NextTurn())
    assert (_use(encounter, "Tail").uses, _use(encounter, "Rage").uses) == (3, 1)


def test_per_encounter_uses_come_back_when_the_fight_ends():
    encounter = _fight()
    encounter.apply(AddUse("d", "Roar", Per.ENCOUNTER, 1))
    encounter.apply(AddUse("d", "Rage", Per.DAY, 1))
    encounter.apply(SpendUse("d", "Roar"))
    encounter.apply(SpendUse("d", "Rage"))
    encounter.apply(cmd.EndCombat())
    assert (_use(encounter, "Roar").uses, _use(encounter, "Rage").uses) == (1, 0)


def test_restore_gives_back_all_or_some_never_above_the_maximum_and_remove_takes_it_off():
    encounter = _fight()
    encounter.apply(AddUse("d", "Rage", Per.DAY, 3))
    encounter.apply(SpendUse("d", "Rage", 3))
    encounter.apply(RestoreUse("d", "Rage", 1))
    assert _use(encounter, "Rage").uses == 1
    encounter.apply(RestoreUse("d", "Rage"))
    assert _use(encounter, "Rage").uses == 3
    with pytest.raises(IllegalCommand, match="every use left"):
        encounter.apply(RestoreUse("d", "Rage"))
    encounter.apply(RemoveUse("d", "Rage"))
    assert encounter.state.combatant("d").uses == ()


def test_p_gives_back_a_recharge_and_n_rolls_it_once_more():
    encounter = _fight(seed=4)
    encounter.apply(AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 1, 6))  # 1-6: it always comes back
    encounter.apply(SpendUse("d", "Fire Breath"))
    encounter.apply(cmd.NextTurn())
    assert _use(encounter).uses == 1
    encounter.apply(cmd.PreviousTurn())
    assert _use(encounter).uses == 0
    events = encounter.apply(cmd.NextTurn())
    assert sum(isinstance(e, tev.UseRecharged) for e in events) == 1 and _use(encounter).uses == 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from("np"), max_size=12))
def test_any_sequence_of_n_and_p_leaves_per_round_uses_as_the_net_number_of_n(keys):
    """Property: with a per-round ability spent before each turn change,
    n/p in any order leaves the uses as the net number of n."""
    def setup() -> Encounter:
        encounter = _fight()
        encounter.apply(AddUse("d", "Tail", Per.ROUND, 2))
        encounter.apply(SpendUse("d", "Tail", 2))
        return encounter

    played, net = setup(), 0
    for key in keys:
        if key == "n":
            played.apply(cmd.NextTurn())
            net += 1
        else:
            try:
                played.apply(cmd.PreviousTurn())
            except IllegalCommand:
                continue
            net -= 1
    straight = setup()
    for _ in range(net):
        straight.apply(cmd.NextTurn())
    assert played.state.combatant("d").uses == straight.state.combatant("d").uses


@pytest.mark.parametrize("command, message", [
    (AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 7, 6), "outside 1d6"),
    (AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 7), "outside 1d6"),
    (AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 0, 3), "outside 1d6"),
    (AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 6, 5), "outside 1d6"),
    (AddUse("d", "Fire Breath", Per.RECHARGE, 1, 1, 1, 1), "2 to 100 faces"),
    (AddUse("d", "Rage", Per.DAY, 0), "1 to 99 uses"),
    (AddUse("d", "Rage", Per.DAY, 100), "1 to 99 uses"),
    (AddUse("d", " ", Per.DAY, 1), "name the ability"),
    (AddUse("d", "Rage", Per.DAY, 1, 6, 5, 6), "only a recharge"),
    (SpendUse("d", "Nothing"), "no limited use"),
    (SpendUse("d", "Roar", 0), "spend 1 to 99"),
    (RestoreUse("d", "Roar", 0), "restore 1 to 99"),
    (AddUse("d", "roar", Per.DAY, 1), "already has"),
])
def test_bad_uses_are_refused_with_a_message_and_change_nothing(command, message):
    encounter = _fight()
    encounter.apply(AddUse("d", "Roar", Per.ENCOUNTER, 1))
    encounter.apply(SpendUse("d", "Roar"))
    before = encounter.state
    with pytest.raises(IllegalCommand, match=message):
        encounter.apply(command)
    assert encounter.state is before


@pytest.mark.parametrize("text, expected", [
    ("Fire Breath recharge 5-6", ("Fire Breath", Per.RECHARGE, 1, 6, 5, 6)),
    ("Fire Breath recharge 6", ("Fire Breath", Per.RECHARGE, 1, 6, 6, 6)),
    ("Zap 2/ recharge 7-8 on 1d8", ("Zap", Per.RECHARGE, 2, 8, 7, 8)),
    ("Zap recharge 4-6 d6", ("Zap", Per.RECHARGE, 1, 6, 4, 6)),
    ("Rage 3/day", ("Rage", Per.DAY, 3, 0, 0, 0)),
    ("Second Wind 1/encounter", ("Second Wind", Per.ENCOUNTER, 1, 0, 0, 0)),
    ("Legendary Action 3/round", ("Legendary Action", Per.ROUND, 3, 0, 0, 0)),
])
def test_typed_limited_uses(text, expected):
    command = parse_use("d", text)
    assert (command.name, command.per, command.uses_max, command.recharge_die, command.recharge_low, command.recharge_high) == expected


@pytest.mark.parametrize("text", ["Fire Breath", "Rage 3/week", "Rage x/day", "Zap recharge", "Zap recharge five", "Zap recharge 5-6 on 2d6 x"])
def test_typed_limited_uses_that_do_not_read_are_refused(text):
    with pytest.raises(NotationError):
        parse_use("d", text)


def test_offers_spend_a_use_of_fire_breath_and_refuse_it_when_spent():
    encounter = _fight()
    add = offers.find(offers.offers(encounter.state, encounter.ruleset, None, "d"), "use.add")
    encounter.apply(add.command("Fire Breath recharge 5-6"))
    spend = offers.find(offers.offers(encounter.state, encounter.ruleset, None, "d"), "use.spend.0")
    assert spend.label.startswith("Spend a use of Fire Breath") and spend.allowed
    encounter.apply(spend.command())
    spend = offers.find(offers.offers(encounter.state, encounter.ruleset, None, "d"), "use.spend.0")
    assert not spend.allowed and "no uses left" in spend.refusal


def test_uses_round_trip_through_the_codec():
    from saves.codec import from_document, to_document

    encounter = _fight()
    command = AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 6)
    events = encounter.apply(command)
    encounter.apply(SpendUse("d", "Fire Breath"))
    assert from_document(to_document(command), cmd.Command) == command
    assert from_document(to_document(events[0]), ev.Event) == events[0]
    for event in encounter.apply(cmd.NextTurn()):
        assert from_document(to_document(event), ev.Event) == event
    assert from_document(to_document(encounter.state), EncounterState) == encounter.state


def test_a_creature_from_the_bestiary_has_every_use_and_no_foreign_reminders():
    from dataclasses import replace

    from core.combat.trackers.reminders import AddReminder
    from core.values.trackers import When
    from core.campaign.party import party_after
    from core.combat.groups import fresh, numbered

    encounter = _fight()
    encounter.apply(AddUse("d", "Fire Breath", Per.RECHARGE, 1, 6, 5, 6))
    encounter.apply(SpendUse("d", "Fire Breath"))
    encounter.apply(AddReminder("d", "roar", When.START, anchor="a"))
    encounter.apply(AddReminder("a", "concentration", When.DAMAGE))
    encounter.apply(AddReminder("a", "the dragon's breath", When.START, anchor="d"))
    template = encounter.state.combatant("d")
    (copy,) = [fresh(template, cid, name, template.hp_max) for cid, name in numbered(template.name, 1, ())]
    assert copy.uses[0].uses == 1 and copy.reminders == ()
    (hero,) = party_after(replace(encounter.state), {"a": True})
    assert [r.text for r in hero.reminders] == ["concentration"]
