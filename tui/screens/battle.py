"""The battle screen: two armies fought round by round (rules EQ-WAR-1..4),
with the exact forecast of every ending before each round.

Keys: ``s`` set up (army 1, army 2, heroes), Enter or ``r`` roll the next
round, ``v`` order a retreat, ``a`` roll the aftermath, ``c`` put the
battle away, ``u`` undo, Esc back to the encounter. The screen changes
nothing itself: every action goes through ``apply`` (the App's session),
so it is saved, logged and undoable.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from core.campaign.war import commands as cmd
from core.campaign.war.battle import EndKind, Ending, battle_points
from core.campaign.war.forecast import CheckRules, Forecast, forecast
from tui.rendering.describe import describe, percent
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import cited, clean, shorten
from core.dice.war_notation import ARMY_HELP, HEROES_HELP, ArmyRequest, parse_army, parse_heroes
from core.errors import NotationError
from rich.console import Group

SIDE_STYLE = ("bold blue", "bold red")
SIDE_GLYPH = ("\u2588", "\u2592")  # full and medium shade: two armies apart without colour
BAR_WIDTH = 56


def forecast_table(battle, odds: Forecast) -> Table:
    """Rows: wins, then how each side may lose; a column per army (EQ-WAR-1)."""
    names = [clean(a.name) for a in battle.armies]
    table = Table(box=None, show_header=True, padding=(0, 1), header_style="bold")
    table.add_column("exact odds")
    for i, name in enumerate(names):
        table.add_column(Text(shorten(name, 14), style=SIDE_STYLE[i]), justify="right")
    table.add_row("wins", *(percent(float(odds.wins(i))) for i in (0, 1)))
    for kind, label in ((EndKind.DESTROYED, "loses: no BP"), (EndKind.RETREAT, "loses: retreat"), (EndKind.ROUT, "loses: rout")):
        table.add_row(label, *(percent(float(odds.chance(kind, i))) for i in (0, 1)))
    draw = odds.chance(EndKind.DRAW)
    if draw:
        table.add_row("both withdraw", percent(float(draw)), "")
    return table


def forecast_bar(battle, odds: Forecast, width: int = BAR_WIDTH) -> Text:
    """``[█████▒▒▒]``: army 1's chance of winning, a draw (·), army 2's."""
    chances = [odds.wins(0), odds.chance(EndKind.DRAW), odds.wins(1)]
    cells = [round(float(c) * width) for c in chances]
    cells[2] = max(0, width - cells[0] - cells[1])
    text = Text("[")
    text.append(SIDE_GLYPH[0] * cells[0], style=SIDE_STYLE[0])
    text.append("\u00b7" * cells[1])
    text.append(SIDE_GLYPH[1] * cells[2], style=SIDE_STYLE[1])
    text.append("]")
    return text


class BattleScreen(Screen[None]):
    """``BattleScreen(state, apply, rules)``: ``state()`` is the encounter
    state now, ``apply(command)`` applies a command and returns the log lines
    it added or a refusal message (str); ``rules`` grade the checks."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="battle-back"),
        Binding("s", "battle_setup", "Set up", id="battle-setup"),
        Binding("enter,r", "battle_round", "Roll round", id="battle-round"),
        Binding("v", "battle_retreat", "Retreat", id="battle-retreat"),
        Binding("a", "battle_aftermath", "Aftermath", id="battle-aftermath"),
        Binding("c", "battle_clear", "Clear", id="battle-clear"),
        Binding("u", "battle_undo", "Undo", id="battle-undo"),
    ]

    DEFAULT_CSS = """
    BattleScreen { layout: vertical; }
    BattleScreen #battle-armies { height: auto; border: round $accent; padding: 0 1; }
    BattleScreen #battle-odds { height: auto; border: round $primary; padding: 0 1; }
    BattleScreen #battle-last { height: 1fr; border: round $secondary; padding: 0 1; }
    BattleScreen #battle-round { height: auto; }
    BattleScreen #battle-status { height: 1; padding: 0 1; }
    BattleScreen #battle-status.error { color: $text-error; text-style: bold; }
    BattleScreen #battle-keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, state: Callable[[], object], apply: Callable[[cmd.Command], list | str], rules: CheckRules, undo: Callable[[], list | str] | None = None,
                 ruleset: object = None) -> None:
        super().__init__()
        self._ruleset = ruleset  # every rule ID shown as it cites it ("DEFAULT, as in equestria EQ-WAR-1"), None: as written
        self._cite: Callable[[str], str] = getattr(ruleset, "cite_text", str)
        self._state = state
        self._apply = apply
        self._undo = undo
        self.rules = rules
        self.lines: list[Text] = []
        self.odds: Forecast | None = None
        self._odds_for: object = None
        self.message = ""
        self._army1: ArmyRequest | None = None
        self._army2: ArmyRequest | None = None

    @property
    def battle(self):
        return getattr(self._state(), "battle", None)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="battle-armies")
            yield Static(id="battle-odds")
            with VerticalScroll(id="battle-last"):
                yield Static(id="battle-round")
            yield Static(id="battle-status")
            yield Static(Text("s set up  Enter roll round  v retreat  a aftermath  c clear  u undo  Esc back"), id="battle-keys")

    def on_mount(self) -> None:
        self.query_one("#battle-armies", Static).border_title = self._cite("Mass battle (EQ-WAR-1..4)")
        self.query_one("#battle-odds", Static).border_title = "Forecast before the next round"
        self.query_one("#battle-last", VerticalScroll).border_title = "Last round (newest at the bottom)"
        self.refresh_battle()
        self.say("s sets up two armies." if self.battle is None else "Enter rolls the next round.")

    # -- showing ------------------------------------------------------------------
    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        status = self.query_one("#battle-status", Static)
        if error and hasattr(self.app, "drop_typed_ahead"):
            self.app.drop_typed_ahead()  # keys typed after a refused one were meant for it
        status.set_class(error, "error")
        status.update(Text(self._cite(message)))

    def refresh_battle(self) -> None:
        battle = self.battle
        armies = self.query_one("#battle-armies", Static)
        odds_pane = self.query_one("#battle-odds", Static)
        if battle is None:
            self.odds = self._odds_for = None  # an undone clear brings back an equal battle: its odds are worked out again
            armies.update(Text("No battle. Press s to set up two armies, their leaders and the heroes."))
            odds_pane.update(Text("The exact odds of every ending show here before each round."))
            self.query_one("#battle-round", Static).update(Text(""))
            return
        armies.update(self._armies_text(battle))
        if self._odds_for != battle:
            self.odds = forecast(battle, self.rules)
            self._odds_for = battle
        odds = self.odds
        assert odds is not None
        block = Text()
        if battle.over:
            block.append(self._ending_text(battle))
        else:
            block.append(f"expected rounds left {float(odds.rounds):.2f}")
        odds_pane.update(_stack(forecast_table(battle, odds), forecast_bar(battle, odds), block))
        self.query_one("#battle-round", Static).update(Text("\n").join(self.lines))
        self.query_one("#battle-last", VerticalScroll).scroll_end(animate=False)

    def _armies_text(self, battle) -> Text:
        top = max(a.start_points for a in battle.armies)
        text = Text(f"Round {battle.round}\n")
        for i, army in enumerate(battle.armies):
            text.append(f"{shorten(clean(army.name), 12):<12}", style=SIDE_STYLE[i])
            text.append(f" {army.soldiers:>8,} ")
            text.append(SIDE_GLYPH[i] * army.points, style=SIDE_STYLE[i])
            text.append("\u00b7" * max(0, army.lost_points) + " " * max(0, top - army.start_points))
            text.append(f" {army.points:>2}/{army.start_points} BP Str {army.strategy:+d} CHA {army.charisma:+d}")
            if army.retreat is not None and not battle.over:
                text.append(f" retreat in {army.retreat}", style="italic")
            text.append("\n")
        if battle.heroes:
            heroes = ", ".join(f"{clean(h.name)} ({shorten(clean(battle.armies[h.side].name), 8)} {h.modifier:+d}, {h.damage} dmg)" for h in battle.heroes)
            text.append(f"Heroes: {heroes}")
        else:
            text.append("No heroes.")
        return text

    def _ending_text(self, battle) -> Text:
        ending: Ending = battle.ending
        text = Text("Over: ", style="bold")
        if ending.side is None:
            text.append("both armies withdrew.")
        else:
            text.append(f"{clean(battle.armies[ending.side].name)} ({ending.kind.value}); {clean(battle.armies[ending.winner].name)} wins.")
        if battle.aftermath:
            for army, after in zip(battle.armies, battle.aftermath):
                text.append(f"\n{shorten(clean(army.name), 12)}: {after.points} BP after recovery, {percent(float(after.loss))} lost ({after.soldiers_lost:,})")
        else:
            text.append("  a: roll the aftermath")
        return text

    # -- acting ---------------------------------------------------------------------
    def _run(self, command: cmd.Command) -> bool:
        result = self._apply(command)
        if isinstance(result, str):
            self.say(f"Refused: {result}", error=True)
            self.app.bell()
            return False
        self.lines = [cited(describe(entry.event), self._ruleset) for entry in result]
        self.refresh_battle()
        self.say(self.lines[-1].plain if self.lines else "Done.")
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def action_battle_round(self) -> None:
        if self.battle is None:
            self.say("No battle yet: s sets one up.", error=True)
            return
        self._run(cmd.FightBattleRound())

    def action_battle_aftermath(self) -> None:
        self._run(cmd.RollBattleAftermath())

    def action_battle_undo(self) -> None:
        if self._undo is None:
            return
        result = self._undo()
        if isinstance(result, str):
            self.say(f"Refused: {result}", error=True)
            return
        self.lines = [cited(describe(entry.event), self._ruleset) for entry in result]
        self.refresh_battle()
        self.say(self.lines[-1].plain if self.lines else "Undone.")

    def action_battle_retreat(self) -> None:
        battle = self.battle
        if battle is None or battle.over:
            self.say("No battle is being fought.", error=True)
            return
        options = [(str(i), f"{clean(a.name)} retreats (after one more round)") for i, a in enumerate(battle.armies)]
        self.app.push_screen(ChoiceScreen(self._cite("Which army's leader orders a retreat? (EQ-WAR-4)"), options), self._retreat)

    def _retreat(self, choice: str | None) -> None:
        if choice is None:
            self.say("Cancelled.")
        else:
            self._run(cmd.OrderRetreat(int(choice)))

    def action_battle_clear(self) -> None:
        if self.battle is None:
            self.say("There is no battle to clear.", error=True)
            return
        self.app.push_screen(ChoiceScreen("Put this battle away? (the log keeps it)", [("no", "No, keep it"), ("yes", "Yes, clear it")]), self._clear)

    def _clear(self, answer: str | None) -> None:
        if answer == "yes":
            self.lines = []
            self._run(cmd.ClearBattle())
        else:
            self.say("Kept.")

    # -- setting up: army 1, army 2, heroes -------------------------------------------
    def action_battle_setup(self) -> None:
        if self.battle is not None and not self.battle.over:
            self.say("A battle is being fought: finish it, or c to clear it first.", error=True)
            return
        self.app.push_screen(PromptScreen(f"Army 1: {ARMY_HELP}", "North 10000 str 2 cha 1", hint=_army_hint, ruleset=self._ruleset), self._first)

    def _first(self, text: str | None) -> None:
        army = self._parsed(text)
        if army is None:
            return
        self._army1 = army
        self.app.push_screen(PromptScreen(f"Army 2: {ARMY_HELP}", "South 7000 str 3 cha 2", hint=self._pair_hint, ruleset=self._ruleset), self._second)

    def _second(self, text: str | None) -> None:
        army = self._parsed(text)
        if army is None:
            return
        self._army2 = army
        names = (army.name, army.name)
        if self._army1 is not None:
            names = (self._army1.name, army.name)
        self.app.push_screen(PromptScreen(f"Heroes: {HEROES_HELP}", "Ayla 2 +4; Brom 1 +3", hint=lambda t: _heroes_hint(t, names), ruleset=self._ruleset), self._heroes)

    def _heroes(self, text: str | None) -> None:
        if text is None or self._army1 is None or self._army2 is None:
            self.say("Cancelled.")
            return
        a, b = self._army1, self._army2
        try:
            heroes = parse_heroes(text, (a.name, b.name))
        except NotationError as problem:
            self.say(f"Refused: {problem}", error=True)
            return
        points = None
        if a.points is not None or b.points is not None:
            computed = battle_points((a.soldiers, b.soldiers))
            points = (a.points or computed[0], b.points or computed[1])
        self.lines = []
        self._run(cmd.SetUpBattle(
            (a.name, b.name), (a.soldiers, b.soldiers), strategy=(a.strategy, b.strategy), charisma=(a.charisma, b.charisma),
            leaders=(a.leader, b.leader), modifiers=(a.modifier, b.modifier), points=points, heroes=heroes,
        ))

    def _parsed(self, text: str | None) -> ArmyRequest | None:
        if text is None:
            self.say("Cancelled.")
            return None
        try:
            return parse_army(text)
        except NotationError as problem:
            self.say(f"Refused: {problem}", error=True)
            return None

    def _pair_hint(self, text: str) -> Text:
        """What army 2 sets up; raises :class:`NotationError` or ``ValueError`` (the dialog stays open with the text) for one it cannot read."""
        first = self._army1
        second = parse_army(text)
        if first is not None and second.name.casefold() == first.name.casefold():
            raise ValueError(f"army 1 is already called {first.name}: give this one another name (heroes name their side by it)")
        if first is None:
            return Text("")
        points = battle_points((first.soldiers, second.soldiers))
        return Text(f"{clean(first.name)} {points[0]} BP vs {clean(second.name)} {points[1]} BP (EQ-WAR-1)")


def _army_hint(text: str) -> Text:
    """What army 1 is; raises :class:`NotationError` (the dialog stays open with the text) for one it cannot read."""
    army = parse_army(text)
    return Text(f"{clean(army.name)}: {army.soldiers:,} soldiers, Strategy {army.strategy:+d}, ХАР {army.charisma:+d}")


def _heroes_hint(text: str, names: tuple[str, str]) -> Text:
    """The heroes and their sides; raises :class:`NotationError` (the dialog stays open, the armies kept) for a hero it cannot place."""
    heroes = parse_heroes(text, names)
    if not heroes:
        return Text("No heroes: Enter to start.")
    return Text("; ".join(f"{clean(h.name)} for {clean(names[h.side])} {h.modifier:+d}" for h in heroes))


def _stack(*parts) -> object:
    return Group(*parts)
