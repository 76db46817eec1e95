"""Animals in training and the party's ruses in play (rules EQ-ANI-1,
EQ-ANI-2, EQ-TRK-1).

The list lives on the encounter (``EncounterState.trainings`` and
``ruses``) beside its clock (:mod:`core.campaign.timekeeping`), which trains each
animal one day per in-game day. A trick takes 30 / 15 / 5 days for the
animal's ИНТ 1 / 2 / 3+ (seed 001: "для животного с ИНТ 3 и больше"; the
trainer needs the skill and the GM's consent, EQ-ANI-2, which the GM gives
by adding it). A ruse works twice (DEFAULT) and then word spreads; using
one can roll the ИНТ check the GM calls for: the user's, the victim's, or
both (a contest), with the odds shown first (:func:`core.offers.ruses.ruse_check`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.combat import commands as cmd
from core.combat.commands import Command
from core.errors import IllegalCommand
from core.combat.event_base import Event
from core.campaign.time_events import RuseAdded, RuseDropped, RuseUsed, TrainingDropped, TrainingStarted
from core.campaign.training import Ruse, TrainingSettings, start_training, use_ruse
from core.combat.scene import roll_check

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

MAX_LIST = 100  # trainings or ruses kept (a guard, not a rule)
INT_STAT = "INT"  # EQ-STAT-1 ИНТ in the DEFAULT stat block
RUSE_CHECKS = ("none", "user", "victim", "contest")  # EQ-TRK-1: the GM's choice; no fixed rules


@dataclass(frozen=True)
class StartTraining(Command):
    """Put ``animal`` in training for ``trick`` by ``trainer`` (EQ-ANI-1).
    ``intelligence`` None: the ИНТ of the combatant named ``animal``."""

    animal: str
    trick: str
    intelligence: int | None = None
    trainer: str = ""
    sapient: bool = False


@dataclass(frozen=True)
class DropTraining(Command):
    """Take the ``index``-th training (from 0) off the list (learned or given up)."""

    index: int


@dataclass(frozen=True)
class AddRuse(Command):
    """A ruse or trick named ``name``; ``bought`` with character points it never wears out (EQ-TRK-1)."""

    name: str
    bought: bool = False


@dataclass(frozen=True)
class UseRuse(Command):
    """Use ruse ``name`` once more (EQ-TRK-1); ``check``: ``none``, ``user``
    (the user's ИНТ check), ``victim`` (the victim's, to see through it) or
    ``contest`` (both roll); ``difficulty`` None: the ruleset's default."""

    name: str
    check: str = "none"
    user: str | None = None
    victim: str | None = None
    difficulty: int | None = None


@dataclass(frozen=True)
class DropRuse(Command):
    name: str


def _named(state: EncounterState, name: str):
    wanted = name.strip().casefold()
    return next((c for c in state.combatants if c.name.casefold() == wanted), None)


def start(enc: Table, state: EncounterState, command: StartTraining):
    """EQ-ANI-1, EQ-ANI-2: refused for a sapient animal, ИНТ below 1, no
    trick, an animal with no ИНТ given or on its sheet, or a full list."""
    if not command.animal.strip():
        raise IllegalCommand("name the animal to train", "EQ-ANI-1")
    intelligence = command.intelligence
    if intelligence is None:
        creature = _named(state, command.animal)
        if creature is None or INT_STAT not in creature.stats:
            raise IllegalCommand(f"give {command.animal.strip()}'s ИНТ: no combatant of that name has an {INT_STAT} stat", "EQ-ANI-1")
        intelligence = creature.stat(INT_STAT)
    if len(state.trainings) >= MAX_LIST:
        raise IllegalCommand(f"at most {MAX_LIST} animals in training")
    settings = enc.ruleset.settings_for(TrainingSettings)
    training = start_training(command.animal.strip(), intelligence, command.trick, command.trainer.strip(), command.sapient, settings)
    state = replace(state, trainings=state.trainings + (training,))
    return state, (TrainingStarted(training.animal, training.trick, training.trainer, intelligence, training.needed(settings)),)


def drop(enc: Table, state: EncounterState, command: DropTraining):
    if not 0 <= command.index < len(state.trainings):
        raise IllegalCommand(f"there is no training number {command.index + 1}")
    gone = state.trainings[command.index]
    state = replace(state, trainings=state.trainings[: command.index] + state.trainings[command.index + 1 :])
    return state, (TrainingDropped(gone.animal, gone.trick, gone.days),)


def _ruse(state: EncounterState, name: str) -> tuple[int, Ruse]:
    wanted = name.strip().casefold()
    for index, ruse in enumerate(state.ruses):
        if ruse.name.casefold() == wanted:
            return index, ruse
    known = ", ".join(r.name for r in state.ruses) or "none yet"
    raise IllegalCommand(f"no ruse named {name.strip()!r} (known: {known})", "EQ-TRK-1")


def add_ruse(enc: Table, state: EncounterState, command: AddRuse):
    name = command.name.strip()
    if not name:
        raise IllegalCommand("name the ruse", "EQ-TRK-1")
    if any(r.name.casefold() == name.casefold() for r in state.ruses):
        raise IllegalCommand(f"there is already a ruse named {name!r}", "EQ-TRK-1")
    if len(state.ruses) >= MAX_LIST:
        raise IllegalCommand(f"at most {MAX_LIST} ruses")
    state = replace(state, ruses=state.ruses + (Ruse(name, 0, command.bought),))
    return state, (RuseAdded(name, command.bought),)


def ruse_checks(state: EncounterState, command: UseRuse) -> tuple[cmd.RollCheck, ...]:
    """The ИНТ checks ``command`` rolls (EQ-TRK-1): none, the user's, the
    victim's or both; raises :class:`IllegalCommand` when one is missing."""
    if command.check not in RUSE_CHECKS:
        raise IllegalCommand(f"the check is one of {', '.join(RUSE_CHECKS)}, not {command.check!r}", "EQ-TRK-1")
    wanted = {"none": (), "user": ("user",), "victim": ("victim",), "contest": ("user", "victim")}[command.check]
    checks = []
    for role in wanted:
        who = getattr(command, role)
        if not who:
            raise IllegalCommand(f"a {command.check} check needs the {role}: name the combatant", "EQ-TRK-1")
        purpose = f"ruse {command.name.strip()}: " + ("did it work" if role == "user" else "sees through it")
        checks.append(cmd.RollCheck(state.combatant(who).id, INT_STAT, command.difficulty, purpose=purpose))
    return tuple(checks)


def use(enc: Table, state: EncounterState, command: UseRuse):
    """EQ-TRK-1: one more use (refused once word has spread), then the checks."""
    index, ruse = _ruse(state, command.name)
    checks = ruse_checks(state, command)
    settings = enc.ruleset.settings_for(TrainingSettings)
    used = use_ruse(ruse, settings)
    state = replace(state, ruses=state.ruses[:index] + (used,) + state.ruses[index + 1 :])
    events: list[Event] = [RuseUsed(used.name, used.uses, used.left(settings))]
    for check in checks:
        state, rolled = roll_check(enc, state, check)
        events.extend(rolled)
    return state, tuple(events)


def drop_ruse(enc: Table, state: EncounterState, command: DropRuse):
    index, ruse = _ruse(state, command.name)
    state = replace(state, ruses=state.ruses[:index] + state.ruses[index + 1 :])
    return state, (RuseDropped(ruse.name),)


HANDLERS = {StartTraining: start, DropTraining: drop, AddRuse: add_ruse, UseRuse: use, DropRuse: drop_ruse}
