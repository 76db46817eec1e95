"""The GM's actions as App methods: dialogs in, core commands out.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`); every method ends in
``self.ctx.run_command(...)``, the one place commands are applied and saved.
"""

from __future__ import annotations

from rich.text import Text

from core.combat import commands as cmd
from core.combat import events as ev
from core.offers import base as core_offers
from core.dice.rolls import parse
from core.errors import RulesError
from core.dice.notation import parse_amount
from tui.rendering.describe import describe
from tui.rendering.offers import offer_label
from core.offers.base import typed_damage, would_do
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext
from tui.screens.encounter.groups import Marks
from tui.screens.encounter.more import MoreMenu


class TurnsAndRolls:
    """``TurnsAndRolls(ctx, marks, more)``: the keys of turns (n, p), hit
    points (d, h), checks (c), dice (r), spending actions (a) and hiding (H).
    With marks (``marks``) d and h act on every marked creature; an offer is
    taken through ``more`` (:class:`tui.screens.encounter.more.MoreMenu`)."""

    def __init__(self, ctx: ScreenContext, marks: Marks, more: MoreMenu) -> None:
        self.ctx = ctx
        self.marks = marks
        self.more = more

    def _hit_points(self, sign: int) -> None:
        if self.marks.marked_combatants():  # several at once: tui/screens/encounter/groups.py
            self.marks.hit_points_marked(sign)
            return
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first (arrow keys in the tracker).", error=True)
            return
        word = "Damage to" if sign < 0 else "Healing for"
        title = Text(f"{word} ") + user_text(target.name, "bold") + Text(f" (HP {target.hp}/{target.hp_max}): a number or dice")

        def command_for(value: str) -> cmd.Command:
            """Damage or healing from a number or dice; damage also with its
            types (``8 slashing``, as in ``.``'s typed damage, TAC-DMG-1)."""
            try:
                amount = parse_amount(value)
            except RulesError as plain:
                if sign > 0:
                    raise
                try:
                    return typed_damage(target.id, value)
                except RulesError:
                    raise plain from None
            return cmd.Damage(target.id, amount) if sign < 0 else cmd.Heal(target.id, amount)

        def answer(value: str) -> None:
            try:
                command = command_for(value)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {problem}", error=True)
                return
            done = self.ctx.run_command(command)  # dice roll inside: one step
            if done and len(done) == 1 and isinstance(getattr(command, "amount", None), str):
                self.ctx.set_status("The roll came to 0: nothing changes.")

        def preview(value: str) -> Text:
            command = command_for(value)
            if isinstance(command, cmd.DealDamage):
                if command.dice:
                    return Text(f"rolls {clean(value.strip())}, then damages ") + user_text(target.name, "bold") + Text(" through its armour and resistances")
                events = would_do(self.ctx.state, self.ctx.session.encounter.ruleset, command)
                said = {e.combatant for e in events if isinstance(e, ev.DamageTaken)}  # its line says the HP too
                return Text(" ").join(describe(e) for e in events if not (isinstance(e, ev.HitPointsChanged) and e.combatant in said))
            amount = command.amount
            if isinstance(amount, str):
                parse(amount, allow_comments=False)
                return Text(f"rolls {amount}, then {'damages' if sign < 0 else 'heals'} ") + user_text(target.name, "bold") + Text(" by the total")
            return Text(" ").join(describe(event) for event in would_do(self.ctx.state, self.ctx.session.encounter.ruleset, command))

        self.ctx.ask(PromptScreen(title, placeholder="7, 2d6+1 or 8 slashing" if sign < 0 else "7 or 2d6+1", hint=preview), answer)

    def action_damage(self) -> None:
        self._hit_points(-1)

    def action_heal(self) -> None:
        self._hit_points(+1)

    def action_next_turn(self) -> None:
        self.ctx.run_command(cmd.NextTurn())

    def action_previous_turn(self) -> None:
        self.ctx.run_command(cmd.PreviousTurn())

    def action_roll(self) -> None:
        def answer(value: str) -> None:
            self.ctx.run_command(cmd.RollDice(value, None))

        def preview(value: str) -> Text:
            if not value.strip():
                raise ValueError("type dice, e.g. 1d20+2, and what for")
            text, comment = value.strip(), parse(value).comment or ""
            rolled = Text(f"rolls {clean(text[: len(text) - len(comment)].strip())}")
            return rolled + Text(", for: ") + user_text(comment.strip(), "italic") if comment.strip() else rolled

        self.ctx.ask(PromptScreen("Roll dice (free text after the dice is a comment)", placeholder="1d20+2 kick the door", hint=preview), answer)

    def action_check(self) -> None:
        """A check for whose turn it is (or the selected combatant out of
        combat): the check offer, with its odds shown as the GM types."""
        actor = self.ctx.state.current or self.ctx.selected
        if actor is None:
            self.ctx.set_status("Nobody to roll for.", error=True)
            return
        offer = core_offers.find(core_offers.offers(self.ctx.state, self.ctx.session.encounter.ruleset, actor, self.ctx.selected), "check")
        if offer is not None:
            self.more.take_offer(offer)

    def action_spend_action(self) -> None:
        """Spend one of the action kinds the tracker counts, or trade one
        (the ruleset's exchange); a spent kind can still be spent as a
        logged GM override. With another combatant selected than whose turn
        it is, the selected one spends what it may off its turn (a reaction,
        EQ-ACT-1)."""
        if self.ctx.combatant(self.ctx.state.current) is None:
            self.ctx.set_status("Combat has not started.", error=True)
            return
        current = self.ctx.combatant(self.ctx.selected) or self.ctx.combatant(self.ctx.state.current)
        off_turn = current.id != self.ctx.state.current
        found = {o.id: o for o in core_offers.offers(self.ctx.state, self.ctx.session.encounter.ruleset, current.id, self.ctx.selected)}
        options: list[tuple[str, str]] = []
        overrides: list[tuple[str, str]] = []  # last: Enter on the list never takes an override by chance
        for kind in self.ctx.session.encounter.ruleset.tracked_kinds:
            offer = found.get(f"spend.{kind.id}")
            if offer is None or (off_turn and not kind.off_turn):
                continue
            left = current.budget.left(kind.id)
            if offer.allowed:
                options.append((offer.id, f"{kind.label} ({left} left)"))
            elif kind.id in current.budget.actions:
                overrides.append((f"override:{kind.id}", f"{kind.label}: {clean(offer.refusal or '')}; spend anyway (GM override, logged)"))
        if "exchange" in found and not off_turn:
            (options if found["exchange"].allowed else overrides).append(("exchange", offer_label(found["exchange"])))
        options += overrides
        if not options:
            self.ctx.set_status(Text("Nothing ") + user_text(current.name, "bold") + Text(" may spend off its turn."), error=True)
            return

        def answer(value: str) -> None:
            if value.startswith("override:"):
                done = self.ctx.run_command(cmd.SpendAction(current.id, value[9:], override=True))
                if done:  # the status line says it was an override, not only what was spent
                    self.ctx.set_status(Text("GM override: ", style="bold yellow") + describe(done[-1].event))
            else:
                self.more.take_offer(found[value])

        self.ctx.ask(ChoiceScreen(Text("Spend an action: ") + user_text(current.name, "bold"), options), answer)

    def action_toggle_hidden(self) -> None:
        """Hide the selected combatant from the players' view, or reveal it (a logged, undoable command)."""
        found = {o.id: o for o in self.more.current_offers()}
        offer = found.get("hide") or found.get("reveal")
        if offer is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        self.more.take_offer(offer)
