"""Reading the value a GM types for a house rule (a ruleset setting).

The setting's current value gives its type: ``bool`` reads ``true``/``false``
(also ``yes``/``no``, ``on``/``off``, any case), ``int`` a whole number,
anything else the text as typed (stripped). Whether the ruleset accepts the
value is its own question (:meth:`core.rulesets.base.Ruleset.house_rule_refusal`).
Raises :class:`~core.errors.NotationError`.
"""

from __future__ import annotations

from core.errors import NotationError

TRUE_WORDS = ("true", "yes", "on")
FALSE_WORDS = ("false", "no", "off")


def parse_setting(text: str, current: object) -> bool | int | str:
    """``text`` as a value of ``current``'s type: ``"on"`` for a bool ->
    ``True``; ``" 12 "`` for an int -> ``12``; text for text."""
    raw = text.strip()
    if isinstance(current, bool):
        if raw.lower() not in TRUE_WORDS + FALSE_WORDS:
            raise NotationError("type true or false")
        return raw.lower() in TRUE_WORDS
    if isinstance(current, int):
        try:
            return int(raw)
        except ValueError:
            raise NotationError("type a whole number") from None
    return raw
