"""A short phrase (rule EQ-ACT-8) and the everyday actions (rule EQ-DAY-1).

A phrase is said or shouted, free, and logged word for word; the GM sets its
limit, and one over the settings ``phrase_max_words`` (8) or
``phrase_max_sounds`` (50, counted as letters: DEFAULT) is warned of, never
refused. Everyday actions (rest, inventory, interact, talk, travel) are
logged with what the GM types; rest and travel belong to the everyday
situation (EQ-SIT-1), so they are refused while combat is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.values import limits as lim
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]

EVERYDAY = ("rest", "inventory", "interact", "talk", "travel")
"""EQ-DAY-1, in the seed's order."""
NOT_IN_COMBAT = ("rest", "travel")
MAX_PHRASE = 500
"""Characters of a phrase as typed (the log line stays readable)."""


def _clean(text: str, what: str, limit: int) -> str:
    text = " ".join(text.split())
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise IllegalCommand(f"{what} cannot hold control characters")
    if len(text) > limit:
        raise IllegalCommand(f"{what} is longer than {limit} characters")
    return text


def phrase_size(text: str) -> tuple[int, int]:
    """(words, sounds) of a phrase; sounds are counted as letters (DEFAULT:
    the seed gives no way to count them)."""
    return len(text.split()), sum(1 for ch in text if ch.isalpha())


def phrase_warning(settings: Any, text: str) -> str:
    """Rule EQ-ACT-8: "" or why the phrase is longer than advised."""
    words, sounds = phrase_size(text)
    over = []
    if words > settings.phrase_max_words:
        over.append(f"{words} words (advised at most {settings.phrase_max_words})")
    if sounds > settings.phrase_max_sounds:
        over.append(f"{sounds} sounds (advised at most {settings.phrase_max_sounds})")
    return "longer than advised: " + ", ".join(over) if over else ""


def say_phrase(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.SayPhrase` (EQ-ACT-8)."""
    speaker = state.combatant(command.combatant)
    text = _clean(command.text, "a phrase", MAX_PHRASE)
    if not text:
        raise IllegalCommand("type what it says", "EQ-ACT-8")
    warning = phrase_warning(enc.ruleset.settings, text)
    outcome = f"\u201c{text}\u201d" + (f" ({warning})" if warning else "")
    return state, (ev.Maneuvered(speaker.id, speaker.name, "EQ-ACT-8", "says", outcome),)


def everyday_action(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`~core.rulesets.equestria.table_calls.EverydayAction` (EQ-DAY-1)."""
    who = state.combatant(command.combatant)
    if command.kind not in EVERYDAY:
        raise IllegalCommand(f"an everyday action is one of {', '.join(EVERYDAY)}, not {command.kind!r}", "EQ-DAY-1")
    if command.kind in NOT_IN_COMBAT and state.round > 0:
        raise IllegalCommand(f"{command.kind} is an everyday action: end combat first", "EQ-SIT-1")
    text = _clean(command.text, "the description", lim.MAX_NOTES)
    return state, (ev.Maneuvered(who.id, who.name, "EQ-DAY-1", command.kind, text or "done"),)
