"""The command line: help, bad paths and maps give one line on stderr, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from saves.campaign import Campaign
from tui.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env_home: Path) -> subprocess.CompletedProcess:
    import os

    env = dict(os.environ, ENCOUNTER_HOME=str(env_home))
    return subprocess.run([sys.executable, "-m", "tui.cli.main", *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)


def test_help_lists_the_commands(encounter_home):
    result = run("--help", env_home=encounter_home)
    assert result.returncode == 0
    for word in ("--demo", "encounter new", "PATH", str(encounter_home)):
        assert word in result.stdout


@pytest.mark.parametrize("args", [("--help",), ("new", "--help"), ("watch", "--help"), ("recap", "--help")])
def test_help_creates_no_data_folder(encounter_home, args):
    """Reading the help is not using the app: no folder appears in the user's home."""
    result = run(*args, env_home=encounter_home)
    assert result.returncode == 0 and "usage" in result.stdout.lower()
    assert not encounter_home.exists()


def test_new_help(encounter_home):
    result = run("new", "--help", env_home=encounter_home)
    assert result.returncode == 0 and "--map" in result.stdout and "--ruleset" in result.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["new", "x.json", "--map", "missing.txt"], "cannot read map"),
        (["new", "x.json", "--map", "pyproject.toml"], "Cannot read the map"),
        (["new", "x.json", "--map", "core/board/maps/seed003_battle.txt", "--ruleset", "chess"], "unknown ruleset"),
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


@pytest.mark.parametrize("ruleset", ["srd35", "tactical_d10", "power_roll"])
def test_new_without_a_map_in_another_ruleset_gives_the_demo_creatures_on_the_seed_map(tmp_path, monkeypatch, ruleset):
    """The README shows --map as optional; a try-out was refused 'needs --map' for tactical_d10."""
    from core.rulesets import get

    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append((campaign, notice)) or 0)
    assert cli.main(["new", str(tmp_path / "c.json"), "--ruleset", ruleset, "--seed", "1"]) == 0
    campaign, notice = launched[0]
    state = Campaign.open(tmp_path / "c.json").load_state()
    assert campaign.data.meta["ruleset"] == ruleset and state.round == 1
    assert sorted(c.name for c in state.combatants) == ["Boar", "Character 1", "Character 2"]
    assert all(set(c.stats) <= set(get(ruleset).stat_names) for c in state.combatants)
    assert ruleset in notice
    from tui.keys import ACTIONS

    sheet_key = next(a.key for a in ACTIONS if a.id == "edit-sheet")
    assert f"{sheet_key} to edit the sheet" in notice  # a try-out read "e to edit": e puts on a condition


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


def test_a_broken_last_campaign_falls_back_to_the_demo(tmp_path, monkeypatch, encounter_home):
    from saves import paths

    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append((campaign, notice)) or 0)
    broken = tmp_path / "broken.json"
    broken.write_text("{ torn")
    paths.remember_campaign(broken)
    assert cli.main([]) == 0
    campaign, notice = launched[0]
    assert campaign.path == paths.demo_path()
    assert "Could not open the last campaign" in notice and "broken.json" in notice
    assert broken.read_text() == "{ torn"
    campaign.close()


def test_a_broken_last_campaign_with_a_backup_says_the_repair_in_one_row_and_why_on_quit(tmp_path, monkeypatch, encounter_home, capsys):
    import random

    from core.combat import commands as cmd
    from saves import paths
    from saves.session import Session, create_demo

    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append(notice) or campaign.close() or 0)
    moor = paths.campaigns_dir() / "moor.json"
    create_demo(moor, random.Random(1)).close()
    for seed in range(2):
        session = Session(Campaign.open(moor), random.Random(seed))
        session.commit(cmd.NextTurn())
        session.close()
    paths.remember_campaign(moor)
    moor.write_text("{ torn")
    assert cli.main([]) == 0
    [notice] = launched
    assert "quit and run: encounter restore moor " in notice and len(notice) < 80  # the status line: one row
    assert "not valid JSON" in capsys.readouterr().err  # printed once the game is over


