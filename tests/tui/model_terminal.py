"""A small model of a terminal: what a program's output leaves on the screen.

An app that sends only the cells that changed (``tui/terminal/frame_diff.py``) never
writes a line whole again, so a test cannot look for a word in its bytes:
it feeds the bytes to a :class:`Screen` and reads the screen's text.

It knows what Textual writes (``tests/tui/terminal_output.py``): cursor
positioning and moves (the frame diff's shorter ones too), erasing (ECH too: ``tui/terminal/erase.py``), SGR (ignored: only characters are kept),
private modes, OSC strings; wide characters take two cells, combining marks
join the cell before them. Not a full VT emulator: no scrolling regions, no
autowrap past the last column (the character overwrites the last cell).
"""

from __future__ import annotations

import codecs
import re

from rich.cells import cell_len

from tests.tui.pty_terminal import PtyProcess

_CSI = re.compile(r"\x1b\[([0-9;:<=>?]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


class Screen:
    """``Screen(columns, rows)``: feed it output with :meth:`feed`, read it
    with :meth:`text` / :meth:`line`."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed(self, data: bytes) -> None:
        """Play ``data`` (a chunk, possibly cut mid-character or mid-sequence)."""
        text = self._pending + self._decoder.decode(data)
        self._pending = ""
        i = 0
        while i < len(text):
            char = text[i]
            if char == "\x1b":
                match = _CSI.match(text, i) or _OSC.match(text, i)
                if match is None:
                    if len(text) - i < 64 and (i + 1 == len(text) or text[i + 1] in "[]"):
                        self._pending = text[i:]  # cut in the middle: wait for the rest
                        return
                    i += 2  # a two-character escape (ESC 7, ESC =, ...)
                    continue
                if match.re is _CSI:
                    self._csi(match.group(1), match.group(3))
                i = match.end()
                continue
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y = min(self.rows - 1, self.y + 1)
            elif char == "\b":
                self.x = max(0, self.x - 1)
            elif char >= " ":
                self._put(char)
            i += 1

    def _put(self, char: str) -> None:
        width = cell_len(char)
        if width == 0:
            if self.x > 0:
                self.cells[self.y][self.x - 1] += char
            return
        x = min(self.x, self.columns - width)
        self.cells[self.y][x] = char
        if width == 2:
            self.cells[self.y][x + 1] = ""
        self.x = x + width

    def _csi(self, params: str, final: str) -> None:
        if params[:1] in ("?", "<", "=", ">"):
            return  # private modes, keyboard protocol: nothing on screen
        numbers = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params else []

        def arg(index: int, default: int = 1) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y = min(self.rows, arg(0)) - 1
            self.x = min(self.columns, arg(1)) - 1
        elif final == "A":
            self.y = max(0, self.y - arg(0))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + arg(0))
        elif final == "C":
            self.x = min(self.columns - 1, self.x + arg(0))
        elif final == "D":
            self.x = max(0, self.x - arg(0))
        elif final == "G":
            self.x = min(self.columns, arg(0)) - 1
        elif final == "d":  # to a row, the column kept (the frame diff's moves: tui/terminal/cursor_moves.py)
            self.y = min(self.rows, arg(0)) - 1
        elif final == "J":
            mode = arg(0, 0)
            if mode == 0:
                self._erase_line(self.x, self.columns)
                rows = range(self.y + 1, self.rows)
            elif mode == 1:
                self._erase_line(0, self.x + 1)
                rows = range(0, self.y)
            else:
                rows = range(self.rows)
            for row in rows:
                self.cells[row] = [" "] * self.columns
        elif final == "X":  # erase characters from the cursor, which stays
            self._erase_line(self.x, min(self.columns, self.x + arg(0)))
        elif final == "K":
            mode = arg(0, 0)
            self._erase_line(*((self.x, self.columns), (0, self.x + 1), (0, self.columns))[min(mode, 2)])

    def _erase_line(self, start: int, end: int) -> None:
        self.cells[self.y][start:end] = [" "] * (end - start)

    def line(self, row: int) -> str:
        """Row ``row`` (0-based) as text, trailing spaces kept."""
        return "".join(self.cells[row])

    def text(self) -> str:
        """The whole screen, one line per row."""
        return "\n".join(self.line(row) for row in range(self.rows))


class WatchedScreen:
    """A :class:`PtyProcess` and the :class:`Screen` its output draws;
    every chunk is played as it is read, so :meth:`wait_for` sees the
    screen as it was at each moment, and :meth:`ever` what it ever showed."""

    def __init__(self, proc: PtyProcess, size: tuple[int, int]) -> None:
        self.proc = proc
        self.screen = Screen(*size)
        self._played = 0
        self.shown: list[str] = []
        """The screen's text after each chunk played."""

    def _play(self) -> None:
        for _, data in self.proc.chunks[self._played:]:
            self.screen.feed(data)
            self.shown.append(self.screen.text())
        self._played = len(self.proc.chunks)

    def wait_for(self, needle: str, timeout: float = 20.0) -> None:
        """Read until the screen shows ``needle``; raises ``TimeoutError`` (with the screen)."""
        import time

        deadline = time.perf_counter() + timeout
        while True:
            self._play()
            if needle in self.screen.text():
                return
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{needle!r} not on the screen in {timeout} s:\n{self.screen.text()}")
            if not self.proc._read_once(0.05):
                self._play()
                if needle in self.screen.text():
                    return
                raise EOFError(f"program ended before {needle!r} was shown:\n{self.screen.text()}")

    def read_for(self, seconds: float) -> None:
        self.proc.read_for(seconds)
        self._play()

    def ever(self, needle: str) -> bool:
        """Whether ``needle`` was on the screen after any chunk played so far."""
        self._play()
        return any(needle in text for text in self.shown)
