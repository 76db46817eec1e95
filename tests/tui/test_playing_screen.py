"""The player's screen (``encounter play --as NAME``, tui/screens/playing.py)
pressed as a player presses it, against a GM's process in the same loop (its
request socket and its feed writer): the ask line and its check (EQ-CHK-1),
the GM's ask for the players' own initiative (EQ-INIT-1), the reaction key
``r`` (srd35's attack of opportunity, SRD-MOV-16) and the faces of physical
dice typed under the house rule ``physical_dice``."""

from __future__ import annotations

import json
import random

from core.board.grid import Grid
from core.combat import commands as cmd
from core.combat import events as ev
from core.offers import base as offers
from core.combat.player_turns import AskCheck, AskInitiative, PlayerActed, asked_checks
from core.combat.state import EncounterState
from core.rulesets import get
from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Side
from saves.campaign import Campaign
from saves.feed_writer import FeedWriter
from saves.invites import invite
from saves.session import Session
from tui.player import PlayerApp
from tui.player_client import RequestClient
from tui.player_requests import RequestServer
from tui.presenter import EncounterPresenter
from tui.screens.choice import ChoiceScreen
from tui.rendering.describe import describe
from tui.screens.prompt import PromptScreen
from tui.widgets.lines import StatusLine


def _creature(cid, name, stats, position, side=Side.PARTY, **extra):
    return Combatant(cid, name, side, stats, 60, 60, position=position, **extra)


async def _table(tmp_path, ruleset="equestria", fight=True):
    """Ayla (party, initiative 15) next to the boar (foe, 5), Brom (party, 10) further off;
    the GM's process serves their requests (trust mode) and writes the feed after each action."""
    ayla = _creature("ayla", "Ayla", {"DEX": 2, "STR": 1, "SPEED": 30}, (2, 2), initiative=15 if fight else None,
                     attacks=(SavedAttack("Bite", "1d6 piercing"),))
    brom = _creature("brom", "Brom", {"DEX": 1, "STR": 0, "SPEED": 30}, (2, 5), initiative=10 if fight else None,
                     attacks=(SavedAttack("Bite", "1d4 piercing"),))
    boar = _creature("boar", "Boar", {"DEX": 0, "STR": 0, "SPEED": 30}, (3, 2), side=Side.FOE, initiative=5 if fight else None)
    path = tmp_path / "camp.json"
    campaign = Campaign.create(path, "Table", get(ruleset), EncounterState("fight", Grid.filled(10, 8), (ayla, brom, boar)))
    session = Session(campaign, random.Random(5))
    presenter = EncounterPresenter(session)
    feed = FeedWriter(path)
    publish = lambda view: feed.publish(view.state, view.ruleset, view.title, session.eid)  # noqa: E731 - at once, as the GM's app does soon after
    presenter.subscribe(publish)
    if fight:
        presenter.submit(cmd.StartCombat())  # Ayla first (15), then Brom, then the boar
    publish(presenter.view())
    server = RequestServer(presenter, trust=True)
    assert await server.start(), server.problem
    return path, presenter, server


def _player(path, name):
    return PlayerApp(path, as_name=name, follow=False, client=RequestClient(path, name, invite(path, name)))


def _status(app) -> str:
    return app.screen_stack[0].query_one(StatusLine).render().plain


async def _answered(pilot, app, before=None):
    """The GM's answer to the request the last key sent (the screen's ``last_answer``)."""
    screen = app.screen_stack[0]
    for _ in range(200):
        await pilot.pause(0.02)
        if screen.last_answer is not before and screen.last_answer is not None:
            break
    app.reload()  # the feed the GM's process wrote after it
    await pilot.pause()
    return screen.last_answer


