"""Initiative: unique values, tie roll-offs, next free value below.

Rules EQ-INIT-1 (1d20 + current DEX) and EQ-INIT-2 (initiatives are
unique; tied creatures roll off, DEFAULT 1d20 each with re-rolls of tied
roll-offs; the loser takes the winner's value minus 1, stepping further
down while that value is taken).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from core.dice.rolls import DiceRoll, roll

Key = TypeVar("Key", bound=Hashable)  # what names a creature: its id in the encounter
RollOff = Callable[[list[Key]], Mapping[Key, int]]


@dataclass(frozen=True)
class InitiativeRoll(Generic[Key]):
    """One creature's initiative: the ``roll`` (die + modifier), the
    ``value`` it ends with, and its roll-off dice when it tied."""

    key: Key
    roll: DiceRoll
    value: int
    rolloff: tuple[int, ...] = ()


def next_free_below(value: int, taken: Iterable[int]) -> int:
    """The highest value strictly below ``value`` not in ``taken`` (rule EQ-INIT-2)."""
    used = set(taken)
    candidate = value - 1
    while candidate in used:
        candidate -= 1
    return candidate


def assign_unique(
    rolled: Mapping[Key, int],
    rolloff: RollOff[Key],
    fixed: Iterable[int] = (),
    reading: str = "step_down",
) -> tuple[dict[Key, int], dict[Key, tuple[int, ...]]]:
    """Make rolled initiatives unique (rule EQ-INIT-2).

    ``rolled`` maps a creature to its total; ``fixed`` are values already
    held by creatures in the fight, which never move. ``rolloff(keys)``
    returns one roll-off result per key; tied roll-offs are rolled again
    among themselves. Ties are settled from the highest value down: the
    roll-off winner keeps the value (unless it is fixed), each loser takes
    the next free value below the one before it. ``reading`` is EQ-INIT-2's
    (setting ``initiative_tie_reading``): ``step_down`` (DEFAULT (a)) steps
    past the values lower rollers rolled (12, 12, 11: the loser gets 10);
    ``after_winner`` (b) slots the loser right after the winner, ahead of
    them, and they step down in turn (12, 12, 11: 12, 11, 10, the 11 roller last).

    Returns ``(values, rolloffs)``: the final value per key and the roll-off
    results per key that tied.
    """
    taken: set[int] = set(fixed)
    values: dict[Key, int] = {}
    rolloffs: dict[Key, list[int]] = {}
    groups: dict[int, list[Key]] = {}
    for key, total in rolled.items():
        groups.setdefault(total, []).append(key)
    # Every creature's own roll counts as taken, so a loser steps past it.
    pending = set(rolled.values())
    for total in sorted(groups, reverse=True):
        keys = groups[total]
        pending.discard(total)
        ordered = keys if len(keys) == 1 else _rolloff_order(keys, rolloff, rolloffs)
        current = total
        for index, key in enumerate(ordered):
            if index == 0 and current not in taken:
                value = current
            else:
                value = next_free_below(current, taken if reading == "after_winner" and index else taken | pending)
            values[key] = value
            taken.add(value)
            current = value
    return values, {key: tuple(v) for key, v in rolloffs.items()}


def _rolloff_order(keys: list[Key], rolloff: RollOff[Key], record: dict[Key, list[int]]) -> list[Key]:
    """Order tied ``keys`` by roll-off, best first; re-roll ties among themselves."""
    results = rolloff(list(keys))
    for key in keys:
        record.setdefault(key, []).append(int(results[key]))
    by_result: dict[int, list[Key]] = {}
    for key in keys:
        by_result.setdefault(int(results[key]), []).append(key)
    ordered: list[Key] = []
    for result in sorted(by_result, reverse=True):
        group = by_result[result]
        ordered.extend(group if len(group) == 1 else _rolloff_order(group, rolloff, record))
    return ordered


def roll_initiatives(
    modifiers: Mapping[Key, int],
    rng: random.Random,
    sides: int = 20,
    fixed: Iterable[int] = (),
    rolloff_sides: int = 20,
    reading: str = "step_down",
) -> list[InitiativeRoll[Key]]:
    """Roll 1d``sides`` + modifier for each creature and make the values
    unique (rules EQ-INIT-1, EQ-INIT-2: ties roll off on 1d``rolloff_sides``,
    DEFAULT 1d20, the ruleset's setting ``rolloff_die``; ``reading`` as
    :func:`assign_unique` takes it). Sorted best first."""
    rolls = {key: roll(f"1d{sides}{mod:+d}" if mod else f"1d{sides}", rng) for key, mod in modifiers.items()}

    def dice_rolloff(keys: list[Key]) -> dict[Key, int]:
        return {key: roll(f"1d{rolloff_sides}", rng).total for key in keys}

    values, rolloffs = assign_unique({k: r.total for k, r in rolls.items()}, dice_rolloff, fixed, reading)
    result = [InitiativeRoll(key, rolls[key], values[key], rolloffs.get(key, ())) for key in modifiers]
    return sorted(result, key=lambda r: -r.value)


def consecutive_block(top: int, count: int, taken: Iterable[int]) -> list[int]:
    """``count`` consecutive free initiatives for a group that rolled
    ``top``, best first: the highest run of free values whose first is at
    most ``top``. Values held by others never move and are never shared
    (rule EQ-INIT-2), and no other creature acts between the group's
    members, whose turns stay their own (rule EQ-INIT-6): 15 with 14 taken,
    for 3 -> 13, 12, 11."""
    if count < 1:
        return []
    used = set(taken)
    start = top
    while any(start - i in used for i in range(count)):
        start -= 1
    return [start - i for i in range(count)]


def starter_value(others: Iterable[int]) -> int:
    """Rule EQ-INIT-3: the creature that starts the fight gets the highest
    initiative + 1 (15, 11, 4 -> 16); 1 + 0 when alone (DEFAULT: 1d20 baseline 0)."""
    values = list(others)
    return (max(values) if values else 0) + 1


def summon_value(summoner: int, taken: Iterable[int]) -> int:
    """Rule EQ-INIT-4: a summon gets its summoner's initiative - 1, or the
    next free value below it (rule EQ-INIT-2)."""
    used = set(taken)
    candidate = summoner - 1
    while candidate in used:
        candidate -= 1
    return candidate
