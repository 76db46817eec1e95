"""A house rule changed in play is a step of the encounter's history: the
GM types a setting's value in House rules, the command checks it as the
form does (:meth:`core.rulesets.base.Ruleset.read_house_rule`: a refused
value changes nothing), and its event (:class:`HouseRuleChanged`) goes in
the log and the journal with the rule ID the setting sets; undo puts the
value before back, redo the value after (:func:`house_rules_after`, read by
:class:`saves.session.Session`, which saves them with the campaign).

Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.combat.command_base import Command
from core.combat.event_base import Event
from core.dice.setting_notation import format_setting
from core.errors import IllegalCommand
from core.rulesets.setting_rules import setting_rule

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


@dataclass(frozen=True)
class ChangeHouseRule(Command):
    """Set the campaign's setting ``name`` to ``text`` as typed in the House
    rules form (``6, 12``; ``default`` puts the DEFAULT back)."""

    name: str
    text: str


@dataclass(frozen=True)
class HouseRuleChanged(Event):
    """Setting ``name`` went from ``before`` to ``after`` (both as the form
    writes them: :func:`core.dice.setting_notation.format_setting`); ``rule``:
    the rule ID it sets (``""`` for a product DEFAULT that cites none)."""

    name: str
    before: str
    after: str
    rule: str = ""


def change_house_rule(enc: Table, state: EncounterState, command: ChangeHouseRule) -> tuple[EncounterState, tuple[Event, ...]]:
    """Check ``command.text`` for the setting as the form does; the state is
    unchanged (the house rules are the campaign's), the event says what changed.
    Raises :class:`~core.errors.RulesError` (nothing changes)."""
    ruleset = enc.ruleset
    overrides = ruleset.read_house_rule(command.name, command.text)
    before = format_setting(ruleset.setting(command.name))
    after = format_setting(ruleset.with_house_rules(overrides).setting(command.name))
    if before == after:
        raise IllegalCommand(f"{command.name} is {after} already")
    return state, (HouseRuleChanged(command.name, before, after, setting_rule(ruleset.settings, command.name)),)


def house_rules_after(ruleset: Any, events: Iterable[Event], back: bool = False) -> dict[str, Any] | None:
    """The house rules once ``events``' changes are played on ``ruleset``'s
    (``back``: taken back, last first, each setting to its value before), or
    ``None`` when no event changed one."""
    changes = [e for e in events if isinstance(e, HouseRuleChanged) and e.name not in ruleset.retired_settings]  # retired: changed nothing
    if not changes:
        return None
    for change in reversed(changes) if back else changes:
        overrides = ruleset.read_house_rule(change.name, change.before if back else change.after)  # the whole set, not a change of it
        ruleset = type(ruleset)().with_house_rules(overrides)
    return dict(ruleset.house_rules())


HANDLERS = {ChangeHouseRule: change_house_rule}
