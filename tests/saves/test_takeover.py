"""Taking a campaign over from a live process whose terminal is gone: two real processes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core.combat import commands as cmd
from saves import takeover
from saves.campaign import Campaign
from saves.lock import lock_path
from saves.session import Session, create_demo

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")

HOLDER = """
import asyncio, random, sys
from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.session import Session
from saves.signals import install_takeover_handler

session = Session(Campaign.open(sys.argv[1]), random.Random(1))
assert session.read_only is None
ANSWER = sys.argv[2] == "answers"
FULL = sys.argv[3] == "full"

async def main():
    stop = asyncio.Event()
    if ANSWER:
        install_takeover_handler(session.campaign.hand_over, stop.set)
    for i in range(3):
        session.commit(cmd.RollDice(f"1d20 shown by the first process {i}"))
    if FULL:
        import resource, signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
        session.commit(cmd.RollDice("1d4 not saved"))
        assert session.unsaved is not None
    print(len(session.log), flush=True)
    await stop.wait()

asyncio.run(main())
session.close()
print("left", flush=True)
"""


def _holder(path: Path, answers: bool = True, full: bool = False, **kwargs) -> tuple[subprocess.Popen, int]:
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(HOLDER), str(path), "answers" if answers else "deaf", "full" if full else "ok"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs,
    )
    line = child.stdout.readline()
    assert line.strip().isdigit(), child.stderr.read()
    return child, int(line)


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    return path


def test_a_live_holder_saves_leaves_and_the_new_instance_writes_with_nothing_lost(path):
    child, shown = _holder(path)
    try:
        mine = Campaign.open(path)
        assert mine.read_only is not None
        holder = takeover.inspect(path)
        assert holder is not None and holder.pid == child.pid and holder.same_user and holder.answers
        held = takeover.request(path, holder, wait=20)
        mine.close()
        out, err = child.communicate(timeout=30)
        assert child.returncode == 0 and "left" in out, err
        session = Session(Campaign.open(path, held_lock=held), random.Random(2))
        assert session.read_only is None
        assert len(session.log) == shown  # everything the first process had shown
        session.commit(cmd.RollDice("1d6 by the new instance"))
        session.close()
        assert len(Campaign.open(path, read_only=True).load_log()) == shown + 1
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_a_stopped_holder_is_woken_and_hands_over(path):
    child, shown = _holder(path)
    try:
        os.kill(child.pid, signal.SIGSTOP)
        os.waitpid(child.pid, os.WUNTRACED)  # until it is stopped
        holder = takeover.inspect(path)
        assert holder.stopped and holder.looks_abandoned
        held = takeover.request(path, holder, wait=20)
        child.wait(timeout=30)
        campaign = Campaign.open(path, held_lock=held)
        assert campaign.read_only is None and len(campaign.load_log()) == shown
        campaign.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_a_holder_that_does_not_answer_is_not_signalled_and_keeps_the_campaign(path):
    child, _ = _holder(path, answers=False)
    try:
        holder = takeover.inspect(path)
        assert holder is not None and not holder.answers
        with pytest.raises(takeover.TakeOverRefused, match="does not answer"):
            takeover.request(path, holder, wait=1)
        assert child.poll() is None and lock_path(path).exists()
    finally:
        child.kill()
        child.wait()


def test_a_holder_that_cannot_save_keeps_the_campaign_and_what_it_showed(path):
    child, shown = _holder(path, full=True)
    try:
        holder = takeover.inspect(path)
        with pytest.raises(takeover.TakeOverRefused, match="could not save"):
            takeover.request(path, holder, wait=2)
        assert child.poll() is None  # still running, still holding its unsaved action
        second = Campaign.open(path)
        assert second.read_only is not None and len(second.load_log()) == shown - 1
        second.close()
    finally:
        child.kill()
        child.wait()


def test_another_users_holder_is_refused_without_a_signal(path):
    holder = takeover.Holder(pid=1, same_user=False, answers=True, stopped=False, terminal=None, terminal_gone=True, idle=None)
    with pytest.raises(takeover.TakeOverRefused, match="another user"):
        takeover.request(path, holder, wait=0)


def test_a_holder_whose_terminal_was_closed_is_seen_as_gone(path):
    import fcntl
    import pty
    import termios

    def stuck_on_its_terminal():  # a session on the terminal, as under sshd; deaf to the hang-up (a process stuck)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    master, slave = pty.openpty()
    child, shown = _holder(path, stdin=slave, start_new_session=True, preexec_fn=stuck_on_its_terminal)
    os.close(slave)
    try:
        before = takeover.inspect(path)
        assert before.terminal and before.terminal.startswith("/dev/pts/") and not before.terminal_gone
        os.close(master)  # the SSH server let go of the terminal without a hang-up reaching the process
        after = takeover.inspect(path)
        assert after.terminal_gone and after.looks_abandoned and "terminal is gone" in after.describe()
        held = takeover.request(path, after, wait=20)
        child.wait(timeout=30)
        campaign = Campaign.open(path, held_lock=held)
        assert campaign.read_only is None and len(campaign.load_log()) == shown
        campaign.close()
    finally:
        child.kill()
        child.wait()
