"""The ``encounter`` program's entry point: its start without the garbage collector.

Starting the game loads the modules of core, saves, Textual and tui, then
the campaign and the four panes: objects that all live on, so the
collector's passes over them (137 of them, about 80 ms of a 0.8 s start
to the first frame on the bench machine, ``python -m bench tui``) find
nothing to free. Collection is therefore off from the first line until
the App mounts, which freezes what is alive and turns it back on
(:class:`tui.terminal.idle_gc.CollectWhenIdle`); the commands that run no game
turn it back on before they start (:func:`tui.cli.main.main`).
"""

from __future__ import annotations

import gc


def run() -> None:
    """The ``encounter`` command (see :func:`tui.cli.main.run`)."""
    gc.disable()
    from tui.cli.main import run as run_command

    run_command()


if __name__ == "__main__":
    run()
