"""Building apps for tests: a demo campaign with seeded dice."""

from __future__ import annotations

import random
from pathlib import Path

from dataclasses import replace

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.demo import state_from_map
from core.combat.encounter import Encounter
from core.board.grid import from_text
from core.rulesets import get as get_ruleset
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
    order = [c.name for c in app.presenter.state.order()]
    here = order.index(app.presenter.state.combatant(app.encounter_screen.selected).name)
    steps = order.index(name) - here
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
    await pilot.pause()
    assert app.presenter.state.combatant(app.encounter_screen.selected).name == name


def status_of(app) -> str:
    return str(app.query_one("#status").render())


async def select_enemy_of_current(pilot, app) -> str:
    current = app.presenter.session.encounter.current
    target = next(c for c in app.presenter.state.order() if c.side is not current.side)
    await select_by_keys(pilot, app, target.name)
    return target.id


def crowd_campaign(path: Path, count: int = 100) -> Path:
    """A campaign at ``path`` with ``count`` combatants (odd: party, even:
    foes) on a 40x30 walled field, combat started (round 1)."""
    width, height = 40, 30
    rows = ["#" * width] + ["#" + "." * (width - 2) + "#" for _ in range(height - 2)] + ["#" * width]
    state = state_from_map("Crowd", from_text("\n".join(rows)))
    rng = random.Random(7)
    cells = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1)]
    rng.shuffle(cells)
    combatants = tuple(
        Combatant(
            id=f"c{n}", name=f"{'Hero' if n % 2 else 'Goblin'} {n}", side=Side.PARTY if n % 2 else Side.FOE,
            stats={"STR": n % 4, "DEX": n % 3, "BODY": 1, "INT": 0, "CHA": 0}, hp=10 + n % 7, hp_max=10 + n % 7,
            position=cells[n],
        )
        for n in range(1, count + 1)
    )
    encounter = Encounter(replace(state, combatants=combatants), get_ruleset("equestria"), random.Random(3))
    first = encounter.apply(cmd.StartCombat())
    Campaign.create(path, "Crowd", encounter.ruleset, encounter.state, first).close()
    return path
