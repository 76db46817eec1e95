"""Lantern: a made-up fifth ruleset, found only through its entry point.

Rules (ids ``LAN-*``, this package's own):

- LAN-CHK-1: a check is 1d8 + stat against a difficulty (DEFAULT 5); a
  natural 8 is a critical success, anything else succeeds on total >=
  difficulty.
- LAN-INIT-1: initiative is 1d8 + WITS (setting ``initiative_stat``).
- LAN-ACT-1: a turn holds one deed (D) and one duck (K, off turn: a
  reaction); an attack spends the deed.
- LAN-MOV-1: movement in paces (:mod:`lantern.movement`).
- LAN-RAL-1: a rally (:mod:`lantern.commands`) spends the deed to win back
  ``rally_hp`` hit points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from core.board.movement.falling import DiceFallSettings
from core.dice.checks import Tier
from core.rulesets.base import ActionKind, Ruleset
from core.rulesets.common import CommonSettings
from core.values.combatant import ActionBudget, Combatant

from lantern.movement import LanternMovement, LanternMovementSettings


@dataclass(frozen=True)
class LanternSettings(CommonSettings, LanternMovementSettings, DiceFallSettings):
    stats: tuple[str, ...] = ("GRIT", "WITS")
    default_difficulty: int = 5  # LAN-CHK-1
    default_ac: int = 5  # LAN-CHK-1: an attack is a check against the target's AC, else this
    initiative_stat: str = "WITS"  # LAN-INIT-1
    rally_hp: int = 2  # LAN-RAL-1
    slowed_melee: int = 0  # no TAC-POS-3 here: every step costs paces, open ground slows nobody
    slowed_ranged_per_mp: int = 0


class Lantern(Ruleset):
    """Rules LAN-* (see the module)."""

    id = "lantern"
    name = "Lantern (a ruleset of the tests)"
    rule_prefix = "LAN"
    Settings = LanternSettings
    command_modules: ClassVar[tuple[str, ...]] = ("lantern.commands",)
    check_sides = 8
    initiative_sides = 8
    attack_stat = "GRIT"
    tiers = (Tier.FAILURE, Tier.SUCCESS, Tier.CRITICAL_SUCCESS)
    attack_tiers = tiers
    kinds = (
        ActionKind("deed", "Deed", "D", rule="LAN-ACT-1"),
        ActionKind("duck", "Duck", "K", off_turn=True, rule="LAN-ACT-1"),
    )
    attack_kind = "deed"

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """LAN-CHK-1."""
        if natural == self.check_sides:
            return Tier.CRITICAL_SUCCESS
        return Tier.SUCCESS if total >= difficulty else Tier.FAILURE

    def initiative_modifier(self, combatant: Combatant) -> int:
        """LAN-INIT-1: 1d8 + WITS."""
        return combatant.stat(self.settings.initiative_stat)

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        """LAN-ACT-1: a deed, a duck and the paces of LAN-MOV-1."""
        speed = self.movement_speed(combatant)
        return ActionBudget(actions={"deed": 1, "duck": 1}, movement=speed, movement_max=speed)

    def movement_model(self) -> type[LanternMovement]:
        return LanternMovement

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """LAN-RAL-1: the rally of :mod:`lantern.commands`."""
        from lantern.commands import rally_offers

        return rally_offers(context)
