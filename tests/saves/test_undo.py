"""Undo and redo: unlimited, exact, persisted."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.errors import IllegalCommand, UnknownCombatant
from saves.campaign import Campaign
from saves.records import Redone, Undone
from saves.session import Session, create_demo
from tests.saves.helpers import ACTIONS, act

COMMANDS = [a for a in ACTIONS if a not in ("undo", "redo")]


def _fresh(tmp_path, name="c.json", seed=1) -> Session:
    path = tmp_path / name
    create_demo(path, random.Random(seed)).close()
    return Session(Campaign.open(path), random.Random(seed))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(COMMANDS), min_size=1, max_size=25), st.integers(0, 10_000), st.booleans())
def test_undo_all_gives_the_initial_state_and_redo_all_the_final(tmp_path_factory, actions, seed, reopen):
    session = _fresh(tmp_path_factory.mktemp("u"), seed=seed)
    rng = random.Random(seed)
    initial = session.encounter.state
    done = sum(act(session, a, rng) for a in actions)
    final = session.encounter.state
    if reopen:  # the history survives closing the file
        session.close()
        session = Session(Campaign.open(session.path), random.Random(0))
        assert session.encounter.state == final
    for _ in range(done):
        session.undo()
    assert session.encounter.state == initial
    assert not session.can_undo
    for _ in range(done):
        session.redo()
    assert session.encounter.state == final
    assert not session.can_redo
    session.close()
    assert Session(Campaign.open(session.path)).encounter.state == final


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(ACTIONS + ("undo", "undo")), max_size=40), st.integers(0, 10_000))
def test_any_mix_of_actions_undo_and_redo_matches_a_model(tmp_path_factory, actions, seed):
    """The model: a list of states and a cursor, as in a text editor."""
    session = _fresh(tmp_path_factory.mktemp("m"), seed=seed)
    rng = random.Random(seed)
    states, cursor = [session.encounter.state], 0
    for action in actions:
        if not act(session, action, rng):
            continue
        if action == "undo":
            cursor -= 1
        elif action == "redo":
            cursor += 1
        else:
            del states[cursor + 1 :]
            states.append(session.encounter.state)
            cursor += 1
        assert session.encounter.state == states[cursor]
        assert session.can_undo == (cursor > 0) and session.can_redo == (cursor < len(states) - 1)
    session.close()
    reopened = Session(Campaign.open(session.path))
    assert reopened.encounter.state == states[cursor]
    assert reopened.can_redo == (cursor < len(states) - 1)


def test_undo_goes_back_over_a_turn_change_exactly(tmp_path):
    session = _fresh(tmp_path)
    current = session.encounter.current
    session.commit(cmd.SpendAction(current.id, "full"))
    spent = session.encounter.state
    session.commit(cmd.NextTurn())
    assert session.encounter.state.current != current.id
    session.undo()
    assert session.encounter.state == spent  # same turn, the full action still spent
    session.undo()
    assert session.encounter.current.budget == current.budget


def test_undo_and_redo_are_logged_and_the_log_only_grows(tmp_path):
    session = _fresh(tmp_path)
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    damage = session.commit(cmd.Damage(boar.id, 3))
    [undone] = session.undo()
    assert isinstance(undone.event, Undone) and undone.event.label == "Damage"
    assert (undone.event.first_seq, undone.event.last_seq) == (damage[0].seq, damage[-1].seq)
    [redone] = session.redo()
    assert isinstance(redone.event, Redone) and redone.seq == undone.seq + 1
    session.close()
    assert Session(Campaign.open(session.path)).log == session.log


def test_a_new_action_after_undo_drops_the_redo_branch(tmp_path):
    session = _fresh(tmp_path)
    session.commit(cmd.NextTurn())
    session.undo()
    session.commit(cmd.RollDice("1d6"))
    assert not session.can_redo
    with pytest.raises(IllegalCommand):
        session.redo()
    session.close()
    assert not Session(Campaign.open(session.path)).can_redo


def test_nothing_to_undo_is_a_rules_refusal(tmp_path):
    session = _fresh(tmp_path)
    with pytest.raises(IllegalCommand, match="nothing to undo"):
        session.undo()


def test_several_commands_as_one_step_are_all_or_nothing(tmp_path):
    session = _fresh(tmp_path)
    before = session.encounter.state
    target = before.combatants[0].id
    with pytest.raises(UnknownCombatant):
        session.commit_all([cmd.Damage(target, 2), cmd.Damage("nobody", 1)])
    assert session.encounter.state == before and not session.can_undo
    session.commit_all([cmd.Damage(target, 2), cmd.Heal(target, 1)])
    session.undo()
    assert session.encounter.state == before


def test_undo_and_redo_give_back_the_same_map_object_so_its_caches_stay(tmp_path):
    """An unchanged map decodes to the very Grid it was (its flattened form
    for the movement search is kept on it), after undo and after redo."""
    from core.board.movement.layout import layout

    session = _fresh(tmp_path)
    grid = session.encounter.state.grid
    flat = layout(grid)
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.commit(cmd.Damage(boar.id, 1))
    session.undo()
    assert session.encounter.state.grid is grid and layout(session.encounter.state.grid) is flat
    session.redo()
    assert session.encounter.state.grid is grid
    assert session.encounter.state.combatant(boar.id).hp == boar.hp - 1


@pytest.mark.parametrize("kind", ["damage", "heal", "typed"])
def test_one_action_with_dice_is_one_undo_step(tmp_path, kind):
    """``d`` ``2d6+20`` used to be two steps (the roll, then the damage);
    the command carries its dice and rolls inside apply: one step."""
    from core.combat import events as ev
    from core.combat.attacks import WeaponDamage
    from core.combat.damage import DamagePart, DamageType

    session = _fresh(tmp_path)
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    before = session.encounter.state
    command = {
        "damage": cmd.Damage(boar.id, "2d6+20"),
        "heal": cmd.Heal(boar.id, "1d4"),
        "typed": cmd.DealDamage(boar.id, (DamagePart(1, DamageType.PIERCING),), dice=(WeaponDamage("2d6", DamageType.FIRE),)),
    }[kind]
    if kind == "heal":
        session.commit(cmd.Damage(boar.id, 5))
        before = session.encounter.state
    entries = session.commit(command)
    events = [e.event for e in entries]
    if kind == "damage":
        rolled = events[0]
        assert isinstance(rolled, ev.DiceRolled) and rolled.roll.total >= 22
        assert session.encounter.state.combatant(boar.id).hp == max(0, boar.hp - rolled.roll.total)
    if kind == "typed":
        assert isinstance(events[0], ev.DiceRolled) and events[1].outcome.rolled == max(0, events[0].roll.total) + 1
    session.undo()
    assert session.encounter.state == before
    if kind != "heal":
        assert not session.can_undo
    session.close()


def test_bad_dice_in_a_damage_command_change_nothing(tmp_path):
    from core.errors import RulesError

    session = _fresh(tmp_path)
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    before = session.encounter.state
    for amount in ("2d", "1d6 and more", "-3"):
        with pytest.raises(RulesError):
            session.commit(cmd.Damage(boar.id, amount))
    assert session.encounter.state is before and not session.can_undo
    session.close()


def test_ground_height_and_ceiling_are_saved_and_undone(tmp_path):
    session = _fresh(tmp_path)
    initial = session.encounter.state.grid
    session.commit(cmd.SetGround(((2, 2),), 3))
    session.commit(cmd.SetCeiling(4))
    session.close()
    session = Session(Campaign.open(session.path), random.Random(0))
    assert session.encounter.state.grid.elevation_at((2, 2)) == 3 and session.encounter.state.grid.ceiling == 4
    session.undo()
    session.undo()
    assert session.encounter.state.grid == initial
