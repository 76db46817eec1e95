"""Every size limit of the program, in one place.

Input comes from the keyboard and from files (text maps, rosters, key
maps, dice typed by the GM); each of these bounds keeps one entry cheap to
read and to show, and each refusal names the limit it hit. The README's
"Limits" section lists the same numbers.
"""

from __future__ import annotations

# -- maps (core/board/grid.py text maps, core/combat/mapedit.py ResizeMap) -------------
MAX_MAP_WIDTH = 500
"""Cells in a row of the battle map."""
MAX_MAP_HEIGHT = 500
"""Rows of the battle map."""
MAX_MAP_CELLS = 250_000
"""Cells of the battle map in all (width x height)."""
MAX_GROUND_HEIGHT = 300
"""Cells a cell's ground may stand above (or below, negated) the map's zero
(SetGround); 300 cells is 450 m."""
MAX_CEILING = 300
"""Cells of free height under a ceiling (SetCeiling)."""
MAX_GLYPH_CHARS = 16
"""Characters one map glyph may take (an emoji with joiners and modifiers,
and the spaces around it): a text line longer than ``MAX_MAP_WIDTH`` times
this is refused before it is split into glyphs."""
MAX_MAP_TEXT = 4_000_000
"""Characters of a whole map file (map and roster)."""

# -- creatures -------------------------------------------------------------
MAX_COMBATANTS = 300
"""Combatants in one encounter (tokens of a text map, creatures added)."""
MAX_GROUP = 50
"""Creatures added in one step (``4 Wolf foe 2d8+2``, a bestiary template)."""
MAX_NAME = 60
"""Characters of a combatant's name (also items of its inventory)."""
MAX_NOTES = 2000
"""Characters of a creature's notes."""
MAX_HP = 100_000
"""Hit points of a creature read from a roster line or the add dialog."""
MAX_ROSTER_LINE = 400
"""Characters of one roster line under a text map."""

# -- typed numbers (core/dice/notation.py) ---------------------------------------
MAX_NUMBER_DIGITS = 9
"""Digits of a number typed in a dialog (damage, difficulty, bonus)."""


def is_whole(text: str) -> bool:
    """``text`` is 1 to ``MAX_NUMBER_DIGITS`` ASCII digits: safe for ``int``
    (``"²"`` is a digit to ``str.isdigit`` but not to ``int``, and 5000
    digits are over Python's limit for ``int``)."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS

# -- dice (core/dice/rolls.py DiceLimits) ----------------------------------------
MAX_DICE_LENGTH = 200
"""Characters of a dice expression, without its comment."""
MAX_DICE_COMMENT = 200
"""Characters of the comment after a dice expression."""
MAX_DICE = 100
"""Dice in one term (``100d6``)."""
MAX_DIE_SIDES = 1000
"""Faces of one die (``d1000``)."""
MAX_DICE_ROLLED = 500
"""Dice rolled by one expression in all, every explosion and reroll included;
an expression expected to roll more (``1d1000e>1``) is refused before rolling."""
MAX_DICE_DEPTH = 40
"""Nesting levels of a parsed dice expression."""

# -- keys.json (tui/keys.py) -----------------------------------------------
MAX_KEYMAP_BYTES = 16_384
"""Size of ``keys.json``."""
MAX_KEYMAP_DEPTH = 4
"""Nesting of ``keys.json`` (the file is one flat object)."""
MAX_KEY_NAME = 40
"""Characters of the keys given to one action."""
