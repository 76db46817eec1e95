"""What an app writes to the terminal, captured in tests, and a checker for it.

Textual's test driver (``HeadlessDriver``) renders nothing: ``App._display``
skips the terminal write when the driver says it is headless. To see the
bytes a real terminal would get, :func:`capture_terminal` swaps in a driver
that is headless in every way except that one, so every frame is rendered
by the real code path (compositor, Rich console, ``render_segments``) and
appended to a list instead of written to a tty.

It relies on ``App._build_driver`` (private, Textual 8.x). If a Textual
upgrade stops calling it, nothing is captured: callers must assert that a
known word of the first frame was captured (see :func:`captured_text`), so
the failure is loud, never a silently empty capture.

:func:`unsafe_output` knows the escape sequences Textual itself writes and
reports anything else: an escape sequence from user text (``ESC[2J``,
``ESC]0;title BEL``), a C1 control (U+0080..U+009F, e.g. the 8-bit CSI
U+009B) or a C0 control other than newline, BEL and ESC. The pty-based
check in ``test_untrusted_text.py`` uses the same checker on real bytes.
"""

from __future__ import annotations

import re

from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver

# Sequences Textual 8 writes while running (drivers/linux_driver.py, app.py,
# _compositor.py), and the frame diff's erase. Deliberately narrow: an erase-screen (ESC[2J), a title
# (OSC 0/2), a hyperlink (OSC 8) or clipboard write (OSC 52) is not here.
_TEXTUAL_SEQUENCES = re.compile(
    r"\x1b\[[0-9;:]*m"  # SGR colours and attributes
    r"|\x1b\[[0-9]*(?:;[0-9]*)?H"  # cursor position
    r"|\x1b\[[0-9]*[ABCDGd]"  # cursor moves (to a row, VPA: the frame diff's, tui/terminal/cursor_moves.py)
    r"|\x1b\[[0-9]+X"  # erase characters: the frame diff's runs of blanks (tui/terminal/erase.py)
    r"|\x1b\[J"  # clear below (inline mode)
    r"|\x1b\[6n"  # cursor position query (inline mode)
    r"|\x1b\[\?[0-9;]+[hl]"  # private modes: alt screen, mouse, cursor, paste, sync output
    r"|\x1b\[\?[0-9]+\$p"  # mode queries (DECRQM)
    r"|\x1b\[[<>=][0-9]*u"  # kitty keyboard protocol push/pop
    r"|\x1b\]22;[a-z-]*(?:\x07|\x1b\\)"  # pointer shape (OSC 22)
)
_BAD_CHAR = re.compile(r"[\x00-\x06\x08-\x09\x0b-\x1a\x1c-\x1f\x7f\x80-\x9f]")


def unsafe_output(output: str) -> list[str]:
    """Everything in ``output`` that Textual would not write on its own:
    stray escape sequences and control characters, each with some context."""
    rest = _TEXTUAL_SEQUENCES.sub("", output)
    problems = []
    for match in re.finditer(r"\x1b", rest):
        problems.append(f"ESC: {rest[max(0, match.start() - 20):match.start() + 20]!r}")
    for match in _BAD_CHAR.finditer(rest):
        problems.append(f"U+{ord(match.group()):04X}: {rest[max(0, match.start() - 20):match.start() + 20]!r}")
    return problems


def visible_text(output: str) -> str:
    """``output`` without Textual's escape sequences: the characters drawn."""
    return _TEXTUAL_SEQUENCES.sub("", output)


class _CaptureDriver(HeadlessDriver):
    """Headless, except that frames are rendered and kept in ``written``."""

    written: list[str]

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.written.append(data)


def capture_terminal(app: App) -> list[str]:
    """Make ``app.run_test()`` keep what it writes to the terminal; returns
    the list it appends to (one string per write). Call before ``run_test``."""
    written: list[str] = []

    def build_driver(headless: bool, inline: bool, mouse: bool, size: tuple[int, int] | None) -> HeadlessDriver:
        driver = _CaptureDriver(app, debug=False, mouse=mouse, size=size)
        driver.written = written
        app._driver = driver
        return driver

    app._build_driver = build_driver  # type: ignore[method-assign]
    return written


def captured_text(written: list[str], start: int = 0) -> str:
    """The writes from index ``start`` on, joined."""
    return "".join(written[start:])
