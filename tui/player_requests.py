"""Players' requests to the GM's process: a Unix socket the GM's process owns.

:class:`RequestServer` listens on ``requests.sock`` in the players' feed
folder (0o660, the folder's group: the players the GM let read the feed
may connect). Each request is one JSON line (at most
:data:`MAX_REQUEST_BYTES`)::

    {"id": "<a new nonce>", "as": "Ayla", "code": "<invite code>", "act": "attack",
     "attack": "Bite", "target": "c3"}

read with the event loop (the GM's frame never waits for a socket), and
answered with one JSON line ``{"id", "status": "done" | "waiting" |
"refused", "reason", "lines"}``. A request is refused with a reason when
it is too large, not JSON, not a request (:func:`core.offers.player_requests.parse_request`),
without the character's invite code (:mod:`saves.invites`), a nonce
already used (a replay; the ids seen are kept beside the campaign across
restarts of the GM's process, :mod:`saves.seen_requests`), more than :data:`RATE` a second on a connection,
or not allowed now (:func:`~core.offers.player_requests.request_commands`:
another's creature, out of turn, an attack it does not have; in "approve"
mode also what ``apply`` refuses on a copy of the fight, so the GM is never
asked about what cannot be done). What is left
goes through :meth:`tui.presenter.EncounterPresenter.submit_all` after a
:class:`core.combat.player_turns.PlayerActs` (the log says who acted; one
undoable step): at once in "trust" mode, or once the GM approves it
("approve" mode, the default; :attr:`RequestServer.ask` shows it). The
dice are the GM's process's (its injected rng), unless the ruleset's house
rule ``physical_dice`` is on and the player typed its own dice's faces
(``"dice": [14, 6]``): those are used in the order the dice are rolled
(:class:`core.dice.typed_dice.TypedDice`, each checked to be a face of its
die), the rest rolled by the GM's process, and the log says which faces
were typed and by whom. Outside Textual: no
textual import.
"""

from __future__ import annotations

import asyncio
import random
import json
import os
import pwd
import socket
import stat
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.combat.encounter import Encounter
from core.combat.player_turns import PlayerActs
from core.dice.typed_dice import TypedDice
from core.errors import EncounterError
from core.offers.saved_attacks import attack_choices
from core.offers.player_requests import PlayerRequest, own_character, parse_request, request_commands
from saves.errors import SaveError
from saves.feed import SOCKET_NAME, feed_folder
from saves.feed_files import not_in_group, open_folder
from saves.invites import invited
from saves.seen_requests import SeenRequests
from tui.player_lines import PartyKnows
from tui.presenter import EncounterPresenter
from tui.rendering.describe import describe

MAX_REQUEST_BYTES = 4096
RATE = 4.0
"""Requests a second a connection may send (a burst of :data:`BURST`)."""
BURST = 8
MAX_CONNECTIONS = 32
MAX_REFUSED_IN_A_ROW = 64
"""A connection refused this many times running is closed (a flood)."""


@dataclass
class Pending:
    """A request waiting for the GM: ``words`` to show, ``answer(True/False)`` decides it."""

    player: str
    character: str
    words: str
    request: PlayerRequest
    reply: Callable[[dict[str, Any]], None]
    nonce: str
    answered: bool = False
    server: Any = field(default=None, repr=False)
    refused: str | None = None
    """Set when the GM said yes and the fight as it is now refused it (a typed
    face its die cannot show any more, a turn gone by): the line for the GM's log."""

    def answer(self, approve: bool) -> str:
        """Approve (apply it now, checked against the fight as it is now) or refuse; what happened, in words."""
        if self.answered:
            return "already answered"
        self.answered = True
        self.server.pending.pop(self.character, None)
        if not approve:
            self.reply({"id": self.nonce, "status": "refused", "reason": "the GM said no"})
            return f"Refused: {self.player} ({self.words})"
        done, said = self.server.run(self.player, self.request, self.nonce, self.reply, approved=True)
        if not done:
            self.refused = f"Refused after your yes, nothing changed: {self.player} ({self.words}): {said}"
            return self.refused
        return said


def _odds(state: Any, ruleset: Any, request: PlayerRequest) -> dict[str, Any]:
    """The chances of a saved attack as the GM's ``t`` list shows them
    (:func:`core.offers.saved_attacks.attack_choices`): ``odds`` [[outcome,
    probability]], ``hit``, ``expected_damage``, ``expression``, ``refusal``."""
    for choice in attack_choices(state, ruleset, request.character, request.target):
        if choice.attack.name == request.attack:
            return {"odds": [[label, float(p)] for label, p in choice.odds], "hit": float(choice.hit),
                    "expected_damage": float(choice.expected_damage), "expression": choice.expression, "refusal": choice.refusal}
    return {"odds": [], "refusal": f"no saved attack {request.attack!r}"}


