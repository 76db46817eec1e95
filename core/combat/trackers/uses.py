"""Limited uses of a creature's abilities (see :mod:`core.values.trackers`).

An ability has uses per encounter, per day or per round, or one that
recharges on a die (``recharge 5-6``: 1d6 at the start of its bearer's
turn, 5 or 6 brings it back). Spending, restoring, adding and removing are
commands (logged, undoable); the turn hook :func:`start_of_turn` refills
per-round uses and rolls recharges (with the injected ``rng``, logged with
the die), and :mod:`core.combat.boundary` records it so ``p`` gives it back.
Per-encounter uses come back when the fight ends (DEFAULT); per-day ones
only when the GM restores them (a rest). Handlers are
``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.values import limits as lim
from core.combat.command_base import Command
from core.combat.event_base import Event
from core.errors import IllegalCommand
from core.combat.trackers.events import UseAdded, UseChanged, UseRecharged, UseRemoved
from core.values.trackers import MAX_TEXT, MAX_TRACKED, MAX_USES, LimitedUse, Per
from core.dice.rolls import roll

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.values.combatant import Combatant
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[Event, ...]]
MAX_RECHARGE_DIE = 100
"""Faces of a recharge die."""


@dataclass(frozen=True)
class AddUse(Command):
    """Give ``combatant`` ability ``name`` (1..80 characters, new to it)
    with ``uses_max`` uses (1..99), all left, coming back ``per``; for
    ``RECHARGE`` a ``recharge_die`` (2..100 faces) and the range
    ``recharge_low``..``recharge_high`` on it. Raises :class:`IllegalCommand`
    (0 uses, a range outside the die...)."""

    combatant: str
    name: str
    per: Per
    uses_max: int = 1
    recharge_die: int = 0
    recharge_low: int = 0
    recharge_high: int = 0


@dataclass(frozen=True)
class SpendUse(Command):
    """``combatant`` spends ``count`` uses of ability ``name``; refused when fewer are left."""

    combatant: str
    name: str
    count: int = 1


@dataclass(frozen=True)
class RestoreUse(Command):
    """Give back ``count`` uses of ability ``name`` (``None``: all), never above its maximum."""

    combatant: str
    name: str
    count: int | None = None


@dataclass(frozen=True)
class RemoveUse(Command):
    """Take ability ``name`` off ``combatant``'s limited uses."""

    combatant: str
    name: str


def find(creature: Combatant, name: str) -> LimitedUse:
    """The ability ``name`` of ``creature`` (any case); raises :class:`IllegalCommand`."""
    found = next((u for u in creature.uses if u.name.casefold() == name.strip().casefold()), None)
    if found is None:
        have = ", ".join(u.name for u in creature.uses) or "none"
        raise IllegalCommand(f"{creature.name} has no limited use {name!r} (it has: {have})")
    return found


def _swap(state: EncounterState, creature: Combatant, use: LimitedUse) -> EncounterState:
    return state.replace_combatant(replace(creature, uses=tuple(use if u.name == use.name else u for u in creature.uses)))


def check_use(command: AddUse) -> LimitedUse:
    """The :class:`LimitedUse` ``command`` adds, all uses left; raises
    :class:`IllegalCommand` for a bad name, count or recharge range."""
    name = " ".join(command.name.split())
    if not name:
        raise IllegalCommand("name the ability, e.g. 'Fire Breath'")
    if len(name) > MAX_TEXT or any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise IllegalCommand(f"an ability's name has 1 to {MAX_TEXT} printable characters")
    if not 1 <= command.uses_max <= MAX_USES:
        raise IllegalCommand(f"an ability has 1 to {MAX_USES} uses, not {command.uses_max}")
    die, low, high = command.recharge_die, command.recharge_low, command.recharge_high
    if command.per is Per.RECHARGE:
        if not 2 <= die <= MAX_RECHARGE_DIE:
            raise IllegalCommand(f"a recharge die has 2 to {MAX_RECHARGE_DIE} faces, not {die}")
        if not 1 <= low <= high <= die:
            raise IllegalCommand(f"recharge {low}-{high} is outside 1d{die}: the range must lie within 1-{die}, low to high")
    elif die or low or high:
        raise IllegalCommand(f"only a recharge ability has a recharge die (this one comes back per {command.per.value})")
    return LimitedUse(name, command.per, command.uses_max, command.uses_max, die, low, high)


