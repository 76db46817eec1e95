"""The encounter aggregate: turns, hit points, movement, action budget.

Acceptance A4 (rules EQ-ACT-1, EQ-ACT-2, EQ-ACT-3) and the skeleton's
commands; every refusal leaves the state unchanged.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.combat.demo import demo_encounter
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, MoveRefused, RulesError
from core.board.grid import Grid, from_text
from core.rulesets import get

EQ = get("equestria")


def _creature(cid: str, dex: int = 0, **kw) -> Combatant:
    return Combatant(cid, kw.pop("name", cid.upper()), kw.pop("side", Side.PARTY), {"DEX": dex, **kw.pop("stats", {})}, kw.pop("hp", 10), 10, **kw)


@pytest.fixture
def demo():
    encounter, _ = demo_encounter(random.Random(42))
    return encounter


def _refused(encounter: Encounter, command: cmd.Command, error=RulesError) -> RulesError:
    before = encounter.state
    with pytest.raises(error) as caught:
        encounter.apply(command)
    assert encounter.state is before
    return caught.value


# -- A4: action economy -----------------------------------------------------
@pytest.mark.parametrize(
    "dex, actions",
    [(-1, {"full"}), (0, {"full", "quick"}), (1, {"full", "quick", "reaction"}), (3, {"full", "quick", "reaction"})],
)
def test_a4_actions_by_dex_eq_act_1_eq_act_2(dex, actions):
    budget = EQ.fresh_budget(_creature("a", dex))
    assert set(budget.actions) == actions
    assert budget.movement == 6  # EQ-MOV-1 walk speed


@pytest.mark.parametrize("dex, extra", [(1, 1), (2, 2), (0, 1), (4, 2)])
def test_a4_exchange_full_action_eq_act_3(dex, extra):
    encounter = Encounter(EncounterState("t", Grid.filled(5, 5), (_creature("a", dex, position=(1, 1)),)), EQ, random.Random(1))
    encounter.apply(cmd.StartCombat())
    quick_before = encounter.current.budget.left("quick")
    events = encounter.apply(cmd.ExchangeFullAction("a"))
    assert events == (ev.FullActionExchanged("a", "A", extra),)
    assert encounter.current.budget.left("full") == 0
    assert encounter.current.budget.left("quick") == quick_before + extra


def test_a4_no_reaction_with_dex_0_eq_act_2():
    encounter = Encounter(EncounterState("t", Grid.filled(5, 5), (_creature("a", 0, position=(1, 1)),)), EQ, random.Random(1))
    encounter.apply(cmd.StartCombat())
    error = _refused(encounter, cmd.SpendAction("a", "reaction"), IllegalCommand)
    assert error.rule == "EQ-ACT-2"


def test_a4_spent_actions_refresh_at_own_next_turn_eq_act_1():
    a, b = _creature("a", 2, position=(0, 0)), _creature("b", 0, position=(3, 3))
    encounter = Encounter(EncounterState("t", Grid.filled(5, 5), (replace(a, initiative=20), replace(b, initiative=5))), EQ, random.Random(1))
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.SpendAction("a", "full"))
    encounter.apply(cmd.SpendAction("a", "quick"))
    encounter.apply(cmd.Move("a", (2, 0)))
    _refused(encounter, cmd.SpendAction("a", "full"), IllegalCommand)
    encounter.apply(cmd.NextTurn())
    assert encounter.state.combatant("a").budget.left("full") == 0  # not yet: b's turn
    encounter.apply(cmd.NextTurn())
    refreshed = encounter.state.combatant("a").budget
    assert (refreshed.left("full"), refreshed.left("quick"), refreshed.left("reaction"), refreshed.movement) == (1, 1, 1, 6)
    assert encounter.state.round == 2


# -- turns --------------------------------------------------------------------
def test_demo_is_ready_at_round_1(demo):
    state = demo.state
    assert state.round == 1
    assert state.current == state.order()[0].id
    assert len({c.initiative for c in state.combatants}) == 3
    assert {c.name for c in state.combatants} == {"Character 1", "Character 2", "Boar"}


def test_next_turn_visits_everyone_then_starts_round_2(demo):
    seen = [demo.state.current]
    for _ in range(2):
        demo.apply(cmd.NextTurn())
        seen.append(demo.state.current)
    assert seen == [c.id for c in demo.state.order()]
    events = demo.apply(cmd.NextTurn())
    assert isinstance(events[0], ev.RoundStarted) and events[0].round == 2
    assert demo.state.current == seen[0]


def test_previous_turn_goes_back_across_rounds(demo):
    first = demo.state.current
    _refused(demo, cmd.PreviousTurn(), IllegalCommand)
    for _ in range(3):
        demo.apply(cmd.NextTurn())
    assert (demo.state.round, demo.state.current) == (2, first)
    demo.apply(cmd.PreviousTurn())
    assert demo.state.round == 1
    assert demo.state.current == demo.state.order()[-1].id


def test_defeated_creatures_are_skipped(demo):
    order = [c.id for c in demo.state.order()]
    demo.apply(cmd.Damage(order[1], 100))
    demo.apply(cmd.NextTurn())
    assert demo.state.current == order[2]


def test_removing_the_current_combatant_passes_the_turn(demo):
    order = [c.id for c in demo.state.order()]
    events = demo.apply(cmd.RemoveCombatant(order[0]))
    assert demo.state.current == order[1]
    assert isinstance(events[0], ev.CombatantRemoved)


def test_turn_commands_before_combat_are_refused():
    encounter = Encounter(EncounterState("t", Grid.filled(3, 3), (_creature("a"),)), EQ)
    _refused(encounter, cmd.NextTurn(), IllegalCommand)


# -- hit points ------------------------------------------------------------------
def test_damage_and_heal_stay_within_bounds(demo):
    boar = next(c for c in demo.state.combatants if c.name == "Boar")
    events = demo.apply(cmd.Damage(boar.id, 100))
    assert demo.state.combatant(boar.id).hp == 0
    assert any(isinstance(e, ev.Defeated) for e in events)
    demo.apply(cmd.Heal(boar.id, 500))
    assert demo.state.combatant(boar.id).hp == boar.hp_max


@pytest.mark.parametrize("amount", [-3, "7", 2.5, True, None])
def test_bad_amounts_are_refused(demo, amount):
    boar = next(c for c in demo.state.combatants if c.name == "Boar")
    _refused(demo, cmd.Damage(boar.id, amount), IllegalCommand)
    _refused(demo, cmd.Heal(boar.id, amount), IllegalCommand)


def test_unknown_combatant_is_refused(demo):
    _refused(demo, cmd.Damage("nobody", 3))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 40)), max_size=30))
def test_hp_never_leaves_its_bounds(changes):
    encounter = Encounter(EncounterState("t", Grid.filled(3, 3), (_creature("a"),)), EQ)
    for is_damage, amount in changes:
        encounter.apply(cmd.Damage("a", amount) if is_damage else cmd.Heal("a", amount))
        hp = encounter.state.combatant("a").hp
        assert 0 <= hp <= 10


# -- movement ------------------------------------------------------------------------
def test_move_spends_movement_eq_mov_2(demo):
    mover = demo.current
    x, y = mover.position
    target = next(
        (x + dx, y + 1) for dx in (-1, 0, 1) if demo.state.grid.terrain((x + dx, y + 1)).id == "ground" and all(c.position != (x + dx, y + 1) for c in demo.state.combatants)
    )
    events = demo.apply(cmd.Move(mover.id, target))
    assert events[0].cost == 1
    assert demo.current.position == target
    assert demo.current.budget.movement == 5


def test_move_into_a_wall_or_off_the_map_is_refused(demo):
    mover = demo.current
    assert "wall" in str(_refused(demo, cmd.Move(mover.id, (0, 0)), MoveRefused))
    assert "off the" in str(_refused(demo, cmd.Move(mover.id, (40, 2)), MoveRefused))
    assert "tree" in str(_refused(demo, cmd.Move(mover.id, (8, 1)), MoveRefused))


def test_move_beyond_the_budget_is_refused_eq_mov_2(demo):
    mover = demo.current
    error = _refused(demo, cmd.Move(mover.id, (20, 1)), MoveRefused)
    assert error.rule == "EQ-MOV-2"


def test_move_into_an_occupied_cell_is_refused():
    text_map = from_text("#####\n#AB.#\n#####")
    a = _creature("a", position=(1, 1))
    b = _creature("b", position=(2, 1), side=Side.FOE)
    encounter = Encounter(EncounterState("t", text_map.grid, (a, b)), EQ)
    assert "occupied" in str(_refused(encounter, cmd.Move("a", (2, 1)), MoveRefused))
    # the enemy blocks the corridor: no way round
    assert "no way" in str(_refused(encounter, cmd.Move("a", (3, 1)), MoveRefused))


def test_climbing_needs_dex_plus_1_eq_mov_5():
    text_map = from_text("#####\n#.^.#\n#####")
    clumsy = _creature("a", dex=0, position=(1, 1))
    encounter = Encounter(EncounterState("t", text_map.grid, (clumsy,)), EQ)
    error = _refused(encounter, cmd.Move("a", (2, 1)), MoveRefused)
    assert "EQ-MOV-5" in str(error)


# -- checks and dice ---------------------------------------------------------------------
def test_roll_check_uses_current_stat_and_default_difficulty(demo):
    mover = demo.current
    [event] = demo.apply(cmd.RollCheck(mover.id, "STR"))
    assert event.result.modifier == mover.stat("STR")
    assert event.result.difficulty == 12


def test_roll_check_with_unknown_stat_is_refused(demo):
    _refused(demo, cmd.RollCheck(demo.current.id, "LUCK"), IllegalCommand)


def test_bad_dice_changes_nothing(demo):
    _refused(demo, cmd.RollDice("2d"), RulesError)


# -- one history ----------------------------------------------------------------------------
def test_the_encounter_keeps_no_undo_history_of_its_own(demo):
    """Undo is the campaign's persisted history (saves/, tests/saves/test_undo.py):
    one history, so the two can never disagree."""
    for name in ("undo", "redo", "can_undo", "can_redo", "_past", "_future"):
        assert not hasattr(demo, name)


def test_place_puts_a_new_arrival_on_a_free_cell_without_spending_movement(demo):
    newcomer = _creature("c9", position=None)
    demo.apply(cmd.AddCombatant(newcomer, roll_initiative=True))
    [event] = demo.apply(cmd.Place("c9", (5, 5)))
    assert event == ev.Placed("c9", "C9", (5, 5), None)
    assert demo.state.combatant("c9").position == (5, 5)


@pytest.mark.parametrize("cell, needle", [((0, 0), "wall"), ((40, 1), "off the"), ((8, 1), "tree")])
def test_place_refuses_walls_and_the_edge(demo, cell, needle):
    demo.apply(cmd.AddCombatant(_creature("c9"), roll_initiative=True))
    assert needle in str(_refused(demo, cmd.Place("c9", cell), MoveRefused))


def test_place_refuses_an_occupied_cell(demo):
    boar = next(c for c in demo.state.combatants if c.name == "Boar")
    assert "occupied by Boar" in str(_refused(demo, cmd.Place(demo.state.order()[0].id if demo.state.order()[0].id != boar.id else demo.state.order()[1].id, boar.position), MoveRefused))


def test_melee_attack_out_of_reach_is_refused_unless_overridden(demo):
    from core.combat.attacks import Weapon, WeaponDamage
    from core.dice.modifiers import Reach

    boar = next(c for c in demo.state.combatants if c.name == "Boar")
    hero = next(c for c in demo.state.combatants if c.name == "Character 1")
    far = cmd.Attack(hero.id, boar.id, Weapon("sword", (WeaponDamage("1d6"),)))
    assert "out of melee reach" in str(_refused(demo, far, IllegalCommand))
    bow = cmd.Attack(hero.id, boar.id, Weapon("bow", (WeaponDamage("1d6"),), reach=Reach.RANGED), spend_action=False)
    events = demo.apply(bow)
    assert any(isinstance(e, ev.AttackRolled) for e in events)
    forced = demo.apply(cmd.Attack(hero.id, boar.id, Weapon("spear", (WeaponDamage("1d6"),)), spend_action=False, override=True))
    assert isinstance(forced[0], ev.OverrideUsed)


def test_state_lookups_follow_every_replacement():
    """The id index, the order and the ridden mounts (EQ-MNT-1) are built
    once per state and stay right across replace_combatant and replace."""
    from core.errors import UnknownCombatant

    a, b, c = _creature("a", initiative=5), _creature("b", initiative=9), _creature("c")
    state = EncounterState("s", Grid.filled(3, 3), (a, b, c))
    assert state.combatant("b") is b and [x.id for x in state.order()] == ["b", "a", "c"]
    hurt = replace(b, hp=3)
    later = state.replace_combatant(hurt)
    assert later.combatant("b") is hurt and state.combatant("b") is b
    assert later.order()[0] is hurt
    riding = later.replace_combatant(replace(a, mounted_on="c"))
    assert riding.ridden() == frozenset({"c"}) and later.ridden() == frozenset()
    fewer = replace(riding, combatants=riding.combatants[1:])
    assert not fewer.has("a") and fewer.has("b") and fewer.ridden() == frozenset()
    with pytest.raises(UnknownCombatant):
        fewer.combatant("a")


def test_a_weapons_plus_n_reads_as_to_hit_not_as_damage():
    """``1d6 slashing +1``: the +1 is to hit; the modifier read "+1 1d6 slashing bonus"."""
    from core.dice.notation import parse_attack

    request = parse_attack("1d6 slashing +1")
    hero = Combatant("h", "Hero", Side.PARTY, {}, 10, 10, position=(1, 1), initiative=10)
    boar = Combatant("b", "Boar", Side.FOE, {}, 10, 10, position=(2, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(4, 3), (hero, boar)), get("equestria"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    attack = next(e for e in encounter.apply(cmd.Attack("h", "b", request.weapon)) if isinstance(e, ev.AttackRolled))
    assert [m.reason for m in attack.result.modifiers if m.value == 1] == ["to hit (1d6 slashing)"]
