"""Small builders shared by the map and movement tests."""

from __future__ import annotations

from importlib import resources

from core.values.combatant import Combatant, Side
from core.board.grid import Grid, TextMap, from_text


def seed_map() -> TextMap:
    """The second map of seed 003 (TAC-MAP-1)."""
    return from_text(resources.files("core.board.maps").joinpath("seed003_battle.txt").read_text(encoding="utf-8"))


def ascii_grid(text: str) -> Grid:
    """A grid from ASCII rows (``.`` ground, ``#`` wall, ``o`` boulder, ``^`` rock, ``~`` water, ...)."""
    return from_text(text).grid


def creature(cid: str, cell, side: Side = Side.PARTY, **kw) -> Combatant:
    stats = kw.pop("stats", {})
    return Combatant(cid, kw.pop("name", cid.upper()), side, stats, kw.pop("hp", 10), 10, position=cell, **kw)
