"""Doors in play (core.combat.doors): open, close, lock, unlock, break in;
what each ruleset spends (RULES.md Revision 3 "Doors") and EQ-CHK-3."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.board.edges import Edge, Feature, Side
from core.board.grid import Grid
from core.combat import commands as cmd
from core.combat.door_commands import BreakDoor, DoorChanged, DoorForced, DoorUse, PaintEdges, UseDoor
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, MoveRefused
from core.rulesets import get
from core.values.combatant import Combatant, Side as Team


class Rigged(random.Random):
    """Dice come up as ``faces`` in order (d20 calls ``randrange(size)``)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):  # noqa: D401
        return self.faces.pop(0) - 1 if self.faces else 0


DOOR = ((1, 1), Side.EAST)


def _fight(ruleset: str, door: Feature, rng: random.Random | None = None, strength: int = 2) -> Encounter:
    rules = get(ruleset)
    grid = Grid(Grid.filled(5, 3).rows, edges=(Edge((1, 0), Side.EAST, Feature.WALL), Edge(*DOOR, door), Edge((1, 2), Side.EAST, Feature.WALL)))
    stat = {"equestria": "STR", "srd35": "STR", "tactical_d10": "MUSCLES", "power_roll": "MIGHT"}[ruleset]
    aria = Combatant("aria", "Aria", Team.PARTY, {stat: strength, "DEX": 9, "AGILITY": 9}, 10, 10, position=(1, 1), initiative=20)
    boar = Combatant("boar", "Boar", Team.FOE, {}, 10, 10, position=(4, 1), initiative=1)
    enc = Encounter(EncounterState("doors", grid, (aria, boar)), rules, rng or random.Random(1))
    enc.apply(cmd.StartCombat())
    assert enc.state.current == "aria"
    return enc


@pytest.mark.parametrize(("ruleset", "spent"), [("equestria", "quick"), ("srd35", "move"), ("power_roll", "maneuver")])
def test_opening_a_door_spends_the_rulesets_action(ruleset, spent):
    enc = _fight(ruleset, Feature.DOOR_CLOSED)
    before = enc.state.combatant("aria").budget.left(spent)
    events = enc.apply(UseDoor("aria", *DOOR, DoorUse.OPEN))
    assert enc.state.grid.edge_feature((1, 1), (2, 1)) is Feature.DOOR_OPEN
    assert enc.state.combatant("aria").budget.left(spent) == before - 1
    assert isinstance(events[-1], DoorChanged) and events[-1].new is Feature.DOOR_OPEN


def test_tactical_d10_opening_a_door_costs_one_mp():
    enc = _fight("tactical_d10", Feature.DOOR_CLOSED)
    before = enc.state.combatant("aria").budget.movement
    enc.apply(UseDoor("aria", *DOOR, DoorUse.OPEN))
    assert enc.state.combatant("aria").budget.movement == before - 1


@pytest.mark.parametrize("ruleset", ["equestria", "srd35", "tactical_d10", "power_roll"])
def test_through_an_opened_door_not_a_closed_one(ruleset):
    enc = _fight(ruleset, Feature.DOOR_CLOSED)
    with pytest.raises(MoveRefused, match="closed door"):
        enc.apply(cmd.Move("aria", (3, 1)))
    enc.apply(UseDoor("aria", *DOOR, DoorUse.OPEN))
    if ruleset == "srd35":  # SRD-MOV-9: the door took the move action; the standard one, taken as a move, moves it
        enc.apply(cmd.ExchangeFullAction("aria"))
    enc.apply(cmd.Move("aria", (3, 1)))
    assert enc.state.combatant("aria").position == (3, 1)


def test_a_locked_door_refuses_opening_with_the_reason_and_unlocks():
    enc = _fight("equestria", Feature.DOOR_LOCKED)
    with pytest.raises(IllegalCommand, match="it is locked: unlock it or break it in"):
        enc.apply(UseDoor("aria", *DOOR, DoorUse.OPEN))
    enc.apply(UseDoor(None, *DOOR, DoorUse.UNLOCK))
    assert enc.state.grid.edge_feature((1, 1), (2, 1)) is Feature.DOOR_CLOSED


