"""An attack needs both creatures on the map: cover, reach and
flanking are read from their cells, so one off the map is refused with that
reason, not as "the target has full cover" (EQ-COV-2)."""

from __future__ import annotations

import pytest

from core.board.battlefield import attack_situation
from core.values.combatant import Combatant, Side
from core.combat.demo import seed_map_text
from core.errors import IllegalCommand
from core.board.grid import Cover, from_text


@pytest.mark.parametrize("off_map", ["attacker", "target"])
def test_eq_cov_2_an_attack_from_or_at_a_creature_off_the_map_says_so(off_map):
    grid = from_text(seed_map_text()).grid
    archer = Combatant("a", "Archer", Side.PARTY, {}, 10, 10, position=None if off_map == "attacker" else (14, 2))
    boar = Combatant("t", "Boar", Side.FOE, {}, 10, 10, position=None if off_map == "target" else (15, 2))
    with pytest.raises(IllegalCommand) as refused:
        attack_situation(grid, archer, boar, (archer, boar))
    name = "Archer" if off_map == "attacker" else "Boar"
    assert f"{name} (the {off_map}) is not on the map" in str(refused.value)
    assert "full cover" not in str(refused.value)


def test_eq_cov_2_both_on_the_map_still_read_the_cover_between_them():
    grid = from_text(seed_map_text()).grid
    archer = Combatant("a", "Archer", Side.PARTY, {}, 10, 10, position=(14, 2))
    boar = Combatant("t", "Boar", Side.FOE, {}, 10, 10, position=(15, 2))
    assert attack_situation(grid, archer, boar, (archer, boar)).cover is Cover.NONE
