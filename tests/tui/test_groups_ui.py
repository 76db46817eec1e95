"""Pilot tests at 80x24 of groups: `+` with a count and HP dice,
marks (space, A in an area, Esc), one damage / healing / condition for all
marked, and the condition durations."""

from __future__ import annotations

from core.combat import commands as cmd
from core.values.conditions import Boundary
from tests.tui.helpers import demo_app, status_of, type_text
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen


async def add_wolves(pilot, app, text="4 Wolf foe 2d8+2 DEX 2", mode="group"):
    await pilot.press("plus")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["group", "each"]
    if mode == "each":
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    return [c for c in app.presenter.state.order() if c.name.startswith("Wolf")]


def free_row(app, length: int):
    """``length`` free ground cells side by side."""
    state = app.presenter.state
    taken = {p for c in state.combatants for p in c.cells}
    for y in range(1, state.grid.height - 1):
        for x in range(1, state.grid.width - length - 1):
            cells = [(x + i, y) for i in range(length)]
            around = [(cx, cy) for cx in range(x - 2, x + length + 2) for cy in range(y - 2, y + 3)]
            if all(state.grid.contains(c) and not state.grid.terrain(c).blocks_movement and c not in taken for c in around if state.grid.contains(c)):
                return cells
    raise AssertionError("no free row on the map")


