"""Only changed cells reach the terminal (tui/terminal/frame_diff.py): what it writes,
played on a model terminal, shows exactly the frame Textual composed."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from tests.tui.test_sgr import RESET, apply_codes
from tui.terminal.frame_diff import NEAR, TerminalCells

WIDTH, HEIGHT = 12, 4
STYLES = [None, Style(color="red"), Style(bgcolor="blue"), Style(color="green", bgcolor="blue", bold=True)]
TOKEN = re.compile(r"\x1b\[(?P<row>\d*)(?:;(?P<column>\d*))?H|\x1b\[(?P<codes>[\d;]*)m|\x1b\[(?P<count>\d*)(?P<final>[XABCDGd])|(?P<char>.)", re.S)
MOVES = {"A": lambda x, y, n: (x, y - n), "B": lambda x, y, n: (x, y + n), "C": lambda x, y, n: (x + n, y),
         "D": lambda x, y, n: (x - n, y), "G": lambda x, y, n: (n - 1, y), "d": lambda x, y, n: (x, n - 1)}


def console() -> Console:
    return Console(color_system="standard", force_terminal=True, width=WIDTH)


def play(screen: dict, output: str) -> None:
    """Apply terminal output to ``screen`` ({(x, y): (char, sgr)}): cursor
    positions (CUP), moves (``ESC[nA``/``B``/``C``/``D`` up, down, right,
    left; ``ESC[nG`` to a column, ``ESC[nd`` to a row; a line feed goes down
    a row, and the column it leaves depends on the tty's onlcr, so it is
    unknown until set: a cell written or a relative move before that
    fails), and an erase (ECH, ``ESC[nX``) that blanks n cells in the
    current style and leaves the cursor."""
    x: int | None = 0
    y = 0
    sgr = RESET
    for token in TOKEN.finditer(output):
        kind = token.lastgroup
        value = token.group(kind) if kind else ""
        if kind in ("row", "column"):
            x, y = int(token.group("column") or 1) - 1, int(token.group("row") or 1) - 1
        elif kind == "codes":
            sgr = apply_codes(sgr, value.split(";") if value else ["0"])
        elif kind == "final":
            n = int(token.group("count") or 1)
            if value == "X":
                for column in range(x, x + n):
                    screen[(column, y)] = (" ", sgr)
            else:
                assert x is not None or value == "G", f"ESC[{value} after a line feed, no column set"
                x, y = MOVES[value](x, y, n)
        elif value == "\n":
            x, y = None, y + 1
        else:
            assert x is not None, "a cell written after a line feed, no column set"
            screen[(x, y)] = (value, sgr)
            x += 1


def shown(screen: dict) -> dict:
    """What shows: for a space only its background."""
    def look(char, sgr):
        return (char, sgr) if char != " " else (" ", sgr[2])
    return {cell: look(*value) for cell, value in screen.items()}


def frame(rows: list[list[tuple[str, int]]]) -> LayoutUpdate:
    strips = [[Strip([Segment(text, STYLES[s]) for text, s in row])] for row in rows]
    return LayoutUpdate(strips, Region(0, 0, WIDTH, HEIGHT))


row_st = st.lists(st.tuples(st.sampled_from(["ab", " ", "  x", "é", "c  d"]), st.integers(0, 3)), min_size=1, max_size=6).map(
    lambda parts: _fit(parts)
)


def _fit(parts):
    out, used = [], 0
    for text, s in parts:
        if used + len(text) > WIDTH:
            break
        out.append((text, s))
        used += len(text)
    out.append((" " * (WIDTH - used), 0))
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(row_st, min_size=HEIGHT, max_size=HEIGHT), min_size=1, max_size=4))
def test_frames_written_through_the_cells_show_the_last_frame(frames):
    cells, con, screen = TerminalCells(), console(), {}
    for rows in frames:
        play(screen, cells.render(frame(rows), con))
    whole: dict = {}
    play(whole, frame(frames[-1]).render_segments(con))
    assert shown(screen) == shown(whole)


def test_a_frame_shown_again_sends_nothing_and_a_dialog_only_its_rows():
    cells, con, screen = TerminalCells(), console(), {}
    base = [[("row %d text" % y + "  ", 1)] for y in range(HEIGHT)]
    play(screen, cells.render(frame(base), con))
    assert cells.render(frame(base), con) == ""
    dialog = base[:2] + [[("DIALOG      ", 3)], [("ok?         ", 3)]]
    out = cells.render(frame(dialog), con)
    play(screen, out)
    assert "row 0" not in out and "row 1" not in out and "DIALOG" in out
    play(screen, cells.render(frame(base), con))
    whole: dict = {}
    play(whole, frame(base).render_segments(con))
    assert shown(screen) == shown(whole)


def test_an_update_that_changes_no_cell_writes_nothing_not_even_the_cursor():
    from types import SimpleNamespace

    from textual.geometry import Offset, Size

    from tui.terminal.frame_diff import DiffedDisplay

    written: list[str] = []

    class Textual:  # App._display's part that matters here: it writes what the update renders, then the cursor
        def _display(self, screen, renderable):
            written.append(renderable.render_segments(self.console) + "<cursor>")

    class App(DiffedDisplay, Textual):
        _running, _closed, is_headless, _batch_count = True, False, False, 0
        _driver = SimpleNamespace(is_inline=False)
        console = console()
        screen = SimpleNamespace(outer_size=Size(WIDTH, HEIGHT))
        cursor_position = _previous_cursor_position = Offset(0, 0)

    app = App()
    base = [[("row %d text" % y + "  ", 1)] for y in range(HEIGHT)]
    app._display(None, frame(base))
    app._display(None, frame(base))  # the same cells again, the cursor where it was
    assert len(written) == 1 and "row 0" in written[0]
    app.cursor_position = Offset(3, 1)  # only the cursor moves: that is still written
    app._display(None, frame(base))
    assert written[1:] == ["<cursor>"]


def test_partial_updates_are_remembered_and_a_resize_forgets():
    cells, con, screen = TerminalCells(), console(), {}
    base = [[("." * WIDTH, 0)] for _ in range(HEIGHT)]
    play(screen, cells.render(frame(base), con))
    chops = [dict() for _ in range(HEIGHT)]
    chops[1] = {0: Strip([Segment("XY", STYLES[1])]), 2: Strip([Segment("." * (WIDTH - 2), None)])}
    update = ChopsUpdate(chops, [(1, 0, WIDTH)], [[] for _ in range(HEIGHT)][:1] + [[2, WIDTH]] + [[] for _ in range(HEIGHT - 2)])
    out = cells.render(update, con)
    play(screen, out)
    assert "XY" in out and "." not in out  # the unchanged dots of the chop are not sent again
    changed = [list(r) for r in base]
    changed[1] = [("XY", 1), ("." * (WIDTH - 2), 0)]
    assert cells.render(frame(changed), con) == ""  # the terminal already shows it
    cells.forget()
    assert "XY" in cells.render(frame(changed), con)  # after a resize: the whole frame


def chopped(rows: list[list[tuple[str, int]]]) -> ChopsUpdate:
    """The frame as Textual sends widgets' updates: one chop per part of each row."""
    chops, ends = [], []
    for row in rows:
        line, x = {}, 0
        for text, s in row:
            line[x] = Strip([Segment(text, STYLES[s])])
            x += len(text)
        chops.append(line)
        ends.append(list(line)[1:] + [x])
    return ChopsUpdate(chops, [(y, 0, WIDTH) for y in range(HEIGHT)], ends)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(row_st, min_size=HEIGHT, max_size=HEIGHT), min_size=2, max_size=4))
def test_chops_of_one_row_written_as_one_run_show_the_last_frame(frames):
    """Runs of neighbouring chops are joined through the unchanged cells between them."""
    cells, con, screen = TerminalCells(), console(), {}
    play(screen, cells.render(frame(frames[0]), con))
    for rows in frames[1:]:
        play(screen, cells.render(chopped(rows), con))
    whole: dict = {}
    play(whole, frame(frames[-1]).render_segments(con))
    assert shown(screen) == shown(whole)


def test_runs_one_after_another_say_only_the_style_changes_between_them():
    """A cursor move keeps the style: the same red run on every row says red
    once, and the update ends reset (as Textual leaves the terminal)."""
    cells, con, screen = TerminalCells(), console(), {}
    base = [[("." * WIDTH, 0)] for _ in range(HEIGHT)]
    play(screen, cells.render(frame(base), con))
    changed = [[("XY", 1), ("." * (WIDTH - 2), 0)] for _ in range(HEIGHT)]
    out = cells.render(frame(changed), con)
    assert out == "\x1b[1H\x1b[31mXY\x1b[2HXY\x1b[3HXY\x1b[4HXY\x1b[0m"
    play(screen, out)
    whole: dict = {}
    play(whole, frame(changed).render_segments(con))
    assert shown(screen) == shown(whole)


def runs_cell_by_cell(old, new, x):
    """changed_runs' runs found one cell at a time (its definition, no
    chunks): the changed cells, those at most NEAR unchanged cells apart one run."""
    runs, start, last = [], None, None
    for i, (char, seen) in enumerate(zip(*new)):
        j = x + i
        if j < len(old[0]) and old[0][j] == char and old[1][j] == seen:
            continue
        if start is not None and i - last - 1 > NEAR:
            runs.append((start, last + 1))
            start = None
        start = i if start is None else start
        last = i
    return runs + ([(start, last + 1)] if start is not None else [])


cells_st = st.lists(st.tuples(st.sampled_from(["a", "b", " ", None]), st.sampled_from(["", "1", None])), max_size=40)


@settings(max_examples=300, deadline=None)
@given(cells_st, cells_st, st.integers(0, 12))
def test_runs_compared_in_chunks_are_the_runs_found_cell_by_cell(old, new, x):
    from tui.terminal.frame_diff import changed_runs

    old_cells = ([c for c, _ in old], [s for _, s in old])
    new_cells = ([c if c is not None else "z" for c, _ in new], [s if s is not None else "" for _, s in new])
    assert list(changed_runs(old_cells, new_cells, x)) == runs_cell_by_cell(old_cells, new_cells, x)


def test_runs_apart_are_joined_only_where_that_is_shorter():
    """Two changed cells five apart, grey dots on black between them: the
    move over the dots is shorter than their style and them again; three
    apart among cells of their own style, writing the cells through is."""
    con = console()
    dots = Style(color="white", bgcolor="black")

    def update(row):
        strips = [[Strip([Segment(text, dots if s is None else STYLES[s]) for text, s in row])]]
        return LayoutUpdate(strips + [[Strip([Segment(" " * WIDTH)])] for _ in range(HEIGHT - 1)], Region(0, 0, WIDTH, HEIGHT))

    cells = TerminalCells()
    cells.render(update([("a", 1), (".....", None), ("b", 1), (" " * 5, 1)]), con)
    assert cells.render(update([("x", 1), (".....", None), ("y", 1), (" " * 5, 1)]), con) == "\x1b[1H\x1b[31mx\x1b[5Cy\x1b[0m"
    cells.render(update([("a...b", 1), (" " * 7, 1)]), con)
    assert cells.render(update([("x...y", 1), (" " * 7, 1)]), con) == "\x1b[1H\x1b[31mx...y\x1b[0m"
