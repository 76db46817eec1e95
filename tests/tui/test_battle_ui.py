"""The battle screen (rules EQ-WAR-1..4) from the keyboard at 80x24 (A13)."""

from __future__ import annotations

from core.campaign.war.battle import EndKind
from tests.tui.helpers import demo_app, type_text
from tui.screens.battle import BattleScreen


async def _set_up(pilot, first="North 10000 str 2 cha 1", second="South 7000 str 3 cha 2", heroes="Ayla 2 +4; Brom 1 +3"):
    await pilot.press("W")
    await pilot.press("s")
    for line in (first, second, heroes):
        await type_text(pilot, line)
        await pilot.press("enter")
    await pilot.pause()


async def test_a13_a_battle_of_10000_against_7000_with_two_heroes_to_its_end(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _set_up(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        battle = app.presenter.state.battle
        assert battle.points == (10, 7) and [h.name for h in battle.heroes] == ["Ayla", "Brom"]
        assert [h.side for h in battle.heroes] == [1, 0]
        assert sum(screen.odds.endings.values()) == 1
        rounds = 0
        while not app.presenter.state.battle.over and rounds < 60:
            before = screen.odds
            await pilot.press("enter")
            await pilot.pause()
            rounds += 1
            assert app.presenter.state.battle.round == rounds
            assert screen.odds is not before  # a fresh forecast each round
            assert sum(screen.odds.endings.values()) == 1
        assert app.presenter.state.battle.over
        assert any("Battle over" in line.plain for line in screen.lines)
        await pilot.press("a")
        await pilot.pause()
        assert len(app.presenter.state.battle.aftermath) == 2
        log_kinds = [type(e.event).__name__ for e in app.presenter.session.log]
        assert "HeroFought" in log_kinds and "BattleRecovered" in log_kinds
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.state.battle.aftermath == ()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, BattleScreen)


async def test_eq_war_bad_army_is_refused_and_nothing_changes(tmp_path):
    """In the battle screen: Enter on an army it cannot
    read keeps the dialog and the text, with the reason (EQ-WAR-1)."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        log_before = len(app.presenter.session.log)
        await pilot.press("W")
        await pilot.press("s")
        await type_text(pilot, "North 0")
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PromptScreen)
        assert "at least 1 soldier" in (dialog.problem or "") and dialog.query_one("#prompt-input").value == "North 0"
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and app.presenter.state.battle is None
        await pilot.press("enter")  # no battle to roll
        await pilot.pause()
        assert "No battle" in screen.message
        assert len(app.presenter.session.log) == log_before


async def test_eq_war_a_hero_without_a_side_keeps_the_armies_typed(tmp_path):
    """EQ-WAR-2: a hero must name army 1 or 2; the heroes dialog stays open
    with its text, and the two armies typed before are kept."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("W", "s")
        await type_text(pilot, "North 10000")
        await pilot.press("enter")
        await type_text(pilot, "South 7000")
        await pilot.press("enter")
        await type_text(pilot, "Brom")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and "no side" in (app.screen.problem or "")
        for _ in "Brom":
            await pilot.press("backspace")
        await pilot.press("enter")
        await pilot.pause()
        assert [a.points for a in app.presenter.state.battle.armies] == [10, 7]  # EQ-WAR-1: 10 000 vs 7 000


async def test_undo_of_a_cleared_battle_brings_it_back_on_the_battle_screen(tmp_path):
    """Clear, then u on the battle screen: the battle and its odds are back (it crashed the app)."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("W", "s")
        await type_text(pilot, "North 10000")
        await pilot.press("enter")
        await type_text(pilot, "South 7000")
        await pilot.press("enter", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and app.presenter.state.battle is not None
        await pilot.press("c", "down", "enter")
        await pilot.pause()
        assert app.presenter.state.battle is None
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is screen and app.presenter.state.battle is not None and screen.odds is not None


async def test_eq_war_4_retreat_from_the_screen_ends_after_one_more_round(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _set_up(pilot, heroes="")
        await pilot.press("v")
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.battle.armies[1].retreat == 1
        await pilot.press("enter")
        await pilot.pause()
        battle = app.presenter.state.battle
        assert battle.over and battle.ending.kind in (EndKind.RETREAT, EndKind.ROUT, EndKind.DESTROYED)
