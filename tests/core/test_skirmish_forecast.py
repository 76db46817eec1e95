"""The skirmish forecast against exact answers (core.forecast).

Two creatures trade a fixed attack (3 piercing: no type effect, TAC-DMG-2)
until one drops. The chance that the first one wins is then a small Markov
chain over (hit points, whose turn): each attack's tier odds are the
ruleset's exact ones (``check_odds``) and each tier's damage is fixed, so
the chain is solved exactly with fractions; the simulation, which plays
every fight through ``Encounter.apply``, must agree within its 95% interval
(Wilson for a chance, the normal interval of a mean for the rounds).

The EQ-WAR chain (``core.campaign.war.forecast``, checked in
``test_war_forecast``) is not compared here: it models a mass battle
(each side's BP, retreat countdowns, heroes; one opposed check a round),
which ``play_out`` never plays (it fights creatures on the map with
attacks and never issues the battle's commands). These duels are the
closest exact cases the skirmish engine plays.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest

from core.board.battlefield import cells_apart
from core.board.grid import from_text
from core.combat.state import EncounterState
from core.combat.attacks import resolve_attack
from core.dice.checks import Tier
from core.dice.notation import parse_attack
from core.forecast.odds import Tally, play_many, wilson
from core.forecast.skirmish import Ending, play_out, take_turn, unforeseeable
from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.offers.attacks import attack_command, attack_details
from core.rulesets import get
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.values.tactics import Plan, Tactics, from_text as tactics_from_text, to_text
from core.errors import IllegalCommand, NotationError
from core.combat.tactics import SetTactics

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")
WEAPON = "3 piercing"
OPEN = from_text("\n".join(["." * 8] * 5)).grid


def duel(ruleset_id: str, hp_a: int = 6, hp_b: int = 6) -> EncounterState:
    ruleset = get(ruleset_id)
    stats = {name: 0 for name in ruleset.stat_names}
    a = Combatant("a", "Ann", Side.PARTY, dict(stats), hp_a, hp_a, position=(2, 2), initiative=20)
    b = Combatant("b", "Bob", Side.FOE, dict(stats), hp_b, hp_b, position=(3, 2), initiative=10)
    return EncounterState("duel", OPEN, (a, b))


def fixed(state, ruleset, attacker_id, target_id):
    return attack_command(state, ruleset, attacker_id, target_id, WEAPON)


def tier_damage(ruleset, state: EncounterState, attacker: str, target: str) -> dict[str, int]:
    """Each tier's damage for the fixed weapon, read from the engine (constant damage: one value a tier)."""
    seen: dict[str, set[int]] = {}
    weapon = parse_attack(WEAPON).weapon
    for seed in range(400):
        outcome = resolve_attack(ruleset, random.Random(seed), state.combatant(attacker), state.combatant(target), weapon)
        seen.setdefault(outcome.check.tier.value, set()).add(outcome.damage.total if outcome.damage is not None else 0)
    assert all(len(values) == 1 for values in seen.values()), seen
    return {tier: values.pop() for tier, values in seen.items()}


def exact_first_wins(ruleset_id: str, hp_a: int, hp_b: int) -> Fraction:
    ruleset = get(ruleset_id)
    state = duel(ruleset_id, hp_a, hp_b)
    sides = {}
    for attacker, target in (("a", "b"), ("b", "a")):
        odds = dict(attack_details(state, ruleset, fixed(state, ruleset, attacker, target))["odds"])
        damage = tier_damage(ruleset, state, attacker, target)
        sides[attacker] = [(p, damage.get(tier, 0)) for tier, p in odds.items() if p]

    @cache
    def win(a: int, b: int) -> tuple[Fraction, Fraction]:
        """(P(a wins) with a to act, P(a wins) with b to act)."""
        if b <= 0:
            return Fraction(1), Fraction(1)
        if a <= 0:
            return Fraction(0), Fraction(0)
        c_a = sum((p * win(a, b - d)[1] for p, d in sides["a"] if d > 0), Fraction(0))
        m_a = sum((p for p, d in sides["a"] if d <= 0), Fraction(0))
        c_b = sum((p * win(a - d, b)[0] for p, d in sides["b"] if d > 0), Fraction(0))
        m_b = sum((p for p, d in sides["b"] if d <= 0), Fraction(0))
        x = (c_a + m_a * c_b) / (1 - m_a * m_b)
        return x, c_b + m_b * x

    return win(hp_a, hp_b)[0]


