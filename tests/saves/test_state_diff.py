"""An undo step's changes found by walking the two states' values
(:mod:`saves.state_diff`) are those of the two documents' diff
(:func:`saves.patch.diff`): the same changes, played forward they give the
new state's document, backward the old one; and a campaign written with
them reopens to the state that was played."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from core.combat import commands as cmd
from core.errors import RulesError
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from saves import patch
from saves.campaign import Campaign
from saves.codec import to_document
from saves.session import Session, create_demo
from saves.state_diff import state_changes


def _canonical(changes: list[dict]) -> list[str]:
    return sorted(json.dumps(change, sort_keys=True) for change in changes)


def _command(state, rng: random.Random, added: list[int]) -> cmd.Command:
    ids = [c.id for c in state.combatants]
    target = rng.choice(ids)
    kind = rng.choice(["next", "next", "next", "next", "prev", "damage", "heal", "dice", "burning", "unburn", "add", "remove", "initiative", "move"])
    if kind == "damage":
        return cmd.Damage(target, rng.randint(1, 4))
    if kind == "heal":
        return cmd.Heal(target, rng.randint(1, 3))
    if kind == "dice":
        return cmd.RollDice("2d6+1 note")
    if kind == "burning":
        return cmd.AddCondition(target, Condition("burning", rng.randint(1, 2)))
    if kind == "unburn":
        return cmd.RemoveCondition(target, "burning")
    if kind == "add":
        added.append(len(added) + 1)
        return cmd.AddCombatant(Combatant(id=f"rat-{len(added)}", name=f"Rat {len(added)}", side=Side.FOE, stats={"STR": 1}, hp=4, hp_max=4), roll_initiative=True)
    if kind == "remove" and len(ids) > 2:
        return cmd.RemoveCombatant(target)
    if kind == "initiative":
        return cmd.SetInitiative(target, rng.randint(-30, -1))
    if kind == "move":
        x, y = state.combatant(target).position or (0, 0)
        return cmd.Move(target, (x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))))
    return cmd.PreviousTurn() if kind == "prev" else cmd.NextTurn()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_values_walk_gives_the_documents_diff_for_every_action_of_a_fight(tmp_path, seed):
    """400 actions of the demo fight of many kinds (turns past the window of
    64 boundaries, creatures added and taken out, conditions, moves)."""
    rng = random.Random(seed)
    session = Session(create_demo(tmp_path / "c.json", random.Random(seed)), random.Random(seed))
    added: list[int] = []
    played = slid = 0
    try:
        for _ in range(400):
            before = session.encounter.state
            try:
                session.encounter.apply(_command(before, rng, added))
            except RulesError:
                continue
            after = session.encounter.state
            old_doc, new_doc = to_document(before), to_document(after)
            walked = state_changes(before, after)
            assert _canonical(walked) == _canonical(patch.diff(old_doc, new_doc))
            assert patch.apply(old_doc, walked) == new_doc
            assert patch.apply(new_doc, walked, forward=False) == old_doc
            played += 1
            slid += len(before.boundaries) == len(after.boundaries) and before.boundaries[1:] == after.boundaries[:-1] != ()
    finally:
        session.close()
    assert played > 200 and slid > 10  # the window of turn boundaries moved on


def test_a_state_that_did_not_change_has_no_changes(tmp_path):
    session = Session(create_demo(tmp_path / "c.json", random.Random(1)), random.Random(1))
    state = session.encounter.state
    session.encounter.apply(cmd.RollDice("1d20 roll"))  # a roll changes only the log
    assert state_changes(state, session.encounter.state) == []
    session.close()


def test_a_changed_hit_point_is_one_change_of_that_field(tmp_path):
    session = Session(create_demo(tmp_path / "c.json", random.Random(1)), random.Random(1))
    before = session.encounter.state
    target = before.combatants[0]
    session.encounter.apply(cmd.Damage(target.id, 3))
    assert state_changes(before, session.encounter.state) == [{"p": ["combatants", 0, "hp"], "o": target.hp, "n": target.hp - 3}]
    session.close()


def test_a_campaign_written_with_walked_changes_reopens_to_the_state_played(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(4)).close()
    rng = random.Random(4)
    session = Session(Campaign.open(path), random.Random(4))
    session.campaign.write_beside()
    added: list[int] = []
    for n in range(150):
        try:
            session.commit(_command(session.encounter.state, rng, added))
        except RulesError:
            pass
        if n % 40 == 39:
            session.undo()  # the next step after an undo diffs the documents again
    played = to_document(session.encounter.state)
    session.close()
    reopened = Campaign.open(path)
    try:
        assert to_document(reopened.load_state()) == played
    finally:
        reopened.close()


def test_a_field_equal_but_not_the_same_object_is_no_change_and_one_of_another_type_is(tmp_path):
    """Numbers and texts are compared as they are (their own documents): an
    equal one made anew is no change; ``True`` for ``1`` is one (JSON keeps them apart)."""
    session = Session(create_demo(tmp_path / "c.json", random.Random(1)), random.Random(1))
    state = session.encounter.state
    name = "".join(list(state.name))  # an equal text, another object
    assert name is not state.name
    assert state_changes(state, replace(state, name=name, round=int(str(state.round)))) == []
    one = replace(state, cursor=1)
    assert state_changes(one, replace(one, cursor=True)) == [{"p": ["cursor"], "o": 1, "n": True}]
    moved = replace(state, round=state.round + 1)
    assert state_changes(state, moved) == [{"p": ["round"], "o": state.round, "n": state.round + 1}]
    session.close()
