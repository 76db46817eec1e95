"""Pipes and devices given where a file is read: the map of `encounter new`,
a campaign PATH, keys.json — refused at once with a message, never waited on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.test_cli import run
from tui.keymap import load_keymap

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")


def test_a_fifo_as_the_map_of_new_is_refused(encounter_home, tmp_path):
    fifo = tmp_path / "map.txt"
    os.mkfifo(fifo)
    result = run("new", str(tmp_path / "c.json"), "--map", str(fifo), env_home=encounter_home)
    assert result.returncode == 2 and "named pipe" in result.stderr and "Traceback" not in result.stderr


def test_a_fifo_as_the_campaign_path_is_refused(encounter_home, tmp_path):
    fifo = tmp_path / "c.json"
    os.mkfifo(fifo)
    result = run(str(fifo), env_home=encounter_home)
    assert result.returncode == 2 and "named pipe" in result.stderr and str(fifo) in result.stderr
    assert not (tmp_path / "c.json.lock").exists()


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_keys_json_that_is_not_a_file_is_ignored_with_a_message(tmp_path, kind):
    path = tmp_path / "keys.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    keymap, problems = load_keymap(path)
    assert keymap == {} and len(problems) == 1 and "not a file" in problems[0]
