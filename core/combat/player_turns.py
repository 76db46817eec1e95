"""What players do from their own terminals, as commands of the encounter.

A player's request reaches the encounter through the GM's process as the
same commands the GM's keys make (an attack, a move, a check, the end of a
turn), committed as one step after a :class:`PlayerActs`, which changes
nothing and logs who acted (the player, the character, approved by the GM
or trusted), so that every line of the step is said to be that player's
and the GM undoes it as one; ``typed``: the faces of physical dice the
player typed (house rule ``physical_dice``), logged "as typed".
:class:`RollOwnInitiative` rolls one creature's initiative when its player
is asked to (EQ-INIT-1; unique among those held, EQ-INIT-2).
:class:`AskCheck` is the GM asking a character's player for a check
(EQ-CHK-1) out of its turn: a mark ``asked:<stat>[:<difficulty>]`` on its
budget (:func:`asked_checks`), shown in that player's view, which
:class:`AnswerAsk` takes away once the player rolls it (its turn's new
budget takes it away too: on its own turn it may roll any check).
:class:`AskInitiative` is the GM asking the players of every party member
without an initiative to roll it themselves before combat starts
(EQ-INIT-1): a mark :data:`ASKED_INITIATIVE` on each one's budget
(:func:`initiative_asked`), taken away when it rolls; the GM's start of
combat rolls for whoever has not answered, so no player holds up the table.
Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.combat.commands import Command
from core.combat.event_base import Event
from core.combat.initiative import roll_initiatives
from core.errors import IllegalCommand
from core.values.combatant import Side

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[Event, ...]]


@dataclass(frozen=True)
class PlayerActs(Command):
    """``player`` (the name the GM invited) acts as ``character`` (a
    combatant id): ``what`` it asked, in words; ``approved``: the GM said
    yes (``False``: the table trusts its players). Changes nothing."""

    player: str
    character: str
    what: str
    approved: bool = True
    typed: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerActed(Event):
    """The log line before a player's action: who asked, for whom, how it
    was let through; ``typed``: the physical dice's faces the player typed
    and the GM's process used, in order (empty: the GM's process rolled)."""

    player: str
    combatant: str
    name: str
    what: str
    approved: bool
    typed: tuple[int, ...] = ()


ASKED_INITIATIVE = "asked-initiative"
"""The budget mark of a party member whose player is asked to roll its own initiative."""
ASKED = "asked:"
"""The budget mark of a check the GM asked for: ``asked:<stat>`` or ``asked:<stat>:<difficulty>``."""


@dataclass(frozen=True)
class AskCheck(Command):
    """The GM asks ``combatant``'s player for a ``stat`` check (EQ-CHK-1)
    against ``difficulty`` (``None``: the ruleset's); its player may roll
    it out of its turn. Refused for a stat it does not have."""

    combatant: str
    stat: str
    difficulty: int | None = None


@dataclass(frozen=True)
class CheckAsked(Event):
    """The GM asked ``name``'s player for a ``stat`` check (``difficulty`` or ``None``)."""

    combatant: str
    name: str
    stat: str
    difficulty: int | None


@dataclass(frozen=True)
class AnswerAsk(Command):
    """Take away ``combatant``'s ask for a ``stat`` check (rolled or withdrawn). Logs nothing."""

    combatant: str
    stat: str


@dataclass(frozen=True)
class AskInitiative(Command):
    """The GM asks the players of every party member without an initiative
    to roll it from their own terminals (EQ-INIT-1); refused when none lacks one."""


@dataclass(frozen=True)
class InitiativeAsked(Event):
    """The GM asked these party members' players to roll initiative: ``names``, in the order of the fight's list."""

    combatants: tuple[str, ...]
    names: tuple[str, ...]


def initiative_asked(who: Any) -> bool:
    """Whether ``who``'s player is asked to roll its initiative and has not yet (no initiative)."""
    return who.initiative is None and ASKED_INITIATIVE in who.budget.marks


def asked_checks(who: Any) -> dict[str, int | None]:
    """The checks asked of ``who`` (a combatant): stat -> difficulty (``None``: the ruleset's)."""
    found: dict[str, int | None] = {}
    for mark in who.budget.marks:
        if mark.startswith(ASKED):
            stat, _, difficulty = mark[len(ASKED):].partition(":")
            found[stat] = int(difficulty) if difficulty.lstrip("-").isdigit() else None
    return found


def _without_ask(who: Any, stat: str) -> Any:
    marks = tuple(m for m in who.budget.marks if not (m.startswith(ASKED) and m[len(ASKED):].partition(":")[0] == stat))
    return replace(who, budget=replace(who.budget, marks=marks))


@dataclass(frozen=True)
class RollOwnInitiative(Command):
    """Roll ``combatant``'s initiative (1d``initiative_sides`` + the ruleset's
    modifier, EQ-INIT-1), made unique among the values held (EQ-INIT-2);
    refused when it has one."""

    combatant: str


def player_acts(enc: Table, state: EncounterState, command: PlayerActs) -> Result:
    who = state.combatant(command.character)
    return state, (PlayerActed(command.player, who.id, who.name, command.what, command.approved, command.typed),)


def ask_check(enc: Table, state: EncounterState, command: AskCheck) -> Result:
    who = state.combatant(command.combatant)
    if command.stat not in who.stats:
        raise IllegalCommand(f"{who.name} has no stat {command.stat!r}; it has {', '.join(who.stats) or 'none'}", "EQ-CHK-1")
    mark = ASKED + command.stat + ("" if command.difficulty is None else f":{command.difficulty}")
    who = _without_ask(who, command.stat)
    who = replace(who, budget=replace(who.budget, marks=(*who.budget.marks, mark)))
    return state.replace_combatant(who), (CheckAsked(who.id, who.name, command.stat, command.difficulty),)


def answer_ask(enc: Table, state: EncounterState, command: AnswerAsk) -> Result:
    who = state.combatant(command.combatant)
    if command.stat not in asked_checks(who):
        raise IllegalCommand(f"nobody asked {who.name} for a {command.stat} check", "EQ-CHK-1")
    return state.replace_combatant(_without_ask(who, command.stat)), ()


def ask_initiative(enc: Table, state: EncounterState, command: AskInitiative) -> Result:
    unrolled = [c for c in state.combatants if c.side is Side.PARTY and c.initiative is None]
    if not unrolled:
        raise IllegalCommand("every party member has an initiative already", "EQ-INIT-1")
    asked = {c.id for c in unrolled if ASKED_INITIATIVE not in c.budget.marks}
    state = replace(state, combatants=tuple(
        replace(c, budget=replace(c.budget, marks=(*c.budget.marks, ASKED_INITIATIVE))) if c.id in asked else c for c in state.combatants))
    return state, (InitiativeAsked(tuple(c.id for c in unrolled), tuple(c.name for c in unrolled)),)


def roll_own_initiative(enc: Table, state: EncounterState, command: RollOwnInitiative) -> Result:
    who = state.combatant(command.combatant)
    if who.initiative is not None:
        raise IllegalCommand(f"{who.name} already has initiative {who.initiative}", "EQ-INIT-1")
    held = [c.initiative for c in state.combatants if c.initiative is not None]
    (result,) = roll_initiatives({who.id: enc.ruleset.initiative_modifier(who)}, enc.rng, enc.ruleset.initiative_sides, held,
                                 enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading)  # EQ-INIT-2 DEFAULTs, house rules
    marks = tuple(m for m in who.budget.marks if m != ASKED_INITIATIVE)  # answered
    state = state.replace_combatant(replace(who, initiative=result.value, budget=replace(who.budget, marks=marks)))
    return state, (ev.InitiativeRolled(who.id, who.name, result.roll, result.value, result.rolloff),)


HANDLERS = {PlayerActs: player_acts, RollOwnInitiative: roll_own_initiative, AskCheck: ask_check, AnswerAsk: answer_ask,
            AskInitiative: ask_initiative}
