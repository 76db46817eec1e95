"""SIGTERM and SIGHUP end a running program cleanly: the campaign is closed, nothing lost."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from saves.campaign import Campaign, journal_path
from saves.lock import lock_path
from saves.session import create_demo

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import asyncio, random, sys
from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.session import Session
from saves.signals import exit_soon, install_exit_handlers

session = Session(Campaign.open(sys.argv[1]), random.Random(1))
stop = asyncio.Event()

async def main():
    restore = install_exit_handlers(exit_soon(stop.set))
    session.commit(cmd.RollDice("2d6 before the signal"))
    print(len(session.log), flush=True)
    await stop.wait()
    restore()

try:
    asyncio.run(main())
finally:
    session.close()
print("closed", flush=True)
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_closes_the_campaign_cleanly(tmp_path, signum):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(PROGRAM), str(path)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    entries = int(child.stdout.readline())
    child.send_signal(signum)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 0 and "closed" in out and "Traceback" not in err, err
    assert not journal_path(path).exists() and not lock_path(path).exists()  # compacted, lock released
    reopened = Campaign.open(path)
    assert len(reopened.load_log()) == entries and reopened.read_only is None
    reopened.close()


def test_without_a_loop_a_signal_raises_system_exit_so_finally_blocks_run():
    from saves.signals import exit_soon

    with pytest.raises(SystemExit) as caught:
        exit_soon(lambda: None)(signal.SIGTERM)
    assert caught.value.code == 128 + signal.SIGTERM
