"""A hang-up while the screen says NOT SAVED loses nothing it showed.

The real program under a pty at 80x24 on the demo; the disk fills up
after the first action (ENOSPC injected into the journal's append by the
wrapper below, no switch in the product). Six more next turns are shown,
NOT SAVED; then the terminal hangs up (the pty closed: SIGHUP, and every
write to the terminal fails) or the program gets SIGTERM. The rescue copy
beside the data folder holds all seven; the next start names it first and
merges it back into the campaign on Enter."""

from __future__ import annotations

import json
import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from saves.campaign import Campaign
from tests.tui.helpers import demo_app
from tests.tui.pty_terminal import PtyProcess

ROOT = Path(__file__).resolve().parents[2]

DISK_FILLS_UP = """
import errno, sys
from saves import journal

real, done = journal.Journal.append, [0]

def append(self, records):
    done[0] += 1
    if done[0] > int(sys.argv[2]):
        raise OSError(errno.ENOSPC, "No space left on device")
    return real(self, records)

journal.Journal.append = append
from tui.cli.main import main
sys.exit(main([sys.argv[1], "--seed", "1"]))
"""


def _wait_exit(pid: int, timeout: float = 30.0) -> int | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    return None


@pytest.mark.parametrize("how", ["terminal closed", "SIGTERM"])
def test_a_hang_up_with_unsaved_actions_leaves_a_rescue_copy_the_next_start_merges(tmp_path, how):
    path = tmp_path / "demo.json"
    demo_app(path).presenter.session.campaign.close()
    before = Campaign.open(path, read_only=True)
    state = before.load_state()
    order, start_round = [c.id for c in state.order()], state.round
    before.close()
    expected = (start_round + 7 // len(order), order[7 % len(order)])
    env = {"ENCOUNTER_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT), "TERM": "xterm"}
    proc = PtyProcess([sys.executable, "-c", textwrap.dedent(DISK_FILLS_UP), str(path), "1"], size=(80, 24), env=env, cwd=str(ROOT))
    try:
        proc.wait_for(b"Round", timeout=60)
        proc.read_until_quiet(0.3)
        proc.send(b"n")  # saved
        proc.read_until_quiet(0.3)
        mark = proc.mark()
        proc.send(b"nnnnnn")  # the disk is full: shown, NOT SAVED
        proc.wait_for(b"NOT SAVED", timeout=30, since=mark)
        proc.read_until_quiet(0.5)
        if how == "SIGTERM":
            os.kill(proc.pid, signal.SIGTERM)
        else:
            os.close(proc.fd)  # the SSH connection drops: the kernel sends SIGHUP
            proc.fd = os.open(os.devnull, os.O_RDONLY)  # for PtyProcess.close
        status = _wait_exit(proc.pid)
        proc.exit_status = status
    finally:
        proc.close()
    assert status == 0  # nothing was lost
    (copy,) = tmp_path.glob("home-rescue-*-demo-*.json")
    assert json.loads(copy.read_text())["meta"]["1"]["rescue"]["actions"] == 6
    rescued = Campaign.open(copy, read_only=True)
    assert (rescued.load_state().round, rescued.load_state().current) == expected
    rescued.close()

    with PtyProcess([sys.executable, "-m", "tui.cli.main", str(path), "--seed", "1"], size=(80, 24), env=env, cwd=str(ROOT)) as again:
        again.wait_for(b"RESCUED", timeout=60)
        again.read_until_quiet(0.3)
        mark = again.mark()
        again.send(b"\r")  # the first answer: merge
        again.wait_for(b"Merged", timeout=30, since=mark)
        again.read_until_quiet(0.3)
        again.send(b"q")
        assert again.wait(30) == 0
    merged = Campaign.open(path, read_only=True)
    assert (merged.load_state().round, merged.load_state().current) == expected
    merged.close()
    assert not copy.exists()
