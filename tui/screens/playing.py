"""A player's screen with keys to act (``encounter play --as NAME``).

The players' view of the character (:class:`tui.screens.players.PlayerScreen`,
from the feed only) plus keys that send requests to the GM's process
(:class:`tui.player_client.RequestClient`), which rolls every die:

    i  roll initiative (when the character has none)
    c  a check of one of its stats
    a  a saved attack on a creature it sees (its odds asked of the GM first)
    m  move: the reach and the path's cost computed from what the character
       knows (the feed: fogged cells are open ground, unseen creatures absent)
    e  end its turn
    r  a reaction the ruleset offers it now, out of its turn, with a saved
       attack (an attack of opportunity on a creature that provoked it, where the ruleset has one)

A check the GM asked for (``.`` menu: ask for a check) shows in the status
line and ``c`` lists it first; it may be rolled out of the turn. So does
the GM's ask for the players' own initiative before combat (``i`` rolls it). Under the
house rule ``physical_dice`` each roll first asks the faces of the
player's own dice (empty: the GM's process rolls them).
Without an invite code the keys say so and send nothing (read-only).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from core.combat.player_turns import asked_checks, initiative_asked
from core.offers import base as offers
from core.offers.player_requests import ROLLS, takes_typed_dice
from core.offers.saved_attacks import sheet_attacks
from tui.player_client import RequestClient
from tui.player_source import SnapshotSource, Waiting
from tui.rendering.lines import percent
from tui.rendering.text import clean
from tui.screens.choice import ChoiceScreen
from tui.screens.players import PlayerScreen
from tui.screens.prompt import PromptScreen
from tui.widgets.grid_map import GridMap


class PlayingScreen(PlayerScreen):
    """``PlayingScreen(source, client, glyphs)``: the view of ``source`` with keys acting through ``client``."""

    BINDINGS = [
        Binding("i", "act('initiative')", "Initiative", id="play-initiative"),
        Binding("c", "check", "Check", id="play-check"),
        Binding("a", "attack", "Attack", id="play-attack"),
        Binding("m", "move", "Move", id="play-move"),
        Binding("e", "act('end_turn')", "End turn", id="play-end-turn"),
        Binding("r", "reaction", "Reaction", id="play-reaction"),
    ]

    def __init__(self, source: SnapshotSource, client: RequestClient, glyphs: str = "unicode") -> None:
        super().__init__(source, glyphs)
        self.client = client
        self.last_answer: dict[str, Any] | None = None
        """The GM's last answer (a test hook)."""
        self._reach: Any = None
        self._said: Text | None = None
        self._said_at: tuple[int, str | None] | None = None

    def show_reading(self, reading) -> None:
        super().show_reading(reading)
        if self._ready and not isinstance(reading, Waiting):
            self._said_again()

    def _said_again(self) -> None:
        snapshot = self.source.snapshot
        keys = "i initiative  c check  a attack  m move  e end turn  r reaction  q quit" if self.client.can_act else "read-only: no invite code; q quits"
        line = Text(clean(snapshot.turn if snapshot else "") + f" [{keys}]")
        me = self._me()
        asked = asked_checks(me) if me is not None else {}
        if asked:
            line = Text.assemble((f"The GM asks for a {', '.join(asked)} check: c rolls it", "bold cyan"), "  ", line)
        if me is not None and initiative_asked(me):
            line = Text.assemble(("The GM asks for your initiative: i rolls it", "bold cyan"), "  ", line)
        if self._said is not None and self._said_at != self._turn():
            self._said = None  # the GM's answer was about a turn gone by
        if self._said is not None:
            line = Text.assemble(self._said, "  │ ", line)
        self._status(line)

    def _say(self, text: Text) -> None:
        """Show ``text`` (the GM's answer) before whose turn it is; it stays until the next answer."""
        self._said, self._said_at = text, self._turn()
        self._said_again()

    def _turn(self) -> tuple[int, str | None] | None:
        """The round and whose turn it is in the feed now (``None`` before it is read)."""
        snapshot = self.source.snapshot
        return None if snapshot is None else (snapshot.view.state.round, snapshot.view.state.current)

    # -- what the character is, from the feed -------------------------------------
    def _me(self):
        snapshot = self.source.snapshot
        if snapshot is None or snapshot.me is None:
            return None
        return snapshot.view.state.combatant(snapshot.me)

    def _ready_to_act(self) -> bool:
        if not self.client.can_act:
            self._status(Text("Read-only: no invite code. The GM runs encounter invite and gives you one (--code).", style="yellow"))
            return False
        if self._me() is None:
            self._status(Text("Waiting for the players' feed.", style="yellow"))
            return False
        return True

    # -- requests ----------------------------------------------------------------
    def action_act(self, act: str, **fields: Any) -> None:
        if not self._ready_to_act():
            return
        if act in ROLLS and self.physical_dice:
            self.app.push_screen(
                PromptScreen(f"{act.replace('_', ' ')}: your dice's faces, in the order rolled (Enter with none: the GM's process rolls)", "14 6", hint=_faces_hint),
                lambda text: text is not None and self._go(act, dice=_faces(text), **fields))
            return
        self._go(act, **fields)

    def _go(self, act: str, **fields: Any) -> None:
        if not fields.get("dice"):
            fields.pop("dice", None)
        self.run_worker(self._send(act=act, **fields), group="request")

    @property
    def physical_dice(self) -> bool:
        """Whether the table's house rule lets a player type its own dice (``physical_dice``, from the feed's ruleset)."""
        snapshot = self.source.snapshot
        return snapshot is not None and snapshot.ruleset is not None and takes_typed_dice(snapshot.ruleset)

    async def _send(self, **request: Any) -> None:
        self._status(Text("Sent to the GM\u2026", style="dim"))
        answer = await self.client.ask(lambda reason: self._status(Text(clean(reason), style="cyan")), **request)
        self.last_answer = answer
        if answer.get("status") == "done":
            self._say(Text(clean(" ".join(answer.get("lines", [])[1:]) or "Done."), style="green"))
        else:
            self._say(Text(f"Refused: {clean(str(answer.get('reason', '')))}", style="bold yellow"))

    def action_check(self) -> None:
        me = self._me()
        if not self._ready_to_act() or me is None:
            return
        asked = asked_checks(me)
        options = [(stat, f"{stat} {me.stats[stat]:+d} (the GM asks for it)") for stat in asked if stat in me.stats]
        options += [(stat, f"{stat} {value:+d}") for stat, value in me.stats.items() if stat not in asked]
        self.app.push_screen(ChoiceScreen(f"{me.name}: which check?", options), lambda stat: stat and self.action_act("check", stat=stat))

    def action_attack(self) -> None:
        me = self._me()
        if not self._ready_to_act() or me is None:
            return
        state = self.source.snapshot.view.state  # type: ignore[union-attr]
        others = sorted((c for c in state.combatants if c.id != me.id and c.position is not None), key=lambda c: c.side is me.side)
        targets = [(c.id, c.name) for c in others]  # the other side first: Enter on the first is the usual attack
        attacks = [(a.name, f"{a.name} ({a.weapon})") for a in sheet_attacks(me)]

        def chosen_attack(name: str | None) -> None:
            if name:
                self.app.push_screen(ChoiceScreen(f"{me.name}: {name} against whom?", targets), lambda target: target and self.run_worker(self._confirm(name, target), group="request"))

        self.app.push_screen(ChoiceScreen(f"{me.name}: which attack?", attacks), chosen_attack)

    def action_reaction(self) -> None:
        me = self._me()
        if not self._ready_to_act() or me is None:
            return
        state = self.source.snapshot.view.state  # type: ignore[union-attr]
        targets = [(c.id, c.name) for c in state.combatants if c.id != me.id and c.position is not None and c.side is not me.side]
        attacks = [(a.name, f"{a.name} ({a.weapon})") for a in sheet_attacks(me)]

        def chosen_attack(name: str | None) -> None:
            if name:
                self.app.push_screen(ChoiceScreen(f"{me.name}: a reaction with {name} against whom?", targets),
                                     lambda target: target and self.action_act("reaction", attack=name, target=target))

        self.app.push_screen(ChoiceScreen(f"{me.name}: which attack, as a reaction?", attacks), chosen_attack)

    async def _confirm(self, attack: str, target: str) -> None:
        odds = await self.client.ask(act="odds", attack=attack, target=target)
        if odds.get("status") != "odds":
            self.last_answer = odds
            self._say(Text(f"Refused: {clean(str(odds.get('reason', '')))}", style="bold yellow"))
            return
        if odds.get("refusal"):
            self._say(Text(f"Refused: {clean(str(odds['refusal']))}", style="bold yellow"))
            return
        chances = "  ".join(f"{clean(str(label))} {percent(float(p))}" for label, p in odds.get("odds", []))
        damage = f"  ~{float(odds.get('expected_damage', 0)):.1f} damage" if odds.get("expected_damage") else ""
        title = f"{attack}: {clean(str(odds.get('expression') or ''))}  {chances}{damage}"
        self.app.push_screen(ChoiceScreen(title, [("go", "Attack (Enter)"), ("no", "Not now (Esc)")]),
                             lambda go: go == "go" and self.action_act("attack", attack=attack, target=target))

    # -- moving, previewed from what the character knows -------------------------
    def action_move(self) -> None:
        me = self._me()
        if not self._ready_to_act() or me is None or me.position is None:
            return
        snapshot = self.source.snapshot
        assert snapshot is not None and snapshot.ruleset is not None
        try:
            self._reach = offers.move_reach(snapshot.view.state, snapshot.ruleset, me.id)
        except Exception as problem:  # noqa: BLE001 - a RulesError: said, nothing sent
            self._status(Text(f"No move now: {clean(str(problem))}", style="yellow"))
            return
        self.query_one(GridMap).start_pick(me.position, self._reach.costs, "move")
        self._status(Text(f"Move {me.name}: arrows/hjkl, Enter asks the GM, Esc cancels."))

    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        me, snapshot = self._me(), self.source.snapshot
        if me is None or snapshot is None or self._reach is None:
            return
        shown = offers.preview_move(snapshot.view.state, snapshot.ruleset, self._reach, me.id, message.cell)
        grid_map = self.query_one(GridMap)
        x, y = message.cell
        if shown.cost is None:
            grid_map.mark(path=frozenset())
            self._status(Text(f"({x}, {y}): {clean(shown.refusal or 'no path')}", style="yellow"))
        else:
            grid_map.mark(path=frozenset(shown.path[:-1]))
            self._status(Text(f"({x}, {y}): costs {shown.cost} {shown.unit}, {', '.join(shown.notes)}", style="green"))

    def on_grid_map_cell_picked(self, message: GridMap.CellPicked) -> None:
        self.query_one(GridMap).stop_pick()
        self._reach = None
        self.action_act("move", to=list(message.cell))

    def on_grid_map_pick_cancelled(self, message: GridMap.PickCancelled) -> None:
        self._reach = None
        self._status(Text("Move cancelled."))


def _faces(text: str) -> list[int]:
    """``"14 6"`` -> [14, 6]; raises ``ValueError`` for what is not whole numbers from 1 (checked again by the GM's process)."""
    faces = [int(word) for word in text.replace(",", " ").split()]
    if any(face < 1 for face in faces):
        raise ValueError("a die shows 1 or more")
    return faces


def _faces_hint(text: str) -> Text:
    faces = _faces(text)
    if not faces:
        return Text("No dice typed: the GM's process rolls them.")
    return Text(f"Sent as typed: {' '.join(map(str, faces))} (the GM's process checks each is a face of its die)")
