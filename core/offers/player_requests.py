"""A player's request, read and turned into the GM's own commands.

A request names the player's character and one act: ``initiative`` (roll
it when it has none, EQ-INIT-1), ``check`` (a stat the character has),
``attack`` (a saved attack on its sheet, ``Combatant.attacks``, or the
unarmed strike of a sheet without any, against a
creature the character can see; ``odds`` asks its chances first), ``move`` (to a cell) or ``end_turn``.
Attacks, moves and ending the turn are the character's own turn only.
:func:`parse_request` refuses what is malformed; :func:`request_commands`
refuses what the character may not do now and gives the commands the GM's
keys would make, which the GM's process then checks with ``apply`` like
any other. Queries only: nothing here changes the encounter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat.player_turns import RollOwnInitiative
from core.combat.visibility import visible_to
from core.errors import IllegalCommand
from core.offers.saved_attacks import saved_attack_command, sheet_attacks
from core.values.combatant import Side

if TYPE_CHECKING:
    from core.board.grid import Cell
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset

ACTS = ("initiative", "check", "attack", "odds", "move", "end_turn")
"""What a player may ask for (``odds``: of an attack, asked before it, changing nothing)."""
ON_OWN_TURN = frozenset({"attack", "odds", "move", "end_turn"})
MAX_TEXT = 64
"""Longest name, stat or attack name a request may hold (characters)."""


@dataclass(frozen=True)
class PlayerRequest:
    """One request: ``character`` (id or name) does ``act`` (one of
    :data:`ACTS`) with ``stat`` (check), ``attack`` and ``target`` (attack:
    the saved attack's name and the target's id), ``to`` (move: a cell)."""

    character: str
    act: str
    stat: str = ""
    attack: str = ""
    target: str = ""
    to: Cell | None = None


def _text(doc: dict[str, Any], key: str) -> str:
    value = doc.get(key, "")
    if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
        raise IllegalCommand(f"{key!r} must be text of at most {MAX_TEXT} printable characters")
    return value


def parse_request(doc: Any) -> PlayerRequest:
    """The :class:`PlayerRequest` in a decoded JSON ``doc``; raises
    :class:`IllegalCommand` saying what is wrong with it."""
    if not isinstance(doc, dict):
        raise IllegalCommand("a request is a JSON object")
    act = doc.get("act")
    if act not in ACTS:
        raise IllegalCommand(f"unknown act {act!r}; a player may ask for {', '.join(ACTS)}")
    to = doc.get("to")
    cell = None
    if act == "move":
        if not (isinstance(to, list) and len(to) == 2 and all(type(v) is int and 0 <= v < 10_000 for v in to)):
            raise IllegalCommand("a move names the cell to go to as [x, y]")
        cell = (to[0], to[1])
    return PlayerRequest(_text(doc, "as"), act, _text(doc, "stat"), _text(doc, "attack"), _text(doc, "target"), cell)


def own_character(state: EncounterState, name: str):
    """The party member ``name`` (id or name); raises :class:`IllegalCommand`."""
    for c in state.combatants:
        if c.side is Side.PARTY and (c.id == name or c.name == name):
            return c
    raise IllegalCommand(f"no party member {name!r} in this encounter")


def request_commands(state: EncounterState, ruleset: Ruleset, request: PlayerRequest) -> tuple[tuple[cmd.Command, ...], str]:
    """The commands ``request`` makes and what it asks, in words; raises
    :class:`IllegalCommand` when the character may not do it now (not its
    turn, a stat or attack it does not have, a target it cannot see)."""
    me = own_character(state, request.character)
    if request.act in ON_OWN_TURN and (state.round == 0 or state.current != me.id):
        raise IllegalCommand(f"it is not {me.name}'s turn")
    if request.act == "initiative":
        if me.initiative is not None:
            raise IllegalCommand(f"{me.name} already has initiative {me.initiative}")
        return (RollOwnInitiative(me.id),), "rolls initiative"
    if request.act == "check":
        if request.stat not in me.stats:
            raise IllegalCommand(f"{me.name} has no stat {request.stat!r}; it has {', '.join(me.stats) or 'none'}")
        return (cmd.RollCheck(me.id, request.stat),), f"rolls a {request.stat} check"
    if request.act == "end_turn":
        return (cmd.NextTurn(),), "ends the turn"
    if request.act == "move":
        assert request.to is not None
        x, y = request.to
        if not (x < state.grid.width and y < state.grid.height):
            raise IllegalCommand(f"({x}, {y}) is off the map")
        return (cmd.Move(me.id, request.to),), f"moves to ({x}, {y})"
    saved = next((a for a in sheet_attacks(me) if a.name == request.attack), None)
    if saved is None:
        names = ", ".join(a.name for a in sheet_attacks(me))
        raise IllegalCommand(f"{me.name} has no saved attack {request.attack!r}; on the sheet: {names}")
    seen = visible_to(state, ruleset, Side.PARTY, me.id).state
    target = next((c for c in seen.combatants if c.id == request.target and c.id != me.id), None)
    if target is None:
        raise IllegalCommand(f"{me.name} sees no creature {request.target!r} to attack")
    return (saved_attack_command(state, ruleset, me.id, target.id, saved),), f"attacks {target.name} with {saved.name}"
