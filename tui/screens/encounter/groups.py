"""Groups in the tracker: marks on several combatants, one
damage, healing or condition for all of them, groups added in one line,
and the duration of a condition.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`). ``space`` marks or unmarks the
selected row, ``A`` (while an area template is placed with ``z``) marks
everyone it hits, Escape clears the marks. With marks, ``d``, ``h`` and
``e`` act on every marked creature at once: one roll, one undo step, one
group of log lines (core: :mod:`core.combat.several_targets`). Marks stay after an action
(a fireball's damage, then its burning, hit the same creatures) and clear
with Escape or when the turn passes. The rules are core's: this module
builds commands and shows what they return.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from core.values import limits as lim
from core.values.combatant import Combatant
from core.values.conditions import Condition, Duration
from core.combat.durations import CHOICES, Until, lasting_in, make as make_duration, words as duration_words
from core.errors import RulesError
from core.combat.events import CombatantAdded
from core.combat.add_group import AddGroup
from core.combat.groups import GroupInitiative
from core.combat.several_targets import ConditionMany, DamageMany, HealMany
from core.dice.notation import parse_amount, parse_damage
from tui.rendering.groups import names_text
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext
from tui.widgets.grid_map import GridMap
from core.combat import events as ev
from core.offers.base import would_do
from core.combat.damage import DamagePart
from core.combat import commands as cmd
from core.offers.offer import refuse_as_applied  # the dialogs' check; the offer builders load with the first offers


class Marks:
    """``Marks(ctx)``: the marks (space, A, Esc) and what acts
    on every marked creature; ``A`` reads the area template of
    ``ctx.map_modes``."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx
        self.marked: tuple[str, ...] = ()
        """Ids of the marked combatants, in the order they were marked."""

    # -- marks ---------------------------------------------------------------------
    def marked_combatants(self) -> list[Combatant]:
        """The marked combatants still in the encounter."""
        return [c for c in (self.ctx.combatant(i) for i in self.marked) if c is not None]

    def _set_marks(self, ids: tuple[str, ...]) -> None:
        self.marked = ids
        self.ctx.refresh_views()

    def _marks_status(self) -> Text:
        marked = self.marked_combatants()
        if not marked:
            return Text("No marks.")
        return Text(f"{len(marked)} marked: ") + user_text(names_text(tuple(c.name for c in marked)), "bold") + Text(". d, h, e act on all of them; Esc clears.")

    def action_mark(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        if target.id in self.marked:
            self._set_marks(tuple(i for i in self.marked if i != target.id))
        else:
            self._set_marks(self.marked + (target.id,))
        self.ctx.set_status(self._marks_status())

    def action_mark_area(self) -> None:
        """Mark everyone the area template (``z``) hits, in place of the marks before."""
        grid_map = self.ctx.query_one(GridMap)
        if self.ctx.map_modes.template is None or grid_map.mode != "area" or grid_map.cursor is None:
            self.ctx.set_status("Place an area template with z first; A then marks everyone it hits.", error=True)
            return
        cells = self.ctx.map_modes.template.cells(grid_map.cursor, self.ctx.state.grid)
        hit = tuple(c.id for c in self.ctx.state.combatants if c.position is not None and any(p in cells for p in c.cells))
        self.ctx.map_modes.end_pick()
        if not hit:
            self.ctx.set_status("The area hits nobody: no marks.", error=True)
            return
        self._set_marks(hit)
        self.ctx.set_status(self._marks_status())

    def action_clear_marks(self) -> None:
        if not self.marked:
            self.ctx.set_status("No marks to clear (space marks the selected combatant).")
            return
        self._set_marks(())
        self.ctx.set_status("Marks cleared.")

    def forget_gone_marks(self) -> None:
        """Drop marks of combatants no longer here (removed, or an undone add)."""
        if self.marked:
            self.marked = tuple(i for i in self.marked if self.ctx.state.has(i))

    # -- one action for every marked creature ------------------------------------------------
    def _who(self, marked: list[Combatant]) -> Text:
        return Text(f"{len(marked)} marked (") + user_text(names_text(tuple(c.name for c in marked), 4), "bold") + Text(")")

    def hit_points_marked(self, sign: int) -> None:
        """Damage (typed, through each one's armour) or healing for every marked creature."""
        marked = self.marked_combatants()
        ids = tuple(c.id for c in marked)
        if sign < 0:
            title = Text("Damage to ") + self._who(marked) + Text(": dice or a number with its type, rolled once for all")

            def build(value: str):
                parts = parse_damage(value)
                fixed = tuple(p for p in parts if p.expression.isdigit())

                return DamageMany(ids, tuple(DamagePart(int(p.expression), p.damage_type) for p in fixed), tuple(p for p in parts if p not in fixed), value.strip())

            placeholder = "2d6 fire"
        else:
            title = Text("Healing for ") + self._who(marked) + Text(": a number or dice, rolled once for all")

            def build(value: str):
                return HealMany(ids, parse_amount(value))

            placeholder = "7 or 2d4+2"

        def preview(value: str) -> Text:
            command = build(value)
            rolled = command.dice if isinstance(command, DamageMany) else (command.amount if isinstance(command.amount, str) else ())
            if rolled:
                return Text("rolls once, then each takes it through its own armour and resistances" if sign < 0 else "rolls once, then heals each by the total")

            return self._many_preview(would_do(self.ctx.state, self.ctx.session.encounter.ruleset, command))

        def answer(value: str) -> None:
            try:
                command = build(value)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            entries = self.ctx.run_command(command)
            if entries:
                self.ctx.set_status(Text(clean(value.strip()) + ": ") + self._many_preview(e.event for e in entries))

        self.ctx.ask(PromptScreen(title, placeholder=placeholder, hint=preview), answer)

    @staticmethod
    def _many_preview(events) -> Text:
        parts = []
        for event in events:
            if isinstance(event, ev.DamageTaken):
                parts.append(user_text(event.name, "bold") + Text(f" -{event.outcome.total} -> {event.hp}/{event.hp_max}"))
            elif isinstance(event, ev.HitPointsChanged) and event.delta >= 0:
                parts.append(user_text(event.name, "bold") + Text(f" +{event.delta} -> {event.hp}/{event.hp_max}"))
        return Text(", ").join(parts) if parts else Text("changes nothing")

    # -- conditions and their durations ---------------------------------------------------------
    def add_condition_to(self, targets: list[Combatant]) -> None:
        """Condition, then its duration (every kind core has), then its level."""
        catalogue = self.ctx.session.encounter.ruleset.conditions
        options = [(name, name) for name in sorted(catalogue)]
        ids = tuple(c.id for c in targets)
        who = user_text(targets[0].name, "bold") if len(targets) == 1 else self._who(targets)

        def chosen(name: str) -> None:
            def command_for(duration: Duration | None, level: int):
                condition = Condition(name, level, duration or Duration.permanent(), source="GM")
                return cmd.AddCondition(ids[0], condition) if len(ids) == 1 else ConditionMany(ids, condition)

            def check(duration: Duration | None, level: int) -> None:
                """What Enter would get from the rules, shown as the GM types (a level 0 is refused there)."""
                refuse_as_applied(self.ctx.state, self.ctx.session.encounter.ruleset, command_for(duration, level))

            def told(duration: Duration | None, level: int) -> str:
                """How long it lasts as the log will say (bleeding counts down, RULES.md Revision 3)."""
                return lasting_in(Condition(name, level, duration or Duration.permanent()), self.ctx.state, self.ctx.session.encounter.ruleset)

            def done(duration: Duration | None, level: int) -> None:
                condition = Condition(name, level, duration or Duration.permanent(), source="GM")
                if len(ids) == 1:
                    self.ctx.run_command(cmd.AddCondition(ids[0], condition))
                elif self.ctx.run_command(ConditionMany(ids, condition)):
                    lasting = told(condition.duration, level)
                    names = names_text(tuple(c.name for c in targets), 4)
                    self.ctx.set_status(Text(f"{name} {level} on ") + user_text(names, "bold") + Text(f", {clean(lasting)}."))

            self.ask_duration(Text(f"{name} on ") + who, targets[0].id, done, check, told)

        self.ctx.ask(ChoiceScreen(Text("Condition for ") + who, options), chosen)

    def ask_duration(self, what: Text, target_id: str, then: Callable[[Duration | None, int], None], check: Callable[[Duration | None, int], None] | None = None,
                     told: Callable[[Duration | None, int], str] | None = None) -> None:
        """Ask how long ``what`` lasts (:data:`core.combat.durations.CHOICES`, on
        whose turns) and its level; ``then(duration, level)``. ``check``
        raises the rules' refusal of a duration and level, shown as typed."""
        current = self.ctx.combatant(self.ctx.state.current)
        default_anchor = current.id if current is not None else target_id
        anchor_name = clean((current or self.ctx.combatant(target_id)).name)
        options = [("plain", f"until removed, or N rounds of {anchor_name}'s turns (level [rounds])")]
        if current is not None:
            options += [(f"{c.until.value}|{current.id}", c.label.format(who=clean(current.name))) for c in CHOICES if c.needs_anchor and not c.needs_rounds]
        options += [(f"{c.until.value}|?", c.label.format(who="another creature") + "...") for c in CHOICES if c.needs_anchor]

        def ask_level(title: Text, placeholder: str, read) -> None:
            """The level (and rounds) dialog: ``read(text) -> (duration, level)``
            previews as typed and refuses what it cannot read."""

            def preview(value: str) -> Text:
                duration, level = read(value)
                if check is not None:
                    check(duration, level)
                said = told(duration, level) if told is not None else duration_words(duration, self.ctx.state)
                return Text(f"level {level}, {clean(said)}")

            def answer(value: str) -> None:
                try:
                    duration, level = read(value)
                except (ValueError, RulesError) as problem:
                    self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                    return
                then(duration, level)

            self.ctx.ask(PromptScreen(title, placeholder=placeholder, hint=preview), answer)

        def level_for(until: Until, anchor: str) -> None:
            rounds = until is Until.ROUNDS
            try:
                sample = make_duration(self.ctx.state, until, anchor, 1)
            except RulesError as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            lasting = "N rounds" if rounds else duration_words(sample, self.ctx.state)
            title = what + Text(f" {clean(lasting)}: level" + (" and rounds, e.g. '1 3'" if rounds else " (empty: 1)"))

            def read(value: str) -> tuple[Duration, int]:
                words = value.split()
                if len(words) > (2 if rounds else 1) or not all(lim.is_whole(w) for w in words) or (rounds and len(words) < 2):
                    raise ValueError("type a level and rounds: '1 3'" if rounds else "type a level: 1, 2, ...")
                level = int(words[0]) if words else 1
                return make_duration(self.ctx.state, until, anchor, int(words[1]) if rounds else 0), level

            ask_level(title, "1 3" if rounds else "1", read)

        def plain() -> None:
            def read(value: str) -> tuple[Duration, int]:
                words = value.split()
                if len(words) > 2 or not all(lim.is_whole(w) for w in words):
                    raise ValueError("type a level and, optionally, rounds: '2' or '2 3'")
                level = int(words[0]) if words else 1
                rounds = int(words[1]) if len(words) > 1 else 0
                return (make_duration(self.ctx.state, Until.ROUNDS, default_anchor, rounds) if rounds else Duration.permanent()), level

            ask_level(what + Text(": level [rounds] (empty: level 1 until removed)"), "1 3", read)

        def chosen(key: str) -> None:
            if key == "plain":
                plain()
                return
            until, anchor = key.split("|")
            if anchor != "?":
                level_for(Until(until), anchor)
                return
            order = self.ctx.state.order()
            creatures = [(c.id, clean(c.name) + ("  (its turn now)" if c.id == self.ctx.state.current else "")) for c in order]
            self.ctx.ask(ChoiceScreen(Text("Whose turns does it count?"), creatures, initial=default_anchor), lambda cid: level_for(Until(until), cid))

        self.ctx.ask(ChoiceScreen(what + Text(": how long?"), options), chosen)

    # -- a group in one line --------------------------------------------------------------------
    def add_group(self, count: int, entry, summoner: Combatant | None) -> None:
        """Add ``count`` creatures of ``entry`` (a :class:`core.dice.roster.RosterEntry`);
        for more than one, ask how they get initiative."""
        template = entry.combatant("new")

        def add(mode: GroupInitiative) -> None:
            entries = self.ctx.run_command(AddGroup(template, count, entry.hp_dice, mode, summoner.id if summoner else None))
            if entries is not None:
                added = [e.event for e in entries if isinstance(e.event, CombatantAdded)]
                names = names_text(tuple(e.name for e in added), 4)
                self.ctx.set_status(Text("Added ") + user_text(names, "bold") + Text(": place them on the map with P."))

        if count == 1 or summoner is not None:
            add(GroupInitiative.EACH)  # one creature rolls as always; a summon acts after its summoner
            return
        later = "" if self.ctx.state.round > 0 else " when combat starts"
        options = [(mode.value, mode.label_in(self.ctx.session.encounter.ruleset) + (later if mode is GroupInitiative.EACH else "")) for mode in GroupInitiative]
        self.ctx.ask(ChoiceScreen(Text(f"Initiative for {count} x ") + user_text(entry.name, "bold"), options), lambda key: add(GroupInitiative(key)))