async def test_done_when_four_wolves_in_one_line_with_rolled_hp_and_consecutive_initiatives(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await type_text(pilot, "4 Wolf foe 2d8+2 DEX 2")
        await pilot.pause()
        assert "adds 4 x Wolf (foe, HP 2d8+2 each, DEX +2)" in app.screen.shown_hint
        steps = len(app.presenter.session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")  # one roll for the group
        await pilot.pause()
        wolves = [c for c in app.presenter.state.order() if c.name.startswith("Wolf")]
        assert [w.name for w in wolves] == ["Wolf 1", "Wolf 2", "Wolf 3", "Wolf 4"]
        values = [w.initiative for w in wolves]
        assert values == list(range(values[0], values[0] - 4, -1))
        assert all(4 <= w.hp_max <= 18 and w.hp_dice == "2d8+2" for w in wolves)
        assert "Added Wolf 1, Wolf 2, Wolf 3, Wolf 4" in status_of(app)
        assert len(app.presenter.session.log) > steps
        await pilot.press("u")  # one add is one undo step
        await pilot.pause()
        assert not [c for c in app.presenter.state.combatants if c.name.startswith("Wolf")]


async def test_each_rolls_its_own_before_combat_means_at_the_start(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        app.encounter_screen.run_command(cmd.EndCombat())
        await pilot.pause()
        wolves = await add_wolves(pilot, app, "3 Wolf foe 9", mode="each")
        assert [w.initiative for w in wolves] == [None, None, None] and [w.hp for w in wolves] == [9, 9, 9]


async def test_a_bad_count_or_hp_dice_is_refused_in_the_dialog_and_changes_nothing(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.presenter.state
        for text, words in (("0 Wolf foe 9", "1 to 50"), ("10000 Wolf foe 9", "1 to 50"), ("3 Wolf foe 1d6-1", "can roll 0")):
            await pilot.press("plus")
            await type_text(pilot, text)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PromptScreen) and words in app.screen.shown_hint
            assert words in status_of(app)
            await pilot.press("escape")
            await pilot.pause()
        assert app.presenter.state == before


async def test_space_marks_and_d_damages_every_marked_one_through_its_armour_in_one_undo_step(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        wolves = await add_wolves(pilot, app, "3 Wolf foe 12")
        app.encounter_screen.run_command(cmd.EditCombatant(wolves[1].id, cmd.SheetChanges(armour={"fire": 2})))
        for wolf in wolves[:2]:
            app.encounter_screen.select(wolf.id)
            await pilot.press("space")
        await pilot.pause()
        tracker = app.query_one("#tracker")
        assert tracker.row_cells(wolves[0].id)[2].plain.startswith("*")
        assert not tracker.row_cells(wolves[2].id)[2].plain.startswith("*")
        assert "2 marked" in status_of(app)
        await pilot.press("d")
        await type_text(pilot, "5 fire")
        await pilot.pause()
        assert "Wolf 1 -5 -> 7/12" in app.screen.shown_hint and "Wolf 2 -3 -> 9/12" in app.screen.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        assert [app.presenter.state.combatant(w.id).hp for w in wolves] == [7, 9, 12]
        await pilot.press("h")
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert [app.presenter.state.combatant(w.id).hp for w in wolves] == [9, 11, 12]
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert [app.presenter.state.combatant(w.id).hp for w in wolves] == [12, 12, 12]
        await pilot.press("escape")
        await pilot.pause()
        assert app.encounter_screen.marks.marked == () and "Marks cleared" in status_of(app)
        await pilot.press("space")  # the selected one again
        await pilot.press("space")
        assert app.encounter_screen.marks.marked == ()


async def test_done_when_one_area_damage_hits_the_three_wolves_in_it(tmp_path):
    """z places a radius, A marks everyone in it, d damages all of them at once."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        wolves = await add_wolves(pilot, app, "4 Wolf foe 20")
        for wolf, cell in zip(wolves[:3], free_row(app, 3)):
            app.encounter_screen.run_command(cmd.Place(wolf.id, cell))
        app.encounter_screen.select(wolves[1].id)
        await pilot.pause()
        await pilot.press("A")
        assert "Place an area template with z first" in status_of(app)
        await pilot.press("z")
        await pilot.press("enter")  # radius 1 around the selected wolf
        await pilot.pause()
        await pilot.press("A")
        await pilot.pause()
        assert set(app.encounter_screen.marks.marked) == {w.id for w in wolves[:3]}
        assert not app.query_one("#map").picking
        await pilot.press("d")
        await type_text(pilot, "2d6 fire")
        await pilot.press("enter")
        await pilot.pause()
        hp = [app.presenter.state.combatant(w.id).hp for w in wolves]
        assert hp[0] == hp[1] == hp[2] < 20 and hp[3] == 20
        assert "2d6 fire: Wolf 1" in status_of(app)


async def test_marks_clear_when_the_turn_passes(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        assert app.encounter_screen.marks.marked
        await pilot.press("n")
        await pilot.pause()
        assert app.encounter_screen.marks.marked == ()


async def test_e_offers_every_duration_and_counts_another_creatures_turn(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        current = app.presenter.state.current
        other = next(c for c in app.presenter.state.order() if c.id != current)
        app.encounter_screen.select(current)
        await pilot.pause()
        await pilot.press("e")
        await type_text(pilot, "prone")
        await pilot.press("enter")
        await pilot.pause()
        ids = app.screen.option_ids
        assert ids[0] == "plain" and {"end|?", "end-next|?", "start-next|?", "rounds|?", f"end|{current}"} <= set(ids)
        await type_text(pilot, "end next another")
        await pilot.pause()
        assert app.screen.shown == ["end-next|?"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids[0] == app.presenter.state.order()[0].id
        app.screen.query_one("#choice-list").highlighted = app.screen.option_ids.index(other.id)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and f"until the end of {other.name}'s next turn" in app.screen.question.plain
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        [condition] = app.presenter.state.combatant(current).conditions
        assert (condition.level, condition.duration.boundary, condition.duration.anchor) == (2, Boundary.END, other.id)
        assert f"until the end of {other.name}'s next turn" in status_of(app)


async def test_a_condition_for_every_marked_one_is_one_undo_step(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        wolves = await add_wolves(pilot, app, "2 Wolf foe 9")
        for wolf in wolves:
            app.encounter_screen.select(wolf.id)
            await pilot.press("space")
        await pilot.press("e")
        await type_text(pilot, "burning")
        await pilot.press("enter")
        await pilot.press("enter")  # until removed, or N rounds
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert all([c.name for c in app.presenter.state.combatant(w.id).conditions] == ["burning"] for w in wolves)
        assert "burning 2 on Wolf 1, Wolf 2" in status_of(app)
        await pilot.press("u")
        await pilot.pause()
        assert all(app.presenter.state.combatant(w.id).conditions == () for w in wolves)


async def test_one_creature_with_hp_dice_rolls_its_hp_and_its_own_initiative(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await type_text(pilot, "Ogre foe 3d10+5")
        await pilot.press("enter")
        await pilot.pause()
        [ogre] = [c for c in app.presenter.state.combatants if c.name == "Ogre"]
        assert 8 <= ogre.hp == ogre.hp_max <= 35 and ogre.hp_dice == "3d10+5" and ogre.initiative is not None
        assert "Added Ogre" in status_of(app)


async def test_the_add_line_reads_size_as_a_roster_line_does_and_the_preview_names_it(tmp_path):
    """EQ-SIZE-1: ``size large`` in the ``+`` line gives the creature its size
    (one parser with the map's roster line), alone or as a group."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await type_text(pilot, "Ogre foe 20 STR 3 size large attacks Club: 2d6 reach 2")
        await pilot.pause()
        assert "adds Ogre (foe, HP 20, large, STR +3, attacks Club)" in app.screen.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        [ogre] = [c for c in app.presenter.state.combatants if c.name == "Ogre"]
        assert ogre.size.value == "large"
        wolves = await add_wolves(pilot, app, "2 Wolf foe 2d8+2 size large")
        assert [w.size.value for w in wolves] == ["large", "large"]
