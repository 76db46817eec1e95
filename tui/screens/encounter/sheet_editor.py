"""Editing the creature sheet from the keyboard: pick a field, type a value.

A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`); the typed text becomes a
:class:`core.combat.commands.SheetChanges` and goes through ``run_command`` like
every other action (so it is saved, logged and undoable).
"""

from __future__ import annotations

from rich.text import Text

from core.combat import commands as cmd
from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Inventory, Side
from core.dice.notation import parse_saved_attack, parse_saved_attacks, saved_attack_text, saved_attacks_text
from core.errors import NotationError
from core.values.mobility import Size
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.rendering.text import clean, user_text
from tui.screens.encounter.context import ScreenContext


def _pairs(text: str) -> dict[str, int]:
    """``slashing -2, any 1`` / ``walk 6 fly 8`` -> {name: number}."""
    words = text.replace(",", " ").split()
    if len(words) % 2:
        raise ValueError("write pairs: a name and a number, e.g. 'slashing -2, any 1'")
    out = {}
    for name, number in zip(words[::2], words[1::2]):
        try:
            out[name.lower()] = int(number)
        except ValueError:
            raise ValueError(f"{number!r} is not a whole number (after {name!r})") from None
    return out


def _items(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _show(values) -> str:
    if isinstance(values, dict):
        return ", ".join(f"{k} {v}" for k, v in values.items())
    return ", ".join(values)


def sheet_fields(combatant: Combatant, stat_names: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(field id, label with the current value, the value to edit) for each field."""
    rows = [("name", "Name", combatant.name), ("side", "Side (party, foe, neutral)", combatant.side.value)]
    rows += [(f"stat:{s}", s, f"{combatant.stat(s):+d}") for s in stat_names]
    rows += [
        ("hp_max", "Max HP", str(combatant.hp_max)),
        ("hp", "HP", str(combatant.hp)),
        ("hp_temp", "Temporary HP", str(combatant.hp_temp)),
        ("ac", "AC", str(combatant.ac)),
        ("speeds", "Speeds (walk 6 fly 8)", _show(dict(combatant.speeds))),
        ("size", "Size (tiny, small, medium, large, huge...)", combatant.size.value),
        ("armour", "Armour per damage type (slashing -2, any 1)", _show(dict(combatant.armour))),
        ("resistances", "Resistances (fire, frost)", _show(combatant.resistances)),
        ("weaknesses", "Weaknesses", _show(combatant.weaknesses)),
        ("immunities", "Immunities", _show(combatant.immunities)),
        ("quick", "Belt: quick slots, 1 MP to draw (TAC-MOV-2)", _show(combatant.inventory.quick)),
        ("slow", "Pack: slow slots, 5 MP to draw (TAC-MOV-2)", _show(combatant.inventory.slow)),
        ("attacks", "Attacks (t)", ", ".join(a.name for a in combatant.attacks)),
        ("armour_metal", "Metal armour, corrosion lowers its AC (yes/no, TAC-EFF-3)", "yes" if combatant.armour_metal else "no"),
        ("alignment", "Alignment (chaotic evil, lawful good; TAC-DMG-2)", combatant.alignment),
        ("hover", "Hovers: does not fall when prone (yes/no, PR-MOV-5)", "yes" if combatant.hover else "no"),
        ("breathing", "Breathes (air, water, none; EQ-BRE-1)", combatant.breathing),
        ("notes", "Notes", combatant.notes),
    ]
    return rows


def parse_field(field: str, text: str, combatant: Combatant) -> cmd.SheetChanges:
    """The change that typing ``text`` into ``field`` asks for; ``ValueError`` if unreadable."""
    value = text.strip()
    if field == "name":
        return cmd.SheetChanges(name=value)
    if field == "side":
        try:
            return cmd.SheetChanges(side=Side(value.lower()))
        except ValueError:
            raise ValueError("side is party, foe or neutral") from None
    if field == "size":
        try:
            return cmd.SheetChanges(size=Size(value.lower()))
        except ValueError:
            raise ValueError(f"size is one of {', '.join(s.value for s in Size)}") from None
    if field.startswith("stat:") or field in ("hp_max", "hp", "hp_temp", "ac"):
        try:
            number = int(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a whole number") from None
        if field.startswith("stat:"):
            return cmd.SheetChanges(stats={field[5:]: number})
        return cmd.SheetChanges(**{field: number})
    if field in ("speeds", "armour"):
        return cmd.SheetChanges(**{field: _pairs(value)})
    if field in ("resistances", "weaknesses", "immunities"):
        return cmd.SheetChanges(**{field: tuple(v.lower() for v in _items(value))})
    if field == "quick":
        return cmd.SheetChanges(inventory=Inventory(_items(value), combatant.inventory.slow))
    if field == "slow":
        return cmd.SheetChanges(inventory=Inventory(combatant.inventory.quick, _items(value)))
    if field in ("armour_metal", "hover"):
        if value.lower() not in ("yes", "no", "y", "n"):
            raise ValueError("answer yes or no")
        return cmd.SheetChanges(**{field: value.lower().startswith("y")})
    if field in ("alignment", "breathing"):
        return cmd.SheetChanges(**{field: value})
    if field == "notes":
        return cmd.SheetChanges(notes=text.strip())
    raise ValueError(f"unknown field {field!r}")


class SheetEditor:
    """``SheetEditor(ctx)``: edit the selected combatant's sheet (s)."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx

    def action_edit_sheet(self) -> None:
        target = self.ctx.combatant(self.ctx.selected)
        if target is None:
            self.ctx.set_status("Select a combatant first.", error=True)
            return
        ruleset = self.ctx.session.encounter.ruleset
        rows = [(key, ruleset.cite_text(label), value) for key, label, value in sheet_fields(target, ruleset.sheet_names)]  # another seed's rule ID said as the DEFAULT it is
        current = {key: value for key, _label, value in rows}
        options = [(key, f"{label}: {clean(value) or '-'}") for key, label, value in rows]

        def chosen(field: str) -> None:
            if field == "attacks":
                self.edit_attacks(target)
                return
            label = next(lbl for key, lbl, _v in rows if key == field)

            def answer(value: str) -> None:
                try:
                    changes = parse_field(field, value, target)
                except ValueError as problem:
                    self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                    return
                self.ctx.run_command(cmd.EditCombatant(target.id, changes))

            self.ctx.ask(PromptScreen(Text(f"{label} of ") + user_text(target.name, "bold"), value=clean(current[field])), answer)

        self.ctx.ask(ChoiceScreen(Text("Edit the sheet of ") + user_text(target.name, "bold"), options), chosen)

    # -- saved attacks (core.values.attacks; t attacks with them) -----------------------
    def edit_attacks(self, target: Combatant) -> None:
        """Pick one of ``target``'s saved attacks to change or remove, or add one."""
        options = [(f"attack:{i}", f"{i + 1} {clean(saved_attack_text(a))}") for i, a in enumerate(target.attacks)]
        options.append(("attack:new", "Add an attack"))

        def chosen(choice: str) -> None:
            key = choice.removeprefix("attack:")
            self.edit_attack(target, None if key == "new" else int(key))

        self.ctx.ask(ChoiceScreen(Text("Attacks of ") + user_text(target.name, "bold"), options), chosen)

    def edit_attack(self, target: Combatant, index: int | None) -> None:
        """Type the attack at ``index`` (``None``: a new one) as ``NAME:
        WEAPON [uses ABILITY]``, checked as typed; empty removes it. One
        sheet edit: saved, logged, undone with u."""
        stat_names = self.ctx.session.encounter.ruleset.stat_names
        old = target.attacks[index] if index is not None else None

        def attacks(value: str) -> tuple[SavedAttack, ...]:
            kept = list(target.attacks)
            if not value.strip():
                if index is None:
                    raise ValueError("type an attack, e.g. 'Shortbow: 1d6 piercing range 16'")
                del kept[index]
                return tuple(kept)
            attack = parse_saved_attack(value, stat_names)  # a NotationError says what to write
            if index is None:
                kept.append(attack)
            else:
                kept[index] = attack
            return parse_saved_attacks(saved_attacks_text(tuple(kept)), stat_names)  # two of one name, too many

        def hint(value: str) -> Text:
            found = attacks(value)
            if not value.strip():
                return Text("Enter removes ") + user_text(old.name if old else "", "bold")
            attack = found[index if index is not None else -1]
            return Text("reads as ") + user_text(saved_attack_text(attack), "bold")

        def answer(value: str) -> None:
            try:
                found = attacks(value)
            except (ValueError, NotationError) as problem:
                self.ctx.set_status(f"Refused: {clean(str(problem))}", error=True)
                return
            self.ctx.run_command(cmd.EditCombatant(target.id, cmd.SheetChanges(attacks=found)))

        title = Text("Attack of ") + user_text(target.name, "bold") + Text(": NAME: WEAPON [uses ABILITY]" + ("; empty removes it" if old else ""))
        self.ctx.ask(PromptScreen(title, placeholder="Shortbow: 1d6 piercing DEX range 16", value=saved_attack_text(old) if old else "", hint=hint), answer)
