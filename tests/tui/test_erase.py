"""Long runs of blanks sent as one erase (tui/terminal/erase.py) where the
terminal's terminfo entry says it erases with the background colour
(tui/terminal/terminfo.py): the screen shows the same, in fewer bytes."""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style

from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tests.tui.test_frame_diff import HEIGHT, STYLES, WIDTH, _fit, console, play, shown
from tui.terminal import erase, sgr, terminfo
from tui.terminal.frame_diff import TerminalCells

SHADED = Style(color="black", bgcolor="green")
LOOKS = [*STYLES, Style(bgcolor="blue", reverse=True)]
blank_rows = st.lists(
    st.tuples(st.sampled_from(["ab", " " * 7, " " * 11, "é", "c  d"]), st.integers(0, len(LOOKS) - 1)), min_size=1, max_size=4
).map(_fit)


def frame(rows: list[list[tuple[str, int]]]) -> LayoutUpdate:
    strips = [[Strip([Segment(text, LOOKS[s]) for text, s in row])] for row in rows]
    return LayoutUpdate(strips, Region(0, 0, WIDTH, HEIGHT))


def entry(booleans: list[int], magic: int = 0o432) -> bytes:
    """A compiled terminfo entry with these standard booleans (term(5))."""
    names = b"test|a test terminal\0"
    header = struct.pack("<6h", magic, len(names), len(booleans), 0, 0, 0)
    return header + names + bytes(booleans)


def test_bce_is_read_from_the_compiled_entry():
    with_bce = [0] * terminfo.BCE + [1]
    assert terminfo.has_boolean(entry(with_bce), terminfo.BCE)
    assert terminfo.has_boolean(entry(with_bce, magic=0o1036), terminfo.BCE)
    assert not terminfo.has_boolean(entry([0] * 40), terminfo.BCE)
    assert not terminfo.has_boolean(entry([1] * 10), terminfo.BCE)  # fewer booleans than bce's index
    assert not terminfo.has_boolean(entry(with_bce, magic=0o777), terminfo.BCE)
    assert not terminfo.has_boolean(b"\x1a\x01", terminfo.BCE)


def test_the_entry_is_found_by_term_in_terminfo_s_folders(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "bce-term").write_bytes(entry([0] * terminfo.BCE + [1]))
    (tmp_path / "6e").mkdir()  # macOS names the folder by the first letter's hex code
    (tmp_path / "6e" / "no-bce-term").write_bytes(entry([1] * terminfo.BCE + [0]))
    env = {"TERMINFO": str(tmp_path)}
    assert terminfo.erases_with_background({**env, "TERM": "bce-term"})
    assert not terminfo.erases_with_background({**env, "TERM": "no-bce-term"})
    assert not terminfo.erases_with_background({**env, "TERM": "not-a-terminal-anywhere"})
    assert not terminfo.erases_with_background({**env, "TERM": "../b/bce-term"})
    assert not terminfo.erases_with_background({**env})
    dirs = {"TERMINFO_DIRS": f"{tmp_path}:", "TERM": "bce-term"}
    assert terminfo.erases_with_background(dirs)


def test_blanks_in_a_background_become_one_erase_and_a_move_past_them():
    text, style = erase.render_from("", [Segment("ab" + " " * 30 + "c", SHADED), Segment(" " * 20, SHADED)], ColorSystem.STANDARD)
    assert text == "\x1b[30;42mab\x1b[30X\x1b[30Cc\x1b[20X"  # the last blanks need no move
    assert style == "30;42"


def test_blanks_that_show_more_than_their_background_are_written():
    for look in (Style(bgcolor="green", reverse=True), Style(bgcolor="green", underline=True), Style(strike=True)):
        pieces = [Segment(" " * 30, look)]
        assert erase.render_from("", pieces, ColorSystem.STANDARD) == sgr.render_from("", pieces, ColorSystem.STANDARD)
    assert "X" not in erase.render_from("", [("x" + " " * 8 + "y", "42")], ColorSystem.STANDARD)[0]  # 8 spaces: the erase and move are 8 bytes too


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(blank_rows, min_size=HEIGHT, max_size=HEIGHT), min_size=1, max_size=4))
def test_frames_written_with_erases_show_the_last_frame_in_no_more_bytes(frames):
    erasing, plain, con = TerminalCells(erase_blanks=True), TerminalCells(), console()
    screen: dict = {}
    for rows in frames:
        written = erasing.render(frame(rows), con)
        assert len(written) <= len(plain.render(frame(rows), con))
        play(screen, written)
    whole: dict = {}
    play(whole, frame(frames[-1]).render_segments(con))
    assert shown(screen) == shown(whole)
