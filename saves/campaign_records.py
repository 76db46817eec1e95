"""The campaign around its fights: its name, house rules, party, bestiary
and list of encounters. A mixin of :class:`saves.campaign.Campaign`: each
change is one journal record through its ``_commit`` (on disk before it
returns, or ``unsaved``), as the fights' own steps are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.values.combatant import Combatant
from core.combat.state import EncounterState
from core.campaign.party import party_after
from core.rulesets import get as get_ruleset
from saves.tools_in_use import READ_KEY
from saves.codec import to_document
from saves.sanitize import clean_name

if TYPE_CHECKING:
    from core.rulesets.base import Ruleset
    from saves.layout import CampaignData, EncounterData


class CampaignRecords:
    """The campaign's own records; the campaign holds ``data``, ``ruleset``,
    ``encounter``, ``load_state`` and ``_commit``."""

    # set by Campaign.__init__ (annotations only: no class attributes)
    data: CampaignData
    ruleset: Ruleset

    if TYPE_CHECKING:  # the Campaign's
        def encounter(self, eid: int | None = None) -> EncounterData: ...
        def load_state(self, eid: int | None = None) -> EncounterState: ...
        def _commit(self, records: list[dict[str, Any]]) -> None: ...

    def rename(self, name: str) -> None:
        self._commit([{"op": "meta", "set": {"name": clean_name(name)}}])

    def set_house_rules(self, overrides: dict[str, Any]) -> None:
        """Replace the house rules; raises :class:`RulesError` if the ruleset refuses them."""
        ruleset = get_ruleset(self.data.meta["ruleset"], overrides)
        self._commit([{"op": "meta", "set": {"house_rules": to_document(ruleset.house_rules()), READ_KEY: True}}])  # saves.tools_in_use: kept as set
        self.ruleset = ruleset

    def put_party_member(self, member: Combatant) -> None:
        """Add or update a party member (keyed by its id)."""
        self._commit([{"op": "party", "pid": member.id, "doc": to_document(member)}])

    def put_template(self, template: Combatant) -> None:
        """Add or replace a bestiary template, keyed by its name."""
        self._commit([{"op": "bestiary", "name": clean_name(template.name), "doc": to_document(template)}])

    def put_templates(self, templates: list[Combatant]) -> None:
        """Add or replace several bestiary templates in one save: all or none."""
        self._commit([{"op": "bestiary", "name": clean_name(t.name), "doc": to_document(t)} for t in templates])

    def add_encounter(self, name: str, state: EncounterState, status: str = "planned") -> int:
        """A new encounter; returns its eid."""
        eid = max(self.data.encounters) + 1
        self._commit([{"op": "encounter", "eid": eid, "name": clean_name(name), "status": status, "state": to_document(state)}])
        return eid

    def set_encounter(self, eid: int, name: str | None = None, status: str | None = None) -> None:
        """Rename encounter ``eid`` or set its status (``planned``, ``running``, ``finished``).
        Finishing it copies its party-side combatants back into the party."""
        enc = self.encounter(eid)
        records: list[dict[str, Any]] = [{"op": "encounter", "eid": eid, "name": clean_name(name) if name is not None else enc.name, "status": status or enc.status}]
        if status == "finished":
            records += [{"op": "party", "pid": c.id, "doc": to_document(c)} for c in party_after(self.load_state(eid), self.data.party)]
        self._commit(records)

    def set_current(self, eid: int) -> None:
        self.encounter(eid)
        self._commit([{"op": "meta", "set": {"current": eid}}])
