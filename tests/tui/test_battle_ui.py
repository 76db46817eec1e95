"""The battle screen (rules EQ-WAR-1..4) from the keyboard at 80x24 (A13)."""

from __future__ import annotations

from core.war import EndKind
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
        battle = app.state.battle
        assert battle.points == (10, 7) and [h.name for h in battle.heroes] == ["Ayla", "Brom"]
        assert [h.side for h in battle.heroes] == [1, 0]
        assert sum(screen.odds.endings.values()) == 1
        rounds = 0
        while not app.state.battle.over and rounds < 60:
            before = screen.odds
            await pilot.press("enter")
            await pilot.pause()
            rounds += 1
            assert app.state.battle.round == rounds
            assert screen.odds is not before  # a fresh forecast each round
            assert sum(screen.odds.endings.values()) == 1
        assert app.state.battle.over
        assert any("Battle over" in line.plain for line in screen.lines)
        await pilot.press("a")
        await pilot.pause()
        assert len(app.state.battle.aftermath) == 2
        log_kinds = [type(e.event).__name__ for e in app.session.log]
        assert "HeroFought" in log_kinds and "BattleRecovered" in log_kinds
        await pilot.press("u")
        await pilot.pause()
        assert app.state.battle.aftermath == ()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, BattleScreen)


async def test_eq_war_bad_army_is_refused_and_nothing_changes(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        log_before = len(app.session.log)
        await pilot.press("W")
        await pilot.press("s")
        await type_text(pilot, "North 0")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert "at least 1 soldier" in screen.message and app.state.battle is None
        await pilot.press("enter")  # no battle to roll
        await pilot.pause()
        assert "No battle" in screen.message
        assert len(app.session.log) == log_before


async def test_eq_war_4_retreat_from_the_screen_ends_after_one_more_round(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await _set_up(pilot, heroes="")
        await pilot.press("v")
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.battle.armies[1].retreat == 1
        await pilot.press("enter")
        await pilot.pause()
        battle = app.state.battle
        assert battle.over and battle.ending.kind in (EndKind.RETREAT, EndKind.ROUT, EndKind.DESTROYED)
