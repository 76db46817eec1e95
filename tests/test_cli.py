"""The command line: help, bad paths and maps give one line on stderr, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from saves.campaign import Campaign
from tui import cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env_home: Path) -> subprocess.CompletedProcess:
    import os

    env = dict(os.environ, ENCOUNTER_HOME=str(env_home))
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)


def test_help_lists_the_commands(encounter_home):
    result = run("--help", env_home=encounter_home)
    assert result.returncode == 0
    for word in ("--demo", "encounter new", "PATH", str(encounter_home)):
        assert word in result.stdout


def test_new_help(encounter_home):
    result = run("new", "--help", env_home=encounter_home)
    assert result.returncode == 0 and "--map" in result.stdout and "--ruleset" in result.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["new", "x.json", "--map", "missing.txt"], "cannot read map"),
        (["new", "x.json", "--map", "pyproject.toml"], "Cannot read the map"),
        (["new", "x.json", "--map", "core/maps/seed003_battle.txt", "--ruleset", "chess"], "unknown ruleset"),
    ],
)
def test_bad_new_arguments(encounter_home, tmp_path, args, needle):
    result = run(*args, env_home=encounter_home)
    assert result.returncode == 2
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert not (ROOT / "x.json").exists()


def test_corrupt_campaign_is_refused_on_stderr(encounter_home, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{ not json")
    result = run(str(path), env_home=encounter_home)
    assert result.returncode == 2
    assert "not valid JSON" in result.stderr and str(path) in result.stderr
    assert "Traceback" not in result.stderr
    assert path.read_text() == "{ not json"


def test_folder_as_campaign_is_refused(encounter_home, tmp_path):
    result = run(str(tmp_path), env_home=encounter_home)
    assert result.returncode == 2 and "folder" in result.stderr


def test_missing_folder_is_refused(encounter_home, tmp_path):
    result = run(str(tmp_path / "nope" / "c.json"), env_home=encounter_home)
    assert result.returncode == 2 and "does not exist" in result.stderr


def test_new_creates_a_campaign_from_a_map(tmp_path, monkeypatch):
    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append((campaign, notice)) or 0)
    map_file = tmp_path / "map.txt"
    map_file.write_text("#######\n#A...B#\n#..~..#\n#######\n")
    assert cli.main(["new", str(tmp_path / "c.json"), "--map", str(map_file), "--seed", "1"]) == 0
    campaign, notice = launched[0]
    state = Campaign.open(tmp_path / "c.json").load_state()
    assert [c.position for c in state.order()] and {c.position for c in state.combatants} == {(1, 1), (5, 1)}
    assert state.round == 1
    assert "2 combatants" in notice


def test_open_or_create_path(tmp_path, monkeypatch):
    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append(campaign) or 0)
    target = tmp_path / "moor.json"
    assert cli.main([str(target)]) == 0
    assert target.exists() and launched[0].name == "moor"
    assert cli.main([str(target)]) == 0
    assert launched[1].load_state() == launched[0].load_state()


def test_demo_flag_and_path_conflict(capsys):
    assert cli.main(["--demo", "x.json"]) == 2
    assert "either" in capsys.readouterr().err
