"""Equestria's table calls ("every rule reachable"): what follows a
critical (EQ-CHK-6, EQ-CHK-7, EQ-GEN-5), items in hand (EQ-ACT-7), a phrase
(EQ-ACT-8) and the everyday actions (EQ-DAY-1), each through the offer that
builds its command, logged with its rule and undone by restoring the state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.rulesets.equestria import table_calls as tc
from core.dice.checks import Tier
from core.values.combatant import Combatant, Held, Side
from core.errors import IllegalCommand, RulesError
from core.combat.limbs import limbs_in_use
from core.offers.base import find, offers
from saves.codec import from_document, to_document
from tests.core.reach_helpers import creature, damage_to, encounter, of


def _fight():
    archer = creature("a", {"STR": 2, "DEX": 2}, initiative=15)
    ally = creature("b", {"DEX": 1}, position=(3, 2), initiative=10)
    foe = creature("f", {}, position=(2, 4), side=Side.FOE, initiative=5)
    return encounter("equestria", archer, ally, foe, fight=True)


def _roll_until(enc, tier: Tier, command) -> None:
    """Apply ``command`` with the first seed whose roll comes out ``tier``."""
    start = enc.state
    for seed in range(500):
        enc.state, enc.rng = start, random.Random(seed)
        enc.apply(command)
        if enc.state.last_roll is not None and enc.state.last_roll.tier is tier:
            return
    raise AssertionError(f"no seed gave {tier}")


def _ids(enc, target=None):
    return {o.id for o in offers(enc.state, enc.ruleset, target=target)}


def test_eq_chk_6_no_mishap_offered_without_a_critical_failure():
    enc = _fight()
    assert not {"critical.mishap", "critical.plain", "critical.flavour", "critical.bonus"} & _ids(enc, "b")
    _roll_until(enc, Tier.SUCCESS, cmd.RollCheck("a", "STR"))  # the seed's STR +2: 10 -> 12 success
    assert not {"critical.mishap", "critical.bonus"} & _ids(enc, "b")


def test_eq_chk_6_a_critical_failure_offers_a_mishap_to_the_ally_through_the_damage_pipeline():
    """Seed 000: natural 1 is a critical failure that even harms; the arrow
    hits the ally next to the target; the seed's door example deals 1d6."""
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.RollCheck("a", "STR", purpose="kick the door"))
    found = offers(enc.state, enc.ruleset, target="b")
    mishap = find(found, "critical.mishap")
    assert mishap is not None and mishap.rule == "EQ-CHK-6" and mishap.target == "b"
    before = enc.state
    events = enc.apply(mishap.command("1d6 piercing the arrow hits the ally"))
    note = of(events, ev.Maneuvered)[0]
    assert note.rule == "EQ-CHK-6" and note.other == "b" and "kick the door" in note.what
    rolled = of(events, ev.DiceRolled)[0].roll.total
    assert 1 <= rolled <= 6 and damage_to(events, "b") == rolled
    assert enc.state.last_roll is None and "critical.mishap" not in _ids(enc, "b")  # offered once
    enc.state = before  # undo: the state before the command
    assert enc.state.combatant("b").hp == 60 and "critical.mishap" in _ids(enc, "b")


def test_eq_chk_6_a_mishap_harms_the_actor_or_its_allies_never_a_foe():
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.RollCheck("a", "DEX"))
    assert find(offers(enc.state, enc.ruleset, target="f"), "critical.mishap").target == "a"  # a foe selected: the actor itself
    with pytest.raises(IllegalCommand, match="its allies") as refused:
        enc.apply(tc.Mishap("a", "f", ()))
    assert refused.value.rule == "EQ-CHK-6"


def test_eq_chk_6_a_new_turn_ends_the_chance_to_follow_up():
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.RollCheck("a", "DEX"))
    enc.apply(cmd.NextTurn())
    assert enc.state.last_roll is None
    with pytest.raises(IllegalCommand, match="not a critical failure"):
        enc.apply(tc.Mishap("a", "a", ()))


def test_eq_gen_5_a_mishap_to_the_hands_strikes_the_off_hand():
    enc = _fight()
    enc.apply(tc.Wield("a", "sword"))
    enc.apply(tc.Wield("a", "shield"))
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.RollCheck("a", "DEX"))
    events = enc.apply(find(offers(enc.state, enc.ruleset), "critical.mishap").command("1d6 hands"))
    note = of(events, ev.Maneuvered)[0]
    assert "off hand (fore-limb 2 of 2), holding shield" in note.what and "EQ-GEN-5" in note.rule


def test_eq_chk_7_a_simple_action_s_critical_failure_is_a_plain_failure_or_flavour():
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.RollCheck("a", "DEX"))
    before = enc.state
    events = enc.apply(find(offers(enc.state, enc.ruleset), "critical.plain").command())
    assert of(events, ev.Maneuvered)[0].rule == "EQ-CHK-7" and "plain failure" in of(events, ev.Maneuvered)[0].outcome
    assert enc.state.combatants == before.combatants and enc.state.last_roll is None
    enc.state = before
    events = enc.apply(find(offers(enc.state, enc.ruleset), "critical.flavour").command("trips over its tail"))
    assert "flavour only: trips over its tail" in of(events, ev.Maneuvered)[0].outcome


def test_eq_chk_6_a_critical_success_earns_the_gm_s_bonus_with_damage_to_the_selected_creature():
    """Seed 000: on a natural 20 the door also hurts the foe behind it."""
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_SUCCESS, cmd.RollCheck("a", "STR", purpose="kick the door"))
    assert not {"critical.mishap", "critical.plain"} & _ids(enc, "f")
    bonus = find(offers(enc.state, enc.ruleset, target="f"), "critical.bonus")
    events = enc.apply(bonus.command("the door falls on the guard 1d6"))
    assert of(events, ev.Maneuvered)[0].rule == "EQ-CHK-6" and 1 <= damage_to(events, "f") <= 6
    assert enc.state.last_roll is None


