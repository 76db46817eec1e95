"""What a typed dice expression may be: :class:`DiceLimits` and the checks
of d20's parsed tree made before anything is rolled (``core.dice.rolls``
parses, checks with these and rolls).

The checks refuse, with a :class:`~core.errors.DiceError` a user can read:
a comment glued to the dice or looking like dice (``1d20!!!!``, ``4d6 kh3``),
trees nested deeper than ``max_depth``, more than ``max_dice`` dice in a
term, dice of no side or more than ``max_sides``, numbers over 10**9, and
explosions or rerolls that never stop or are expected to roll more than
``max_rolls`` dice. They read d20's tree (``d20.diceast``), loaded by
``core.dice.rolls`` before any of them runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import DiceError
from core.values import limits as lim


@dataclass(frozen=True)
class DiceLimits:
    """Bounds that keep a typed expression cheap and sane.

    ``max_length`` characters of expression and ``max_comment`` of comment, ``max_dice``
    dice in one term, ``max_sides`` faces per die, ``max_rolls`` dice rolled
    in total including explosions and rerolls, ``max_depth`` nesting levels
    of the parsed expression.
    """

    max_length: int = lim.MAX_DICE_LENGTH
    max_dice: int = lim.MAX_DICE
    max_sides: int = lim.MAX_DIE_SIDES
    max_rolls: int = lim.MAX_DICE_ROLLED
    max_depth: int = lim.MAX_DICE_DEPTH
    max_comment: int = lim.MAX_DICE_COMMENT


DEFAULT_LIMITS = DiceLimits()


DEFAULT_LIMITS = DiceLimits()


def short(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# A word made only of these, with a digit or an operator sign in it, is dice
# notation, not a comment: numbers, d, %, operators, and the letters of the
# set and dice operators (k p h l rr ro ra e mi ma); ``!`` and ``^`` are the
# explode and power signs of other dice notations.
_DICE_WORD = re.compile(r"[0-9dD%+\-*/()<>=!^.,\[\]kphlroaemi]+")
_DICE_SIGN = re.compile(r"[0-9%+\-*/()<>=!^.,\[\]]")


def check_comment(expression: str, text: str, comment: str) -> None:
    """Refuse a comment that is really a piece of dice notation d20 could not
    read: glued to the dice (``1d20!!!!``, ``1e999``, ``2**1000``) or whose
    first word looks like dice (``4d6 kh3``, ``1d20 2``)."""
    start = text.rfind(comment)
    body = text[:start] if start > 0 else text
    words = comment.split()
    if not words:
        return
    word = words[0]
    die = re.search(r"(\d*)d(\d+)$", body)
    if word.startswith("!") and not word.startswith("!=") and die:  # "3d6!": the exploding sign of other notations
        raise DiceError(expression, f"'!' is not our exploding sign: write {die[0]}e{die[2]} (e and the face that explodes)")
    if not body[-1:].isspace() and not body.endswith("]"):  # "1d6 [fire]x": after an annotation
        raise DiceError(expression, f"{short(word)!r} after {short(body.strip())!r} is not dice notation (a comment needs a space before it)")
    if _DICE_WORD.fullmatch(word) and _DICE_SIGN.search(word):
        raise DiceError(expression, f"{short(word)!r} looks like dice notation, not a comment (a comment starts with a word)")


def plain_reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    text = str(exc).strip() or type(exc).__name__
    return text[:120]


def check_tree(expression: str, node, limits: DiceLimits, depth: int) -> None:
    """Refuse a tree nested too deeply, dice out of ``limits`` or a number over 10**9."""
    from d20 import diceast as ast  # loaded already: only a parsed tree reaches here

    if depth > limits.max_depth:
        raise DiceError(expression, f"nested deeper than {limits.max_depth} levels")
    if isinstance(node, ast.Dice):
        if node.num > limits.max_dice:
            raise DiceError(expression, f"more than {limits.max_dice} dice in {node}")
        if node.num < 1:
            raise DiceError(expression, f"roll at least 1 die ({node} rolls nothing)")
        if node.size != "%":
            if node.size < 1:
                raise DiceError(expression, f"a die needs at least 1 side ({node})")
            if node.size > limits.max_sides:
                raise DiceError(expression, f"dice larger than d{limits.max_sides} ({node})")
    if isinstance(node, ast.Literal) and abs(node.value) > 10**9:
        raise DiceError(expression, "a number is too large")
    for child in node.children:
        check_tree(expression, child, limits, depth + 1)


def _faces(size) -> tuple[int, ...]:
    return tuple(range(0, 100, 10)) if size == "%" else tuple(range(1, int(size) + 1))


def _selected(sels, faces: tuple[int, ...]) -> set[int] | None:
    """Faces a selector picks on a fresh die; ``None`` for lowest/highest."""
    chosen: set[int] = set()
    for sel in sels:
        if sel.cat in ("l", "h"):
            return None
        chosen.update(f for f in faces if (f < sel.num if sel.cat == "<" else f > sel.num if sel.cat == ">" else f == sel.num))
    return chosen


def check_rolls(expression: str, node, limits: DiceLimits) -> None:
    """Refuse before rolling: more dice than ``max_rolls`` in all, an
    explosion or reroll that picks every face (it never stops), a reroll of
    the lowest or highest die (always one), or an expected count of dice
    rolled over ``max_rolls``."""
    expected = 0.0
    for dice, operations in _dice_terms(node):
        faces = _faces(dice.size)
        count = rolls = float(dice.num)
        for op in operations:
            if op.op not in ("e", "rr", "ro", "ra"):
                continue
            picked = _selected(op.sels, faces)
            if picked is None:
                if op.op == "rr":
                    raise DiceError(expression, f"rerolling the lowest or highest die ({op.op}{op.sels[0]}) never stops")
                continue
            share = len(picked) / len(faces)
            if share >= 1 and op.op in ("e", "rr"):
                what = "explodes" if op.op == "e" else "is rerolled"
                raise DiceError(expression, f"every face of d{dice.size} {what} ({op.op}{''.join(map(str, op.sels))}): it would never stop")
            if op.op == "e":
                added = count * share / (1 - share)
                count, rolls = count + added, rolls + added
            elif op.op == "rr":
                rolls += count * share / (1 - share)
            elif op.op == "ro":
                rolls += count * share
            else:
                count, rolls = count + 1, rolls + 1
        expected += rolls
    if expected > limits.max_rolls:
        raise DiceError(expression, f"it would roll about {expected:.0f} dice; the limit is {limits.max_rolls} (explosions and rerolls included)")


def _dice_terms(node):
    """(Dice node, its dice operations) for every dice term of the AST."""
    from d20 import diceast as ast  # loaded already: only a parsed tree reaches here

    if isinstance(node, ast.OperatedDice):
        yield node.value, node.operations
        return
    if isinstance(node, ast.Dice):
        yield node, ()
        return
    for child in node.children:
        yield from _dice_terms(child)
