"""srd35's movement details: armour, load and speed bonuses
(SRD-MOV-13), bodies that are obstacles (SRD-MOV-15), attacks of
opportunity, the 5-ft step, Tumble and Overrun (SRD-MOV-16), squeezing
through a passage narrower than half one's space (SRD-MOV-17).

Handlers of :mod:`core.rulesets.srd35.commands`, plus :func:`provokers` (who gets an
attack of opportunity when a creature leaves squares), read by the srd35
ruleset after a move and in a move's preview. Numbers are settings of the
ruleset (``tumble_*``, ``overrun_*``, ``escape_artist_*``; DEFAULT d20 SRD).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from core.combat import commands as cmd
from core.rulesets.srd35 import commands as sc
from core.values import conditions as cond
from core.combat import events as ev
from core.board.battlefield import cells_apart, melee_reach
from core.dice.checks import CheckResult, Modifier, Tier
from core.values.combatant import Combatant, Side
from core.errors import IllegalCommand
from core.board.grid import Cell, as_cell
from core.values.mobility import MoveType, Size, footprint_offsets
from core.combat.economy import spend_kind
from core.combat.resolution import attack
from core.board.movement import find_path
from core.combat.move_options import move_options

if TYPE_CHECKING:
    from core.rulesets.srd35.movement import SrdMovement
    from core.combat.state import EncounterState, Table, TableView

Result = tuple[Any, tuple[ev.Event, ...]]
ARMOUR = ("", "light", "medium", "heavy")
LOADS = ("", "light", "medium", "heavy")
BODIES = ("", "obstacle", "fills")
AOO = "aoo"  # the srd35 action kind of an attack of opportunity


def _mark(who: Combatant, *marks: str) -> Combatant:
    kept = tuple(m for m in who.budget.marks if m not in marks)
    return replace(who, budget=replace(who.budget, marks=kept + marks))


def _allied(a: Combatant, b: Combatant) -> bool:
    return a.side is b.side and a.side is not Side.NEUTRAL


def _land(enc: Table, who: Combatant) -> str:
    feet, how = cast("SrdMovement", enc.ruleset.movement).land_speed(who)  # the srd35 ruleset's
    return f"land speed {feet} ft ({feet // enc.ruleset.settings.feet_per_square} squares): {how}"


# -- SRD-MOV-13 -------------------------------------------------------------------------
def set_burden(enc: Table, state: EncounterState, command: sc.SetBurden) -> Result:
    """SRD-MOV-13: set armour, load and speed bonuses; the log says the
    land speed they give. Refuses unknown words and bonuses outside 0..120 ft
    (0 removes that type); a bonus of a type already held keeps the larger
    (same-type bonuses do not stack). Takes effect from its next turn."""
    who = state.combatant(command.combatant)
    changes: dict[str, Any] = {}
    if command.armour is not None:
        if command.armour not in ARMOUR:
            raise IllegalCommand(f"armour is one of none, light, medium, heavy, not {command.armour!r}", "SRD-MOV-13")
        changes["armour_weight"] = command.armour
    if command.load is not None:
        if command.load not in LOADS:
            raise IllegalCommand(f"a load is light, medium or heavy, not {command.load!r}", "SRD-MOV-13")
        changes["load"] = command.load
    if command.bonuses is not None:
        bonuses = dict(who.speed_bonuses)
        for kind, feet in command.bonuses.items():
            if not kind.isalpha() or len(kind) > 20:
                raise IllegalCommand(f"a speed bonus type is one word (enhancement, barbarian, monk ...), not {kind!r}", "SRD-MOV-13")
            if isinstance(feet, bool) or not isinstance(feet, int) or not 0 <= feet <= 120:
                raise IllegalCommand(f"a speed bonus is 0..120 ft, not {feet!r}", "SRD-MOV-13")
            if feet == 0:
                bonuses.pop(kind.lower(), None)
            else:
                bonuses[kind.lower()] = max(feet, bonuses.get(kind.lower(), 0))
        changes["speed_bonuses"] = bonuses
    new = replace(who, **changes)
    if new == who:
        raise IllegalCommand("nothing to change", "SRD-MOV-13")
    words = f"armour {new.armour_weight or 'none'}, load {new.load or 'light'}"
    return state.replace_combatant(new), (ev.Maneuvered(who.id, who.name, "SRD-MOV-13", words, _land(enc, new)),)


def set_body(enc: Table, state: EncounterState, command: sc.SetBody) -> Result:
    """SRD-MOV-15 / -16: mark a body "obstacle", "fills" or neither."""
    who = state.combatant(command.combatant)
    if command.body not in BODIES:
        raise IllegalCommand(f"a body is 'obstacle', 'fills' or '' (neither), not {command.body!r}", "SRD-MOV-15")
    if who.body == command.body:
        raise IllegalCommand(f"{who.name}'s body is already {command.body or 'ordinary'}", "SRD-MOV-15")
    rule, words = {
        "obstacle": ("SRD-MOV-15", "helpless, each square of its body costs 2 to cross"),
        "fills": ("SRD-MOV-16", "it fills its squares: nobody tumbles through them"),
        "": ("SRD-MOV-15", "an ordinary body again"),
    }[command.body]
    return state.replace_combatant(replace(who, body=command.body)), (ev.Maneuvered(who.id, who.name, rule, "body marked", words),)


# -- SRD-MOV-16: attacks of opportunity -----------------------------------------------------
def threatens(settings: Any, attacker: Combatant, cells: Iterable[Cell]) -> bool:
    """Whether ``attacker`` threatens any of ``cells``: on the map, not
    helpless, within its melee reach (:func:`core.board.battlefield.melee_reach`:
    1 square = 5 ft for Small and Medium creatures, more for larger ones)."""
    if attacker.defeated or not attacker.cells:
        return False
    reach = melee_reach(settings, attacker)
    return any(max(abs(p[0] - q[0]), abs(p[1] - q[1])) <= reach for p in attacker.cells for q in cells)


def provokers(state: EncounterState, ruleset: Any, mover: Combatant, left: Sequence[Cell]) -> tuple[Combatant, ...]:
    """Rule SRD-MOV-16 (DEFAULT d20 SRD): the enemies of ``mover`` that
    threaten a square it leaves (``left``: anchors of its footprint, the
    start and every square of the path but the last); none while it
    tumbles. Each provokes once, however many squares it leaves."""
    if "tumbling" in mover.budget.marks or not left:
        return ()
    offsets = footprint_offsets((max(1, mover.space[0]), max(1, mover.space[1])))
    squares = {(x + dx, y + dy) for x, y in left for dx, dy in offsets}
    return tuple(
        other for other in state.combatants
        if other.id != mover.id and not _allied(mover, other) and other.layer is mover.layer
        and threatens(ruleset.settings, other, squares)
    )


def after_move(enc: Table, state: EncounterState, before: Combatant, path: Any) -> Result:
    """SRD-MOV-16: a move in combat that leaves threatened squares provokes;
    the mover's turn remembers from whom (its budget's ``provoked:<id>``
    marks) so each may take its attack of opportunity (an offer)."""
    if state.round <= 0 or before.position is None:
        return state, ()
    found = provokers(state, enc.ruleset, before, (before.position, *path.cells[:-1]))
    if not found:
        return state, ()
    mover = _mark(state.combatant(before.id), *(f"provoked:{o.id}" for o in found))
    names = ", ".join(o.name for o in found)
    event = ev.Maneuvered(mover.id, mover.name, "SRD-MOV-16", "leaves threatened squares", f"provokes attacks of opportunity from {names}")
    return state.replace_combatant(mover), (event,)


def opportunity_refusal(enc: TableView, state: EncounterState, attacker: Combatant, target: Combatant) -> str | None:
    """Why ``attacker`` cannot make an attack of opportunity on ``target``
    now, or ``None``: in combat, an enemy, its one a round left, and the
    target provoked it (left a square it threatens) or is within its reach."""
    if state.round <= 0:
        return "attacks of opportunity happen in combat"
    if attacker.id == target.id or _allied(attacker, target):
        return f"{attacker.name} and {target.name} are on the same side"
    if attacker.defeated:
        return f"{attacker.name} is helpless"
    if AOO not in attacker.budget.actions and state.round <= 1:
        return f"{attacker.name} has not had a turn yet: flat-footed, no attack of opportunity (DEFAULT d20 SRD)"
    if AOO in attacker.budget.actions and attacker.budget.left(AOO) <= 0:
        return f"{attacker.name} has no attack of opportunity left this round (SRD-MOV-16)"
    if f"provoked:{attacker.id}" not in target.budget.marks and not threatens(enc.ruleset.settings, attacker, target.cells):
        return f"{target.name} did not provoke {attacker.name} and is out of its reach (SRD-MOV-16)"
    return None


def opportunity_attack(enc: Table, state: EncounterState, command: sc.OpportunityAttack) -> Result:
    """SRD-MOV-16: spend the attacker's attack of opportunity (a reaction),
    then the attack (no standard action spent). A target that provoked and
    moved on out of reach is attacked where it is, as it left (logged)."""
    attacker, target = state.combatant(command.attack.attacker), state.combatant(command.attack.target)
    refusal = opportunity_refusal(enc, state, attacker, target)
    if refusal is not None:
        raise IllegalCommand(refusal, "SRD-MOV-16")
    if AOO not in attacker.budget.actions:  # a fight saved before attacks of opportunity were kept: its one this round
        state = state.replace_combatant(replace(attacker, budget=attacker.budget.grant(AOO, enc.ruleset.settings.opportunity_attacks)))
    state, spent = spend_kind(enc, state, attacker.id, AOO)
    provoked = f"provoked:{attacker.id}"
    moved_on = provoked in target.budget.marks and not threatens(enc.ruleset.settings, attacker, target.cells)
    target = replace(target, budget=replace(target.budget, marks=tuple(m for m in target.budget.marks if m != provoked)))
    state = state.replace_combatant(target)
    note = ev.Maneuvered(attacker.id, attacker.name, "SRD-MOV-16", "attack of opportunity",
                         "as it left a threatened square" if moved_on else "it threatens the target", None, target.id, target.name)
    state, events = attack(enc, state, replace(command.attack, spend_action=False, override=command.attack.override or moved_on))
    return state, (*spent, note, *events)


def step_refusal(who: Combatant) -> str | None:
    """Why ``who`` may take no 5-ft step this round (it already moved or
    stepped; rule SRD-MOV-9), or ``None``."""
    if who.budget.movement_max - who.budget.movement > 0 or "stepped" in who.budget.marks:
        return f"{who.name} already moved this round: no 5-ft step"
    return None


def five_foot_step(enc: Table, state: EncounterState, command: sc.FiveFootStep) -> Result:
    """SRD-MOV-9, -16: 1 square costing 1 (not into difficult terrain), only
    if it has not moved this round; it provokes nothing and ends its
    movement this round."""
    who = state.combatant(command.combatant)
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", "SRD-MOV-9")
    fighting = state.round > 0
    refusal = step_refusal(who) if fighting else None
    if refusal:
        raise IllegalCommand(refusal, "SRD-MOV-9")
    path = find_path(state.grid, enc.ruleset, who, state.combatants, as_cell(command.to), options=move_options(state, who, enc.ruleset))
    if len(path.cells) != 1 or path.cost != 1:
        raise IllegalCommand(f"a 5-ft step is 1 square costing 1; ({command.to[0]}, {command.to[1]}) costs {path.cost}", "SRD-MOV-9")
    moved = replace(who, position=path.cells[-1])
    if fighting:
        moved = _mark(replace(moved, budget=replace(moved.budget, movement=0)), "stepped")
    event = ev.Moved(who.id, who.name, who.position, path.cells, path.cost, moved.budget.movement)
    note = ev.Maneuvered(who.id, who.name, "SRD-MOV-16", "takes a 5-ft step", "provokes no attack of opportunity; no more movement this round")
    return state.replace_combatant(moved), (event, note)


def stand_up(enc: Table, state: EncounterState, command: sc.StandUp) -> Result:
    """RULES.md Revision 3 (DEFAULT, d20 SRD): standing up from prone is a
    move action; in combat it takes the move action and one move (its
    speed in squares) of movement. Refused when it is not prone."""
    who = state.combatant(command.combatant)
    if not any(c.name == "prone" for c in who.conditions):
        raise IllegalCommand(f"{who.name} is not prone", "SRD-MOV-9")
    events: list[ev.Event] = []
    if state.round > 0:
        state, spent = spend_kind(enc, state, who.id, "move")
        events.extend(spent)
        who = state.combatant(who.id)
        speed = enc.ruleset.movement.speed(who, MoveType.WALK)
        who = replace(who, budget=replace(who.budget, movement=max(0, who.budget.movement - speed)))
    who = replace(who, conditions=tuple(c for c in who.conditions if c.name != "prone"))
    events.append(ev.ConditionRemoved(who.id, who.name, "prone", "stood up: a move action (SRD-MOV-9, DEFAULT d20 SRD)"))
    return state.replace_combatant(who), tuple(events)


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
        if _allied(who, other) or other.defeated:
            raise IllegalCommand(f"{who.name} may pass {other.name}'s squares without tumbling (SRD-MOV-4)", "SRD-MOV-16")
        if other.body == "fills":
            raise IllegalCommand(f"{other.name} fills its squares: it cannot be passed even with Tumble", "SRD-MOV-16")
    dc = s.tumble_dc_through if other is not None else s.tumble_dc_threatened
    what = f"tumbles through {other.name}'s squares" if other is not None else "tumbles past threatened squares"
    check = _check(enc, who, s.tumble_stat, command.bonus, dc, f"Tumble, DC {dc} (SRD-MOV-16)", "SRD-MOV-16")
    events: list[ev.Event] = [ev.CheckRolled(who.id, who.name, s.tumble_stat, check, state.round, state.current)]
    if check.tier.succeeded:
        marks = ("tumbling",) + ((f"pass:{other.id}",) if other is not None else ())
        state = state.replace_combatant(_mark(who, *marks))
        outcome = "moves on at half speed this turn, provoking no attacks of opportunity"
    elif other is not None:
        state = state.replace_combatant(_mark(who, f"provoked:{other.id}"))
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
    if a.id == d.id or _allied(a, d):
        raise IllegalCommand(f"{a.name} may pass {d.name}'s squares without an overrun (SRD-MOV-4)", "SRD-MOV-16")
    if d.defeated:
        raise IllegalCommand(f"{d.name} is helpless: move through it (SRD-MOV-4)", "SRD-MOV-16")
    if d.size.step - a.size.step > s.overrun_max_larger:
        raise IllegalCommand(f"{d.name} is too big for {a.name} to overrun", "SRD-MOV-16")
    if cells_apart(a, d) != 1:
        raise IllegalCommand(f"{a.name} must be next to {d.name} to overrun it", "SRD-MOV-16")
    events: list[ev.Event] = []
    if state.round > 0:
        state, spent = spend_kind(enc, state, a.id, s.overrun_kind)
        events.extend(spent)
        a = state.combatant(a.id)
    if command.avoid:
        state = state.replace_combatant(_mark(a, f"pass:{d.id}"))
        events.append(ev.Maneuvered(a.id, a.name, "SRD-MOV-16", "overruns", f"{d.name} lets it pass", None, d.id, d.name))
        return state, tuple(events)
    a_mod = a.stat(s.overrun_stat) + _size_bonus(s, a) + command.attacker_bonus
    d_mod = max(d.stat(x) for x in s.overrun_defence_stats) + _size_bonus(s, d) + command.defender_bonus
    won, rolled = _opposed(enc, a, a_mod, d, d_mod, "overrun (SRD-MOV-16)")
    events.extend(rolled)
    prone = cond.Condition("prone", source="overrun (SRD-MOV-16)")
    if won:
        state = state.replace_combatant(replace(d, conditions=_unprone(d) + (prone,)))
        state = state.replace_combatant(_mark(state.combatant(a.id), f"pass:{d.id}"))
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
    sc.SetBurden: set_burden,
    sc.SetBody: set_body,
    sc.OpportunityAttack: opportunity_attack,
    sc.FiveFootStep: five_foot_step,
    sc.StandUp: stand_up,
    sc.Tumble: tumble,
    sc.Overrun: overrun,
    sc.EscapeArtist: escape_artist,
}
