"""Animal training and tricks (rules EQ-ANI-1, EQ-ANI-2, EQ-TRK-1, seed 001).

What an animal can learn depends on its ИНТ: 1 basic commands (hunting,
riding, carrying, its name), 2 also its species' commands (fetch, attack,
search, sit; it warns and fights for its master), 3 and more any trick the
GM allows. One trick takes 30 / 15 / 5 days for ИНТ 1 / 2 / 3+. A sapient
animal cannot be trained. Tricks and ruses (sand in the eyes) work once,
maybe twice, then word spreads.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.errors import IllegalCommand

LEVELS = ("basic commands", "species commands", "any trick")


@dataclass(frozen=True)
class TrainingSettings:
    """EQ-ANI-1 and EQ-TRK-1 as data; DEFAULT marks a gap in the seed."""

    days_per_trick: tuple[int, int, int] = (30, 15, 5)  # EQ-ANI-1: ИНТ 1, 2, 3+
    min_int: int = 1  # DEFAULT: ИНТ below 1 learns nothing (the seed starts at ИНТ 1)
    ruse_uses: int = 2  # EQ-TRK-1 DEFAULT: "once, maybe twice"


def level(intelligence: int, settings: TrainingSettings = TrainingSettings()) -> str:
    """EQ-ANI-1: what an animal of ``intelligence`` (ИНТ) can learn."""
    if intelligence < settings.min_int:
        raise IllegalCommand(f"an animal of ИНТ {intelligence} cannot be trained", "EQ-ANI-1")
    return LEVELS[min(intelligence, 3) - 1]


def days_per_trick(intelligence: int, settings: TrainingSettings = TrainingSettings()) -> int:
    """EQ-ANI-1: 30 days at ИНТ 1, 15 at 2, 5 at 3 or more."""
    level(intelligence, settings)
    return settings.days_per_trick[min(intelligence, 3) - 1]


@dataclass(frozen=True)
class Training:
    """``animal`` (ИНТ ``intelligence``) learning ``trick`` from ``trainer``;
    ``days`` of training done so far."""

    animal: str
    intelligence: int
    trick: str
    trainer: str = ""
    days: int = 0
    sapient: bool = False

    def needed(self, settings: TrainingSettings = TrainingSettings()) -> int:
        return days_per_trick(self.intelligence, settings)

    def done(self, settings: TrainingSettings = TrainingSettings()) -> bool:
        return self.days >= self.needed(settings)


def start_training(animal: str, intelligence: int, trick: str, trainer: str = "", sapient: bool = False,
                   settings: TrainingSettings = TrainingSettings()) -> Training:
    """A new training (EQ-ANI-1, EQ-ANI-2). Raises :class:`IllegalCommand` for a
    sapient animal, one too dull to learn, or no trick named."""
    if sapient:
        raise IllegalCommand(f"{animal} is sapient: it cannot be trained, only persuaded", "EQ-ANI-2")
    level(intelligence, settings)
    if not trick.strip():
        raise IllegalCommand("name the trick to teach", "EQ-ANI-1")
    return Training(animal, intelligence, trick.strip(), trainer, 0, False)


def train(training: Training, days: int, settings: TrainingSettings = TrainingSettings()) -> Training:
    """``days`` more in-game days of training (never past the days needed)."""
    if days < 0:
        raise IllegalCommand("training days cannot be taken back; undo instead", "EQ-ANI-1")
    return replace(training, days=min(training.needed(settings), training.days + days))


@dataclass(frozen=True)
class Ruse:
    """A trick or ruse (EQ-TRK-1): ``uses`` so far; ``bought`` as an ability
    with character points, it never wears out."""

    name: str
    uses: int = 0
    bought: bool = False

    def left(self, settings: TrainingSettings = TrainingSettings()) -> int | None:
        return None if self.bought else max(0, settings.ruse_uses - self.uses)


def use_ruse(ruse: Ruse, settings: TrainingSettings = TrainingSettings()) -> Ruse:
    """One more use (EQ-TRK-1); refused once word has spread (DEFAULT after 2)."""
    if not ruse.bought and ruse.uses >= settings.ruse_uses:
        raise IllegalCommand(f"word of '{ruse.name}' has spread: it no longer works (used {ruse.uses} times)", "EQ-TRK-1")
    return replace(ruse, uses=ruse.uses + 1)


RUSE_CHECKS = ("user's ИНТ", "victim's ИНТ", "ИНТ contest")
"""EQ-TRK-1: the checks the GM may call for; there are no fixed rules."""