def duel_sides(ruleset_id: str, hp_a: int, hp_b: int) -> dict[str, list[tuple[Fraction, int]]]:
    """Each duelist's (probability, damage) per tier of its fixed attack."""
    ruleset = get(ruleset_id)
    state = duel(ruleset_id, hp_a, hp_b)
    sides = {}
    for attacker, target in (("a", "b"), ("b", "a")):
        odds = dict(attack_details(state, ruleset, fixed(state, ruleset, attacker, target))["odds"])
        damage = tier_damage(ruleset, state, attacker, target)
        sides[attacker] = [(p, damage.get(tier, 0)) for tier, p in odds.items() if p]
    return sides


def exact_duel_rounds(ruleset_id: str, hp_a: int, hp_b: int) -> Fraction:
    """The expected number of rounds of the duel (the round it starts in
    counts 1; the first duelist acts first each round), solved exactly:
    with ``m`` the chance of a miss, a round of two misses comes back to
    the same hit points one round later, solved in closed form."""
    sides = duel_sides(ruleset_id, hp_a, hp_b)
    m_a = sum((p for p, d in sides["a"] if d <= 0), Fraction(0))
    m_b = sum((p for p, d in sides["b"] if d <= 0), Fraction(0))

    @cache
    def at_a(a: int, b: int) -> Fraction:
        """Expected rounds, counting this one, with the first duelist to act."""
        c_a = sum((p * (1 if b - d <= 0 else at_b(a, b - d)) for p, d in sides["a"] if d > 0), Fraction(0))
        return (c_a + m_a * (c_b(a, b) + m_b)) / (1 - m_a * m_b)

    def c_b(a: int, b: int) -> Fraction:
        return sum((p * (1 if a - d <= 0 else 1 + at_a(a - d, b)) for p, d in sides["b"] if d > 0), Fraction(0))

    @cache
    def at_b(a: int, b: int) -> Fraction:
        return c_b(a, b) + m_b * (1 + at_a(a, b))

    return at_a(hp_a, hp_b)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_duel_matches_its_exact_markov_chain(ruleset_id):
    exact = exact_first_wins(ruleset_id, 6, 6)
    tally = play_many(duel(ruleset_id), get(ruleset_id), seed=11, runs=600, choose=fixed)
    estimate = tally.chance(Side.PARTY)
    assert estimate.low <= float(exact) <= estimate.high, (float(exact), estimate)
    assert tally.chance(None).value == 0  # every duel ends well inside the round limit
    down = tally.chance_down("a")  # the party's only member is down exactly when it loses
    assert down.low <= float(1 - exact) <= down.high, (float(1 - exact), down)
    rounds = tally.expected_rounds()
    assert rounds.low <= float(exact_duel_rounds(ruleset_id, 6, 6)) <= rounds.high, (float(exact_duel_rounds(ruleset_id, 6, 6)), rounds)


def test_a_different_chain_of_rounds_is_told_apart():
    """The rounds comparison can fail: a 6-vs-6 duel does not last as long as a 12-vs-12 one."""
    rounds = play_many(duel("equestria"), get("equestria"), seed=11, runs=600, choose=fixed).expected_rounds()
    assert not rounds.low <= float(exact_duel_rounds("equestria", 12, 12)) <= rounds.high


def test_a_different_chain_is_told_apart():
    """The comparison can fail: the 6-vs-6 simulation does not match a 3-vs-9 chain."""
    exact = exact_first_wins("equestria", 3, 9)
    estimate = play_many(duel("equestria"), get("equestria"), seed=11, runs=600, choose=fixed).chance(Side.PARTY)
    assert not estimate.low <= float(exact) <= estimate.high