def _account(writer: asyncio.StreamWriter) -> str:
    """The name of the Unix account at the other end of the socket (``SO_PEERCRED``), or ``""``."""
    sock = writer.get_extra_info("socket")
    try:
        _pid, uid, _gid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        return pwd.getpwuid(uid).pw_name
    except (AttributeError, OSError, KeyError, struct.error):
        return ""


class RequestServer:
    """``RequestServer(presenter, trust=False)``: serves the players of the
    presenter's campaign. ``ask(pending)`` (set by the GM's screen) shows a
    request for approval; ``said(text)`` tells the GM what a player did."""

    def __init__(self, presenter: EncounterPresenter, trust: bool = False, folder: Path | None = None) -> None:
        self.presenter = presenter
        self.trust = trust
        self.folder = folder or feed_folder(presenter.session.path)
        self.path = self.folder / SOCKET_NAME
        self.ask: Callable[[Pending], None] = lambda pending: pending.answer(False)
        self.said: Callable[[str], None] = lambda text: None
        self.pending: dict[str, Pending] = {}
        self.seen = SeenRequests(presenter.session.path)
        """The request ids taken, this run and the runs before (replays are refused)."""
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.rate, self.burst = RATE, BURST
        """Requests a second a connection may send, and its burst."""
        self.problem: str | None = None

    async def start(self) -> bool:
        """Listen (a stale socket of a killed GM's process is replaced); ``False`` with :attr:`problem` when it cannot."""
        try:
            os.close(open_folder(self.folder))
        except (OSError, SaveError) as exc:
            self.problem = f"players cannot connect: {exc}"
            return False
        try:
            info = os.lstat(self.path)
            if stat.S_ISSOCK(info.st_mode) and info.st_uid == os.geteuid():
                os.unlink(self.path)
            else:
                self.problem = f"{self.path} is in the way (not this account's socket)"
                return False
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.problem = f"{self.path}: {exc.strerror or exc}"
            return False
        try:
            self._server = await asyncio.start_unix_server(self._serve, path=str(self.path), limit=MAX_REQUEST_BYTES)
            gid = os.stat(self.folder).st_gid
            if os.lstat(self.path).st_gid != gid:
                try:
                    os.chown(self.path, -1, gid, follow_symlinks=False)
                except PermissionError:
                    self.close()
                    self.problem = f"players cannot connect: {not_in_group(gid)}"
                    return False
            os.chmod(self.path, 0o660)
        except OSError as exc:
            self.problem = f"players cannot connect: {self.path}: {exc.strerror or exc}"
            return False
        return True

    def close(self) -> None:
        """Stop listening and hang up on every player (their views say the GM is gone)."""
        for writer in list(self._writers):
            writer.close()
        if self._server is not None:
            self._server.close()
            try:
                os.unlink(self.path)
            except OSError:
                pass
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self._writers) >= MAX_CONNECTIONS:
            writer.close()
            return
        self._writers.add(writer)
        rate, burst = self.rate, self.burst
        tokens, last, refused = float(burst), time.monotonic(), 0
        account = _account(writer)

        def reply(doc: dict[str, Any]) -> None:
            if not writer.is_closing():
                writer.write(json.dumps(doc).encode("utf-8") + b"\n")

        try:
            while refused < MAX_REFUSED_IN_A_ROW:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    reply({"id": None, "status": "refused", "reason": f"a request is at most {MAX_REQUEST_BYTES} bytes"})
                    break
                if not line:
                    break
                now = time.monotonic()
                tokens, last = min(burst, tokens + (now - last) * rate), now
                if tokens < 1:
                    refused += 1
                    reply({"id": None, "status": "refused", "reason": f"too many requests: at most {rate:g} a second"})
                    continue
                tokens -= 1
                answer = self.handle(line, reply, account)
                refused = refused + 1 if answer.get("status") == "refused" else 0
                reply(answer)
                if writer.transport.get_write_buffer_size() > 64 * 1024:
                    break  # a client that never reads its answers
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            pass  # the GM's process is closing
        finally:
            self._writers.discard(writer)
            writer.close()

    def handle(self, line: bytes, reply: Callable[[dict[str, Any]], None], account: str = "") -> dict[str, Any]:
        """The answer to one request line from the Unix ``account`` that
        connected (see the module); never raises."""
        nonce: Any = None
        try:
            doc = json.loads(line.decode("utf-8"))
            nonce = doc.get("id") if isinstance(doc, dict) else None
            if not isinstance(nonce, str) or not 8 <= len(nonce) <= 64:
                return {"id": None, "status": "refused", "reason": "a request has an \"id\": a new nonce of 8-64 characters"}
            request = parse_request(doc)
            code = doc.get("code")
            state = self.presenter.state
            me = own_character(state, request.character)
            if not isinstance(code, str) or not (invited(self.presenter.session.path, me.name, code) or invited(self.presenter.session.path, me.id, code)):
                return {"id": nonce, "status": "refused", "reason": f"no invite for {me.name} with this code: the GM runs encounter invite"}
            if self.seen.seen(nonce):
                return {"id": nonce, "status": "refused", "reason": "this request was sent before (a replay)"}
            self.seen.add(nonce)
            if self.presenter.session.what_if:
                return {"id": nonce, "status": "refused", "reason": "the GM is trying a what-if; ask again in a moment"}
            if self.presenter.session.read_only is not None:
                return {"id": nonce, "status": "refused", "reason": "the GM's campaign is read-only now"}
            request = request.as_character(me.id)
            commands, words = request_commands(state, self.presenter.session.encounter.ruleset, request)
            if request.act == "odds":
                return {"id": nonce, "status": "odds", **_odds(state, self.presenter.session.encounter.ruleset, request)}
            if request.typed or not self.trust:  # what apply would refuse (a face its die cannot show, an occupied cell) is refused before the GM is asked
                used = self._dry_run(request, commands)
                words += f", with physical dice as typed: {' '.join(map(str, used))}" if used else ""
        except (UnicodeDecodeError, json.JSONDecodeError):
            return {"id": nonce, "status": "refused", "reason": "a request is one line of JSON"}
        except EncounterError as refusal:
            knows = PartyKnows(self.presenter.state, self.presenter.session.encounter.ruleset)
            return {"id": nonce, "status": "refused", "reason": knows.reason(str(refusal))}
        player = account or f"{me.name}'s player"
        if self.trust:
            result, _said = self._outcome(player, request, nonce, approved=False)
            return {"id": nonce, "status": "done" if "lines" in result else "refused", **result}
        if me.id in self.pending:
            return {"id": nonce, "status": "refused", "reason": "the GM has not answered your last request yet"}
        pending = Pending(player, me.id, f"{me.name} {words}", request, reply, nonce, server=self)
        self.pending[me.id] = pending
        self.ask(pending)
        return {"id": nonce, "status": "waiting", "reason": "waiting for the GM (Enter approves, Esc refuses)"}

    def run(self, player: str, request: PlayerRequest, nonce: str, reply: Callable[[dict[str, Any]], None], approved: bool) -> tuple[bool, str]:
        """Apply an approved request now and answer its player; whether it
        was done, and what happened in the GM's words (the log's lines, or why not)."""
        result, said = self._outcome(player, request, nonce, approved)
        reply({"id": nonce, "status": "done" if "lines" in result else "refused", **result})
        return "lines" in result, said

    def _outcome(self, player: str, request: PlayerRequest, nonce: str, approved: bool) -> tuple[dict[str, Any], str]:
        """Apply ``request``: the player's answer (``lines`` or ``reason``, as
        the party knows the fight: :mod:`tui.player_lines`) and the GM's words."""
        encounter = self.presenter.session.encounter
        knows = PartyKnows(self.presenter.state, encounter.ruleset, request.character)
        try:
            commands, words = request_commands(self.presenter.state, encounter.ruleset, request)
            typed = self._dry_run(request, commands) if request.typed else ()
        except EncounterError as refusal:
            return {"reason": knows.reason(str(refusal))}, str(refusal)
        acts = PlayerActs(player, request.character, words, approved, typed)
        label = f"{player}: {request.act.replace('_', ' ')}"  # "Undone: alice: attack"
        if typed:
            rng = encounter.rng
            encounter.rng = TypedDice(typed, rng)  # the faces the dry run took, then the GM's own dice
            try:
                outcome = self.presenter.submit_all((acts, *commands), label=label)
            finally:
                encounter.rng = rng
        else:
            outcome = self.presenter.submit_all((acts, *commands), label=label)
        if not outcome.ok:
            return {"reason": knows.reason(outcome.refusal or "")}, outcome.refusal or ""
        lines = [describe(entry.event).plain for entry in outcome.entries]
        self.said(lines[0] if lines else words)
        after = PartyKnows(self.presenter.state, encounter.ruleset, request.character)
        return {"lines": after.lines(entry.event for entry in outcome.entries)}, "; ".join(lines)

    def _dry_run(self, request: PlayerRequest, commands: tuple[Any, ...]) -> tuple[int, ...]:
        """Apply ``commands`` to a copy of the fight with the dry run's own
        dice (the GM's are not spent on it); raises the
        :class:`~core.errors.EncounterError` apply would (a face its die
        cannot show among them). The faces of ``request.typed`` the commands
        take, in order (a miss takes no damage dice)."""
        encounter = self.presenter.session.encounter
        probe = TypedDice(request.typed, random.Random())
        trial = Encounter(self.presenter.state, encounter.ruleset, probe)
        for command in commands:
            trial.apply(command)
        return request.typed[:probe.used]
