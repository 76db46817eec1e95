"""An attack's odds in words: ``hit 45%``, or a power roll's tiers
``t1 55% t2 35% t3 10%`` (PR-ROLL-1: every tier deals damage, tier 1 too,
so a "hit" chance would hide tier 1's damage)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from core.dice.checks import tier_chances
from tui.rendering.lines import percent


def odds_words(hit: float, tiers: Iterable[tuple[str, Fraction]], hit_word: str = "hit") -> str:
    """``hit 45%`` from ``hit`` (a probability; ``hit_word`` names it), or ``t1 55% t2 35% t3 10%``
    when ``tiers`` ((tier label, probability) pairs) are a power roll's
    (:func:`core.dice.checks.tier_chances`)."""
    chances = tier_chances(tiers)
    if chances:
        return " ".join(f"{short} {percent(float(p))}" for short, p in chances)
    return f"{hit_word} {percent(hit)}"
