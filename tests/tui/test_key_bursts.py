"""keys that arrive together, over SSH or from a paste.

Several keys read at once are each handled, in order, by the screen on top
when its turn comes, including keys typed before a dialog has finished
opening (``tui/terminal/key_order.py``). The Pilot tests post a whole burst to the
App without waiting between keys, as the driver does with one read; the
pty test writes each burst in one ``write`` to a real ``encounter``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from textual import events
from textual.keys import _character_to_key

from core.combat import events as ev
from saves.campaign import Campaign
from tests.tui.helpers import demo_app
from tests.tui.pty_terminal import PtyProcess
from tui.screens.prompt import PromptScreen
from tui.widgets.lines import StatusLine

NAMED = {"enter": "\r", "down": None, "up": None, "escape": "\x1b"}


def burst(app, *keys: str) -> None:
    """Post ``keys`` (Textual key names, or text: one key per character)
    to the App in one go, with no pause between them."""
    for item in keys:
        for key, char in ([(item, NAMED[item])] if item in NAMED else [(_character_to_key(c), c) for c in item]):
            app.post_message(events.Key(key, char))


async def settle(pilot) -> None:
    """Pause until every key of the bursts has been handled."""
    for _ in range(100):
        await pilot.pause()
        if pilot.app.keys_waiting == 0 and pilot.app.input_settled():
            return
    raise AssertionError("keys still waiting")


def order_names(app) -> list[str]:
    return [c.name for c in app.presenter.state.order()]


def selected_name(app) -> str:
    return app.presenter.state.combatant(app.encounter_screen.selected).name


async def test_down_down_in_one_read_moves_the_selection_two_rows(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        names = order_names(app)
        assert selected_name(app) == names[0]
        burst(app, "down", "down")
        await settle(pilot)
        assert selected_name(app) == names[2]


async def test_damage_typed_in_one_read_goes_into_the_dialog(tmp_path):
    """``d 7 Enter`` at once: the 7 reaches the Damage dialog, not the tracker."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected)
        burst(app, "d", "7", "enter")
        await settle(pilot)
        assert app.presenter.state.combatant(target.id).hp == target.hp - 7
        assert not isinstance(app.screen, PromptScreen)


async def test_keys_after_a_dialog_closes_go_to_the_main_screen(tmp_path):
    """``d7 Enter Down d2 Enter``: the Down after the first dialog moves the
    selection, and the second damage goes to the next combatant."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        first, second = app.presenter.state.order()[:2]
        burst(app, "d7", "enter", "down", "d2", "enter")
        await settle(pilot)
        assert app.presenter.state.combatant(first.id).hp == first.hp - 7
        assert app.presenter.state.combatant(second.id).hp == second.hp - 2


async def test_down_then_attack_targets_the_new_selection(tmp_path):
    """``Down t`` at once: the attack dialog opens on the combatant Down
    selected, and text typed right after goes into it."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        names = order_names(app)
        burst(app, "down", "t", "1d6 slashing")
        await settle(pilot)
        assert isinstance(app.screen, PromptScreen)
        assert names[1] in app.screen.question.plain
        assert app.screen.query_one("#prompt-input").value == "1d6 slashing"
        assert selected_name(app) == names[1]


