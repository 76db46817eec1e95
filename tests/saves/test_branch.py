"""What-if branches (saves.branch): a private copy, kept as the real fight or dropped."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.errors import IllegalCommand
from saves import paths
from saves.branch import WhatIf
from saves.campaign import Campaign
from saves.session import Session, create_demo


@pytest.fixture
def real(tmp_path, monkeypatch):
    monkeypatch.setenv("ENCOUNTER_HOME", str(tmp_path / "home"))
    session = Session(create_demo(tmp_path / "fight.json", random.Random(1)), random.Random(2))
    session.commit(cmd.Damage("c3", 3))
    yield session
    session.close()


def files(session):
    folder = session.path.parent
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith(".lock")}


def test_a_dropped_branch_leaves_the_real_files_as_they_were(real):
    before = files(real)
    branch = WhatIf(real, random.Random(3))
    branch.session.commit(cmd.Damage("c3", 5))
    branch.session.commit(cmd.NextTurn())
    assert real.encounter.state.combatant("c3").hp == 13 and branch.session.encounter.state.combatant("c3").hp == 8
    branch.drop()
    assert files(real) == before and not branch.folder.exists()


def test_a_kept_branch_becomes_the_next_steps_with_its_own_dice(real):
    branch = WhatIf(real, random.Random(3))
    branch.session.commit(cmd.RollDice("1d20", "c1"))
    branch.session.commit(cmd.Damage("c3", 5))
    branch.session.commit(cmd.Damage("c1", 1))
    branch.session.undo()  # not part of what is kept
    rolled = [e for e in branch.session.log if type(e.event).__name__ == "DiceRolled"][-1].event
    assert branch.keep() == 2
    campaign = real.campaign
    again = Session(campaign, random.Random(9))
    assert again.encounter.state.combatant("c3").hp == 8 and again.encounter.state.combatant("c1").hp == 14
    assert [e.event for e in again.log if type(e.event).__name__ == "DiceRolled"][-1] == rolled  # not rolled again
    seqs = [e.seq for e in again.log]
    assert seqs == list(range(1, len(seqs) + 1))
    again.undo()
    again.undo()
    assert again.encounter.state.combatant("c3").hp == 13  # each kept action undoes like any other


def test_undo_in_a_branch_stops_where_it_began(real):
    branch = WhatIf(real, random.Random(3))
    branch.session.commit(cmd.Damage("c3", 5))
    branch.session.undo()
    with pytest.raises(IllegalCommand, match="begins here"):
        branch.session.undo()
    branch.drop()


def test_a_branch_left_by_a_crash_is_cleared_by_the_next_one(real):
    left = WhatIf(real, random.Random(3))
    left.campaign.close()  # the process died here: its folder stays
    assert left.folder.exists()
    WhatIf(real, random.Random(4)).drop()
    assert not left.folder.exists()
    assert oct((paths.data_dir() / "what-if").stat().st_mode & 0o777) == "0o700"