def test_a_door_is_used_from_one_of_its_cells():
    enc = _fight("equestria", Feature.DOOR_CLOSED)
    with pytest.raises(IllegalCommand, match="must stand in one of the two cells"):
        enc.apply(UseDoor("boar", *DOOR, DoorUse.OPEN))


@pytest.mark.parametrize(("natural", "broken", "hurt"), [(10, True, 0), (4, False, 0), (19, True, 0), (1, False, 3)])
def test_eq_chk_3_kicking_the_door_in_with_str_plus_2(natural, broken, hurt):
    """EQ-CHK-3: STR +2 against 12: 10 -> 12 success, 4 -> 6 failure, 19 ->
    21 success, 1 -> critical failure and the kicker takes 1d6 (here 3)."""
    enc = _fight("equestria", Feature.DOOR_LOCKED, Rigged(natural, 3))
    full = enc.state.combatant("aria").budget.left("full")
    events = enc.apply(BreakDoor("aria", *DOOR))
    forced = next(e for e in events if isinstance(e, DoorForced))
    assert forced.check.total == natural + 2 and forced.broken is broken and forced.hurt == hurt
    assert enc.state.combatant("aria").hp == 10 - hurt
    assert enc.state.combatant("aria").budget.left("full") == full - 1  # EQ-CHK-4: spent either way
    assert (enc.state.grid.edge_feature((1, 1), (2, 1)) is Feature.DOOR_BROKEN) is broken


def test_srd35_breaks_against_default_difficulty_plus_2():
    enc = _fight("srd35", Feature.DOOR_CLOSED, Rigged(14), strength=2)
    forced = next(e for e in enc.apply(BreakDoor("aria", *DOOR)) if isinstance(e, DoorForced))
    assert forced.check.difficulty == 17 and not forced.broken  # 14 + 2 = 16 < 17


def test_the_brush_paints_and_clears_cell_sides():
    enc = _fight("equestria", Feature.DOOR_CLOSED)
    enc.apply(PaintEdges((((3, 0), Side.SOUTH), ((3, 1), Side.SOUTH)), Feature.WINDOW))
    assert enc.state.grid.edge_feature((3, 1), (3, 2)) is Feature.WINDOW
    enc.apply(PaintEdges((((3, 0), Side.SOUTH),), None))
    assert enc.state.grid.edge_feature((3, 0), (3, 1)) is None
    with pytest.raises(IllegalCommand, match="not between two cells"):
        enc.apply(PaintEdges((((4, 0), Side.EAST),), Feature.WALL))


def test_the_offers_by_a_door_say_what_they_spend_and_why_not():
    from core.offers.base import offers

    enc = _fight("equestria", Feature.DOOR_LOCKED)
    found = {o.id: o for o in offers(enc.state, enc.ruleset) if o.id.startswith("door.")}
    assert set(found) == {"door.unlock.1,1,east", "door.break.1,1,east"}
    assert found["door.unlock.1,1,east"].spends == ("quick",) and found["door.unlock.1,1,east"].allowed
    assert found["door.break.1,1,east"].spends == ("full",)
    enc.apply(found["door.unlock.1,1,east"].command())
    found = {o.id: o for o in offers(enc.state, enc.ruleset) if o.id.startswith("door.")}
    assert set(found) == {"door.open.1,1,east", "door.lock.1,1,east", "door.break.1,1,east"}


def test_before_combat_the_selected_creature_by_a_door_is_offered_it_for_nothing():
    """Round 0: no one's turn, so the door offers are the selected
    creature's; opening spends nothing before combat (RULES.md "Doors")."""
    from core.offers.base import offers

    enc = _fight("equestria", Feature.DOOR_CLOSED)
    enc = Encounter(replace(enc.state, round=0, current=None), enc.ruleset, random.Random(1))
    assert [o.id for o in offers(enc.state, enc.ruleset) if o.id.startswith("door.")] == []  # no one chosen
    found = {o.id: o for o in offers(enc.state, enc.ruleset, target="aria") if o.id.startswith("door.")}
    assert set(found) == {"door.open.1,1,east", "door.lock.1,1,east", "door.break.1,1,east"}
    assert found["door.open.1,1,east"].allowed and found["door.open.1,1,east"].spends == ()
    before = enc.state.combatant("aria").budget
    enc.apply(found["door.open.1,1,east"].command())
    assert enc.state.grid.edge_feature((1, 1), (2, 1)) is Feature.DOOR_OPEN and enc.state.combatant("aria").budget == before
    assert [o.id for o in offers(enc.state, enc.ruleset, target="boar") if o.id.startswith("door.")] == []  # not by it


