"""Commands of mounted combat (EQ-MNT-1..9) and falling objects (EQ-FALL-1).

Frozen dataclasses beside :mod:`core.combat.commands`, applied by the handlers of
:mod:`core.combat.mounted.riding` and :mod:`core.combat.maneuvers.dropped` (see ``HANDLERS`` there);
saved by the campaign like every command (``saves.codec`` registers this
module)."""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.commands import Command


@dataclass(frozen=True)
class RidingCheck(Command):
    """``rider`` makes a Riding check (EQ-MNT-1): 1d20 + Riding against the
    setting ``riding_difficulty``, with -3 ``no_reins``, -6 ``frightened``
    (an untrained animal) and -1 when a passenger rides behind.
    ``why``: ``"control"`` (its mount was hurt: failure loses control,
    EQ-MNT-6) or ``"seat"`` (moved, repositioned or knocked down against its
    will: failure throws it off within 1 cell with the fall of
    ``thrown_rider_fall``, EQ-MNT-5). A passenger rolls only ``"seat"``,
    with the lower of the rider's Riding and its own STR (EQ-MNT-8)."""

    rider: str
    why: str = "seat"
    no_reins: bool = False
    frightened: bool = False


@dataclass(frozen=True)
class RegainControl(Command):
    """EQ-MNT-6: on its turn the rider spends a preparation maneuver (its
    movement, EQ-MNT-2 DEFAULT) on a Riding check: critical success calms the
    mount and gives the maneuver back; success calms it; failure or critical
    failure throws the rider (fall of ``thrown_rider_fall``) and the mount bolts."""

    rider: str
    no_reins: bool = False
    frightened: bool = False


@dataclass(frozen=True)
class RefuseOrder(Command):
    """EQ-MNT-3, EQ-MNT-6: the mount of ``rider`` (an intelligent one may
    refuse) refuses an order: the rider has lost control, no roll."""

    rider: str


@dataclass(frozen=True)
class CallBack(Command):
    """EQ-MNT-7: ``caller`` calls the bolted ``animal`` back with an animal
    skill check (``skill``, default the Riding skill); a failure may be
    retried after ``callback_retry_minutes``."""

    caller: str
    animal: str
    skill: str = ""


@dataclass(frozen=True)
class MountBehind(Command):
    """EQ-MNT-8: ``passenger`` climbs on ``mount`` behind its rider (one
    passenger, rider-sized or smaller); a change-posture maneuver like
    mounting (EQ-MNT-2). :class:`core.combat.commands.Dismount` takes it off."""

    passenger: str
    mount: str


@dataclass(frozen=True)
class DropObject(Command):
    """EQ-FALL-1: an object falls ``height`` cells onto ``target``.
    ``large``: a large object deals ordinary fall damage (EQ-MOV-8 dice by
    height); else a dropped item: ``dropper`` rolls its Dropping skill
    against the target's attack difficulty to hit, then the same fall
    damage. ``aware`` targets may try ``defence`` (``"dodge"`` or
    ``"block"``, a reaction, EQ-ACT-4); unaware ones cannot avoid it."""

    target: str
    height: int
    large: bool = True
    dropper: str | None = None
    aware: bool = False
    defence: str = ""
