"""Players' requests through the GM's Unix socket (tui/player_requests.py):
a player acts only for its own invited creature, on its own turn, with
the GM's dice; everything else is refused with a reason and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.board.grid import Grid
from core.combat import commands as cmd
from core.combat.player_turns import AskCheck, PlayerActed
from core.combat.state import EncounterState
from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Side
from saves.campaign import Campaign
from saves.feed import read_feed
from saves.invites import invite, remove
from saves.session import Session, create_demo
from tui.player_requests import MAX_REFUSED_IN_A_ROW, MAX_REQUEST_BYTES, RequestServer
from tui.presenter import EncounterPresenter


def _table(tmp_path, trust: bool):
    path = tmp_path / "camp.json"
    create_demo(path, random.Random(1)).close()
    campaign = Campaign.open(path)
    ayla = Combatant("ayla", "Ayla", Side.PARTY, {"DEX": 2, "STR": 1}, 20, 20, position=(1, 1), initiative=15,
                     attacks=(SavedAttack("Bite", "1d6 piercing"),))
    brom = Combatant("brom", "Brom", Side.PARTY, {"DEX": 1}, 20, 20, position=(1, 3))
    boar = Combatant("boar", "Boar", Side.FOE, {"DEX": 0}, 16, 16, position=(2, 1), initiative=5)
    campaign.set_current(campaign.add_encounter("Fight", EncounterState("fight", Grid.filled(8, 6), (ayla, brom, boar)), "running"))
    presenter = EncounterPresenter(Session(campaign, random.Random(5)))
    return path, presenter, RequestServer(presenter, trust=trust)


class Player:
    def __init__(self, reader, writer, code, name="Ayla"):
        self.reader, self.writer, self.code, self.name = reader, writer, code, name

    async def ask(self, **request):
        request = {"id": uuid.uuid4().hex, "as": self.name, "code": self.code, **request}
        self.writer.write(json.dumps(request).encode() + b"\n")
        return json.loads(await self.reader.readline())


async def _connect(server, code, name="Ayla"):
    reader, writer = await asyncio.open_unix_connection(str(server.path))
    return Player(reader, writer, code, name)


async def test_a_trusted_player_rolls_initiative_attacks_and_ends_its_own_turn(tmp_path):
    path, presenter, server = _table(tmp_path, trust=True)
    assert await server.start(), server.problem
    player = await _connect(server, invite(path, "Ayla"))
    brom = await _connect(server, invite(path, "Brom"), "Brom")
    try:
        assert (await player.ask(act="initiative"))["reason"] == "Ayla already has initiative 15"
        rolled = await brom.ask(act="initiative")
        assert rolled["status"] == "done" and "Brom initiative" in rolled["lines"][1]
        assert presenter.state.combatant("brom").initiative is not None
        assert (await player.ask(act="attack", attack="Bite", target="boar"))["reason"] == "it is not Ayla's turn"
        presenter.submit(cmd.StartCombat("ayla"))  # Ayla starts the fight (EQ-INIT-3): her turn first
        first = presenter.state.current
        mover, other = player, brom
        assert first == "ayla"
        assert (await other.ask(act="end_turn"))["reason"] == "it is not Brom's turn"
        odds = await player.ask(act="odds", attack="Bite", target="boar")
        assert odds["status"] == "odds" and abs(sum(p for _, p in odds["odds"]) - 1) < 1e-9 and odds["refusal"] is None
        done = await player.ask(act="attack", attack="Bite", target="boar")
        assert done["status"] == "done", done
        acted = presenter.session.log[-len(done["lines"])].event
        assert isinstance(acted, PlayerActed) and acted.combatant == "ayla" and not acted.approved
        assert any(line.startswith("Ayla attacks Boar with Bite: 1d20") for line in done["lines"])
        presenter.undo()  # the GM takes a player's action back like any other
        assert presenter.state.combatant("boar").hp == 16
        moved = await mover.ask(act="move", to=[3, 4])
        assert moved["status"] == "done", moved
        assert (await mover.ask(act="end_turn"))["status"] == "done"
        assert presenter.state.current != first
    finally:
        server.close()


async def test_approve_mode_waits_for_the_gm_who_can_say_no(tmp_path):
    path, presenter, server = _table(tmp_path, trust=False)
    asked = []
    server.ask = asked.append
    assert await server.start()
    brom = await _connect(server, invite(path, "Brom"), "Brom")
    try:
        assert (await brom.ask(act="initiative"))["status"] == "waiting"
        assert (await brom.ask(act="check", stat="DEX"))["reason"] == "the GM has not answered your last request yet"
        assert presenter.state.combatant("brom").initiative is None
        asked[0].answer(False)
        assert json.loads(await brom.reader.readline())["reason"] == "the GM said no"
        assert (await brom.ask(act="initiative"))["status"] == "waiting"
        asked[1].answer(True)
        answer = json.loads(await brom.reader.readline())
        assert answer["status"] == "done" and "approved by the GM" in answer["lines"][0]
        assert presenter.state.combatant("brom").initiative is not None
        presenter.submit(cmd.StartCombat("brom"))
        onto_ayla = await brom.ask(act="move", to=[1, 1])  # what apply would refuse never bothers the GM
        assert onto_ayla["status"] == "refused" and "occupied by Ayla" in onto_ayla["reason"] and len(asked) == 2
    finally:
        server.close()


async def test_bad_requests_are_refused_with_a_reason_and_change_nothing(tmp_path):
    path, presenter, server = _table(tmp_path, trust=True)
    assert await server.start()
    code = invite(path, "Ayla")
    server.burst = 20  # this player asks quickly on purpose; the flooder below meets the real limit
    player = await _connect(server, code)
    before = presenter.state
    try:
        player.writer.write(b"\xff garbage\n")
        assert "one line of JSON" in json.loads(await player.reader.readline())["reason"]
        assert "no invite for Ayla" in (await Player(player.reader, player.writer, "guess").ask(act="check", stat="DEX"))["reason"]
        assert "no invite for Brom" in (await Player(player.reader, player.writer, code, "Brom").ask(act="initiative"))["reason"]
        assert "no party member 'Boar'" in (await Player(player.reader, player.writer, code, "Boar").ask(act="end_turn"))["reason"]
        assert "unknown act" in (await player.ask(act="damage"))["reason"]
        assert "no stat 'LUCK'" in (await player.ask(act="check", stat="LUCK"))["reason"]
        nonce = uuid.uuid4().hex
        first = await player.ask(id=nonce, act="check", stat="DEX")
        assert first["status"] == "done"
        assert "replay" in (await player.ask(id=nonce, act="check", stat="DEX"))["reason"]
        before = presenter.state
        remove(path, "Ayla")  # the GM takes the invite back: at once
        assert "no invite" in (await player.ask(act="check", stat="DEX"))["reason"]
        player.writer.write(b"{" + b" " * (MAX_REQUEST_BYTES + 10) + b"}\n")
        assert "at most" in json.loads(await player.reader.readline())["reason"]
        assert await player.reader.read() == b""  # and the connection is closed
        server.burst = 8
        code = invite(path, "Ayla")  # invited again: the flood itself is refused, not the code
        flooder = await _connect(server, code)
        lines = b"".join(json.dumps({"id": uuid.uuid4().hex, "as": "Ayla", "code": code, "act": "end_turn"}).encode() + b"\n" for _ in range(1000))
        flooder.writer.write(lines)
        answers = [json.loads(line) for line in (await flooder.reader.read()).splitlines()]
        assert len(answers) <= MAX_REFUSED_IN_A_ROW + 8 and all(a["status"] == "refused" for a in answers)
        assert any("too many requests" in a["reason"] for a in answers)
        assert presenter.state == before
    finally:
        server.close()


@pytest.mark.parametrize("junk", [b"[]\n", b'{"id": 5}\n', b'{"id": "short"}\n', b'{"id": "aaaaaaaaaa", "act": "move", "as": "Ayla", "to": [1]}\n'])
async def test_malformed_requests_get_a_reason(tmp_path, junk):
    _, presenter, server = _table(tmp_path, trust=True)
    assert await server.start()
    reader, writer = await asyncio.open_unix_connection(str(server.path))
    try:
        writer.write(junk)
        answer = json.loads(await reader.readline())
        assert answer["status"] == "refused" and answer["reason"]
    finally:
        server.close()


async def test_the_players_socket_opens_only_after_the_first_frame(tmp_path, monkeypatch):
    """The socket (and the offers it checks requests with, tui.player_requests)
    is timed from the first frame (EncounterApp._warm_up), not from the mount:
    on a loaded machine the first frame can take longer than its half second."""
    from tui.app import EncounterApp

    path, presenter, _ = _table(tmp_path, trust=False)
    invite(path, "Brom")
    monkeypatch.setattr(EncounterApp, "_warm_up", lambda self: None)  # a first frame that never comes out
    app = EncounterApp(presenter.session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):  # 2 s: four times the socket's half second
            await pilot.pause(0.05)
            assert app.requests is None


async def test_the_gm_approves_a_players_request_with_enter_and_the_player_sees_the_dice(tmp_path):
    from tui.app import EncounterApp
    from tui.player_client import RequestClient
    from tui.screens.choice import ChoiceScreen

    path, presenter, _ = _table(tmp_path, trust=False)
    code = invite(path, "Brom")
    app = EncounterApp(presenter.session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if app.requests is not None:
                break
        client = RequestClient(path, "Brom", code)
        asked = asyncio.ensure_future(client.ask(act="initiative"))
        for _ in range(100):
            await pilot.pause(0.05)
            if isinstance(app.screen, ChoiceScreen):
                break
        assert "Brom rolls initiative" in app.screen.question.plain
        assert app.presenter.state.combatant("brom").initiative is None  # nothing before the GM says yes
        await pilot.press("enter")
        answer = await asyncio.wait_for(asked, 5)
        assert answer["status"] == "done" and answer["lines"][1].startswith("Brom initiative 1d20")
        rolled = app.presenter.state.combatant("brom").initiative
        assert rolled is not None
        assert app.feed.wait(30)  # the feed is written beside the GM's frame, never in it
        assert read_feed(path, "Brom").view.state.combatant("brom").initiative == rolled
        client.close()


async def test_typed_dice_the_fight_refuses_after_the_gms_yes_are_a_line_of_the_gms_log(tmp_path):
    from tui.app import EncounterApp
    from tui.player_client import RequestClient
    from tui.widgets.dice_log import DiceLog, StatusNote

    path, presenter, _ = _table(tmp_path, trust=False)
    assert presenter.set_house_rules({"physical_dice": True}).ok
    code = invite(path, "Brom")
    app = EncounterApp(presenter.session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if app.requests is not None:
                break
        client = RequestClient(path, "Brom", code)
        asked = asyncio.ensure_future(client.ask(act="initiative", dice=[12]))
        for _ in range(100):
            await pilot.pause(0.05)
            if app.screen is not app.encounter_screen:
                break
        assert "physical dice as typed: 12" in app.screen.question.plain
        assert app.presenter.set_house_rules({"physical_dice": False}).ok  # meanwhile the table's house rule went off
        before = app.presenter.state
        await pilot.press("enter")  # the GM says yes to what the fight now refuses
        answer = await asyncio.wait_for(asked, 5)
        assert answer["status"] == "refused" and "physical_dice is off" in answer["reason"]
        assert app.presenter.state == before
        notes = [e.event.text.plain for e in app.query_one(DiceLog).entries if isinstance(e.event, StatusNote)]
        assert notes and notes[-1].startswith("Refused after your yes, nothing changed: ")  # who (the Unix account) and what, then why
        assert "(Brom rolls initiative, with physical dice as typed: 12): " in notes[-1] and notes[-1].endswith("physical_dice is off")
        client.close()


async def test_the_gms_keys_are_handled_while_a_flood_of_bad_requests_goes_on(tmp_path):
    from tui.app import EncounterApp

    path, presenter, _ = _table(tmp_path, trust=True)
    presenter.submit(cmd.StartCombat("ayla"))
    code = invite(path, "Ayla")
    bad = [b"\xff garbage\n", b"{" + b" " * (MAX_REQUEST_BYTES + 10) + b"}\n"]  # garbage, huge
    bad += [json.dumps({"id": uuid.uuid4().hex, "as": who, "code": code, "act": "end_turn"}).encode() + b"\n" for who in ("Boar", "Brom")]  # wrong creature, out of turn
    app = EncounterApp(presenter.session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause(0.05)
            if app.requests is not None:
                break
        sent, flooding = [0], [True]

        async def flood():
            while flooding[0]:  # a new connection each time the GM's process hangs up on the last
                try:
                    _reader, writer = await asyncio.open_unix_connection(str(app.requests.path))
                    for n in range(1000):
                        writer.write(bad[n % len(bad)])
                        sent[0] += 1
                        if n % 50 == 0:
                            await writer.drain()
                    writer.close()
                except OSError:
                    await asyncio.sleep(0)

        flooder = asyncio.ensure_future(flood())
        while sent[0] < 3000:
            await pilot.pause(0.01)
        before = app.presenter.state
        await pilot.press("n")  # the GM's own key, while the flood goes on
        assert not flooder.done() and app.presenter.state.current != before.current == "ayla"
        flooding[0] = False
        await asyncio.wait_for(flooder, 10)
    assert not any(isinstance(e.event, PlayerActed) for e in presenter.session.log)  # nothing of the flood got in


async def test_a_replayed_request_is_refused_after_the_gms_process_restarts_too(tmp_path):
    path, presenter, server = _table(tmp_path, trust=True)
    code = invite(path, "Ayla")
    line = json.dumps({"id": uuid.uuid4().hex, "as": "Ayla", "code": code, "act": "check", "stat": "DEX"}).encode()
    assert server.handle(line, lambda doc: None, "alice")["status"] == "done"
    before = presenter.state
    again = RequestServer(EncounterPresenter(Session(Campaign.open(path), random.Random(2))), trust=True)  # the GM's process, started again
    answer = again.handle(line, lambda doc: None, "alice")
    assert answer["status"] == "refused" and "sent before (a replay)" in answer["reason"]
    assert again.presenter.state == before and (path.parent / "camp.requests-seen").stat().st_mode & 0o777 == 0o600


def test_the_ids_kept_across_restarts_stay_bounded(tmp_path):
    from saves.seen_requests import SeenRequests

    seen = SeenRequests(tmp_path / "camp.json", kept=10)
    for n in range(35):
        seen.add(f"nonce-{n:04d}")
    lines = (tmp_path / "camp.requests-seen").read_text().splitlines()
    assert len(lines) <= 20 and "nonce-0034" in lines
    reopened = SeenRequests(tmp_path / "camp.json", kept=10)
    assert reopened.seen("nonce-0034") and reopened.seen("nonce-0025") and not reopened.seen("nonce-0010")


async def test_under_physical_dice_a_players_typed_faces_are_its_roll_and_logged_as_typed(tmp_path):
    path, presenter, server = _table(tmp_path, trust=True)
    code = invite(path, "Ayla")

    def ask(**request):
        line = json.dumps({"id": uuid.uuid4().hex, "as": "Ayla", "code": code, **request}).encode()
        return server.handle(line, lambda doc: None, "alice")

    refused = ask(act="check", stat="DEX", dice=[17])
    assert refused["status"] == "refused" and "physical_dice is off" in refused["reason"]  # the GM's process rolls every die
    assert presenter.set_house_rules({"physical_dice": True}).ok
    before = presenter.state
    assert "a d20 shows 1-20: 21 cannot be its result" in ask(act="check", stat="DEX", dice=[21])["reason"]
    assert presenter.state == before
    server.trust = False
    asked = []
    server.ask = asked.append
    assert "a d20 shows 1-20" in ask(act="check", stat="DEX", dice=[21])["reason"] and not asked  # never put to the GM
    assert ask(act="check", stat="DEX", dice=[17])["status"] == "waiting" and "physical dice as typed: 17" in asked[0].words
    asked[0].answer(False)
    server.trust = True
    done = ask(act="check", stat="DEX", dice=[17, 5])
    assert done["status"] == "done", done
    acted = presenter.session.log[-len(done["lines"])].event
    assert isinstance(acted, PlayerActed) and acted.typed == (17,)  # the one die a check rolls; the 5 was not used
    assert "physical dice as typed by alice: 17" in done["lines"][0]
    rolled = presenter.session.log[-1].event
    assert rolled.result.roll.total == 17 + 2  # 1d20 + DEX 2 (EQ-CHK-1), the face as typed


VALUES = st.one_of(st.none(), st.integers(-5, 50), st.text(max_size=12), st.sampled_from(["Ayla", "Brom", "Boar", "boar", "ayla", "DEX", "Bite"]),
                   st.lists(st.integers(-2, 22), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
REQUESTS = st.fixed_dictionaries({}, optional={
    "id": st.one_of(st.text(min_size=8, max_size=70), VALUES), "as": VALUES, "code": VALUES,
    "act": st.one_of(st.sampled_from(["initiative", "check", "attack", "odds", "move", "end_turn", "reaction", "damage", ""]), VALUES),
    "stat": VALUES, "attack": VALUES, "target": VALUES, "to": VALUES, "dice": VALUES,
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(requests=st.lists(st.one_of(REQUESTS, st.binary(max_size=40)), min_size=1, max_size=6))
def test_fuzzed_requests_never_raise_and_only_an_invited_players_own_act_changes_anything(tmp_path, requests):
    path, presenter, server = _fuzz_table(tmp_path)
    code = invite(path, "Ayla")
    for request in requests:
        if isinstance(request, dict) and request.get("code") == "Ayla":
            request = {**request, "code": code}  # now and then the real code
        line = request if isinstance(request, bytes) else json.dumps(request).encode()
        before = presenter.state
        answer = server.handle(line, lambda doc: None, "fuzz")
        assert answer["status"] in ("refused", "done", "odds") and (answer["status"] != "refused" or answer["reason"])
        if answer["status"] != "done":
            assert presenter.state == before
        else:
            acted = [e.event for e in presenter.session.log if isinstance(e.event, PlayerActed)][-1]
            assert acted.combatant == "ayla" and request.get("code") == code


_TABLES: dict = {}


def _fuzz_table(tmp_path):
    """One table for all the examples (a campaign costs ~50 ms to make)."""
    if "t" not in _TABLES:
        folder = tmp_path / "fuzz"
        folder.mkdir()
        path, presenter, server = _table(folder, trust=True)
        presenter.set_house_rules({"physical_dice": True})  # typed dice are taken (and checked)
        presenter.submit(cmd.StartCombat("ayla"))  # in combat: own turn, out of turn, reactions
        presenter.submit(AskCheck("ayla", "STR"))
        _TABLES["t"] = path, presenter, server
    return _TABLES["t"]
