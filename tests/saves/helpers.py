"""Shared helpers of the save tests: a demo campaign and a mixed action."""

from __future__ import annotations

import hashlib
import json
import random

from core.combat import commands as cmd
from core.errors import RulesError
from saves.codec import to_document
from saves.session import Session

ACTIONS = ("next", "prev", "damage", "heal", "dice", "check", "undo", "redo")


def state_hash(state) -> str:
    return hashlib.sha1(json.dumps(to_document(state), sort_keys=True).encode()).hexdigest()


def command_for(session: Session, action: str, rng: random.Random) -> cmd.Command | None:
    state = session.encounter.state
    target = rng.choice(state.combatants).id if state.combatants else None
    return {
        "next": cmd.NextTurn(),
        "prev": cmd.PreviousTurn(),
        "damage": cmd.Damage(target, rng.randint(1, 5)) if target else None,
        "heal": cmd.Heal(target, rng.randint(1, 3)) if target else None,
        "dice": cmd.RollDice(f"{rng.randint(1, 4)}d6+{rng.randint(0, 3)} note"),
        "check": cmd.RollCheck(state.current, "DEX") if state.current else None,
    }.get(action)


def act(session: Session, action: str, rng: random.Random) -> bool:
    """Do ``action`` (a command, ``undo`` or ``redo``); False when refused or not possible."""
    try:
        if action == "undo":
            if not session.can_undo:
                return False
            session.undo()
        elif action == "redo":
            if not session.can_redo:
                return False
            session.redo()
        else:
            command = command_for(session, action, rng)
            if command is None:
                return False
            session.commit(command)
    except RulesError:
        return False
    return True