def add(enc: Table, state: EncounterState, command: AddUse) -> Result:
    creature = state.combatant(command.combatant)
    use = check_use(command)
    if any(u.name.casefold() == use.name.casefold() for u in creature.uses):
        raise IllegalCommand(f"{creature.name} already has {use.name}: remove it first to change it")
    if len(creature.uses) >= MAX_TRACKED:
        raise IllegalCommand(f"{creature.name} already has {MAX_TRACKED} limited uses")
    state = state.replace_combatant(replace(creature, uses=creature.uses + (use,)))
    return state, (UseAdded(creature.id, creature.name, use),)


def spend(enc: Table, state: EncounterState, command: SpendUse) -> Result:
    creature = state.combatant(command.combatant)
    use = find(creature, command.name)
    if not 1 <= command.count <= MAX_USES:
        raise IllegalCommand(f"spend 1 to {MAX_USES} uses, not {command.count}")
    if use.uses < command.count:
        left = "no uses left" if use.uses == 0 else f"only {use.uses} use{'s' if use.uses != 1 else ''} left"
        raise IllegalCommand(f"{use.name} of {creature.name} has {left} ({use.summary})")
    spent = replace(use, uses=use.uses - command.count)
    return _swap(state, creature, spent), (UseChanged(creature.id, creature.name, spent, -command.count, "spent"),)


def restore(enc: Table, state: EncounterState, command: RestoreUse) -> Result:
    creature = state.combatant(command.combatant)
    use = find(creature, command.name)
    if command.count is not None and not 1 <= command.count <= MAX_USES:
        raise IllegalCommand(f"restore 1 to {MAX_USES} uses, not {command.count}")
    if use.uses >= use.uses_max:
        raise IllegalCommand(f"{use.name} of {creature.name} has every use left ({use.summary})")
    back = replace(use, uses=use.uses_max if command.count is None else min(use.uses_max, use.uses + command.count))
    return _swap(state, creature, back), (UseChanged(creature.id, creature.name, back, back.uses - use.uses, "restored by the GM"),)


def remove(enc: Table, state: EncounterState, command: RemoveUse) -> Result:
    creature = state.combatant(command.combatant)
    use = find(creature, command.name)
    state = state.replace_combatant(replace(creature, uses=tuple(u for u in creature.uses if u.name != use.name)))
    return state, (UseRemoved(creature.id, creature.name, use),)


def start_of_turn(state: EncounterState, creature_id: str, rng: random.Random) -> Result:
    """At the start of ``creature_id``'s turn: per-round uses come back
    (DEFAULT) and each spent recharge ability rolls its die (logged)."""
    creature = state.combatant(creature_id)
    if not creature.uses:
        return state, ()
    events: list[Event] = []
    after: list[LimitedUse] = []
    for use in creature.uses:
        if use.uses < use.uses_max and use.per is Per.ROUND:
            back = replace(use, uses=use.uses_max)
            events.append(UseChanged(creature.id, creature.name, back, back.uses - use.uses, "a new round"))
            use = back
        elif use.uses < use.uses_max and use.per is Per.RECHARGE:
            die = roll(f"1d{use.recharge_die}", rng)
            recharged = use.recharge_low <= die.total <= use.recharge_high
            if recharged:
                use = replace(use, uses=use.uses_max)
            events.append(UseRecharged(creature.id, creature.name, use, die, recharged))
        after.append(use)
    return state.replace_combatant(replace(creature, uses=tuple(after))), tuple(events)