async def test_roll_with_a_comment_in_one_read(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(app.presenter.session.log)
        burst(app, "r1d20 perception", "enter")
        await settle(pilot)
        rolled = [e.event for e in app.presenter.session.log[before:]]
        assert len(rolled) == 1 and isinstance(rolled[0], ev.DiceRolled)
        assert rolled[0].purpose == "perception" or rolled[0].roll.comment == "perception"


async def test_a_200_key_paste_loses_no_key(tmp_path):
    """200 keys at once: 150 next-turn keys on the main screen, then a roll
    whose 44-character comment is typed into its dialog."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        order = [c.id for c in app.presenter.state.order()]
        start_round = app.presenter.state.round
        comment = "x" * 44
        keys = "n" * 150 + "r1d4 " + comment
        assert len(keys) + 1 == 200
        burst(app, keys, "enter")
        await settle(pilot)
        assert app.presenter.state.round == start_round + 150 // len(order)
        assert app.presenter.state.current == order[150 % len(order)]
        last = app.presenter.session.log[-1].event
        assert isinstance(last, ev.DiceRolled) and comment in (last.purpose + last.roll.comment)


def test_bursts_in_a_real_terminal(tmp_path):
    """End to end under a pty at 80x24: each burst in one write. ``ESC[B
    ESC[B`` selects the third combatant, ``d7\\r`` damages it, ``r1d20
    perception\\r`` rolls, ``d ESC d2\\r`` cancels a dialog and damages 2
    (ESC and a key in one read are two keys, not Alt+d), 200 ``n`` advance
    200 turns."""
    path = tmp_path / "demo.json"
    demo_app(path).presenter.session.campaign.close()
    before = Campaign.open(path, read_only=True)
    state = before.load_state()
    order = [c.id for c in state.order()]
    third = state.combatant(order[2])
    start_round = state.round
    before.close()
    argv = [sys.executable, "-m", "tui.cli.main", str(path), "--seed", "1"]
    env = {"ENCOUNTER_HOME": str(tmp_path / "home"), "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "TERM": "xterm"}
    with PtyProcess(argv, size=(80, 24), env=env) as proc:
        proc.wait_for(b"Round", timeout=30)
        proc.read_until_quiet(0.3)
        for data in (b"\x1b[B\x1b[B", b"d7\r", b"r1d20 perception\r", b"d\x1bd2\r", b"n" * 200):
            proc.send(data)
            proc.read_until_quiet(0.3)
        proc.send(b"q")
        status = proc.wait(30)
    assert status == 0
    after = Campaign.open(path, read_only=True)
    try:
        state, log = after.load_state(), after.load_log()
    finally:
        after.close()
    assert state.combatant(third.id).hp == third.hp - 7 - 2  # Esc cancelled the first dialog, d2 went to the second
    rolls = [e.event for e in log if isinstance(e.event, ev.DiceRolled) and "perception" in (e.event.purpose + e.event.roll.comment)]
    assert len(rolls) == 1
    assert (state.round, state.current) == (start_round + 200 // len(order), order[200 % len(order)])


async def test_keys_typed_after_a_refused_attack_are_not_shortcuts(tmp_path):
    """``t 1d8 Enter`` in one read when the attacker has no action left: the
    attack is refused, and the ``d`` ``8`` ``Enter`` typed after it must not
    open a Damage dialog and deal 8 damage with no attack roll (a GM's
    try-out). Keys typed after a refusal are dropped, and the status says so."""
    from core.combat import commands as cmd
    from tests.tui.helpers import status_of

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        current = app.presenter.state.current
        app.encounter_screen.run_command(cmd.SpendAction(current, "full"))
        burst(app, "down", "t", "1d8", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, PromptScreen)
        assert "no full action left" in status_of(app)
        shown = app.query_one(StatusLine).shown_lines[0].text  # what an 80-column status line shows, cut
        assert "keys typed after it ignored" in shown  # the count first: the cut never takes it
        assert not any(isinstance(e.event, ev.DamageTaken) for e in app.presenter.session.log)


def test_enter_typed_before_the_terminal_went_raw_is_enter():
    """Keys typed while ``encounter`` starts (over SSH, ``n m j Enter``
    right after the command) reach the terminal in cooked mode, whose line
    discipline turns Enter's ``\\r`` into ``\\n`` (ICRNL); Textual reads a
    ``\\n`` as Ctrl+J, which nothing binds, so the move was never made.
    The driver's parser reads it as Enter."""
    from tui.terminal.key_order import _escape_then_key_parser

    parser = _escape_then_key_parser()()
    keys = [e.key for e in parser.feed("mj\n") if isinstance(e, events.Key)]
    assert keys == ["m", "j", "enter"]
    keys = [e.key for e in parser.feed("d\x1bd2\r") if isinstance(e, events.Key)]
    assert keys == ["d", "escape", "d", "2", "enter"]
