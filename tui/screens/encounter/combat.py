"""Combat actions of the GM: attacks, conditions, revival, turn order.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`) like :mod:`tui.screens.encounter.gm`; the
odds of an attack are shown, with every modifier and its reason, before
anything is rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from core.combat import commands as cmd
from core.combat import events as ev
from core.values import limits as lim
from core.offers import base as core_offers
from core.values.combatant import Combatant
from core.values.mobility import Size
from core.errors import CreatureFormatError
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext
from tui.screens.encounter.groups import Marks
from tui.screens.encounter.more import MoreMenu
from core.offers.offer import refuse_as_applied  # the dialogs' check; the offer builders load with the first offers
from core.errors import IllegalCommand, RulesError
from core.offers.base import Offer
from tui.rendering.describe import preview_text
from tui.rendering.odds import odds_words

if TYPE_CHECKING:
    from core.offers.saved_attacks import AttackChoice


def _hp(amount) -> str:
    """Expected hit points to one decimal: ``3.5``, ``4``."""
    return f"{float(amount):.1f}".removesuffix(".0")


def _choices_text(choices: tuple[AttackChoice, ...], chosen: AttackChoice | None) -> Text:
    """One line per saved attack: ``1 Shortbow (1d6 piercing range 16): hit 55%, ~1.9 HP`` (a power roll: ``t1 55% t2 35% t3 10%``), or why not now."""
    text = Text()
    for choice in choices:
        chosen_one = chosen is not None and choice.number == chosen.number
        text.append(f"{choice.number} {clean(choice.attack.name)}", style="bold reverse" if chosen_one else "bold")
        text.append(f" ({clean(choice.attack.weapon)})", style="bright_black")
        if choice.refusal is not None:
            text.append(f": not now: {clean(choice.refusal.split('; ')[0])}\n", style="yellow")
        else:
            text.append(f": {odds_words(float(choice.hit), choice.odds)}, ~{_hp(choice.expected_damage)} HP\n")
    return text


class CombatPart:
    """``CombatPart(ctx, marks, more)``: attacks (t), conditions (e, E),
    revival (v), turn order (w, i) and new combatants (+). Conditions go on
    every marked creature of ``marks``; an offer is taken through ``more``."""

    def __init__(self, ctx: ScreenContext, marks: Marks, more: MoreMenu) -> None:
        self.ctx = ctx
        self.marks = marks
        self.more = more
        self.map_modes = more.map_modes

    def _attack_parts(self) -> tuple[Combatant, Combatant] | None:
        attacker = self.ctx.combatant(self.ctx.state.current)
        target = self.ctx.combatant(self.ctx.selected)
        if attacker is None:
            self.ctx.set_status("Combat has not started: nobody's turn.", error=True)
            return None
        if target is None or target.id == attacker.id:
            self.ctx.set_status("Select the target in the tracker (up/down) or click it on the map, then press t.", error=True, hint=True)
            return None
        return attacker, target

    def action_attack(self) -> None:
        """The current combatant attacks the selected one: the attack offer,
        its odds and refusals from core (EQ-ACT-4, EQ-COV-2, reach)."""
        parts = self._attack_parts()
        if parts is None:
            return
        offer = core_offers.find(self.more.current_offers(), "attack")
        if offer is None:
            self.ctx.set_status("No attack is possible here.", error=True)
            return
        if offer.refusal is not None:  # no attack action left: said before any dialog
            self.more.take_offer(offer)
            return
        self._attack_dialog(offer, *parts)

    def _attack_dialog(self, offer: Offer, attacker: Combatant, target: Combatant) -> None:
        """The attack dialog: the attacker's saved attacks, numbered, each
        with its odds against ``target``, expected damage and why not now;
        Enter alone makes the first, a number (or a name) another, and a
        weapon typed out (``1d6 slashing``) is the typed attack of ``offer``."""
        from core.offers.saved_attacks import attack_choices, first_allowed, pick_saved_attack  # the saved attacks' offers: load with the first attack

        ruleset = self.ctx.session.encounter.ruleset
        state = self.ctx.state
        choices = attack_choices(state, ruleset, attacker.id, target.id)
        attacks = tuple(c.attack for c in choices)

        def command(value: str) -> tuple[cmd.Command, AttackChoice | None]:
            index = pick_saved_attack(value, attacks) if value.strip() else first_allowed(choices)
            if index is None:
                return offer.command(value), None  # a typed weapon: bad text raises, shown
            chosen = choices[index]
            if chosen.command is None:
                raise IllegalCommand(chosen.refusal or f"{chosen.attack.name} cannot be read")
            return chosen.command, chosen

        def hint(value: str) -> Text:
            self.map_modes.last_weapons[attacker.id] = value  # the odds map of its next move uses it, rolled or not
            found, chosen = command(value)
            shown = core_offers.preview(state, ruleset, found)
            text = _choices_text(choices, chosen) if chosen is not None else Text()
            if chosen is not None:
                text.append(f"{'Enter' if not value.strip() else 'Attack'}: {chosen.number} {clean(chosen.attack.name)}, ", style="bold")
                text.append(f"~{_hp(chosen.expected_damage)} HP expected; ", style="italic")
            text.append_text(preview_text(shown))
            if shown.refusal is not None:  # what apply would refuse: Enter keeps the dialog and the text
                refused = IllegalCommand(shown.refusal)
                refused.shown = text  # the odds stay in view with the reason
                raise refused
            return text

        def answer(value: str) -> None:
            try:
                found, _ = command(value)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            self.ctx.run_command(found)

        title = Text(clean(offer.label)) + Text(": Enter, a number or a weapon")
        example = f"2, {attacks[-1].name} or {offer.example}" if len(attacks) > 1 else offer.example
        self.ctx.ask(PromptScreen(title, placeholder=example, hint=hint), answer)

    # -- conditions -------------------------------------------------------------
    def action_add_condition(self) -> None:
        """A condition for the selected combatant, or for every marked one
        (tui/screens/encounter/groups.py), with any duration core has."""
        targets = self.marks.marked_combatants() or [c for c in (self.ctx.combatant(self.ctx.selected),) if c is not None]
        if not targets:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        self.marks.add_condition_to(targets)

    def action_remove_condition(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None or not target.conditions:
            self.ctx.set_status("The selected combatant has no conditions.", error=True)
            return
        options = [(c.name, f"{c.name} {c.level}") for c in target.conditions]

        def chosen(name: str | None) -> None:
            if name is not None:
                self.ctx.run_command(cmd.RemoveCondition(target.id, name, "GM"))

        self.ctx.ask(ChoiceScreen(Text("Remove from ") + user_text(target.name, "bold"), options), chosen)

    # -- life and turn order --------------------------------------------------------
    def action_revive(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return

        def answer(value: str) -> None:
            if not lim.is_whole(value.strip()):
                self.ctx.set_status("Refused: type the hit points to come back with, e.g. 1.", error=True)
                return
            self.ctx.run_command(cmd.Revive(target.id, int(value)))

        self.ctx.ask(PromptScreen(Text("Revive ") + user_text(target.name, "bold") + Text(" with how many HP?"), value="1"), answer)

    def action_delay(self) -> None:
        current = self.ctx.combatant(self.ctx.state.current)
        after = self.ctx.combatant(self.ctx.selected)
        if current is None or after is None or after.id == current.id:
            self.ctx.set_status("Select the combatant to act after (up/down), then press w: the current one waits until then.", error=True)
            return
        self.ctx.run_command(cmd.DelayTurn(current.id, after.id))

    def action_set_initiative(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return

        def read(value: str) -> cmd.SetInitiative:
            text = value.strip()
            if not lim.is_whole(text.removeprefix("-")):
                raise ValueError(f"initiative is a whole number of at most {lim.MAX_NUMBER_DIGITS} digits, e.g. 14 or -2")
            return cmd.SetInitiative(target.id, int(text))

        def preview(value: str) -> Text:
            command = read(value)
            refuse_as_applied(self.ctx.state, self.ctx.session.encounter.ruleset, command)
            events = core_offers.would_do(self.ctx.state, self.ctx.session.encounter.ruleset, command)
            note = next((e.note for e in events if isinstance(e, ev.InitiativeSet) and e.note), "")
            return Text(f"sets initiative {command.value}" + (f": {note}" if note else ""))

        def answer(value: str) -> None:
            try:
                command = read(value)
            except ValueError as problem:
                self.ctx.set_status(f"Refused: {problem}.", error=True)
                return
            self.ctx.run_command(command)

        title = Text("New initiative for ") + user_text(target.name, "bold") + Text(" (must be free)")
        self.ctx.ask(PromptScreen(title, value=str(target.initiative or ""), hint=preview), answer)

    def action_add_combatant(self) -> None:
        from core.dice.roster import parse_group  # the roster notation: loads when the GM first adds a creature (+)

        summoner = self.ctx.combatant(self.ctx.selected)

        def read(value: str):
            """``(count, entry, summoned)`` from ``4 Wolf foe 2d8+2 DEX 2 [summon]``; raises ``ValueError``."""
            words = value.split()
            summoned = bool(words) and words[-1].lower() in ("summon", "summoned")
            if summoned:
                words = words[:-1]
            try:
                count, entry = parse_group(" ".join(words), self.ctx.session.encounter.ruleset)
            except CreatureFormatError as problem:
                raise ValueError(f"{problem.reason}.") from None
            if not entry.name:
                raise ValueError("write '[COUNT] NAME SIDE HP', e.g. 'Wolf foe 9' or '4 Wolf foe 2d8+2' (side: party, foe or neutral), then stats like 'DEX 2', 'summon' at the end for a summon.")
            return count, entry, summoned

        cite = self.ctx.session.encounter.ruleset.cite  # another seed's rule said as the DEFAULT it is

        def preview(value: str) -> Text:
            count, entry, summoned = read(value)
            hp = f"HP {entry.hp_dice} each" if entry.hp_dice and count > 1 else f"HP {entry.hp_dice or entry.hp}"
            details = [entry.side.value, hp] + ([entry.size.value] if entry.size is not Size.MEDIUM else []) + ([f"AC {entry.ac}"] if entry.ac else []) + [f"{k} {v:+d}" for k, v in entry.stats.items()]
            details += [f"attacks {', '.join(a.name for a in entry.attacks)}"] if entry.attacks else []
            text = Text("adds ") + Text(f"{count} x " if count > 1 else "") + user_text(entry.name, "bold") + Text(f" ({', '.join(details)})")
            if summoned and summoner is not None:
                return text + Text(", acting right after ") + user_text(summoner.name, "bold") + Text(f" ({cite('EQ-INIT-4')})")
            if count > 1:
                return text + Text(", then asks how they roll initiative")
            return text + Text(f", rolling initiative ({cite('EQ-INIT-1')})" if self.ctx.state.round > 0 else "")

        def answer(value: str) -> None:
            try:
                count, entry, summoned = read(value)
            except ValueError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            if count > 1 or entry.hp_dice:
                self.marks.add_group(count, entry, summoner if summoned else None)
                return
            name = entry.name
            combatant = entry.combatant(self.ctx.state.next_id())
            if summoned and summoner is not None:
                added = self.ctx.run_command(cmd.AddCombatant(combatant, summoner=summoner.id))
            else:
                added = self.ctx.run_command(cmd.AddCombatant(combatant, roll_initiative=self.ctx.state.round > 0))
            if added is not None:  # a refusal is already in the status line
                name = self.ctx.state.combatant(combatant.id).name  # a name already taken is numbered by the rules
                self.ctx.set_status(f"Added {clean(name)}: place it on the map with P.")

        hint = f"; add 'summon' for a summon of {clean(summoner.name)} (its initiative - 1, {cite('EQ-INIT-4')})" if summoner else ""
        stats = " ".join(self.ctx.session.encounter.ruleset.stat_names)
        title = f"Add: [COUNT] NAME SIDE HP or HP dice, stats ({stats}) N{hint}"
        self.ctx.ask(PromptScreen(title, placeholder="4 Wolf foe 2d8+2", hint=preview), answer)

    def action_remove_combatant(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return

        def answer(value: str | None) -> None:
            if value == "yes":
                self.ctx.run_command(cmd.RemoveCombatant(target.id))
            else:
                self.ctx.set_status("Kept.")

        self.ctx.ask(ChoiceScreen(Text("Remove ") + user_text(target.name, "bold") + Text(" from the encounter?"), [("no", "No, keep it"), ("yes", "Yes, remove it")]), answer)
