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

from core.dice.expression_checks import DEFAULT_LIMITS, DiceLimits, check_comment, check_rolls, check_tree, plain_reason, short
from core.dice.linear_roller import linear_roller
from core.errors import DiceError

# d20 builds its grammar when imported (tens of milliseconds): it is loaded
# at the first roll, not when the program starts.
d20: Any = None  # the d20 module; d20 ships no type information
d20_expression: Any = None  # d20.expression
_Roller: Any = None  # the LinearRoller class built from d20.Roller


_load_lock = threading.Lock()


def _load() -> None:
    global d20, d20_expression, _Roller
    if _Roller is not None:
        return
    with _load_lock:
        if _Roller is None:
            import d20 as d20_module
            from d20 import expression

            d20, d20_expression = d20_module, expression
            _Roller = linear_roller(d20_module, expression)


def warm_up() -> None:
    """Load d20 and build its grammar now (about 0.2-1 s once per process),
    so that the first roll or refusal a user types answers at once. Safe to
    call from a background thread and more than once."""
    _load()

__all__ = ["DiceLimits", "Die", "DiceRoll", "roll", "roll_with_d20", "parse", "warm_up", "DEFAULT_LIMITS"]


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
        raise DiceError(expression, f"unexpected {short(got)!r} at column {exc.col}") from None
    except (d20.RollError, RecursionError, ValueError, IndexError, TypeError) as exc:
        raise DiceError(expression, plain_reason(exc)) from None
    except Exception as exc:  # lark raises its own errors for some inputs
        raise DiceError(expression, f"not dice notation ({type(exc).__name__})") from None
    comment = tree.comment or ""
    body_length = len(text) - len(comment)
    if body_length > limits.max_length:
        raise DiceError(expression, f"longer than {limits.max_length} characters")
    if comment:
        check_comment(expression, text, comment)
    check_tree(expression, tree.roll, limits, depth=1)
    check_rolls(expression, tree.roll, limits)
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
            raise DiceError(expression, plain_reason(exc)) from None
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
