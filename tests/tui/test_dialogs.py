"""dialogs check what is typed as it is typed.

A one-line dialog shows what Enter would do (or why it would be refused);
Enter on a refused entry keeps the dialog open with the text and says why
(in the dialog and in the status line); a refusal by the rules after Enter
reopens the dialog with the text. Choice lists narrow as the GM types.
"""

from __future__ import annotations

from core.combat import events as ev
from core.board.battlefield import cells_apart
from tests.tui.helpers import demo_app, select_by_keys, status_of, type_text
from tui.screens.choice import ChoiceScreen, matches
from tui.screens.prompt import PromptScreen


def field(app) -> str:
    return app.screen.query_one("#prompt-input").value


async def test_damage_dialog_previews_the_hit_points_it_leaves(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("d")
        await type_text(pilot, "7")
        await pilot.pause()
        assert f"HP {target.hp - 7}/{target.hp_max}" in app.screen.shown_hint
        await type_text(pilot, "d")
        await pilot.pause()
        assert app.screen.problem is not None  # '7d' is not yet dice


async def test_a_typo_in_the_damage_dialog_keeps_the_dialog_and_the_text(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target, before = app.presenter.state.combatant(app.encounter_screen.selected), app.presenter.state
        await pilot.press("d")
        await type_text(pilot, "7x")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and field(app) == "7x"
        assert "Refused" in app.screen.shown_hint and "not a number" in app.screen.shown_hint
        assert "Refused" in status_of(app)
        assert app.presenter.state == before
        await pilot.press("backspace", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen)
        assert app.presenter.state.combatant(target.id).hp == target.hp - 7


async def test_roll_dialog_refuses_bad_dice_in_place(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        logged = len(app.presenter.session.log)
        await pilot.press("r")
        await type_text(pilot, "1d20+ kick")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and field(app) == "1d20+ kick"
        assert len(app.presenter.session.log) == logged
        for _ in " kick":
            await pilot.press("backspace")
        await type_text(pilot, "2 kick the door")
        await pilot.pause()
        assert "rolls 1d20+2" in app.screen.shown_hint and "kick the door" in app.screen.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.presenter.session.log[-1].event, ev.DiceRolled)


async def test_a_refusal_by_the_rules_reopens_the_dialog_with_the_text(tmp_path):
    """A melee attack out of reach is refused when applied (the rules'
    check): the attack dialog comes back with what was typed and why."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        attacker = app.presenter.session.encounter.current
        far = next(c for c in app.presenter.state.order() if c.id != attacker.id and (cells_apart(attacker, c) or 0) > 1)
        await select_by_keys(pilot, app, far.name)
        before = app.presenter.state
        await pilot.press("t")
        await type_text(pilot, "1d6 slashing")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and field(app) == "1d6 slashing"
        assert "out of melee reach" in app.screen.shown_hint and "Refused" in app.screen.shown_hint
        assert app.presenter.state == before


async def test_editing_a_refused_entry_clears_the_refusal_from_the_status_line(tmp_path):
    """A try-out added ``ranged`` after an out-of-reach refusal: the preview
    was valid, but the status line under the dialog still said "Refused"."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        attacker = app.presenter.session.encounter.current
        far = next(c for c in app.presenter.state.order() if c.id != attacker.id and (cells_apart(attacker, c) or 0) > 1)
        await select_by_keys(pilot, app, far.name)
        await pilot.press("t")
        await type_text(pilot, "1d6")
        await pilot.press("enter")
        await pilot.pause()
        assert "Refused" in status_of(app) and "Refused" in app.screen.shown_hint
        await type_text(pilot, " ranged")
        await pilot.pause()
        assert "Refused" not in status_of(app) and "Refused" not in app.screen.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PromptScreen)


def test_a_filter_matches_every_typed_word_in_any_case():
    assert matches("End combat: all sides agree", "end COM")
    assert matches("End combat: all sides agree", "agree end")
    assert not matches("End combat: all sides agree", "end dash")


async def test_the_condition_list_filters_by_typing(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("e")
        await type_text(pilot, "burn")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and app.screen.shown == ["burning"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "burning" in app.screen.question.plain  # how long
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and "burning" in app.screen.question.plain
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert [(c.name, c.level) for c in app.presenter.state.combatant(target.id).conditions] == [("burning", 2)]


async def test_backspace_widens_the_filter_and_nothing_matching_says_so(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        everything = list(app.screen.shown)
        await type_text(pilot, "zzz")
        await pilot.pause()
        assert app.screen.shown == []
        assert "nothing matches" in str(app.screen.query_one("#choice-filter").render())
        for _ in "zzz":
            await pilot.press("backspace")
        await pilot.pause()
        assert app.screen.shown == everything


async def test_the_more_menu_filters_by_its_words(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("full_stop")
        await type_text(pilot, "end combat")
        await pilot.pause()
        labels = dict(app.screen.options)
        assert app.screen.shown and all("end combat" in labels[key].lower() for key in app.screen.shown)


async def test_add_dialog_previews_the_creature_and_refuses_a_foreign_stat_in_place(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        count = len(app.presenter.state.combatants)
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9 STR 2")
        await pilot.pause()
        assert "adds Wolf (foe, HP 9, STR +2)" in app.screen.shown_hint
        await type_text(pilot, " XYZ 1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and field(app) == "Wolf foe 9 STR 2 XYZ 1"
        assert "not a stat" in app.screen.shown_hint and "Added" not in status_of(app)
        assert len(app.presenter.state.combatants) == count



async def test_a_wide_list_without_a_scrollbar_counts_what_it_holds_and_what_a_filter_leaves(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        title = app.screen.query_one("#prompt-title-wide")
        everything = len(app.screen.shown)
        assert everything > 7 and f"({everything})" in str(title.render())  # more than its 7 rows show
        await type_text(pilot, "bl")
        await pilot.pause()
        left = len(app.screen.shown)
        assert 0 < left < everything and f"({left})" in str(title.render())