def refilled(creature: Combatant) -> tuple[Combatant, tuple[Event, ...]]:
    """``creature`` with every per-encounter use back (DEFAULT: when a fight
    ends, is finished, or the creature joins a new encounter) and the
    :class:`UseChanged` events saying so; the same object when none was spent."""
    if not any(u.per is Per.ENCOUNTER and u.uses < u.uses_max for u in creature.uses):
        return creature, ()
    events: list[Event] = []
    after = []
    for use in creature.uses:
        if use.per is Per.ENCOUNTER and use.uses < use.uses_max:
            back = replace(use, uses=use.uses_max)
            events.append(UseChanged(creature.id, creature.name, back, back.uses - use.uses, "the fight ended"))
            use = back
        after.append(use)
    return replace(creature, uses=tuple(after)), tuple(events)


def end_of_fight(state: EncounterState) -> Result:
    """Per-encounter uses come back when the fight ends (DEFAULT)."""
    events: list[Event] = []
    for creature in state.combatants:
        after, back = refilled(creature)
        if back:
            state = state.replace_combatant(after)
            events.extend(back)
    return state, tuple(events)


_PER_WORDS = {"encounter": Per.ENCOUNTER, "fight": Per.ENCOUNTER, "combat": Per.ENCOUNTER, "day": Per.DAY, "rest": Per.DAY, "round": Per.ROUND}


def parse_use(combatant: str, text: str) -> AddUse:
    """Read ``NAME N/day``, ``NAME N/encounter``, ``NAME N/round`` or
    ``NAME recharge LOW[-HIGH] [on 1dN|dN]`` (die 1d6 when not given; a lone
    LOW means LOW up to the die; ``N/`` before ``recharge`` for several
    uses) into an :class:`AddUse`; raises
    :class:`~core.dice.notation.NotationError` for what it cannot read (values
    are checked when applied)."""
    from core.dice.notation import NotationError

    words = text.split()
    lowered = [w.lower() for w in words]
    if "recharge" in lowered:
        at = lowered.index("recharge")
        name_words, rest = words[:at], lowered[at + 1:]
        count = 1
        if name_words and name_words[-1].endswith("/") and lim.is_whole(name_words[-1][:-1]):
            count = int(name_words.pop()[:-1])
        if not rest:
            raise NotationError("after 'recharge' type the range, e.g. 'recharge 5-6'")
        span, die_words = rest[0], [w for w in rest[1:] if w != "on"]
        die = 6
        if die_words:
            face = die_words[0].removeprefix("1d").removeprefix("d")
            if len(die_words) > 1 or not lim.is_whole(face):
                raise NotationError(f"read the die as '1d6' or 'd6', not {' '.join(die_words)!r}")
            die = int(face)
        low_text, _, high_text = span.partition("-")
        if not lim.is_whole(low_text) or (high_text and not lim.is_whole(high_text)):
            raise NotationError(f"read the range as 'LOW-HIGH' (5-6) or 'LOW' (6), not {span!r}")
        low = int(low_text)
        high = int(high_text) if high_text else die
        return AddUse(combatant, " ".join(name_words), Per.RECHARGE, count, die, low, high)
    if not words or "/" not in words[-1]:
        raise NotationError("end with N/day, N/encounter, N/round or 'recharge 5-6', e.g. 'Fire Breath recharge 5-6'")
    count_text, _, per_text = lowered[-1].partition("/")
    per = _PER_WORDS.get(per_text)
    if per is None or not lim.is_whole(count_text):
        raise NotationError(f"read {words[-1]!r} as N/day, N/encounter or N/round")
    return AddUse(combatant, " ".join(words[:-1]), per, int(count_text))


HANDLERS = {AddUse: add, SpendUse: spend, RestoreUse: restore, RemoveUse: remove}
