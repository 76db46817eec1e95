"""Hypothesis properties: unique initiatives (EQ-INIT-2..5), HP
bounds, every living combatant once per round (EQ-INIT-6)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.combat.damage import DamagePart, DamageType
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import RulesError
from core.combat.turns import takes_turn
from core.board.grid import from_text
from core.rulesets import get

GRID = from_text(seed_map_text()).grid
RULESETS = st.sampled_from(["equestria", "tactical_d10", "srd35", "power_roll"])


def start(ruleset: str, dexes: list[int], seed: int) -> Encounter:
    people = tuple(
        Combatant(f"c{i}", f"C{i}", Side.PARTY if i % 2 else Side.FOE, {"DEX": d, "BODY": d, "AGILITY": d}, 10, 10)
        for i, d in enumerate(dexes)
    )
    enc = Encounter(EncounterState("p", GRID, people), get(ruleset), random.Random(seed))
    enc.apply(cmd.StartCombat())
    return enc


OPS = st.lists(
    st.tuples(st.sampled_from(["next", "add", "summon", "value", "remove", "kill", "heal", "delay"]), st.integers(0, 30)),
    max_size=40,
)


def _apply(enc: Encounter, op: str, n: int, counter: list[int]):
    ids = [c.id for c in enc.state.combatants]
    pick = ids[n % len(ids)] if ids else None
    counter[0] += 1
    new = Combatant(f"n{counter[0]}", f"N{counter[0]}", Side.FOE, {"DEX": n % 5}, 5, 5)
    commands = {
        "next": cmd.NextTurn(),
        "add": cmd.AddCombatant(new, roll_initiative=True),
        "summon": cmd.AddCombatant(new, summoner=pick) if pick else cmd.NextTurn(),
        "value": cmd.SetInitiative(pick, n) if pick else cmd.NextTurn(),
        "remove": cmd.RemoveCombatant(pick) if pick and len(ids) > 1 else cmd.NextTurn(),
        "kill": cmd.Damage(pick, 99) if pick else cmd.NextTurn(),
        "heal": cmd.Heal(pick, n) if pick else cmd.NextTurn(),
        "delay": cmd.DelayTurn(enc.state.current or "", pick or ""),
    }
    try:
        return enc.apply(commands[op])
    except RulesError:
        return ()


@settings(max_examples=60, deadline=None)
@given(RULESETS, st.lists(st.integers(-2, 2), min_size=2, max_size=8), st.integers(0, 10**6), OPS)
def test_initiatives_stay_unique_under_adds_removes_ties_summons(ruleset, dexes, seed, ops):
    enc = start(ruleset, dexes, seed)
    counter = [0]
    for op, n in ops:
        _apply(enc, op, n, counter)
        values = [c.initiative for c in enc.state.combatants if c.initiative is not None]
        assert len(values) == len(set(values))


@settings(max_examples=60, deadline=None)
@given(RULESETS, st.lists(st.tuples(st.sampled_from(["dmg", "typed", "heal", "temp", "revive"]), st.integers(0, 25)), max_size=30))
def test_hp_stays_within_bounds(ruleset, ops):
    target = Combatant("t", "T", Side.FOE, {}, 12, 12, armour={"any": 2}, resistances=("fire",))
    enc = Encounter(EncounterState("p", GRID, (target,)), get(ruleset), random.Random(0))
    for op, n in ops:
        command = {
            "dmg": cmd.Damage("t", n),
            "typed": cmd.DealDamage("t", (DamagePart(n, DamageType.FIRE), DamagePart(n // 2, DamageType.SLASHING))),
            "heal": cmd.Heal("t", n),
            "temp": cmd.GrantTemporaryHitPoints("t", n),
            "revive": cmd.Revive("t", max(1, n % 12)),
        }[op]
        try:
            enc.apply(command)
        except RulesError:
            pass
        t = enc.state.combatant("t")
        assert 0 <= t.hp <= t.hp_max and t.hp_temp >= 0
        assert not t.dead or t.hp == 0


@settings(max_examples=80, deadline=None)
@given(RULESETS, st.lists(st.integers(-2, 2), min_size=2, max_size=7), st.integers(0, 10**6), OPS)
def test_turn_order_visits_every_living_combatant_once_per_round(ruleset, dexes, seed, ops):
    """Within a round nobody starts two turns, and everyone alive, present and
    unmoved for the whole round (no reorder) gets exactly one."""
    enc = start(ruleset, dexes, seed)
    counter = [0]
    round_no = enc.state.round
    at_start = {c.id for c in enc.state.combatants if takes_turn(enc, enc.state, c)}
    seen = [enc.state.current]
    touched: set[str] = set()
    for op, n in ops + [("next", 0)] * 20:
        if op in ("value", "delay"):
            op = "next"  # hand reorders are excluded from the 'everyone once' count
        events = _apply(enc, op, n, counter)
        for e in events:
            if isinstance(e, (ev.CombatantRemoved, ev.Defeated, ev.Died)):
                touched.add(e.combatant)
            if isinstance(e, ev.HitPointsChanged) and e.delta > 0:
                touched.add(e.combatant)
        if enc.state.round != round_no:
            first = seen
            assert len(first) == len(set(first)), f"repeated turn in round {round_no}: {first}"
            alive_all_round = {i for i in at_start if i not in touched and any(c.id == i and takes_turn(enc, enc.state, c) for c in enc.state.combatants)}
            assert alive_all_round <= set(first), f"skipped in round {round_no}: {alive_all_round - set(first)}"
            round_no = enc.state.round
            at_start = {c.id for c in enc.state.combatants if takes_turn(enc, enc.state, c)}
            touched = set()
            seen = [enc.state.current]
        else:
            new = [e.combatant for e in events if isinstance(e, ev.TurnStarted)]
            seen.extend(new)
        if not enc.state.current:
            break
