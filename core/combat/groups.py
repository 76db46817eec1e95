"""Groups of creatures: hit points as dice, numbered names, and how a
group gets its initiative. The command is
:class:`core.combat.add_group.AddGroup`.

``AddGroup(template, 4, "2d8+2")`` adds ``Wolf 1`` .. ``Wolf 4`` (ids
``wolf-1`` ..; numbers go on after the wolves already there), rolls each
one's hit points from the dice (logged with every die) and gives the group
initiative as the GM chose (:class:`GroupInitiative`): one roll for all of
them, placed on consecutive free values, or a roll each. Initiatives stay
unique in every ruleset (rule EQ-INIT-2) and turns are never shared (rule
EQ-INIT-6): a group takes consecutive turns, one creature after another.
"""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Iterable
from dataclasses import replace
from enum import Enum

from core.values import limits as lim
from core.values.combatant import ActionBudget, Combatant
from core.dice.rolls import parse
from core.errors import DiceError, IllegalCommand


class GroupInitiative(Enum):
    """How a group added in one step gets its initiative.

    ``GROUP``: one roll (1d20 + the template's modifier, EQ-INIT-1) for all;
    the creatures take consecutive free values below it, so their turns come
    one after another (EQ-INIT-2, EQ-INIT-6). ``EACH``: each rolls its own,
    made unique (EQ-INIT-2); before combat they roll when combat starts."""

    GROUP = "group"
    EACH = "each"

    @property
    def label(self) -> str:
        """For a dialog: what the GM chooses between."""
        if self is GroupInitiative.GROUP:
            return "One roll for the group: consecutive turns, one after another (EQ-INIT-2, EQ-INIT-6)"
        return "Each rolls its own initiative (EQ-INIT-1)"

    def label_in(self, ruleset: Any) -> str:
        """:attr:`label` as a GM of ``ruleset`` reads it: unique initiatives and
        no shared turns are every ruleset's DEFAULT, "as in equestria"
        (RULES.md Revision 3; :meth:`core.rulesets.base.Ruleset.cite_text`)."""
        return str(ruleset.cite_text(self.label))


# -- hit points as dice ------------------------------------------------------------
_TERM = re.compile(r"([+-]?)(?:(\d{0,3})[dD](\d{1,4})|(\d{1,9}))")


def hp_dice_range(expression: str) -> tuple[int, int]:
    """The lowest and highest total of hit-point dice such as ``2d8+2``
    (sums and differences of ``NdS`` and whole numbers).

    Raises :class:`IllegalCommand` for anything else (``4d6kh3``, ``1d6!``),
    dice over the limits of :mod:`core.dice.rolls`, dice that can roll 0 or less
    (a creature needs at least 1 HP) or more than ``MAX_HP``."""
    text = expression.replace(" ", "")
    if not text or len(text) > lim.MAX_DICE_LENGTH:
        raise IllegalCommand(f"hit-point dice are like 2d8+2, not {expression[:24]!r}")
    low = high = 0
    position = 0
    while position < len(text):
        found = _TERM.match(text, position)
        if found is None or found.end() == position or (position and not found.group(1)):
            raise IllegalCommand(f"hit-point dice are like 2d8+2 (dice and whole numbers added or taken away), not {expression[:24]!r}")
        sign = -1 if found.group(1) == "-" else 1
        if found.group(3) is not None:
            count, sides = int(found.group(2) or 1), int(found.group(3))
            if count < 1 or sides < 1:
                raise IllegalCommand(f"{found.group(0).lstrip('+-')} rolls no die")
            least, most = count, count * sides
        else:
            least = most = int(found.group(4))
        low, high = (low + least, high + most) if sign > 0 else (low - most, high - least)
        position = found.end()
    try:
        parse(text, allow_comments=False)
    except DiceError as problem:
        raise IllegalCommand(str(problem)) from None
    if low < 1:
        raise IllegalCommand(f"{expression} can roll {low}: hit-point dice must roll at least 1 (e.g. 2d8+2)")
    if high > lim.MAX_HP:
        raise IllegalCommand(f"{expression} can roll {high:,}: at most {lim.MAX_HP:,} hit points")
    return low, high


def is_hp_dice(word: str) -> bool:
    """Whether ``word`` looks like dice (a ``d`` between digits), to be read by :func:`hp_dice_range`."""
    return bool(re.match(r"\d*[dD]\d", word))


# -- names ------------------------------------------------------------------------------
def _slug(name: str) -> str:
    slug = re.sub(r"[^0-9a-z]+", "-", name.lower()).strip("-")
    return slug or "creature"


def numbered(base: str, count: int, present: Iterable[Combatant]) -> list[tuple[str, str]]:
    """``count`` (id, name) pairs for creatures named after ``base``:
    ``Wolf 1``, ``Wolf 2`` .. with ids ``wolf-1`` .., numbered after the
    ``Wolf``, ``Wolf N`` and ``wolf-N`` already ``present`` (a plain
    ``Wolf`` counts as 1), so no name or id clashes. A single creature of a
    name not yet present keeps the plain name."""
    base = base.strip() or "Creature"
    slug = _slug(base)
    present = list(present)
    ids = {c.id for c in present}
    pattern = re.compile(rf"^{re.escape(base)}(?: (\d+))?$")
    used = [int(m.group(1) or 1) for m in (pattern.match(c.name) for c in present) if m]
    used += [int(m.group(1)) for m in (re.match(rf"^{re.escape(slug)}-(\d+)$", i) for i in ids) if m]
    number = max(used, default=0)
    plain = count == 1 and not used
    out = []
    for _ in range(count):
        number += 1
        while f"{slug}-{number}" in ids:
            number += 1
        ids.add(f"{slug}-{number}")
        out.append((f"{slug}-{number}", base if plain else f"{base} {number}"))
    return out


def fresh(template: Combatant, cid: str, name: str, hp: int) -> Combatant:
    """A new creature from ``template``: full ``hp``, off the map, no initiative or turn budget;
    every limited use left and no reminders (they were timed by another encounter's creatures)."""
    return replace(
        template, id=cid, name=name, hp=hp, hp_max=hp, hp_temp=0, position=None, initiative=None,
        budget=ActionBudget(), mounted_on=None, summoner=None, conditions=(), dead=False,
        reminders=(), uses=tuple(replace(u, uses=u.uses_max) for u in template.uses),
    )


