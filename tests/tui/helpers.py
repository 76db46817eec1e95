"""Building apps for tests: a demo campaign with seeded dice."""

from __future__ import annotations

import random
from pathlib import Path

from saves.campaign import Campaign
from saves.session import Session, create_demo
from tui.app import EncounterApp


def demo_app(path: Path, seed: int = 3) -> EncounterApp:
    """The app on the demo campaign at ``path`` (created if missing)."""
    if not path.exists():
        create_demo(path, random.Random(seed)).close()
    return EncounterApp(Session(Campaign.open(path), random.Random(seed + 1)))


async def type_text(pilot, text: str) -> None:
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
