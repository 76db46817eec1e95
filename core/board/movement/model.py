"""What a ruleset's movement model provides, and how one is picked.

A model is a component of its ruleset: a few methods reading the ruleset's
one settings object (its movement fields are declared in the model
module's ``*MovementSettings`` dataclass, which the ruleset's ``Settings``
inherits): the speed of a creature per movement type, a per-terrain cost
table for one mover and movement type (:class:`StepRules`) and whether
another creature lets it pass (:class:`Passage`). A house rule on any of
those fields reaches the model because it reads the ruleset's settings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from core.values.combatant import Combatant, Side
from core.errors import IllegalCommand, RulesError
from core.board.grid import TERRAINS, MoveKind, Terrain
from core.values.mobility import Layer, MoveType, Size
from core.board.movement.layout import TERRAIN_ORDER
from core.rulesets import get

Refusal = tuple[str, str]  # (reason, rule id)


@dataclass(frozen=True)
class MoveOptions:
    """How a move is made, beyond its movement type.

    ``running`` / ``charging``: SRD-MOV-5 (no difficult terrain), SRD-MOV-4
    (no passing friends). ``extra_doublings``: further x2 penalties such as
    squeezing (SRD-MOV-7, SRD-MOV-8). ``start_parity``: 1 when an odd number
    of diagonals was already taken earlier in this move (SRD-MOV-2).
    """

    running: bool = False
    charging: bool = False
    extra_doublings: int = 0
    start_parity: int = 0


class Passage(Enum):
    """What another creature's cell is to a mover."""

    BLOCK = "block"  # cannot enter
    PASS = "pass"  # may move through, may not end there
    SHARE = "share"  # may move through and end there (tiny, helpless, other layer)


@dataclass(frozen=True)
class StepRules:
    """Costs for one mover and movement type, per terrain (in ``TERRAIN_ORDER``
    plus one off-map slot). ``costs[t]`` is the movement a straight step into
    terrain ``t`` costs (for ``diagonal == "alternate"``, the SRD-MOV-7
    multiplier 2^k); ``None`` with ``refusals[t] = (reason, rule)`` where it
    cannot enter. ``solid[t]``: counts as a wall for the corner rule."""

    move: MoveType
    costs: tuple[int | None, ...]
    refusals: tuple[Refusal | None, ...]
    diagonal: str = "same"
    corner: str = "one"
    solid: tuple[bool, ...] = ()
    teleport: bool = False


def _solid(terrain: Terrain) -> bool:
    return terrain.move is MoveKind.BLOCKED


SOLID = tuple(_solid(TERRAINS[t]) for t in TERRAIN_ORDER) + (False,)


def build_rules(
    move: MoveType, price: Callable[[Terrain], int | Refusal], diagonal: str = "same", corner: str = "one"
) -> StepRules:
    """A :class:`StepRules` from ``price(terrain)``: an int cost or a refusal."""
    costs: list[int | None] = []
    refusals: list[Refusal | None] = []
    for tid in TERRAIN_ORDER:
        value = price(TERRAINS[tid])
        if isinstance(value, tuple):
            costs.append(None)
            refusals.append(value)
        else:
            costs.append(int(value))
            refusals.append(None)
    costs.append(None)
    refusals.append(("off the map", ""))
    return StepRules(move, tuple(costs), tuple(refusals), diagonal, corner, SOLID)