def test_the_same_seed_repeats_a_forecast_and_batches_add_up():
    state, ruleset = duel("srd35"), get("srd35")
    whole = play_many(state, ruleset, seed=5, runs=40, choose=fixed)
    assert play_many(state, ruleset, seed=5, runs=40, choose=fixed) == whole
    halves = play_many(state, ruleset, seed=5, runs=20, choose=fixed) + play_many(state, ruleset, seed=5, runs=20, first=20, choose=fixed)
    assert halves == whole


def test_playing_out_leaves_the_table_untouched():
    state = duel("equestria")
    ending = play_out(state, get("equestria"), random.Random(3), fixed)
    assert ending.winner in (Side.PARTY, Side.FOE) and state.round == 0 and state.combatant("b").hp == 6


def with_(state: EncounterState, cid: str, **changes) -> EncounterState:
    return state.replace_combatant(replace(state.combatant(cid), **changes))


def test_hold_never_moves():
    state = with_(with_(duel("equestria"), "b", position=(7, 2), tactics=Tactics(Plan.HOLD)), "a", tactics=Tactics(Plan.HOLD))
    ending = play_out(state, get("equestria"), random.Random(1), fixed, max_rounds=3)
    assert ending == Ending(None, frozenset(), 3)  # nobody moves, nobody reaches: undecided after 3 rounds


def test_flee_below_moves_away_instead_of_attacking():
    ruleset = get("equestria")
    state = with_(duel("equestria"), "a", hp=2, tactics=Tactics(Plan.FLEE, below=2))
    table = Encounter(state, ruleset, random.Random(1))
    table.apply(cmd.StartCombat())
    take_turn(table, "a", fixed)
    assert cells_apart(table.state.combatant("a"), table.state.combatant("b")) > 1 and table.state.combatant("b").hp == 6


def test_gm_tactics_make_the_fight_unforeseeable():
    state = with_(duel("equestria"), "b", tactics=Tactics(Plan.GM))
    assert unforeseeable(state) == ("Bob",)


@pytest.mark.parametrize("text", ["approach", "hold", "flee below 5", "focus Aria the Bold", "gm"])
def test_tactics_text_round_trips(text):
    assert to_text(tactics_from_text(text)) == text


@pytest.mark.parametrize("text", ["flee", "flee below -1", "dance", "focus", "x" * 81])
def test_bad_tactics_are_refused_with_a_reason(text):
    with pytest.raises(NotationError):
        tactics_from_text(text)


def test_wilson_interval_is_inside_zero_and_one_and_narrows():
    assert wilson(0, 10).low == 0 and wilson(10, 10).high == 1
    assert wilson(50, 100).half_width > wilson(500, 1000).half_width
    assert not Tally().settled() and Tally.of([Ending(Side.PARTY, frozenset(), 1)] * 2000).settled()


def exact_burning_first_wins(ruleset_id: str, hp_a: int, hp_b: int, level: int) -> Fraction:
    """As :func:`exact_first_wins`, with the first creature burning (TAC-EFF-1:
    ``level`` damage at the start of its turn, one more each turn after)."""
    ruleset = get(ruleset_id)
    state = duel(ruleset_id, hp_a, hp_b)
    sides = {}
    for attacker, target in (("a", "b"), ("b", "a")):
        odds = dict(attack_details(state, ruleset, fixed(state, ruleset, attacker, target))["odds"])
        damage = tier_damage(ruleset, state, attacker, target)
        sides[attacker] = [(p, damage.get(tier, 0)) for tier, p in odds.items() if p]

    @cache
    def a_to_act(a: int, b: int, burn: int) -> Fraction:
        """P(a wins) with a's turn about to start (it burns first)."""
        a -= burn
        if a <= 0:
            return Fraction(0)
        return sum((p * (Fraction(1) if b - d <= 0 else b_to_act(a, b - d, burn + 1)) for p, d in sides["a"]), Fraction(0))

    @cache
    def b_to_act(a: int, b: int, burn: int) -> Fraction:
        return sum((p * (Fraction(0) if a - d <= 0 else a_to_act(a - d, b, burn)) for p, d in sides["b"]), Fraction(0))

    return a_to_act(hp_a, hp_b, level)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_burning_duelist_matches_its_exact_chain(ruleset_id):
    """TAC-EFF-1 burning ticks at the start of its bearer's turn, one more each turn."""
    ruleset = get(ruleset_id)
    state = with_(duel(ruleset_id, 9, 6), "a", conditions=(Condition("burning", 1),))
    exact = exact_burning_first_wins(ruleset_id, 9, 6, 1)
    estimate = play_many(state, ruleset, seed=3, runs=600, choose=fixed).chance(Side.PARTY)
    assert estimate.low <= float(exact) <= estimate.high, (float(exact), estimate)