async def test_eq_chk_1_the_player_sees_the_gms_ask_and_rolls_it_out_of_its_turn(tmp_path):
    path, presenter, server = await _table(tmp_path)
    app = _player(path, "Brom")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            assert presenter.state.current == "ayla" and "The GM asks" not in _status(app)
            presenter.submit(AskCheck("brom", "DEX", 14))
            app.reload()
            await pilot.pause()
            assert _status(app).startswith("The GM asks for a DEX check: c rolls it")
            await pilot.press("c")
            assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids[0] == "DEX"
            assert "(the GM asks for it)" in app.screen.options[0][1]
            await pilot.press("enter")
            answer = await _answered(pilot, app)
            assert answer["status"] == "done", answer
            acted, rolled = presenter.session.log[-2].event, presenter.session.log[-1].event
            assert isinstance(acted, PlayerActed) and acted.combatant == "brom"
            assert isinstance(rolled, ev.CheckRolled) and rolled.result.difficulty == 14  # the GM's difficulty (EQ-CHK-1)
            assert asked_checks(presenter.state.combatant("brom")) == {} and "The GM asks" not in _status(app)
            await pilot.press("c", "enter")  # asked once: a second roll out of its turn is refused, with the reason
            refused = await _answered(pilot, app, answer)
            assert refused["reason"] == "it is not Brom's turn and the GM asked for no DEX check (EQ-CHK-1)"
            assert "Refused: it is not Brom's turn" in _status(app) and presenter.session.log[-1].event is rolled
            presenter.submit(cmd.NextTurn())  # Brom's turn: the answer about the turn gone by goes
            app.reload()
            await pilot.pause()
            assert _status(app).startswith("Round 1: Brom's turn")
    finally:
        server.close()


async def test_eq_init_1_asked_players_roll_their_own_initiative_and_who_did_not_is_rolled_by_the_start(tmp_path):
    path, presenter, server = await _table(tmp_path, fight=False)
    app = _player(path, "Brom")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            assert presenter.submit(AskInitiative()).ok
            app.reload()
            await pilot.pause()
            assert _status(app).startswith("The GM asks for your initiative: i rolls it")
            await pilot.press("i")
            answer = await _answered(pilot, app)
            assert answer["status"] == "done" and answer["lines"][1].startswith("Brom initiative 1d20")
            acted = presenter.session.log[-2].event
            assert isinstance(acted, PlayerActed) and acted.what == "rolls initiative"  # the GM's log says who rolled
            rolled = presenter.state.combatant("brom").initiative
            assert rolled is not None and "The GM asks for your initiative" not in _status(app)
            started = presenter.submit(cmd.StartCombat())  # Ayla's player never answered: the GM does not wait for her
            assert started.ok and presenter.state.round == 1
            assert presenter.state.combatant("brom").initiative == rolled  # Brom's own roll stands
            assert presenter.state.combatant("ayla").initiative is not None
            assert {e.event.combatant for e in started.entries if isinstance(e.event, ev.InitiativeRolled)} == {"ayla", "boar"}
            assert not presenter.submit(AskInitiative()).ok  # everyone has one now
    finally:
        server.close()


async def test_srd_mov_16_r_makes_the_attack_of_opportunity_once_a_round(tmp_path):
    path, presenter, server = await _table(tmp_path, "srd35")
    app = _player(path, "Ayla")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            presenter.submit(cmd.NextTurn())
            presenter.submit(cmd.NextTurn())  # the boar's turn: Ayla has had hers (not flat-footed)
            presenter.submit(cmd.Move("boar", (6, 2)))  # it leaves the square next to Ayla: provokes her
            app.reload()
            await pilot.pause()
            await pilot.press("r")
            assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["Bite"]
            await pilot.press("enter")
            assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["boar"]  # foes only
            await pilot.press("enter")
            answer = await _answered(pilot, app)
            assert answer["status"] == "done", answer
            made = [e.event for e in presenter.session.log if isinstance(e.event, ev.Maneuvered)]
            assert made and made[-1].rule == "SRD-MOV-16"
            assert presenter.state.combatant("ayla").budget.left("aoo") == 0
            await pilot.press("r", "enter", "enter")
            refused = await _answered(pilot, app, answer)
            assert refused["status"] == "refused" and "no attack of opportunity left" in refused["reason"]
            assert "Refused:" in _status(app)
    finally:
        server.close()


