"""Dice notation, rolled by the ``d20`` library inside fixed limits.

``roll("2d20kh1+3 sneak attack", rng)`` parses the expression, checks it
against :class:`DiceLimits`, rolls it with the injected ``random.Random`` and
returns a :class:`DiceRoll`: the total, every die with its kept/dropped
mark, and the trailing comment. Every failure, including the
``RecursionError`` and ``ValueError`` that d20 can leak, becomes one
:class:`~core.errors.DiceError` with a message for the user.

d20 draws from the module-level ``random``; we lend it our generator for the
duration of one roll (under a lock), so tests seed rolls and the product
never fakes one.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from core.errors import DiceError

# d20 builds its grammar when imported (tens of milliseconds): it is loaded
# at the first roll, not when the program starts.
d20 = ast = d20_expression = None


def _load() -> None:
    global d20, ast, d20_expression
    if d20 is None:
        import d20 as d20_module
        from d20 import diceast, expression

        d20, ast, d20_expression = d20_module, diceast, expression

__all__ = ["DiceLimits", "Die", "DiceRoll", "roll", "parse", "DEFAULT_LIMITS"]


@dataclass(frozen=True)
class DiceLimits:
    """Bounds that keep a typed expression cheap and sane.

    ``max_length`` characters of expression and ``max_comment`` of comment, ``max_dice``
    dice in one term, ``max_sides`` faces per die, ``max_rolls`` dice rolled
    in total including explosions and rerolls, ``max_depth`` nesting levels
    of the parsed expression.
    """

    max_length: int = 200
    max_dice: int = 100
    max_sides: int = 1000
    max_rolls: int = 500
    max_depth: int = 40
    max_comment: int = 200


DEFAULT_LIMITS = DiceLimits()


@dataclass(frozen=True)
class Die:
    """One die thrown: ``sides`` faces, ``value`` shown, ``kept`` whether it counts."""

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
    text = expression.strip()
    if not text:
        raise DiceError(expression, "it is empty")
    if len(text) > limits.max_length + limits.max_comment:
        raise DiceError(expression, f"longer than {limits.max_length + limits.max_comment} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise DiceError(expression, "it contains control characters")
    roller = d20.Roller()
    try:
        tree = roller.parse(text, allow_comments=allow_comments)
    except d20.RollSyntaxError as exc:
        got = str(exc.got)
        if not got:
            raise DiceError(expression, "it ends too early: a number or a die size is missing") from None
        raise DiceError(expression, f"unexpected {got!r} at column {exc.col}") from None
    except (d20.RollError, RecursionError, ValueError, IndexError, TypeError) as exc:
        raise DiceError(expression, _plain(exc)) from None
    except Exception as exc:  # lark raises its own errors for some inputs
        raise DiceError(expression, f"not dice notation ({type(exc).__name__})") from None
    comment = tree.comment or ""
    body_length = len(text) - len(comment)
    if body_length > limits.max_length:
        raise DiceError(expression, f"longer than {limits.max_length} characters")
    _check_tree(expression, tree.roll, limits, depth=1)
    return tree


def roll(expression: str, rng: random.Random, limits: DiceLimits = DEFAULT_LIMITS) -> DiceRoll:
    """Roll ``expression`` with ``rng``; free text after it is kept as the comment.

    Raises :class:`DiceError` with a readable reason on any bad input.
    """
    tree = parse(expression, limits)
    roller = d20.Roller(context=d20.RollContext(max_rolls=limits.max_rolls))
    with _roller_lock:
        saved = d20_expression.random
        d20_expression.random = rng
        try:
            result = roller.roll(tree, stringifier=d20.SimpleStringifier())
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
        if node.size != "%":
            if node.size < 1:
                raise DiceError(expression, f"a die needs at least 1 side ({node})")
            if node.size > limits.max_sides:
                raise DiceError(expression, f"dice larger than d{limits.max_sides} ({node})")
    if isinstance(node, ast.Literal) and abs(node.value) > 10**9:
        raise DiceError(expression, "a number is too large")
    for child in node.children:
        _check_tree(expression, child, limits, depth + 1)


def _collect_dice(node):
    if isinstance(node, d20_expression.Dice):
        sides = 100 if node.size == "%" else int(node.size)
        for die in node.values:
            for face in die.values:
                yield Die(sides=sides, value=int(face.total), kept=bool(die.kept and face.kept))
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
