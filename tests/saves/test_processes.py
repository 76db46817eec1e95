"""Two processes on one campaign; a disk that fills up (RLIMIT_FSIZE); a read-only folder."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.errors import ReadOnlySave
from saves.session import Session, create_demo

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def test_a_second_process_opens_read_only_with_a_clear_message(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    holder = _python(
        f"""
        import random, sys
        from core.combat import commands as cmd
        from saves.campaign import Campaign
        from saves.session import Session
        session = Session(Campaign.open({str(path)!r}), random.Random(1))
        assert session.read_only is None
        print("ready", flush=True)
        sys.stdin.readline()
        session.commit(cmd.RollDice("3d6 from the first process"))
        print("applied", len(session.log), flush=True)
        sys.stdin.readline()
        session.close()
        """
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        before = path.read_bytes()
        second = Campaign.open(path)
        assert isinstance(second.read_only, ReadOnlySave)
        message = str(second.read_only)
        assert message == f"{path.name}: open in process {holder.pid}; make changes there"
        session = Session(second, random.Random(2))
        with pytest.raises(ReadOnlySave):
            session.commit(cmd.NextTurn())
        with pytest.raises(ReadOnlySave):
            second.rename("mine now")
        second.close()
        assert path.read_bytes() == before

        holder.stdin.write("go\n")
        holder.stdin.flush()
        applied = holder.stdout.readline().split()
        assert applied[0] == "applied"
        seen = Campaign.open(path)  # still read-only, but sees the first process's action
        assert seen.read_only is not None and len(seen.load_log()) == int(applied[1])
        seen.close()
    finally:
        holder.stdin.write("bye\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    assert holder.returncode == 0, holder.stderr.read()
    mine = Campaign.open(path)
    assert mine.read_only is None
    mine.close()


def test_two_opens_in_one_process_share_nothing_but_the_file(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    first = Campaign.open(path)
    second = Campaign.open(path)
    assert first.read_only is None and second.read_only is not None
    first.close()
    third = Campaign.open(path)
    assert third.read_only is None
    third.close()
    second.close()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX only")
def test_disk_full_keeps_state_in_memory_and_the_file_intact_then_retries(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    child = _python(
        f"""
        import json, random, resource, signal
        from pathlib import Path
        from core.combat import commands as cmd
        from saves.campaign import Campaign, journal_path
        from saves.session import Session
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # what saves.signals.install_exit_handlers does
        path = Path({str(path)!r})
        session = Session(Campaign.open(path), random.Random(1))
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, hard))  # files may not grow past 3000 bytes
        before = path.read_bytes()
        failures = 0
        for i in range(12):
            session.commit(cmd.RollDice(f"1d20 roll {{i}}"))
            failures += session.unsaved is not None
        report = {{
            "failures": failures,
            "message": str(session.unsaved),
            "in_memory": len(session.log),
            "file_intact": path.read_bytes() == before,
            "journal_size": journal_path(path).stat().st_size,
        }}
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        session.commit(cmd.RollDice("1d4 after the disk was freed"))
        report["saved_again"] = session.unsaved is None
        report["final"] = len(session.log)
        print(json.dumps(report), flush=True)
        """
    )
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    report = json.loads(out)
    assert report["failures"] > 0 and "not saved" in report["message"] and str(path) in report["message"]
    assert report["file_intact"] and report["journal_size"] <= 3000
    assert report["saved_again"]
    reopened = Campaign.open(path)
    assert len(reopened.load_log()) == report["final"]  # every action, the unsaved ones too
    reopened.close()


def test_a_folder_that_turns_read_only_shows_not_saved_and_retries(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(1))
    before = path.read_bytes()
    import saves.journal as journal

    real_open = journal.os.open

    def read_only_folder(name, flags, *args):
        if os.geteuid() == 0 and str(name).endswith(".journal"):  # root ignores permissions: pretend
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(journal.os, "open", read_only_folder)
    os.chmod(folder, 0o500)
    try:
        session.commit(cmd.NextTurn())
        assert session.unsaved is not None and "Permission denied" in str(session.unsaved)
        assert path.read_bytes() == before
    finally:
        os.chmod(folder, 0o700)
        monkeypatch.setattr(journal.os, "open", real_open)
    session.commit(cmd.NextTurn())
    assert session.unsaved is None
    session.close()
    assert Session(Campaign.open(path)).encounter.state == session.encounter.state


def test_a_campaign_opened_on_a_full_disk_is_its_writer_not_read_only(tmp_path, monkeypatch):
    """The lock file is made (no block needed) but its pid cannot be
    written (ENOSPC): the lock is held all the same and released once, so
    the GM plays, NOT SAVED, instead of a read-only campaign that says its
    folder cannot be written."""
    import errno

    from saves import lock

    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    real_write = os.write

    def full(fd, data):
        if os.path.realpath(f"/proc/self/fd/{fd}") == str(lock.lock_path(path)):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(lock.os, "write", full)
    campaign = Campaign.open(path)
    try:
        assert campaign.read_only is None
        second = Campaign.open(path)
        assert second.read_only is not None  # held: a second open only reads
        second.close()
    finally:
        campaign.close()
    again = Campaign.open(path)  # released: nothing was left holding it
    assert again.read_only is None
    again.close()
