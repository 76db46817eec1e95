"""small things a GM hits."""

from __future__ import annotations

from core.combat import commands as cmd
from core.combat import events as ev
from tests.tui.helpers import demo_app, status_of, type_text
from tui.rendering.describe import action_phrase, describe


async def test_undo_past_the_start_says_there_is_nothing_to_undo(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        while app.presenter.session.can_undo:
            await pilot.press("u")
        state = app.presenter.state
        await pilot.press("u")
        assert "Nothing to undo" in status_of(app) and app.presenter.state == state
        while app.presenter.session.can_redo:
            await pilot.press("ctrl+r")
        await pilot.press("ctrl+r")
        assert "Nothing to redo" in status_of(app)


def test_an_action_spent_reads_as_english_in_every_ruleset():
    assert [action_phrase(k) for k in ("action", "reaction", "quick", "full", "maneuver", "move", "five_foot_step")] == [
        "an action", "a reaction", "a quick action", "a full action", "a maneuver", "a move action", "a five foot step action",
    ]
    assert describe(ev.ActionSpent("c1", "Ash", "action", 0)).plain == "Ash uses an action (0 left)"


async def test_the_palette_finds_the_more_menu_by_its_words(tmp_path):
    """Ctrl+P, 'end combat', Enter: the . menu's entry runs (and 'bestiary'
    is there too): the palette lists what the menu lists."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert any("bestiary" in t for t in titles) and any(t.startswith("End combat") for t in titles)
        assert {label for _key, label in app.encounter_screen.more.options()} <= set(titles)
        assert app.presenter.state.round > 0
        await pilot.press("ctrl+p")
        await type_text(pilot, "end combat")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.round == 0


async def test_ascii_glyphs_mean_ascii_everywhere_on_screen(tmp_path):
    """``--glyphs ascii``: borders, HP bars, rulers, dialogs and names with
    other letters all reach the terminal as ASCII (terminals that are not
    UTF-8); the Unicode theme still draws its box lines."""
    import random

    from saves.campaign import Campaign
    from saves.session import Session
    from tests.tui.terminal_output import capture_terminal, captured_text, visible_text
    from tui.app import EncounterApp

    demo_app(tmp_path / "demo.json").presenter.session.campaign.close()
    for glyphs in ("unicode", "ascii"):
        app = EncounterApp(Session(Campaign.open(tmp_path / "demo.json"), random.Random(1)), glyphs=glyphs)
        written = capture_terminal(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            await pilot.pause()
            drawn = visible_text(captured_text(written))
            assert "Round 1" in drawn and "Damage to" in drawn
            if glyphs == "unicode":
                assert not drawn.isascii()
            else:
                assert drawn.isascii(), sorted({ch for ch in drawn if not ch.isascii()})
                assert "+-" in drawn and "##########" in drawn  # ASCII borders and HP bar
            await pilot.press("escape")
        app.presenter.session.campaign.close()


def test_to_ascii_keeps_every_width():
    from rich.cells import cell_len

    from tui.terminal.ascii_output import to_ascii

    for text in ("\u256d\u2500 Round 1 \u2500\u256e", "HP \u2588\u2588\u2591", "Chara\u2026er", "\U0001f469\u200d\U0001f469\u200d\U0001f467 x", "Caf\u00e9 \u2191\u0033 \u2193", "\x1b[1mB\u00f6ld\x1b[0m"):
        assert to_ascii(text).isascii() and cell_len(to_ascii(text)) == cell_len(text), text
    assert to_ascii("\u256d\u2500\u256e \u00b7 \u2026 \u2014 \u2191\u2193 Caf\u00e9") == "+-+ . . - ^v Cafe"


def test_ascii_hp_bars_tell_empty_from_full_and_from_walls():
    """A try-out with ``--glyphs ascii`` saw ``HP 0/12 ##########`` and
    ``HP 20/20 ##########``, and token bars drawn as walls."""
    from core.values.combatant import Combatant, Side
    from tui.terminal.ascii_output import to_ascii
    from tui.widgets.creature_sheet import hp_bar

    down = Combatant("a", "A", Side.FOE, {}, 0, 12)
    half = Combatant("b", "B", Side.FOE, {}, 6, 12)
    assert to_ascii(hp_bar(down).plain) == ".........."
    assert to_ascii(hp_bar(half).plain) == "#####....."
    assert to_ascii("\u2584\u2584\u2584 ") == "=== "  # glyphs.hp_segment's bar; walls are #


async def test_d_takes_typed_damage_as_the_more_menu_does(tmp_path):
    """`d 8 slashing` was refused ("not a number"): typed damage was only in `.`."""
    from tests.tui.helpers import select_by_keys

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await select_by_keys(pilot, app, "Boar")
        before = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("d")
        await type_text(pilot, "8 slashing")
        await pilot.press("enter")
        await pilot.pause()
        after = app.presenter.state.combatant(before.id)
        assert "Refused" not in status_of(app)
        from tui.widgets.dice_log import DiceLog

        assert after.hp == before.hp - 8  # the demo's boar has no armour against slashing
        assert any(isinstance(e.event, ev.DamageTaken) and "slashing" in describe(e.event).plain for e in app.query_one(DiceLog).entries[-3:])


async def test_a_enter_picks_an_action_left_and_an_override_says_so(tmp_path):
    """`a` Enter on a spent action took the GM override silently: what is
    left comes first, and an override taken says "GM override"."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        current = app.presenter.state.current
        first_kind = app.presenter.session.encounter.ruleset.tracked_kinds[0].id
        app.presenter.submit(cmd.SpendAction(current, first_kind))
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        budget = app.presenter.state.combatant(current).budget
        assert budget.left(first_kind) == 0  # not spent again: an action left was taken
        for kind in app.presenter.session.encounter.ruleset.tracked_kinds:
            if budget.left(kind.id) > 0:
                app.presenter.submit(cmd.SpendAction(current, kind.id))
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "GM override" in status_of(app)


async def test_tab_moves_between_the_tracker_and_the_log_and_the_map_takes_the_keys_only_in_its_modes(tmp_path):
    """Help: Tab focuses the next pane with keys of its own (tracker, log);
    outside a map mode the map's arrows do nothing, so Tab skips it; m
    gives it the keys and Esc gives them back to the tracker."""
    from tui.widgets.dice_log import DiceLog
    from tui.widgets.grid_map import GridMap
    from tui.widgets.initiative_tracker import InitiativeTracker

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:  # the sheet and the log both show
        seen = []
        for _ in range(3):
            seen.append(type(app.focused))
            await pilot.press("tab")
        assert seen == [InitiativeTracker, DiceLog, InitiativeTracker]
        await pilot.press("m")
        assert isinstance(app.focused, GridMap)
        await pilot.press("escape")
        assert isinstance(app.focused, InitiativeTracker)
