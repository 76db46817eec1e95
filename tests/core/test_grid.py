"""Acceptance A1: the seed 003 battle map (rules TAC-MAP-1, EQ-MAP-4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.combat.demo import seed_map_text
from core.errors import MapFormatError
from core.board.grid import TERRAINS, Grid, from_text, to_text

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_6f3c66bbbfe649b2.txt"


def _seed_maps() -> tuple[str, str]:
    """The two maps drawn in seed 003, cut out of the seed text itself."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    blocks, block = [], []
    for line in lines:
        if line.startswith("\u2b1b") and len(line) >= 20:
            block.append(line)
        elif block:
            blocks.append("\n".join(block))
            block = []
    return blocks[0], blocks[1]


@pytest.fixture(scope="module")
def battle_map():
    if SEED.exists():
        return from_text(_seed_maps()[1])
    return from_text(seed_map_text())


def test_a1_size_tac_map_1(battle_map):
    assert (battle_map.grid.width, battle_map.grid.height) == (22, 17)


def test_a1_cell_counts_tac_map_1(battle_map):
    counts = battle_map.grid.count()
    token_cells = len(battle_map.tokens)
    assert counts["wall"] == 74
    assert counts["ground"] - token_cells == 198
    assert counts["tree"] == 12
    assert counts["boulder"] == 9
    assert counts["rock"] == 63
    assert counts["water"] == 15
    assert token_cells == 3


def test_a1_tokens_stand_on_open_ground(battle_map):
    cells = [t.cell for t in battle_map.tokens]
    assert cells == [(10, 2), (10, 3), (10, 14)]
    assert all(battle_map.grid.terrain(cell).id == "ground" for cell in cells)


def test_a1_first_map_walls_and_open_ground():
    if not SEED.exists():
        pytest.skip("seed documents not beside the repo")
    first = from_text(_seed_maps()[0])
    assert (first.grid.width, first.grid.height) == (22, 17)
    assert first.grid.count() == {"wall": 74, "ground": 300}


def test_shipped_demo_map_is_the_seed_map(battle_map):
    assert from_text(seed_map_text()) == battle_map


@pytest.mark.parametrize("legend", ["emoji", "ascii"])
def test_a1_round_trip(battle_map, legend):
    text = to_text(battle_map, legend)
    again = from_text(text)
    assert again.grid == battle_map.grid
    assert [t.cell for t in again.tokens] == [t.cell for t in battle_map.tokens]
    assert to_text(again, legend) == text


def test_emoji_round_trip_keeps_token_glyphs(battle_map):
    assert from_text(to_text(battle_map, "emoji")) == battle_map


def test_ascii_legend_is_plain_ascii(battle_map):
    text = to_text(battle_map, "ascii")
    assert text.isascii()
    assert text.splitlines()[2] == "#^.&......A.&..o.....#"


def test_eq_map_4_terrain_properties():
    assert TERRAINS["wall"].blocks_movement and TERRAINS["wall"].blocks_sight
    assert TERRAINS["tree"].blocks_movement and TERRAINS["tree"].blocks_sight
    assert not TERRAINS["boulder"].blocks_movement and not TERRAINS["boulder"].blocks_sight
    assert not TERRAINS["ground"].blocks_movement


@pytest.mark.parametrize(
    "text, needle",
    [
        ("", "empty"),
        ("##\n#", "line 2"),
        ("#\x1b#", "control"),
        ("#?#", "unknown glyph"),
        ("#.#\n\n#.#", "blank line"),
    ],
)
def test_bad_maps_are_refused_with_the_line(text, needle):
    with pytest.raises(MapFormatError) as caught:
        from_text(text)
    assert needle in str(caught.value)


def test_mixed_legends_and_letters_as_tokens():
    text_map = from_text("#####\n#.A\u2b1c#\n#####\n")
    assert text_map.grid.width == 5
    assert [(t.glyph, t.cell) for t in text_map.tokens] == [("A", (2, 1))]


def test_variation_selector_emoji_counts_as_one_cell():
    text_map = from_text("\u2b1b\U0001faa8\ufe0f\u2b1b")
    assert text_map.grid.rows == (("wall", "boulder", "wall"),)


def test_grid_refuses_ragged_rows():
    with pytest.raises(MapFormatError):
        Grid((("wall", "wall"), ("wall",)))
