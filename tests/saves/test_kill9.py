"""Kill -9 at random points: every acknowledged action survives, every time.

A forked child plays a campaign as fast as it can (commands, undo, redo,
with compaction forced often) and reports each action on a pipe once
``Session`` returned. The parent kills it with SIGKILL after a random
delay, then opens the file: it must open, and hold at least every
acknowledged action (the log never shorter; the same state when nothing
more was written). The delay runs from the fork in even rounds (kills
while opening, which compacts what the last child left) and from the
child's first acknowledged action in odd ones (kills while playing), so
that a slow, loaded machine still gets work done between kills.

With the journal written beside the game (``Campaign.write_beside``, as
the app does) an action is acknowledged once it is shown as saved (its
fsync returned on the writer's thread), and the kills land while the
writer writes, while actions wait for it, and between.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time

import pytest

from saves import campaign as campaign_module
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tests.saves.helpers import ACTIONS, act, state_hash

KILLS = int(os.environ.get("ENCOUNTER_KILLS", "60"))


class _Acks:
    """Acknowledges each action on the pipe once it is shown as saved: at once
    when the journal is written before ``Session`` returns, else once the
    writer's fsync passed its last record."""

    def __init__(self, session: Session, write_fd: int) -> None:
        self.session, self.write_fd = session, write_fd
        self.shown: list[tuple[int, bytes]] = []  # (seq of the action's last record, its line), not yet saved

    def acted(self) -> None:
        session = self.session
        line = json.dumps({"n": len(session.log), "h": state_hash(session.encounter.state)}).encode() + b"\n"
        self.shown.append((session.campaign.last_seq, line))
        self.saved()

    def saved(self) -> None:
        saved = self.session.campaign.saved_seq
        while self.shown and self.shown[0][0] <= saved:
            os.write(self.write_fd, self.shown.pop(0)[1])


def _child(path, write_fd: int, seed: int, beside: bool) -> None:
    try:
        campaign_module.COMPACT_MIN_BYTES = 2048  # compact every few actions: kills hit compactions too
        session = Session(Campaign.open(path), random.Random(seed))
        assert session.read_only is None
        if beside:
            session.campaign.write_beside()
        os.write(write_fd, b"OPEN\n")
        rng = random.Random(seed)
        acks = _Acks(session, write_fd)
        for _ in range(2000):
            if act(session, rng.choice(ACTIONS), rng):
                if session.unsaved is not None:
                    os.write(write_fd, b"ERR unsaved\n")
                    break
                acks.acted()
            acks.saved()
        session.campaign.flush()
        acks.saved()
        os.write(write_fd, b"DONE\n")
        time.sleep(60)
    finally:
        os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("beside", [False, True], ids=["written-before-return", "written-beside"])
def test_kill_minus_nine_loses_no_acknowledged_action(tmp_path, beside):
    path = tmp_path / "fight.json"
    create_demo(path, random.Random(3)).close()
    rng = random.Random(2024)
    acked_total = 0
    for round_ in range(KILLS):
        read_fd, write_fd = os.pipe()
        os.set_blocking(read_fd, False)
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            _child(path, write_fd, round_, beside)
        os.close(write_fd)
        chunks = []
        delay = rng.uniform(0.002, 0.06)
        deadline = time.monotonic() + (delay if round_ % 2 == 0 else 30.0)
        while time.monotonic() < deadline:  # keep the pipe drained while the child runs
            try:
                chunks.append(os.read(read_fd, 65536))
            except BlockingIOError:
                time.sleep(0.001)
            if round_ % 2 and deadline - time.monotonic() > delay and b"{" in b"".join(chunks):
                deadline = time.monotonic() + delay
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.set_blocking(read_fd, True)
        while chunk := os.read(read_fd, 65536):
            chunks.append(chunk)
        os.close(read_fd)
        lines = b"".join(chunks).decode().splitlines()
        assert not any(line.startswith("ERR") for line in lines), lines[-3:]
        acks = [json.loads(line) for line in lines if line.startswith("{")]
        acked_total += len(acks)

        reopened = Campaign.open(path)  # never raises: the file always opens
        assert reopened.read_only is None
        on_disk_n = len(reopened.load_log())
        if acks:
            last = acks[-1]
            assert on_disk_n >= last["n"], f"kill {round_}: acknowledged {last['n']} log lines, file has {on_disk_n}"
            if on_disk_n == last["n"]:
                assert state_hash(reopened.load_state()) == last["h"], f"kill {round_}: state differs from the acknowledged one"
        reopened.close()
    assert acked_total > KILLS // 2  # the children did get work done between kills
    assert not list(tmp_path.glob(".*.tmp"))


def _stage_child(path, write_fd: int, stage_name: str, background: bool, beside: bool) -> None:
    """Play until a fold reaches ``stage_name``, and die there (SIGKILL to itself)."""
    try:
        from saves import fold

        def stage(name: str) -> None:
            if name == stage_name:
                os.kill(os.getpid(), signal.SIGKILL)

        fold.stage = stage
        campaign_module.COMPACT_MIN_BYTES = 2048 if background else 1 << 30
        session = Session(Campaign.open(path), random.Random(5))
        if beside:
            session.campaign.write_beside()
        rng = random.Random(6)
        acks = _Acks(session, write_fd)
        for _ in range(400):
            if act(session, rng.choice(ACTIONS), rng):
                acks.acted()
        session.campaign.flush()
        acks.saved()
        session.close()  # a fold that is not in the background: the last one, on close
        os.write(write_fd, b"DONE\n")
    finally:
        os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize(("background", "beside"), [(True, False), (False, False), (True, True)],
                         ids=["background-fold", "fold-on-close", "background-fold-written-beside"])
@pytest.mark.parametrize("stage_name", ["encoded", "history", "file", "journal"])
def test_a_kill_at_each_step_of_a_fold_loses_nothing(tmp_path, stage_name, background, beside):
    """Killed once a fold has encoded everything (a background one in small
    paced slices) and written nothing, after the history segment is written (the file not yet), after
    the file is written (the folded journal not yet deleted), after the
    journal is deleted: the campaign opens with every acknowledged action,
    undo walks back to the start, and the next fold completes."""
    path = tmp_path / "fight.json"
    create_demo(path, random.Random(3)).close()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _stage_child(path, write_fd, stage_name, background, beside)
    os.close(write_fd)
    chunks = []
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    lines = b"".join(chunks).decode().splitlines()
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL and "DONE" not in lines  # killed in the fold
    acked = [line for line in lines if line.startswith("{")]
    if not acked:  # killed before the writer saved a first action: nothing was shown as saved
        assert beside
        return
    last = json.loads(acked[-1])
    reopened = Session(Campaign.open(path), random.Random(1))
    on_disk = len(reopened.log)
    assert on_disk >= last["n"]  # the game went on beside a background fold: one more action may be on disk
    if on_disk == last["n"]:
        assert state_hash(reopened.encounter.state) == last["h"]
    steps = 0
    while reopened.can_undo:
        reopened.undo()
        steps += 1
    assert steps > 0
    reopened.close()
    again = Campaign.open(path)
    assert len(again.load_log()) == on_disk + steps  # the undo lines too
    again.close()
