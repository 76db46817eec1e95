"""Offers of doors (:mod:`core.combat.doors`): the creature whose turn it
is, standing by a door, may open, close, lock, unlock it or break it in
(before combat, round 0, the selected creature, spending nothing); each
offer says what it spends (the ruleset's
:class:`core.board.edges.DoorSettings`) and, when it is not allowed now,
why (the refusal :meth:`Encounter.apply` would give)."""

from __future__ import annotations

from core.board.edges import DoorSettings, Edge, Feature
from core.combat.door_commands import BreakDoor, DoorUse, UseDoor
from core.offers.offer import Group, Offer, OfferContext
from core.values.combatant import Combatant

_WORDS = {DoorUse.OPEN: "opens", DoorUse.CLOSE: "closes", DoorUse.LOCK: "locks", DoorUse.UNLOCK: "unlocks"}
_FITS = {DoorUse.OPEN: Feature.DOOR_CLOSED, DoorUse.CLOSE: Feature.DOOR_OPEN, DoorUse.LOCK: Feature.DOOR_CLOSED, DoorUse.UNLOCK: Feature.DOOR_LOCKED}


def door_user(c: OfferContext) -> Combatant | None:
    """Who uses the doors offered: the actor (whose turn it is); before
    combat, when it is no one's turn, the selected creature."""
    if c.actor is None and not c.fighting:
        return c.target
    return c.actor


def doors_by(c: OfferContext) -> list[Edge]:
    """The doors on the sides of the door user's cells (:func:`door_user`;
    within its ruleset's ``door_reach``), nearest first."""
    actor, grid = door_user(c), c.state.grid
    if actor is None or actor.position is None or not grid.edges:
        return []
    reach = c.ruleset.settings_for(DoorSettings).door_reach
    mine = set(actor.cells)
    found = []
    for edge in grid.edges:
        if not edge.feature.is_door:
            continue
        apart = min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in mine for q in edge.cells)
        if apart <= reach:
            found.append((apart, edge))
    return [e for _, e in sorted(found, key=lambda pair: pair[0])]


def door_offers(c: OfferContext) -> tuple[Offer, ...]:
    """For each door by the actor: the uses that fit its state, and breaking
    a closed or locked one in (EQ-CHK-3)."""
    actor = door_user(c)
    edges = doors_by(c)
    if actor is None or not edges:
        return ()
    settings = c.ruleset.settings_for(DoorSettings)
    use_spends = (f"{settings.door_movement} MP",) if settings.door_movement else ((settings.door_action,) if settings.door_action else ())
    break_spends = (settings.break_action,) if settings.break_action else ()
    if not c.fighting:
        use_spends = break_spends = ()  # nothing is spent before combat (core.combat.doors)
    found: list[Offer] = []
    for edge in edges:
        where = f"the door on the {edge.side.value} side of ({edge.cell[0]}, {edge.cell[1]})"
        suffix = f"{edge.cell[0]},{edge.cell[1]},{edge.side.value}"
        for use, fits in _FITS.items():
            if edge.feature is not fits:
                continue
            found.append(c.offer(
                f"door.{use.value}.{suffix}", f"{actor.name} {_WORDS[use]} {where}", Group.ACTION,
                lambda _, a=actor.id, cell=edge.cell, side=edge.side, u=use: UseDoor(a, cell, side, u),
                spends=use_spends, actor=actor.id, rule="Doors",
            ))
        if edge.feature in (Feature.DOOR_CLOSED, Feature.DOOR_LOCKED):
            found.append(c.offer(
                f"door.break.{suffix}", f"{actor.name} breaks in {where} ({settings.break_stat} check vs {settings.break_difficulty})", Group.ACTION,
                lambda _, a=actor.id, cell=edge.cell, side=edge.side: BreakDoor(a, cell, side),
                spends=break_spends, actor=actor.id, rule="EQ-CHK-3",
            ))
    return tuple(found)