def test_a_creature_behind_full_cover_is_approached_not_waited_for():
    """EQ-COV-2: a target in full cover cannot be attacked; the attacker goes round to it."""
    grid = from_text("\n".join(["........", "...##...", "........", "........", "........"])).grid
    ruleset = get("equestria")
    stats = {name: 0 for name in ruleset.stat_names}
    a = Combatant("a", "Ann", Side.PARTY, dict(stats), 6, 6, position=(3, 0), initiative=20)
    b = Combatant("b", "Bob", Side.FOE, dict(stats), 6, 6, position=(3, 2), initiative=10, tactics=Tactics(Plan.HOLD))
    state = EncounterState("wall", grid, (a, b))
    assert play_out(state, ruleset, random.Random(1), fixed, max_rounds=8).winner is not None  # not undecided: Ann went round the wall


def test_focus_names_a_foe_in_the_fight():
    table = Encounter(duel("equestria"), get("equestria"), random.Random(1))
    with pytest.raises(IllegalCommand, match="no creature named 'Nobody'"):
        table.apply(SetTactics("b", "focus Nobody"))
    with pytest.raises(IllegalCommand, match="focuses on a foe"):
        table.apply(SetTactics("b", "focus Bob"))
    table.apply(SetTactics("b", "focus Ann"))
    assert table.state.combatant("b").tactics == Tactics(Plan.FOCUS, target="Ann")


def test_the_tracker_says_nothing_of_a_side_when_most_fights_are_undecided():
    from tui.forecast_runner import Reading

    undecided = Tally.of([Ending(None, frozenset(), 30)] * 60 + [Ending(Side.FOE, frozenset(), 3)] * 40)
    assert Reading(1, undecided, done=True).party_text() == "win ?"
    decided = Tally.of([Ending(Side.PARTY, frozenset(), 3)] * 3000 + [Ending(Side.FOE, frozenset(), 3)] * 1000)
    assert Reading(1, decided, done=True).party_text() == "win 75%"


def test_settled_needs_every_shown_interval_narrow():
    """Not only the winner: a party member's chance to go down at 50% needs more fights than a 90% win."""
    wins = [Ending(Side.PARTY, frozenset(), 3)] * 900 + [Ending(Side.FOE, frozenset({"a"}), 3)] * 100
    assert Tally.of(wins).settled()  # 90% (88-92%): within 3 points
    half_down = [Ending(Side.PARTY, frozenset({"b"}) if i % 2 else frozenset(), 3) for i in range(900)] + wins[900:]
    tally = Tally.of(half_down)
    assert tally.chance(Side.PARTY).half_width <= 0.03 < tally.chance_down("b").half_width and not tally.settled()
    spread_rounds = [Ending(Side.PARTY, frozenset(), 1 + 29 * (i % 2)) for i in range(2000)]
    assert Tally.of(spread_rounds).expected_rounds().half_width > 0.25 and not Tally.of(spread_rounds).settled()


def test_a_creature_hidden_from_the_players_fights_and_is_fought():
    """A try-out: ``H`` on a wolf turned the party's chance to "win ~0%":
    the party never attacked it. ``hidden`` keeps a token from the players'
    view only; the GM knows it is there, so the forecast plays it as seen."""
    seen = duel("equestria")
    hidden = with_(seen, "b", hidden=True)
    endings = [play_out(seen, get("equestria"), random.Random(seed), fixed) for seed in range(8)]
    assert [play_out(hidden, get("equestria"), random.Random(seed), fixed) for seed in range(8)] == endings
    assert any(ending.winner is Side.PARTY for ending in endings)  # Ann does fight Bob: the same dice, the same fights
