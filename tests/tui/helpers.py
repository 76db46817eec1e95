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


async def select_by_keys(pilot, app, name: str) -> None:
    order = [c.name for c in app.state.order()]
    here = order.index(app.state.combatant(app.selected).name)
    steps = order.index(name) - here
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
    await pilot.pause()
    assert app.state.combatant(app.selected).name == name


def status_of(app) -> str:
    return str(app.query_one("#status").render())


async def select_enemy_of_current(pilot, app) -> str:
    current = app.session.encounter.current
    target = next(c for c in app.state.order() if c.side is not current.side)
    await select_by_keys(pilot, app, target.name)
    return target.id
