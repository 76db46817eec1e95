"""A long session's memory stays flat: once a fold wrote them to the
history, an action's log entries, its events and their documents leave
memory (the codec's memo holds values weakly, the log keeps the last
:data:`saves.fold.KEEP_LOG` entries, a session's log view reads its own
entries from the log), and are read back, equal, when asked for."""

from __future__ import annotations

import gc
import random
import weakref

from core.combat import commands as cmd
from core.combat.boundary import KEPT_BOUNDARIES
from saves import campaign as campaign_module
from saves import fold
from saves.campaign import Campaign
from saves.session import Session, create_demo


def test_early_entries_leave_memory_after_a_fold_and_read_back_equal(tmp_path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 4096)  # fold every few actions
    monkeypatch.setattr(fold, "KEEP_LOG", 32)
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    early = [weakref.ref(entry.event) for entry in session.commit(cmd.RollDice("3d6 the first roll"))]
    first_index = len(session.log) - 1
    target = session.encounter.state.combatants[0].id
    for n in range(300):
        session.commit(cmd.Damage(target, 1) if n % 3 else cmd.Heal(target, 1))
        if n % 10 == 0:
            session.commit(cmd.RollDice(f"1d20 roll {n}"))
    session.campaign.flush()
    session.campaign.compact()
    gc.collect()
    assert all(ref() is None for ref in early)  # the roll's event is in the history only
    assert session.campaign.encounter().log.in_memory() <= 32 + 2
    rolled = session.log[first_index].event
    assert type(rolled).__name__ == "DiceRolled" and "the first roll" in rolled.roll.comment + rolled.purpose
    shown = list(session.log)
    session.close()
    reopened = Campaign.open(path, read_only=True)
    assert list(reopened.load_log()) == shown
    reopened.close()


def test_a_turn_on_a_full_window_of_turn_boundaries_is_the_one_that_went_and_the_one_that_came(tmp_path):
    """The state keeps its last KEPT_BOUNDARIES turn changes (for ``p``); once
    that window is full each turn moves it on by one. The undo step holds
    the boundary that left the window and the one that entered it, the very
    documents of the states (a diff index by index was about 80 KB of
    changes in memory per turn: 200 kept steps held 4 MB; the whole list
    before and after, 2 x 64 boundaries in each journal line), and undo and
    redo still give the exact states back."""
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    for _ in range(KEPT_BOUNDARIES + 2):
        session.commit(cmd.NextTurn())
    before = session.encounter.state
    session.commit(cmd.NextTurn())
    after = session.encounter.state
    assert len(before.boundaries) == len(after.boundaries) == KEPT_BOUNDARIES
    step = session.campaign.encounter(session.eid).steps[-1]
    gone, came = [c for c in step["changes"] if c["p"][0] == "boundaries"]
    assert gone["p"] == ["boundaries", 0] and "n" not in gone
    assert came["p"] == ["boundaries", KEPT_BOUNDARIES - 1] and "o" not in came
    state_doc = session.campaign.encounter(session.eid).state
    assert came["n"] is state_doc["boundaries"][-1]
    session.undo()
    assert session.encounter.state == before
    session.redo()
    assert session.encounter.state == after
    session.close()