class MovementModel:
    """Base of the movement models; a subclass sets ``Settings`` (its
    fields' DEFAULTs, inherited by its ruleset's settings)."""

    Settings: ClassVar[type] = object
    unit: ClassVar[str] = "cells"
    budget_rule: ClassVar[str] = ""
    occupied_rule: ClassVar[str] = ""
    blocked_rule: ClassVar[str] = ""
    moves: ClassVar[tuple[MoveType, ...]] = (MoveType.WALK,)

    def __init__(self, settings: Any | None = None) -> None:
        self.settings = settings if settings is not None else self.Settings()

    # -- speeds -------------------------------------------------------------
    def default_move(self, mover: Combatant) -> MoveType:
        """The movement type of its layer: air -> fly, burrowed -> burrow,
        under water -> swim; on the ground a ``prone`` creature crawls
        (TAC-MOV-2, PR-MOV-3, RULES.md Revision 3) where the model has
        crawling, else walk."""
        layer = mover.layer
        if layer is Layer.GROUND:  # compared by identity: an enum's hash is a Python call, and this runs on every query
            if mover.conditions and MoveType.CRAWL in self.moves and any(c.name == "prone" for c in mover.conditions):
                return MoveType.CRAWL
            return MoveType.WALK
        return _LAYER_MOVES.get(layer, MoveType.WALK)

    def stops_short(self) -> bool:
        """Whether a move ending where it may not stop ends on the last legal
        square instead of being refused (srd35: SRD-MOV-12); default no."""
        return False

    def spent(self, mover: Combatant, path: Any) -> int:
        """The movement ``path`` (a :class:`~core.board.movement.api.Path`)
        takes from ``mover``'s budget: its cost (srd35: crawling takes a
        whole move). Raises :class:`IllegalCommand` for a path the model
        allows only shorter."""
        return int(path.cost)

    def speed(self, mover: Combatant, move: MoveType) -> int:
        """Movement per turn for ``move`` in this model's unit; raises
        :class:`IllegalCommand` when the creature lacks that movement type."""
        raise NotImplementedError

    def require(self, mover: Combatant, move: MoveType, rule: str) -> int:
        """Its listed speed for a special movement type (fly, burrow, teleport)."""
        own = mover.speed_of(move)
        if not own:
            raise IllegalCommand(f"{mover.name} has no {move.value} speed", rule)
        return own

    # -- costs --------------------------------------------------------------
    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        """Per-terrain costs for ``mover`` moving by ``move``; raises
        :class:`IllegalCommand` (with the rule) when it cannot move that way
        at all. ``ceiling`` is the map's free height (None: open sky)."""
        raise NotImplementedError

    def teleport_rules(self, mover: Combatant, rule: str) -> StepRules:
        """Teleport (PR-TEL-1): any cell it may stand in, priced by distance."""

        def price(t: Terrain) -> int | Refusal:
            if t.move in (MoveKind.BLOCKED, MoveKind.CHASM):
                return (f"cannot stand in a {t.name}", rule)
            return 1

        return dataclasses.replace(build_rules(MoveType.TELEPORT, price, corner="any"), teleport=True)

    # -- other creatures ------------------------------------------------------
    allies_block: ClassVar[bool] = False

    def passage(self, mover: Combatant, other: Combatant, options: MoveOptions) -> Passage:
        """Whether ``other`` blocks ``mover`` (default: other layers and
        tiny creatures share, defeated ones are ignored, allies pass, the
        rest block)."""
        if other.defeated or other.layer is not _layer_group(mover):
            return Passage.SHARE
        if mover.space == (0, 0) or other.space == (0, 0):
            return Passage.SHARE
        if self.allied(mover, other):
            return Passage.BLOCK if self.allies_block else Passage.PASS
        return Passage.BLOCK

    def body_doublings(self, mover: Combatant, other: Combatant) -> int:
        """Doublings of the cost of each cell of ``other``'s body that
        ``mover`` may cross (SRD-MOV-15: a helpless huge body); default 0."""
        return 0

    @staticmethod
    def allied(mover: Combatant, other: Combatant) -> bool:
        return mover.side is other.side and mover.side is not Side.NEUTRAL

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.settings!r}>"


_LAYER_MOVES = {Layer.AIR: MoveType.FLY, Layer.BURROWED: MoveType.BURROW, Layer.UNDERWATER: MoveType.SWIM}


def _layer_group(mover: Combatant) -> Layer:
    return mover.layer


def small(size: Size) -> bool:
    return size.step <= Size.TINY.step


def model_for(ruleset: Any) -> MovementModel:
    """The movement model of ``ruleset`` (a :class:`~core.rulesets.base.Ruleset`,
    or a ruleset id for its defaults): :attr:`Ruleset.movement`, which reads
    the ruleset's own settings, house rules included. Raises
    :class:`RulesError` for an unknown id."""
    if isinstance(ruleset, str):
        ruleset = get(ruleset)
    return ruleset.movement
