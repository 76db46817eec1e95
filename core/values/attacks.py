"""Saved attacks: the attacks written on a creature's sheet.

A :class:`SavedAttack` is a name and the weapon notation that the attack
command reads (``core.dice.notation.parse_attack``: ``"1d6 piercing ranged
+2"``), so a saved attack and a typed one are the same attack. ``uses``
names one of the creature's limited uses (``core.values.trackers.LimitedUse``)
that each attack spends; empty for an attack without a limit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SavedAttack:
    """One attack on a sheet: ``name`` ("Shortbow"), ``weapon`` notation
    ("1d6 piercing ranged"), ``uses`` the limited use it spends ("" none)."""

    name: str
    weapon: str = ""
    uses: str = ""