def test_new_with_a_roster_and_a_bare_name(tmp_path, monkeypatch, encounter_home):
    from saves import paths

    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append(campaign) or 0)
    map_file = tmp_path / "moor.txt"
    map_file.write_text("#######\n#A...b#\n#######\n\nA Aria party hp 12 DEX 2\nb Bandit foe hp 7\n")
    assert cli.main(["new", "moor", "--map", str(map_file), "--ruleset", "srd35", "--seed", "3"]) == 0
    campaign = launched[0]
    assert campaign.path == paths.campaigns_dir() / "moor.json"
    state = campaign.load_state()
    assert {(c.name, c.side.value, c.hp_max) for c in state.combatants} == {("Aria", "party", 12), ("Bandit", "foe", 7)}
    campaign.close()


def test_a_mistyped_campaign_path_is_refused_with_how_to_create_it(tmp_path, monkeypatch, capsys):
    """``encounter moor.jsn`` or ``encounter mor.json`` next to
    ``moor.json`` says it does not exist (naming the likely one) and how to
    create a campaign, and creates nothing."""
    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append(campaign) or campaign.close() or 0)
    existing = tmp_path / "moor.json"
    assert cli.main([str(existing)]) == 0
    for typo in ("mor.json", "moor.jsn", "Moor.json"):
        assert cli.main([str(tmp_path / typo)]) == 2
        err = capsys.readouterr().err
        assert "does not exist" in err and str(existing) in err and "encounter new" in err
        assert not (tmp_path / typo).exists()
    assert cli.main([str(tmp_path / "notes.txt")]) == 2
    assert "end in .json" in capsys.readouterr().err
    assert len(launched) == 1


def test_a_clearly_new_name_is_created_and_new_without_a_map_is_the_demo_fight(tmp_path, monkeypatch, encounter_home):
    from saves import paths

    launched = []
    monkeypatch.setattr(cli, "_run", lambda campaign, rng, notice, ui=None: launched.append((campaign, notice)) or campaign.close() or 0)
    assert cli.main([str(tmp_path / "moor.json")]) == 0
    assert cli.main(["new", str(tmp_path / "mor.json")]) == 0  # the GM means it
    assert (tmp_path / "mor.json").exists() and "demo fight" in launched[-1][1]
    assert cli.main(["fen"]) == 0  # a bare name: in the campaigns folder
    assert launched[-1][0].path == paths.campaigns_dir() / "fen.json"
    assert cli.main(["fen"]) == 0 and launched[-1][0].path == paths.campaigns_dir() / "fen.json"  # opened again


def test_new_without_a_terminal_is_the_campaign_encounter_opens_next(tmp_path, monkeypatch, capsys):
    """`encounter new X </dev/null` then `encounter` opened the demo, not X."""
    import io

    from saves import paths

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["new", str(tmp_path / "x.json"), "--seed", "1"]) == 0
    assert "is ready" in capsys.readouterr().err
    assert paths.last_campaign() == (tmp_path / "x.json").resolve()


def test_a_broken_campaign_names_restore_in_clean_lines_and_restore_ends_the_refusals(tmp_path, capsys, encounter_home):
    import random

    from core.combat import commands as cmd
    from saves.session import Session, create_demo

    path = tmp_path / "moor.json"
    create_demo(path, random.Random(1)).close()
    for seed in range(2):
        session = Session(Campaign.open(path), random.Random(seed))
        session.commit(cmd.NextTurn())
        session.close()
    path.write_text('{"garbage": [1,2')
    assert cli.main([str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    for line in lines:  # a longer line holds one path, or the command to copy, never cut
        assert len(line) <= 80 or len(line.removeprefix("encounter: ").removeprefix("  encounter restore ").split()) == 1, line
    assert f"  encounter restore {path}" in lines
    assert cli.main(["restore", str(path)]) == 0
    assert f"{path} is back to round" in " ".join(capsys.readouterr().out.split())
    assert cli.main(["restore", str(path)]) == 2 and "nothing to restore" in capsys.readouterr().err
    Campaign.open(path).close()
