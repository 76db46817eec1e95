"""The encounters' states kept as the file's text until opened (saves.state_texts).

Opening a campaign decodes the current encounter's state only; the others
stay the exact bytes of the file, are decoded when an encounter is opened,
and a fold writes a state never opened back as those bytes.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo
from saves.state_texts import StateText, decoded, load_campaign_text


def _two_encounters(tmp_path):
    path = tmp_path / "moor.json"
    create_demo(path, random.Random(3)).close()
    campaign = Campaign.open(path)
    campaign.add_encounter("Second fight", campaign.load_state())
    campaign.close()
    return path


def _state_bytes(raw: bytes, eid: int) -> bytes:
    """The file's own bytes of encounter ``eid``'s state."""
    value = json.loads(raw)
    [doc] = [d for d in value["encounters"].values() if d["eid"] == eid]
    text = json.dumps(doc["state"], ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    assert text in raw
    return text


def test_opening_decodes_the_current_state_only_and_the_others_when_opened(tmp_path):
    path = _two_encounters(tmp_path)
    campaign = Campaign.open(path)
    try:
        assert campaign.current_eid == 1
        assert isinstance(campaign.encounter(1).stored_state, dict)
        other = campaign.encounter(2).stored_state
        assert isinstance(other, StateText)
        assert other.text == _state_bytes(path.read_bytes(), 2)
        assert campaign.load_state(2).name == campaign.load_state(1).name  # decoded when asked for
        assert isinstance(campaign.encounter(2).stored_state, dict)
    finally:
        campaign.close()


def test_a_fold_writes_a_state_never_opened_back_as_it_was_read(tmp_path):
    path = _two_encounters(tmp_path)
    before = _state_bytes(path.read_bytes(), 2)
    session = Session(Campaign.open(path), random.Random(5))
    target = session.encounter.state.combatants[0].id
    session.commit(cmd.Damage(target, 1))
    session.campaign.compact()
    assert isinstance(session.campaign.encounter(2).stored_state, StateText)  # the fold did not decode it
    session.close()
    assert _state_bytes(path.read_bytes(), 2) == before
    reopened = Campaign.open(path)
    try:
        assert reopened.load_state(2) == reopened.load_state(2)
        assert len(reopened.load_state(2).combatants) == len(reopened.load_state(1).combatants)
        assert reopened.load_state(1).combatant(target).hp == reopened.load_state(2).combatant(target).hp - 1
    finally:
        reopened.close()


@pytest.mark.parametrize("text", [
    '{"encounters":{"1":{"state":"not an object"}}}',  # kept as the value it is (the layout refuses it)
    '{"encounters": {"1": {"state": {}}}}',  # spaces: parsed whole
    '{"encounters":{"1":{"state":{"a":1},"state":{"b":2}}}}',  # the last of two keys, as json.loads
    '{"encounters":[]}',
    '{"meta":{"1":{}}}  ',
])
def test_any_other_text_reads_as_json_loads_reads_it(text):
    assert decoded(load_campaign_text(text.encode())) == json.loads(text)


_TEXTS = st.text(alphabet=st.sampled_from("aé😀\u00ff\"\\{}:,"), max_size=4)  # accents, emoji, what JSON escapes, JSON's own marks
_VALUES = st.recursive(st.none() | st.integers() | _TEXTS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXTS, inner, max_size=3), max_leaves=8)


@given(name=_TEXTS, other=_VALUES, state=st.dictionaries(_TEXTS, _VALUES, max_size=3), ascii_only=st.booleans())
def test_the_bytes_read_as_latin_1_give_what_json_loads_gives(name, other, state, ascii_only):
    """Non-ASCII names, keys and states (raw UTF-8, or escaped): the walk's
    value is json.loads's, each state kept as its own bytes of the file."""
    doc = {"encounters": {"1": {"eid": 1, "name": name, "state": state}, "2": {"other": other, "state": {"x": name}}}, "meta": {"1": {"name": name, "v": other}}}
    raw = json.dumps(doc, ensure_ascii=ascii_only, separators=(",", ":")).encode("utf-8")
    value = load_campaign_text(raw)
    assert decoded(value) == json.loads(raw)
    for key in ("1", "2"):
        kept = value["encounters"][key]["state"]
        if isinstance(kept, StateText):
            assert kept.text in raw and json.loads(kept.text) == doc["encounters"][key]["state"]


def test_a_file_that_is_not_utf_8_is_refused_wherever_its_bad_byte_is():
    with pytest.raises(UnicodeDecodeError):
        load_campaign_text(b'{"encounters":{"1":{"state":{"a":"\xff"}}}}')


def test_a_damaged_state_raises_what_json_loads_raises():
    with pytest.raises(json.JSONDecodeError):
        load_campaign_text(b'{"encounters":{"1":{"state":{"a":[1,}}}}')


def test_a_campaign_of_another_ruleset_reads_its_campaign_tools_without_keeping_the_states_decoded(tmp_path):
    """saves.tools_in_use reads every encounter of a srd35 campaign on open
    (a tool it used turns its house rule on); the states it read stay text."""
    from core.combat.demo import demo_roster, seed_map_text
    from core.board.grid import from_text
    from core.rulesets import get as get_ruleset
    from saves.session import create_campaign

    ruleset = get_ruleset("srd35")
    path = tmp_path / "keep.json"
    create_campaign(path, "Keep", ruleset, from_text(seed_map_text()), random.Random(4), demo_roster(ruleset.stat_names)).close()
    campaign = Campaign.open(path)
    campaign.add_encounter("Second fight", campaign.load_state())
    campaign.close()
    campaign = Campaign.open(path)
    try:
        assert campaign.ruleset.id == "srd35"
        assert isinstance(campaign.encounter(2).stored_state, StateText)
    finally:
        campaign.close()