def test_no_jump_through_a_closed_door():
    enc = _fight("equestria", Feature.DOOR_CLOSED)
    with pytest.raises(IllegalCommand, match="no jump through it"):
        enc.apply(cmd.Jump("aria", (3, 1)))


def _srd_corridor(start: tuple[int, int] = (1, 1), **house_rules: object) -> Encounter:
    """Brom (speed 30 ft: 6 squares, SRD-MOV-1) three squares west of a closed door, on its turn."""
    rules = get("srd35").with_house_rules(dict(house_rules))
    grid = Grid(Grid.filled(12, 3).rows, edges=(Edge((4, 1), Side.EAST, Feature.DOOR_CLOSED),))
    brom = Combatant("brom", "Brom", Team.PARTY, {"STR": 2, "DEX": 9}, 10, 10, position=start, initiative=20)
    boar = Combatant("boar", "Boar", Team.FOE, {}, 10, 10, position=(11, 2), initiative=1)
    enc = Encounter(EncounterState("corridor", grid, (brom, boar)), rules, random.Random(1))
    enc.apply(cmd.StartCombat())
    return enc


def test_srd_mov_9_moving_takes_the_move_action_so_the_door_after_it_takes_the_standard_one():
    # seed 002: in a round a creature moves its speed and does one thing more (the move and the
    # standard action); using both for movement it moves twice its speed. A door is a move action.
    enc = _srd_corridor()
    enc.apply(cmd.Move("brom", (4, 1)))
    brom = enc.state.combatant("brom").budget
    assert (brom.left("move"), brom.left("standard"), brom.movement) == (0, 1, 3)
    with pytest.raises(IllegalCommand, match="Brom has no move action left this turn; trade the standard action for a move first"):
        enc.apply(UseDoor("brom", (4, 1), Side.EAST, DoorUse.OPEN))
    enc.apply(cmd.ExchangeFullAction("brom"))
    enc.apply(UseDoor("brom", (4, 1), Side.EAST, DoorUse.OPEN))
    brom = enc.state.combatant("brom").budget
    assert (brom.left("move"), brom.left("standard"), brom.movement) == (0, 0, 0)  # no movement split around the door
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("brom", (5, 1)))


def test_srd_mov_9_a_door_first_takes_the_move_and_the_standard_action_traded_brings_a_whole_move():
    enc = _srd_corridor(start=(4, 1))
    enc.apply(UseDoor("brom", (4, 1), Side.EAST, DoorUse.OPEN))
    brom = enc.state.combatant("brom").budget
    assert (brom.left("move"), brom.left("standard"), brom.movement) == (0, 1, 0)
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("brom", (5, 1)))
    enc.apply(cmd.ExchangeFullAction("brom"))
    enc.apply(cmd.Move("brom", (10, 1)))  # its speed, 6 squares, through the open door
    assert enc.state.combatant("brom").budget.movement == 0


def test_srd_mov_9_the_standard_traded_mid_move_goes_on_and_split_move_is_a_house_rule():
    enc = _srd_corridor()
    enc.apply(cmd.Move("brom", (4, 1)))
    enc.apply(cmd.ExchangeFullAction("brom"))
    assert enc.state.combatant("brom").budget.movement == 3 + 6  # both actions for movement: twice its speed
    enc = _srd_corridor(split_move=True)
    enc.apply(cmd.Move("brom", (4, 1)))
    enc.apply(cmd.ExchangeFullAction("brom"))
    enc.apply(UseDoor("brom", (4, 1), Side.EAST, DoorUse.OPEN))
    enc.apply(cmd.Move("brom", (7, 1)))  # the first move's 3 squares, after the door
    assert enc.state.combatant("brom").budget.movement == 0
