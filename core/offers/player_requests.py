"""A player's request, read and turned into the GM's own commands.

A request names the player's character and one act: ``initiative`` (roll
it when it has none, EQ-INIT-1), ``check`` (a stat the character has: in
combat on its own turn or when the GM asked for it, EQ-CHK-1),
``attack`` (a saved attack on its sheet, ``Combatant.attacks``, or the
unarmed strike of a sheet without any, against a
creature the character can see; ``odds`` asks its chances first), ``move`` (to a cell),
``end_turn`` or ``reaction`` (a saved attack on a creature it sees as a
reaction the ruleset offers the character now, out of its turn: srd35's
attack of opportunity, SRD-MOV-16; :func:`reaction_offer`).
Attacks, moves and ending the turn are the character's own turn only.
``dice``: the faces of physical dice the player rolled for its own roll,
taken only under the house rule ``physical_dice`` (else refused: the GM's
process rolls every die).
:func:`parse_request` refuses what is malformed; :func:`request_commands`
refuses what the character may not do now and gives the commands the GM's
keys would make, which the GM's process then checks with ``apply`` like
any other. Queries only: nothing here changes the encounter.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat.player_turns import AnswerAsk, RollOwnInitiative, asked_checks
from core.dice.typed_dice import typed_faces
from core.combat.visibility import visible_to
from core.errors import IllegalCommand
from core.offers.saved_attacks import saved_attack_command, sheet_attacks
from core.values.combatant import Side

if TYPE_CHECKING:
    from core.board.grid import Cell
    from core.offers.offer import Offer
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset

ACTS = ("initiative", "check", "attack", "odds", "move", "end_turn", "reaction")
"""What a player may ask for (``odds``: of an attack, asked before it, changing nothing)."""
ON_OWN_TURN = frozenset({"attack", "odds", "move", "end_turn"})
ROLLS = frozenset({"initiative", "check", "attack", "reaction"})
"""Acts that roll dice (a player may type physical dice for them under ``physical_dice``)."""
MAX_TEXT = 64
"""Longest name, stat or attack name a request may hold (characters)."""


@dataclass(frozen=True)
class PlayerRequest:
    """One request: ``character`` (id or name) does ``act`` (one of
    :data:`ACTS`) with ``stat`` (check), ``attack`` and ``target`` (attack:
    the saved attack's name and the target's id), ``to`` (move: a cell),
    ``typed`` (faces of physical dice, in the order rolled; empty: the GM's process rolls)."""

    character: str
    act: str
    stat: str = ""
    attack: str = ""
    target: str = ""
    to: Cell | None = None
    typed: tuple[int, ...] = ()

    def as_character(self, character: str) -> PlayerRequest:
        """The same request for ``character`` (the id the name was found as)."""
        return replace(self, character=character)


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
    typed = typed_faces(doc["dice"]) if doc.get("dice") not in (None, []) else ()
    return PlayerRequest(_text(doc, "as"), act, _text(doc, "stat"), _text(doc, "attack"), _text(doc, "target"), cell, typed)


def takes_typed_dice(ruleset: Ruleset) -> bool:
    """Whether a player may type the faces of its own physical dice (the house rule ``physical_dice``)."""
    return bool(ruleset.settings.physical_dice)


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
    own_turn = state.round > 0 and state.current == me.id
    if request.act in ON_OWN_TURN and not own_turn:
        raise IllegalCommand(f"it is not {me.name}'s turn")
    if request.typed:
        if not takes_typed_dice(ruleset):
            raise IllegalCommand("the GM's process rolls every die here: the house rule physical_dice is off")
        if request.act not in ROLLS:
            raise IllegalCommand(f"{request.act.replace('_', ' ')} rolls no dice to type")
    if request.act == "initiative":
        if me.initiative is not None:
            raise IllegalCommand(f"{me.name} already has initiative {me.initiative}")
        return (RollOwnInitiative(me.id),), "rolls initiative"
    if request.act == "check":
        if request.stat not in me.stats:
            raise IllegalCommand(f"{me.name} has no stat {request.stat!r}; it has {', '.join(me.stats) or 'none'}")
        asked = asked_checks(me)
        if request.stat in asked:
            difficulty = asked[request.stat]
            return (cmd.RollCheck(me.id, request.stat, difficulty), AnswerAsk(me.id, request.stat)), f"rolls the {request.stat} check the GM asked for"
        if state.round > 0 and not own_turn:
            raise IllegalCommand(f"it is not {me.name}'s turn and the GM asked for no {request.stat} check", "EQ-CHK-1")
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
    attack = saved_attack_command(state, ruleset, me.id, target.id, saved)
    if request.act == "reaction":
        offer = reaction_offer(state, ruleset, me.id, target.id)
        if offer is None:
            raise IllegalCommand(f"{me.name} has no reaction against {target.name} now")
        if offer.refusal is not None:
            raise IllegalCommand(offer.refusal, offer.rule)
        wrapper = offer.command("")
        if not any(f.name == "attack" for f in fields(wrapper)):
            raise IllegalCommand(f"{offer.label}: not an attack a player can make with its saved attack")
        made: cmd.Command = replace(wrapper, attack=attack)  # type: ignore[call-arg]  # a wrapper of an attack (checked above)
        return (made,), f"{offer.label.split(' (')[0]} with {saved.name}"
    return (attack,), f"attacks {target.name} with {saved.name}"


def reaction_offer(state: EncounterState, ruleset: Ruleset, me: str, target: str) -> Offer | None:
    """The reaction ``me`` may make against ``target`` now (allowed or not,
    with its refusal), as the GM's ``.`` menu offers it: an offer of
    ``target``'s moment whose actor is ``me`` and which spends a kind the
    ruleset gives off the turn (:attr:`Ruleset.off_turn_kinds`), or ``None``."""
    from core.offers.base import offers  # the offer builders: only when a player asks for a reaction

    off_turn = set(ruleset.off_turn_kinds)
    found = [o for o in offers(state, ruleset, target, me) if o.actor == me and off_turn & set(o.spends) and o.target == target]
    return next((o for o in found if o.allowed), found[0] if found else None)