def test_eq_chk_6_an_attack_s_critical_failure_counts_too():
    enc = _fight()
    _roll_until(enc, Tier.CRITICAL_FAILURE, cmd.Attack("a", "f", override=True))
    assert enc.state.last_roll.other == "f" and "critical.mishap" in _ids(enc, "b")


@pytest.mark.parametrize(("first", "second", "limbs", "allowed"), [(1, 1, 2, True), (2, 1, 2, False), (2, 1, 3, True), (1, 2, 2, False)])
def test_eq_act_7_items_take_limbs_two_fore_limbs_normally(first, second, limbs, allowed):
    """Seed 000: one-handed takes one limb, two-handed two; usually two fore-limbs."""
    enc = encounter("equestria", creature("a", {}, fore_limbs=limbs))
    enc.apply(tc.Wield("a", "first", first))
    if allowed:
        enc.apply(tc.Wield("a", "second", second))
        assert [h.item for h in enc.state.combatant("a").held] == ["first", "second"]
    else:
        with pytest.raises(IllegalCommand, match="let go of something first") as refused:
            enc.apply(tc.Wield("a", "second", second))
        assert refused.value.rule == "EQ-ACT-7" and len(enc.state.combatant("a").held) == 1


def _selected(enc):
    return offers(enc.state, enc.ruleset, None, "a")  # out of combat: the selected creature, as the . menu asks


def test_eq_act_7_offers_wield_let_go_and_the_fore_limbs_sheet_field():
    enc = encounter("equestria", creature("a", {}))
    wield = find(_selected(enc), "wield")
    events = enc.apply(wield.command("bow 2"))
    assert of(events, ev.Maneuvered)[0].rule == "EQ-ACT-7" and enc.state.combatant("a").held == (Held("bow", 2),)
    assert find(_selected(enc), "wield").refusal is not None
    with pytest.raises(IllegalCommand, match="holds items in 2 limbs"):
        enc.apply(find(_selected(enc), "fore-limbs").command("1"))
    enc.apply(find(_selected(enc), "let-go.bow").command())
    enc.apply(find(_selected(enc), "fore-limbs").command("1"))
    assert enc.state.combatant("a").fore_limbs == 1 and enc.state.combatant("a").held == ()


def test_eq_act_7_a_creature_saved_before_limbs_loads_with_two_empty_fore_limbs():
    doc = dict(to_document(creature("a", {"STR": 1})))
    for new in ("fore_limbs", "held", "main_sense"):
        doc.pop(new)
    loaded = from_document(doc, Combatant)
    assert loaded.fore_limbs == 2 and loaded.held == () and loaded.main_sense == "sight"


@pytest.mark.parametrize(("text", "warned"), [
    ("one two three four five six seven eight", False),
    ("one two three four five six seven eight nine", True),
    ("Supercalifragilisticexpialidocious and antidisestablishmentarianism", True),  # 2 words, 62 sounds
    ("a" * 50, False),  # 50 sounds: as long as advised
    ("a" * 51, True),
])
def test_eq_act_8_a_phrase_is_logged_and_over_8_words_or_50_sounds_warned_not_refused(text, warned):
    enc = _fight()
    before = enc.state.combatant("a").budget
    events = enc.apply(find(offers(enc.state, enc.ruleset), "say").command(text))
    note = of(events, ev.Maneuvered)[0]
    assert note.rule == "EQ-ACT-8" and text in note.outcome and ("longer than advised" in note.outcome) is warned
    assert enc.state.combatant("a").budget == before  # free


def test_eq_act_8_the_limits_are_settings():
    enc = encounter("equestria", creature("a", {}), house={"phrase_max_words": 2})
    assert "3 words" in of(enc.apply(tc.SayPhrase("a", "run, pony, run")), ev.Maneuvered)[0].outcome


def test_eq_day_1_everyday_actions_are_offered_out_of_combat_and_logged():
    enc = encounter("equestria", creature("a", {}))
    for kind in ("rest", "inventory", "interact", "talk", "travel"):
        offer = find(_selected(enc), f"everyday.{kind}")
        note = of(enc.apply(offer.command("a while")), ev.Maneuvered)[0]
        assert (note.rule, note.what, note.outcome) == ("EQ-DAY-1", kind, "a while")


def test_eq_day_1_rest_and_travel_wait_for_the_end_of_combat():
    enc = _fight()
    assert "everyday.rest" not in _ids(enc)
    with pytest.raises(IllegalCommand, match="end combat first"):
        enc.apply(tc.EverydayAction("a", "rest", "an hour"))


_STEPS = st.lists(st.tuples(st.booleans(), st.sampled_from(["sword", "shield", "bow", "torch"]), st.integers(1, 3)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4), _STEPS)
def test_eq_act_7_held_items_never_take_more_than_the_fore_limbs(limbs, steps):
    """Rule EQ-ACT-7 as an invariant: whatever is wielded or let go, the held
    items fit the fore-limbs, and a refused command changes nothing."""
    enc = encounter("equestria", creature("a", {}, fore_limbs=limbs))
    for wield, item, size in steps:
        before = enc.state
        try:
            enc.apply(tc.Wield("a", item, size) if wield else tc.LetGo("a", item))
        except RulesError:
            assert enc.state == before
        assert limbs_in_use(enc.state.combatant("a")) <= limbs
