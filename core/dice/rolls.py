"""Dice notation, rolled by the ``d20`` library inside fixed limits.

``roll("2d20kh1+3 sneak attack", rng)`` parses the expression, checks it
against :class:`DiceLimits`, rolls it with the injected ``random.Random`` and
returns a :class:`DiceRoll`: the total, every die with its kept/dropped
mark, and the trailing comment. Every failure, including the
``RecursionError`` and ``ValueError`` that d20 can leak, becomes one
:class:`~core.errors.DiceError` with a message for the user.

d20 draws from the module-level ``random``; we lend it our generator for the
duration of one roll (under a lock), so tests seed rolls and the product
never fakes one. Plain dice typed without spaces (``1d20+3``, ``1d6``: the
checks and most weapons) are thrown and written here as d20 throws and
writes them, die for die and character for character (``roll_with_d20`` is
the yardstick), without building d20's trees.

Free text after the dice is a comment only when a space separates it and it
does not itself look like dice (``1d20!!!!``, ``1e999``, ``2**1000`` and
``4d6 kh3`` are refused, not rolled as ``1d20``, ``1``, ``2`` and ``4d6``).
Explosions and rerolls that could never stop (``1d1e1``, ``1d6rr<7``) or
are expected to roll more than the limit (``1d1000e>1``) are refused before
rolling; the others run in time linear in the dice rolled.
"""

from __future__ import annotations

import functools
import random
import re
import threading
from dataclasses import dataclass
from typing import Any

from core.dice.linear_roller import linear_roller
from core.values import limits as lim
from core.errors import DiceError

# d20 builds its grammar when imported (tens of milliseconds): it is loaded
# at the first roll, not when the program starts.
d20: Any = None  # the d20 module; d20 ships no type information
ast: Any = None  # d20.diceast
d20_expression: Any = None  # d20.expression
_Roller: Any = None  # the LinearRoller class built from d20.Roller


_load_lock = threading.Lock()


def _load() -> None:
    global d20, ast, d20_expression, _Roller
    if _Roller is not None:
        return
    with _load_lock:
        if _Roller is None:
            import d20 as d20_module
            from d20 import diceast, expression

            d20, ast, d20_expression = d20_module, diceast, expression
            _Roller = linear_roller(d20_module, expression)


def warm_up() -> None:
    """Load d20 and build its grammar now (about 0.2-1 s once per process),
    so that the first roll or refusal a user types answers at once. Safe to
    call from a background thread and more than once."""
    _load()

__all__ = ["DiceLimits", "Die", "DiceRoll", "roll", "roll_with_d20", "parse", "warm_up", "DEFAULT_LIMITS"]


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


@dataclass(frozen=True)
class Die:
    """One die thrown: ``sides`` faces, ``value`` the face it showed (also
    for a die rerolled or dropped), ``kept`` whether it counts."""

    sides: int
    value: int
    kept: bool


@dataclass(frozen=True)
class DiceRoll:
    """The outcome of one expression.

    ``dice`` lists every die in throw order (dropped and rerolled ones with
    ``kept=False``); ``natural`` is the kept face of the leftmost die group
    when that group keeps exactly one die (the "natural 20" of a check),
    else ``None``; ``detail`` is d20's plain-text breakdown.
    """

    expression: str
    total: int
    dice: tuple[Die, ...]
    natural: int | None
    detail: str
    comment: str = ""


_roller_lock = threading.Lock()


def parse(expression: str, limits: DiceLimits = DEFAULT_LIMITS, *, allow_comments: bool = True):
    """Parse and validate ``expression``; returns d20's AST.

    Raises :class:`DiceError` for syntax errors and for anything over
    ``limits``.
    """
    _load()
    return _parse(expression, expression.strip(), limits, allow_comments)


