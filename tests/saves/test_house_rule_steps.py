"""A house rule changed in play is a step of the encounter's history
(issue 26): saved with the campaign and in the journal with the rule ID it
sets (EQ-VIS-2 for the torch), undone and redone like any action, refused
values changing nothing."""

from __future__ import annotations

import random

import pytest

from core.combat.house_rules import ChangeHouseRule, HouseRuleChanged
from core.errors import RulesError
from saves.campaign import Campaign
from saves.session import Session, create_demo


def _session(tmp_path) -> Session:
    return Session(create_demo(tmp_path / "demo.json", random.Random(1)), random.Random(2))


def test_eq_vis_2_a_torch_changed_in_play_is_logged_undone_and_redone(tmp_path):
    session = _session(tmp_path)
    entries = session.commit(ChangeHouseRule("torch", "7, 14"))
    event = entries[-1].event
    assert isinstance(event, HouseRuleChanged)
    assert (event.name, event.before, event.after, event.rule) == ("torch", "6, 12", "7, 14", "EQ-VIS-2")
    assert session.encounter.ruleset.settings.torch == (7, 14)
    assert session.campaign.ruleset.house_rules() == {"torch": (7, 14)}
    session.undo()
    assert session.encounter.ruleset.settings.torch == (6, 12)
    assert session.campaign.ruleset.house_rules() == {}
    session.redo()
    assert session.encounter.ruleset.settings.torch == (7, 14)
    session.campaign.close()
    reopened = Campaign.open(tmp_path / "demo.json")
    assert reopened.ruleset.settings.torch == (7, 14)
    assert any(isinstance(e.event, HouseRuleChanged) for e in reopened.load_log(reopened.current_eid))  # journaled
    reopened.close()


def test_two_changes_undone_one_by_one_put_back_each_value(tmp_path):
    session = _session(tmp_path)
    session.commit(ChangeHouseRule("torch", "7, 14"))
    session.commit(ChangeHouseRule("torch", "8, 16"))
    session.undo()
    assert session.encounter.ruleset.settings.torch == (7, 14)
    session.undo()
    assert session.campaign.ruleset.house_rules() == {}
    session.campaign.close()


@pytest.mark.parametrize("text", ["12, 6", "0, 0", "6"])
def test_a_refused_house_rule_is_no_step_and_changes_nothing(tmp_path, text):
    session = _session(tmp_path)
    could_undo = session.can_undo
    log_length = len(session.log)
    with pytest.raises(RulesError):
        session.commit(ChangeHouseRule("torch", text))
    assert session.campaign.ruleset.house_rules() == {}
    assert session.can_undo == could_undo and len(session.log) == log_length
    session.campaign.close()