async def test_typed_faces_are_asked_first_and_a_face_its_die_cannot_show_is_refused(tmp_path):
    path, presenter, server = await _table(tmp_path)
    assert presenter.set_house_rules({"physical_dice": True}).ok
    presenter.refresh()  # as the house rules form does: the feed carries the new rules at once
    app = _player(path, "Ayla")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.reload()
            await pilot.pause()
            await pilot.press("c", "enter")  # DEX, on Ayla's own turn
            assert isinstance(app.screen, PromptScreen) and "your dice's faces" in app.screen.question.plain
            await pilot.press("x")
            assert app.screen.problem is not None  # not a face: Enter is refused here, nothing sent
            await pilot.press("backspace", "2", "5", "enter")
            refused = await _answered(pilot, app)
            assert "a d20 shows 1-20: 25 cannot be its result" in refused["reason"]
            before = presenter.state
            await pilot.press("c", "enter", "1", "7", "enter")
            done = await _answered(pilot, app, refused)
            assert done["status"] == "done", done
            acted, rolled = presenter.session.log[-2].event, presenter.session.log[-1].event
            assert isinstance(acted, PlayerActed) and acted.typed == (17,)
            assert rolled.result.roll.total == 17 + 2  # 1d20 + DEX 2 (EQ-CHK-1), the face as typed
            assert "physical dice as typed by" in done["lines"][0] and presenter.state != before
            await pilot.press("c", "enter", "enter")  # no faces typed: the GM's process rolls
            rolled_by_gm = await _answered(pilot, app, done)
            assert rolled_by_gm["status"] == "done" and not presenter.session.log[-2].event.typed
            await pilot.press("a", "enter")  # Bite, then whom: the other side first
            assert isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["boar", "brom"]
    finally:
        server.close()



async def test_the_move_preview_and_the_answers_give_no_hidden_creature_or_foes_numbers_away(tmp_path):
    path, presenter, server = await _table(tmp_path)
    lurker = _creature("lurker", "Lurker", {"DEX": 0}, (2, 3), side=Side.FOE)
    assert presenter.submit(cmd.AddCombatant(lurker)).ok and presenter.submit(cmd.SetHidden("lurker", True)).ok
    ruleset = presenter.session.encounter.ruleset
    assert offers.preview_move(presenter.state, ruleset, offers.move_reach(presenter.state, ruleset, "ayla"), "ayla", (2, 3)).cost is None
    app = _player(path, "Ayla")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.reload()
            await pilot.pause()
            await pilot.press("m", "j")  # onto the hidden lurker's cell: open ground, as far as Ayla knows
            assert _status(app).startswith("(2, 3): costs 1")
            await pilot.press("enter")
            bumped = await _answered(pilot, app)
            assert bumped["reason"] == "that cell is occupied by a creature you do not see (EQ-MAP-4)"
            await pilot.press("a", "enter", "enter")  # Bite, on the boar (the other side first)
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, ChoiceScreen) and app.screen.option_ids == ["go", "no"]:
                    break
            await pilot.press("enter")
            bitten = await _answered(pilot, app, bumped)
            assert bitten["status"] == "done" and bitten["lines"][1].startswith("Ayla attacks Boar with Bite: 1d20")  # the roll first, then what it did
            assert bitten["lines"][-1].startswith("Ayla uses")  # the action spent last (the tracker shows it too)
            gm_lines = [describe(e.event).plain for e in presenter.session.log]
            assert any(" vs " in line for line in gm_lines) and any(line.startswith("Boar takes") and "-> HP" in line for line in gm_lines)  # the GM's log has the boar's defence and HP...
            said = json.dumps([bumped, bitten])
            assert "Lurker" not in said and " vs " not in said and "/60" not in said.replace("60/60", "")  # ...the player's answers do not
    finally:
        server.close()


async def test_the_players_view_says_at_once_when_the_gms_app_is_gone_and_when_it_is_back(tmp_path):
    """No request sent: the GM's exit closes the idle connection to its request socket, and the
    status line says so within a couple of seconds; the GM's app listening again, the view recovers."""
    path, presenter, server = await _table(tmp_path)
    app = PlayerApp(path, as_name="Ayla", follow=False, client=RequestClient(path, "Ayla", invite(path, "Ayla")), watch_gm=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen_stack[0]
            for _ in range(100):
                await pilot.pause(0.02)
                if screen.gm_running:
                    break
            assert screen.gm_running is True and "not running" not in _status(app)
            server.close()  # the GM quits
            for _ in range(150):
                await pilot.pause(0.02)
                if screen.gm_running is False:
                    break
            assert screen.gm_running is False and "The GM's app is not running" in _status(app)
            assert await server.start(), server.problem  # the GM is back
            for _ in range(250):
                await pilot.pause(0.02)
                if screen.gm_running:
                    break
            assert screen.gm_running is True and "not running" not in _status(app)
    finally:
        server.close()