@functools.lru_cache(maxsize=256)
def _parse(expression: str, text: str, limits: DiceLimits, allow_comments: bool):
    """:func:`parse` for one text; the same expression (``1d20+2`` for
    each of 300 initiatives) is parsed once. d20 never changes a tree."""
    if not text:
        raise DiceError(expression, "it is empty")
    if len(text) > limits.max_length + limits.max_comment:
        raise DiceError(expression, f"longer than {limits.max_length + limits.max_comment} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise DiceError(expression, "it contains control characters")
    first_space = next((i for i, ch in enumerate(text) if ch.isspace()), len(text))
    if first_space > limits.max_length:  # a comment starts after a space: the dice are at least this long
        raise DiceError(expression, f"longer than {limits.max_length} characters")
    roller = d20.Roller()
    try:
        tree = roller.parse(text, allow_comments=allow_comments)
    except d20.RollSyntaxError as exc:
        got = str(exc.got)
        if not got:
            raise DiceError(expression, "it ends too early: a number or a die size is missing") from None
        raise DiceError(expression, f"unexpected {_short(got)!r} at column {exc.col}") from None
    except (d20.RollError, RecursionError, ValueError, IndexError, TypeError) as exc:
        raise DiceError(expression, _plain(exc)) from None
    except Exception as exc:  # lark raises its own errors for some inputs
        raise DiceError(expression, f"not dice notation ({type(exc).__name__})") from None
    comment = tree.comment or ""
    body_length = len(text) - len(comment)
    if body_length > limits.max_length:
        raise DiceError(expression, f"longer than {limits.max_length} characters")
    if comment:
        _check_comment(expression, text, comment)
    _check_tree(expression, tree.roll, limits, depth=1)
    _check_rolls(expression, tree.roll, limits)
    return tree


_rollers: dict[int, tuple[Any, Any]] = {}


def _tools(max_rolls: int) -> tuple[Any, Any]:
    """The roller (with its count of dice rolled, up to ``max_rolls``) and
    the stringifier, made once: d20 resets the count at each roll, and both
    keep nothing else between rolls (used under ``_roller_lock``)."""
    tools = _rollers.get(max_rolls)
    if tools is None:
        tools = _rollers[max_rolls] = (_Roller(context=d20.RollContext(max_rolls=max_rolls)), d20.SimpleStringifier())
    return tools


def roll(expression: str, rng: random.Random, limits: DiceLimits = DEFAULT_LIMITS) -> DiceRoll:
    """Roll ``expression`` with ``rng``; free text after it is kept as the comment.

    Raises :class:`DiceError` with a readable reason on any bad input.
    """
    tree = parse(expression, limits)
    plain = _plain_dice(expression)
    if plain is not None:
        return _roll_plain(expression, plain, rng)
    return _roll_tree(expression, tree, rng, limits)


def roll_with_d20(expression: str, rng: random.Random, limits: DiceLimits = DEFAULT_LIMITS) -> DiceRoll:
    """:func:`roll` with every expression evaluated by d20, also those
    :func:`roll` throws itself (``NdS``, ``NdS+K``, ``NdS-K``): what it
    must agree with, die for die and character for character."""
    return _roll_tree(expression, parse(expression, limits), rng, limits)


_PLAIN_DICE = re.compile(r"([1-9][0-9]*)d([1-9][0-9]*)(?:([+-])(0|[1-9][0-9]*))?")


@functools.lru_cache(maxsize=256)
def _plain_dice(expression: str) -> tuple[int, int, str, int] | None:
    """``(count, sides, sign, number)`` of a check's or a weapon's plain
    dice typed without spaces (``1d20+3``, ``2d6``, ``1d8-1``; sign "" when
    none), else ``None``."""
    match = _PLAIN_DICE.fullmatch(expression)
    if match is None:
        return None
    count, sides, sign, number = match.groups()
    return int(count), int(sides), sign or "", int(number or 0)


def _roll_plain(expression: str, plain: tuple[int, int, str, int], rng: random.Random) -> DiceRoll:
    """Plain dice thrown as d20 throws them (each die ``rng.randrange(sides) + 1``,
    in order) and written as its ``SimpleStringifier`` writes them
    (``1d20 (15) + 3 = 18``), without building and walking its trees: a
    played-out fight (``core.forecast``) rolls thousands of these.
    ``roll_with_d20`` is what this must equal (tests/core/test_dice.py)."""
    count, sides, sign, number = plain
    faces = [rng.randrange(sides) + 1 for _ in range(count)]
    total = sum(faces) + (-number if sign == "-" else number)
    detail = f"{count}d{sides} ({', '.join(map(str, faces))})" + (f" {sign} {number}" if sign else "") + f" = {total}"
    return DiceRoll(
        expression=expression,
        total=total,
        dice=tuple(Die(sides, face, True) for face in faces),
        natural=faces[0] if count == 1 else None,
        detail=detail,
    )


def _roll_tree(expression: str, tree: Any, rng: random.Random, limits: DiceLimits) -> DiceRoll:
    with _roller_lock:
        roller, stringifier = _tools(limits.max_rolls)
        saved = d20_expression.random
        d20_expression.random = rng
        try:
            result = roller.roll(tree, stringifier=stringifier)
            total = result.total
            detail = result.result
            dice = tuple(_collect_dice(result.expr))
            natural = _natural(result.expr)
        except d20.TooManyRolls:
            raise DiceError(expression, f"more than {limits.max_rolls} dice would be rolled") from None
        except (d20.RollError, RecursionError, ValueError, ZeroDivisionError, TypeError) as exc:
            raise DiceError(expression, _plain(exc)) from None
        finally:
            d20_expression.random = saved
    comment = (tree.comment or "").strip()
    body = expression.strip()
    if comment and body.endswith(comment):
        body = body[: -len(comment)].rstrip()
    if comment and detail.endswith(comment):
        detail = detail[: -len(comment)].rstrip()
    return DiceRoll(
        expression=body,
        total=total,
        dice=dice,
        natural=natural,
        detail=detail,
        comment=comment,
    )


def _short(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# A word made only of these, with a digit or an operator sign in it, is dice
# notation, not a comment: numbers, d, %, operators, and the letters of the
# set and dice operators (k p h l rr ro ra e mi ma); ``!`` and ``^`` are the
# explode and power signs of other dice notations.
_DICE_WORD = re.compile(r"[0-9dD%+\-*/()<>=!^.,\[\]kphlroaemi]+")
_DICE_SIGN = re.compile(r"[0-9%+\-*/()<>=!^.,\[\]]")


def _check_comment(expression: str, text: str, comment: str) -> None:
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
        raise DiceError(expression, f"{_short(word)!r} after {_short(body.strip())!r} is not dice notation (a comment needs a space before it)")
    if _DICE_WORD.fullmatch(word) and _DICE_SIGN.search(word):
        raise DiceError(expression, f"{_short(word)!r} looks like dice notation, not a comment (a comment starts with a word)")


def _plain(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    text = str(exc).strip() or type(exc).__name__
    return text[:120]


def _check_tree(expression: str, node, limits: DiceLimits, depth: int) -> None:
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
        _check_tree(expression, child, limits, depth + 1)


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


def _check_rolls(expression: str, node, limits: DiceLimits) -> None:
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
    if isinstance(node, ast.OperatedDice):
        yield node.value, node.operations
        return
    if isinstance(node, ast.Dice):
        yield node, ()
        return
    for child in node.children:
        yield from _dice_terms(child)


def _collect_dice(node):
    if isinstance(node, d20_expression.Dice):
        sides = 100 if node.size == "%" else int(node.size)
        for die in node.values:
            for face in die.values:
                # face.total is 0 for a rerolled face; number is what it showed
                yield Die(sides=sides, value=int(face.number), kept=bool(die.kept and face.kept))
        return
    for child in node.children:
        yield from _collect_dice(child)


def _natural(node) -> int | None:
    left = node
    while left.children:
        left = left.children[0]
    if isinstance(left, d20_expression.Dice) and len(left.keptset) == 1:
        return int(left.keptset[0].total)
    return None
