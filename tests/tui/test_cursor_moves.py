"""The shortest cursor move (tui/terminal/cursor_moves.py): played on the
model terminal of test_frame_diff it lands where CUP would, never longer."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.tui.test_frame_diff import play
from tui.terminal.cursor_moves import cursor_after, move, wire_length

positions = st.tuples(st.integers(0, 119), st.integers(0, 39))


def landing(start: tuple[int, int], sequence: str) -> tuple[int, int]:
    """Where ``sequence`` from ``start`` leaves the cursor: the cell an ``@`` written then lands on."""
    screen: dict = {}
    play(screen, f"\x1b[{start[1] + 1};{start[0] + 1}H{sequence}@")
    (cell,) = [cell for cell, (char, _) in screen.items() if char == "@"]
    return cell


@given(positions, positions)
def test_a_move_lands_where_the_cursor_position_would_in_no_more_bytes(at, to):
    sequence = move(to, at)
    assert landing(at, sequence) == to
    assert wire_length(sequence) <= len(f"\x1b[{to[1] + 1};{to[0] + 1}H")


@given(positions)
def test_without_a_known_cursor_the_move_is_a_cursor_position(to):
    assert move(to, None) in (f"\x1b[{to[1] + 1};{to[0] + 1}H", f"\x1b[{to[1] + 1}H")


def test_the_common_moves_between_runs():
    assert move((64, 12), (103, 11)) == "\n\x1b[65G"  # the map's next row: 7 bytes on the wire, not 8
    assert move((36, 3), (12, 3)) == "\x1b[24C"  # further along the same row
    assert move((70, 9), (70, 8)) == "\x1b[B"  # the cell below
    assert move((0, 39), (80, 38)) == "\x1b[40H"  # the footer: a line feed and ESC[G are as long
    assert move((5, 5), (5, 5)) == ""


def test_the_cursor_after_a_run():
    assert cursor_after(10, 3, 20, "abcdefghij", 120) == (20, 3)
    assert cursor_after(10, 3, 40, "ab\x1b[28X", 120) == (12, 3)  # an erase does not move it
    assert cursor_after(10, 3, 40, "ab\x1b[20X\x1b[20Ccdefgh", 120) == (40, 3)
    assert cursor_after(100, 3, 120, "x" * 20, 120) is None  # at the last column terminals differ
    assert cursor_after(100, 3, 120, "ab\x1b[18X", 120) == (102, 3)  # the erase reached it, not a character
