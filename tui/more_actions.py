"""The "more" menu (key ``.``): every other rule action the engine knows,
listed for the ruleset in play, so nothing needs a key of its own.

A mixin of :class:`tui.app.EncounterApp`. Entries: TAC-ACT-2 actions and
contests, TAC-MOV-2 movement actions, extinguishing (TAC-EFF-1), poisoned
weapons (EQ-DAY-3), mounts (EQ-MNT-1), typed damage without an attack
(TAC-DMG-1), the phases of a scene (EQ-SIT-1..3).
"""

from __future__ import annotations

from rich.text import Text

from core import commands as cmd
from core.combatant import Side
from core.damage import DamagePart, DamageType
from core.dice import DiceError, parse
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.text import clean, user_text


class MoreActions:
    """Needs ``state``, ``session``, ``selected``, ``run_command``, ``set_status`` from the App."""

    def _more_options(self) -> list[tuple[str, str]]:
        ruleset = self.session.encounter.ruleset
        current = self._combatant(self.state.current)
        target = self._combatant(self.selected)
        other = target if target is not None and current is not None and target.id != current.id else None
        options: list[tuple[str, str]] = []
        if self.state.round == 0:
            options.append(("start", "Roll initiative and start combat (EQ-INIT-1)"))
            if target is not None:
                options.append((f"start-by:{target.id}", f"{clean(target.name)} starts the fight: highest initiative + 1 (EQ-INIT-3)"))
            options += [("prepare-side:party", "Ambush: the party prepares first (EQ-SIT-2)"), ("prepare-side:foe", "Ambush: the foes prepare first (EQ-SIT-2)")]
            if target is not None:
                options.append(("prepare", f"{clean(target.name)}: a preparation action (no turn spent)"))
        if current is not None and ruleset.id == "tactical_d10":
            options += [(f"take:{a}", f"{clean(current.name)}: {a} (TAC-ACT-2)") for a in ("dash", "dodge", "defend")]
            if other is not None:
                options += [(f"contest:{a}", f"{clean(current.name)} tries to {a} {clean(other.name)} (TAC-ACT-2)") for a in ("grapple", "shove", "trip", "disarm")]
        if current is not None:
            options += [(f"mp:{a}", f"{clean(current.name)}: {a.replace('_', ' ')} ({ruleset.movement_action_cost(a)} MP, TAC-MOV-2)") for a in ruleset.movement_actions]
            if any(c.name == "burning" for c in current.conditions):
                options.append(("extinguish", f"{clean(current.name)}: put out the flames (TAC-EFF-1)"))
            if ruleset.id == "equestria":
                options.append(("poison", f"{clean(current.name)}: poison a weapon (EQ-DAY-3)"))
            extra = {"double_move": "double move (SRD-MOV-9)", "run": "run: 4x speed (SRD-MOV-9)", "full_round": "full-round action", "five_foot_step": "5-foot step"}
            for kind in ruleset.action_kinds:
                if kind in extra and kind not in current.budget.actions:
                    options.append((f"spend:{kind}", f"{clean(current.name)}: {extra[kind]}"))
            if ruleset.id == "equestria":
                if current.layer.value == "air":
                    options.append(("alt:land", f"{clean(current.name)}: land (full action, EQ-MOV-3)"))
                elif current.speeds.get("fly"):
                    options.append(("alt:take_off", f"{clean(current.name)}: take off to height 3 (full action, EQ-MOV-3)"))
                if current.position is not None and self.state.grid.terrain(current.position).depth:
                    options.append(("alt:dive", f"{clean(current.name)}: dive 3 deeper (full action, EQ-MOV-7)"))
            if other is not None and current.mounted_on is None:
                options.append(("mount", f"{clean(current.name)} mounts {clean(other.name)} (EQ-MNT-1)"))
            if current.mounted_on is not None:
                options.append(("dismount", f"{clean(current.name)} dismounts"))
        if target is not None:
            options.append(("typed", f"Typed damage to {clean(target.name)} without an attack (spell, trap, fall)"))
        if target is not None:
            options.append(("template", f"Save {clean(target.name)} to the bestiary"))
        options.append(("bestiary", "Add creatures from the bestiary"))
        options.append(("house", "House rules: change a ruleset setting for this campaign"))
        options.append(("resize", f"Resize the map (now {self.state.grid.width}x{self.state.grid.height})"))
        if self.state.round > 0:
            options.append(("end", "End combat: all sides agree" + (" (EQ-SIT-3)" if ruleset.id == "equestria" else "")))
        return options

    def action_more(self) -> None:
        options = self._more_options()
        if not options:
            self.set_status("Nothing more to do here.", error=True)
            return
        self.ask(ChoiceScreen("More actions", options), self._more_chosen)

    def _more_chosen(self, choice: str) -> None:
        current = self._combatant(self.state.current)
        target = self._combatant(self.selected)
        kind, _, arg = choice.partition(":")
        if kind == "start":
            self.run_command(cmd.StartCombat())
        elif kind == "start-by":
            self.run_command(cmd.StartCombat(starter=arg))
        elif kind == "prepare-side":
            self.run_command(cmd.BeginPreparation(Side(arg)))
        elif kind == "prepare":
            self._ask("What does it prepare? (text, then +N for a GM bonus)", lambda text: self._prepare(target.id, text))
        elif kind == "take":
            self.run_command(cmd.TakeAction(current.id, arg))
        elif kind == "contest":
            self.run_command(cmd.Contest(current.id, target.id, arg))
        elif kind == "spend":
            self.run_command(cmd.SpendAction(current.id, arg))
        elif kind == "mp":
            self.run_command(cmd.SpendMovement(current.id, arg))
        elif kind == "extinguish":
            self.run_command(cmd.Extinguish(current.id))
        elif kind == "poison":
            self._ask("Which weapon (its name), and the poison level: 'dagger 2'", lambda text: self._poison(current.id, text))
        elif kind == "alt":
            self.run_command(cmd.ChangeAltitude(current.id, arg))
        elif kind == "mount":
            self.run_command(cmd.Mount(current.id, target.id))
        elif kind == "dismount":
            self.run_command(cmd.Dismount(current.id))
        elif kind == "typed":
            self._ask(Text("Damage to ") + user_text(target.name, "bold") + Text(": '2d6 fire' or '3 piercing + 2 slashing'"), lambda text: self._typed(target.id, text))
        elif kind == "template":
            self.action_save_template()
        elif kind == "bestiary":
            self.action_add_from_bestiary()
        elif kind == "house":
            self.action_house_rules()
        elif kind == "resize":
            self._ask("New size: width height (cells)", self._resize)
        elif kind == "end":
            self.run_command(cmd.EndCombat())

    def _ask(self, title, then) -> None:
        self.ask(PromptScreen(title), then)

    def _resize(self, text: str) -> None:
        words = text.replace("x", " ").split()
        if len(words) != 2 or not all(w.isascii() and w.isdigit() and len(w) <= 6 for w in words):
            self.set_status("Refused: type two whole numbers, e.g. '30 20'.", error=True)
            return
        self.run_command(cmd.ResizeMap(int(words[0]), int(words[1])))

    def _prepare(self, combatant_id: str, text: str) -> None:
        words = text.split()
        bonus = 0
        if words and words[-1].lstrip("+-").isdigit() and words[-1][0] in "+-":
            bonus = int(words.pop())
        if not words:
            self.set_status("Refused: say what it prepares.", error=True)
            return
        self.run_command(cmd.PrepareAction(combatant_id, " ".join(words), bonus))

    def _poison(self, combatant_id: str, text: str) -> None:
        words = text.split()
        level = 1
        if len(words) > 1 and words[-1].isdigit():
            level = int(words.pop())
        if not words:
            self.set_status("Refused: name the weapon.", error=True)
            return
        self.run_command(cmd.ApplyPoison(combatant_id, " ".join(words), level))

    def _typed(self, target_id: str, text: str) -> None:
        types = {t.value: t for t in DamageType}
        parts: list[DamagePart] = []
        words = text.replace(",", " ").replace("+", " ").split()
        index = 0
        while index < len(words):
            amount_text = words[index]
            damage_type = DamageType.TRUE
            if index + 1 < len(words) and words[index + 1].lower() in types:
                damage_type = types[words[index + 1].lower()]
                index += 1
            if amount_text.isdigit():
                amount = int(amount_text)
            else:
                try:
                    parse(amount_text, allow_comments=False)
                except DiceError as problem:
                    self.set_status(f"Refused: {clean(str(problem))}", error=True)
                    return
                rolled = self.run_command(cmd.RollDice(f"{amount_text} {damage_type.value} damage"))
                if not rolled:
                    return
                amount = rolled[0].event.roll.total
            parts.append(DamagePart(max(0, amount), damage_type))
            index += 1
        if not parts:
            self.set_status("Refused: type damage like '2d6 fire'.", error=True)
            return
        self.run_command(cmd.DealDamage(target_id, tuple(parts), source=text.strip()))
