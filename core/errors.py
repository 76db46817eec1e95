"""One error root for everything a GM can be told.

    EncounterError            root: ``str()`` is a message for the GM
    ├── RulesError            the rules refuse (nothing changed)
    │   ├── DiceError         a dice expression (``expression``, ``reason``)
    │   ├── NotationError     typed text that does not read as its notation
    │   ├── MapFormatError    a text map (``reason``, ``line``)
    │   ├── CreatureFormatError  a creature line (``reason``)
    │   └── IllegalCommand    a command refused (``rule``)
    │       ├── UnknownCombatant  (``combatant_id``)
    │       └── MoveRefused       (``cell``)
    ├── saves.errors.SaveError    a save file (``path``, ``reason``, ``backup``)
    └── saves.codec.CodecError    a document of the wrong shape

The UI catches :class:`EncounterError` and shows ``str(error)``; it never
parses messages. Subclasses carry the fields a caller may want to inspect.
No bare ``ValueError`` leaves a layer: each layer raises its own error.
"""

from __future__ import annotations


class EncounterError(Exception):
    """Root of everything a GM can be told went wrong; ``str()`` is a user message."""


class RulesError(EncounterError):
    """Root of every refusal by the rules engine; ``str()`` is a user message."""


class DiceError(RulesError):
    """A dice expression that cannot be parsed or is outside the limits."""

    def __init__(self, expression: str, reason: str) -> None:
        self.expression = expression
        self.reason = reason
        shown = expression if len(expression) <= 40 else expression[:37] + "..."
        super().__init__(f"Bad dice expression {shown!r}: {reason}")


class NotationError(RulesError):
    """Typed text that does not read as the notation asked for (see
    :mod:`core.dice.notation`); ``str()`` says what to type instead."""


class MapFormatError(RulesError):
    """A text map that cannot be read; ``line`` is 1-based, or 0 for the whole text."""

    def __init__(self, reason: str, line: int = 0) -> None:
        self.reason = reason
        self.line = line
        where = f"line {line}: " if line else ""
        super().__init__(f"Cannot read the map: {where}{reason}")


class IllegalCommand(RulesError):
    """A command the encounter refuses; nothing was changed.

    ``rule`` names the rule that forbids it (for example ``"EQ-ACT-2"``) when
    there is one.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class UnknownCombatant(IllegalCommand):
    """A command named a combatant id that is not in the encounter."""

    def __init__(self, combatant_id: str) -> None:
        self.combatant_id = combatant_id
        super().__init__(f"No combatant with id {combatant_id!r}")


class MoveRefused(IllegalCommand):
    """A move the map or the movement budget forbids; ``cell`` is the target (x, y)."""

    def __init__(self, message: str, cell: tuple[int, int], rule: str | None = None) -> None:
        self.cell = cell
        super().__init__(message, rule)


class CreatureFormatError(RulesError):
    """A creature line (``Wolf foe 9 DEX 2``) that cannot be read; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"Cannot read the creature: {reason}")
