"""Passing others' squares in srd35: Tumble and Overrun (SRD-MOV-16,
DEFAULT d20 SRD), and squeezing through a passage narrower than half one's
space (SRD-MOV-17: the shape a wide creature takes, the Escape Artist check).

Handlers of :mod:`core.rulesets.srd35.commands` (``Tumble``, ``Overrun``,
``EscapeArtist``), plus :func:`squeeze_shape`, read by the srd35 ruleset.
Numbers are settings of the ruleset (``tumble_*``, ``overrun_*``,
``escape_artist_*``; DEFAULT d20 SRD).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.rulesets.srd35 import commands as sc
from core.rulesets.srd35.maneuvers import allied, marked
from core.values import conditions as cond
from core.combat import events as ev
from core.board.battlefield import cells_apart
from core.dice.checks import CheckResult, Modifier, Tier
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.values.mobility import Size
from core.combat.economy import spend_kind

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


# -- SRD-MOV-16: Tumble and Overrun (DEFAULT d20 SRD) -----------------------------------------
def _check(enc: Table, who: Combatant, stat: str, bonus: int, difficulty: int, purpose: str, rule: str) -> CheckResult:
    extra = (Modifier(bonus, "ranks and bonuses", rule),) if bonus else ()
    return enc.ruleset.roll_check(enc.rng, who.stat(stat), difficulty, modifiers=extra, purpose=purpose)


def tumble(enc: Table, state: EncounterState, command: sc.Tumble) -> Result:
    """SRD-MOV-16 (DEFAULT d20 SRD Tumble): a check against
    ``tumble_dc_threatened`` (15): success moves on this turn at half speed
    without provoking; against ``tumble_dc_through`` (25) with ``through``:
    success may also pass that enemy's squares, failure stops before them
    and provokes it. A body that fills its squares cannot be tumbled through."""
    s = enc.ruleset.settings
    who = state.combatant(command.combatant)
    if state.round <= 0:
        raise IllegalCommand("Tumble is for moving in combat", "SRD-MOV-16")
    other = state.combatant(command.through) if command.through else None
    if other is not None:
        if allied(who, other) or other.defeated:
            raise IllegalCommand(f"{who.name} may pass {other.name}'s squares without tumbling (SRD-MOV-4)", "SRD-MOV-16")
        if other.body == "fills":
            raise IllegalCommand(f"{other.name} fills its squares: it cannot be passed even with Tumble", "SRD-MOV-16")
    dc = s.tumble_dc_through if other is not None else s.tumble_dc_threatened
    what = f"tumbles through {other.name}'s squares" if other is not None else "tumbles past threatened squares"
    check = _check(enc, who, s.tumble_stat, command.bonus, dc, f"Tumble, DC {dc} (SRD-MOV-16)", "SRD-MOV-16")
    events: list[ev.Event] = [ev.CheckRolled(who.id, who.name, s.tumble_stat, check, state.round, state.current)]
    if check.tier.succeeded:
        marks = ("tumbling",) + ((f"pass:{other.id}",) if other is not None else ())
        state = state.replace_combatant(marked(who, *marks))
        outcome = "moves on at half speed this turn, provoking no attacks of opportunity"
    elif other is not None:
        state = state.replace_combatant(marked(who, f"provoked:{other.id}"))
        outcome = f"stops before {other.name}'s squares and provokes it"
    else:
        outcome = "moves on as usual and provokes as usual"
    events.append(ev.Maneuvered(who.id, who.name, "SRD-MOV-16", what, outcome, check, other.id if other else "", other.name if other else ""))
    return state, tuple(events)


def _unprone(who: Combatant) -> tuple[cond.Condition, ...]:
    return tuple(c for c in who.conditions if c.name != "prone")


def _size_bonus(s: Any, who: Combatant) -> int:
    return s.overrun_size_bonus * (who.size.step - Size.MEDIUM.step)


def _opposed(enc: Table, a: Combatant, a_mod: int, b: Combatant, b_mod: int, purpose: str) -> tuple[bool, list[ev.Event]]:
    """Opposed d20 checks: the higher total wins; a tie goes to the higher
    modifier, an equal one is rolled again (d20 SRD). Returns (a won, events)."""
    events: list[ev.Event] = []
    won = False
    for _ in range(20):
        ra = enc.ruleset.roll_check(enc.rng, a_mod, 0, purpose=purpose)
        rb = enc.ruleset.roll_check(enc.rng, b_mod, 0, purpose=purpose)
        decided = ra.total != rb.total or a_mod != b_mod
        won = ra.total > rb.total if ra.total != rb.total else a_mod > b_mod
        for who, mine, theirs, ahead in ((a, ra, rb, won), (b, rb, ra, not won)):  # each shown against the other's total
            tier = (Tier.SUCCESS if ahead else Tier.FAILURE) if decided else Tier.FAILURE
            events.append(ev.CheckRolled(who.id, who.name, "opposed", replace(mine, difficulty=theirs.total, tier=tier)))
        if decided:
            return won, events
    return False, events


def overrun(enc: Table, state: EncounterState, command: sc.Overrun) -> Result:
    """SRD-MOV-16 (DEFAULT d20 SRD Overrun): a standard action
    (``overrun_kind``) during a move into an adjacent enemy at most
    ``overrun_max_larger`` size larger. The defender may let it pass;
    else attacker ``overrun_stat`` + 4 per size above Medium (-4 below)
    against the defender's best of ``overrun_defence_stats`` + size: a win
    knocks the defender prone and lets the attacker pass it this turn; a
    loss lets the defender try to knock the attacker prone the same way."""
    s = enc.ruleset.settings
    a, d = state.combatant(command.attacker), state.combatant(command.defender)
    if a.id == d.id or allied(a, d):
        raise IllegalCommand(f"{a.name} may pass {d.name}'s squares without an overrun (SRD-MOV-4)", "SRD-MOV-16")
    if d.defeated:
        raise IllegalCommand(f"{d.name} is helpless: move through it (SRD-MOV-4)", "SRD-MOV-16")
    if d.size.step - a.size.step > s.overrun_max_larger:
        raise IllegalCommand(f"{d.name} is too big for {a.name} to overrun", "SRD-MOV-16")
    if cells_apart(a, d) != 1:
        raise IllegalCommand(f"{a.name} must be next to {d.name} to overrun it", "SRD-MOV-16")
    events: list[ev.Event] = []
    if state.round > 0:
        moving = a.budget.movement
        state, spent = spend_kind(enc, state, a.id, s.overrun_kind)
        events.extend(spent)
        a = state.combatant(a.id)
        a = replace(a, budget=replace(a.budget, movement=moving))  # d20 SRD: taken during the move, which goes on (SRD-MOV-9)
        state = state.replace_combatant(a)
    if command.avoid:
        state = state.replace_combatant(marked(a, f"pass:{d.id}"))
        events.append(ev.Maneuvered(a.id, a.name, "SRD-MOV-16", "overruns", f"{d.name} lets it pass", None, d.id, d.name))
        return state, tuple(events)
    a_mod = a.stat(s.overrun_stat) + _size_bonus(s, a) + command.attacker_bonus
    d_mod = max(d.stat(x) for x in s.overrun_defence_stats) + _size_bonus(s, d) + command.defender_bonus
    won, rolled = _opposed(enc, a, a_mod, d, d_mod, "overrun (SRD-MOV-16)")
    events.extend(rolled)
    prone = cond.Condition("prone", source="overrun (SRD-MOV-16)")
    if won:
        state = state.replace_combatant(replace(d, conditions=_unprone(d) + (prone,)))
        state = state.replace_combatant(marked(state.combatant(a.id), f"pass:{d.id}"))
        outcome = f"knocks {d.name} prone and may move through its squares"
    else:
        back = max(a.stat(x) for x in s.overrun_defence_stats) + _size_bonus(s, a)
        countered, rolled = _opposed(enc, d, d.stat(s.overrun_stat) + _size_bonus(s, d), a, back, "overrun: the defender's reply (SRD-MOV-16)")
        events.extend(rolled)
        if countered:
            a = state.combatant(a.id)
            state = state.replace_combatant(replace(a, conditions=_unprone(a) + (prone,)))
            outcome = f"{d.name} holds and knocks {a.name} prone"
        else:
            outcome = f"{d.name} holds; {a.name} stays where it is"
    events.append(ev.Maneuvered(a.id, a.name, "SRD-MOV-16", "overruns", outcome, None, d.id, d.name))
    return state, tuple(events)


# -- SRD-MOV-17 ---------------------------------------------------------------------------------
SHAPED = "a 1-square passage (SRD-MOV-17)"


def squeeze_shape(state: EncounterState, who: Combatant, command: cmd.Squeeze) -> tuple[Combatant, str]:
    """SRD-MOV-17: ``who`` with the space it takes squeezing (and the
    condition's source). Into a passage running ``along`` "ns" or "ew" a
    creature wider than 1 square takes half its width across it, rounded
    up (Large 2x2 -> 1x2, Huge 3x3 -> 2x3), anchored where it is; stopping
    gives back its full space, refused where that has no room."""
    if command.on:
        if not command.along:
            return who, "a narrow space (SRD-MOV-8)"
        if command.along not in ("ns", "ew"):
            raise IllegalCommand(f"a passage runs ns or ew, not {command.along!r}", "SRD-MOV-17")
        w, h = who.space
        shape = (-(-w // 2), h) if command.along == "ns" else (w, -(-h // 2))
        if shape == (w, h):
            raise IllegalCommand(f"{who.name} already fits a 1-square passage", "SRD-MOV-17")
        return replace(who, footprint=shape), SHAPED
    if not any(c.name == "squeezing" and c.source == SHAPED for c in who.conditions):
        return who, ""
    full = replace(who, footprint=None)
    others = {p for c in state.combatants if c.id != who.id and not c.defeated and c.layer is who.layer for p in c.cells}
    for spot in full.cells:
        if not state.grid.contains(spot) or state.grid.terrain(spot).blocks_movement or spot in others:
            raise IllegalCommand(f"no room for {who.name}'s full space here: it keeps squeezing", "SRD-MOV-17")
    return full, ""


def escape_artist(enc: Table, state: EncounterState, command: sc.EscapeArtist) -> Result:
    """SRD-MOV-17: an Escape Artist check (``escape_artist_stat`` + bonus
    against ``escape_artist_dc``, DEFAULT 30, d20 SRD) to squeeze through a
    passage narrower than half its space; success adds "squeezing tightly"
    (and "squeezing": squares cost 2, -4 AC) with no attacks and no DEX to AC."""
    s = enc.ruleset.settings
    who = state.combatant(command.combatant)
    if "squeezing tightly" in cond.levels(who.conditions):
        raise IllegalCommand(f"{who.name} is already squeezing tightly", "SRD-MOV-17")
    check = _check(enc, who, s.escape_artist_stat, command.bonus, s.escape_artist_dc, f"Escape Artist, DC {s.escape_artist_dc} (SRD-MOV-17)", "SRD-MOV-17")
    events: list[ev.Event] = [ev.CheckRolled(who.id, who.name, s.escape_artist_stat, check, state.round, state.current)]
    if check.tier.succeeded:
        added = tuple(cond.Condition(n, source="a passage narrower than half its space (SRD-MOV-17)")
                      for n in ("squeezing", "squeezing tightly") if n not in cond.levels(who.conditions))
        state = state.replace_combatant(replace(who, conditions=who.conditions + added))
        outcome = "squeezes through: squares cost 2, no attacks, -4 AC, no DEX to AC"
    else:
        outcome = "cannot squeeze through"
    events.append(ev.Maneuvered(who.id, who.name, "SRD-MOV-17", "squeezes through a passage narrower than half its space", outcome, check))
    return state, tuple(events)


HANDLERS = {
    sc.Tumble: tumble,
    sc.Overrun: overrun,
    sc.EscapeArtist: escape_artist,
}
