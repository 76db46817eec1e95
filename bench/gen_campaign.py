"""A campaign with a long history, made quickly, for the benches and for trying.

    python bench/gen_campaign.py PATH [--entries 100000] [--encounters 200]

The current encounter (the demo fight) is played (dice rolls, a real next
turn every 20th action, each an undo step) until the campaign holds
``entries`` log lines; the other encounters are finished fights, each a
copy of one 250-line fight with its undo steps. The actions are put
straight into the campaign in memory, then folded and written as the
program writes them (fsync skipped): the history ends up in
``PATH.history``, and undo walks it back to the start.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.combat import commands as cmd  # noqa: E402
from core.combat.encounter import Encounter  # noqa: E402
from saves import campaign as campaign_module  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.history import LogList, StepList  # noqa: E402
from saves.layout import EncounterData  # noqa: E402
from saves import patch  # noqa: E402
from saves.codec import to_document  # noqa: E402
from saves.reading import entry_document  # noqa: E402
from saves.records import make_entries  # noqa: E402
from saves.session import create_demo  # noqa: E402

OLD_FIGHT = 250  # log lines of each finished encounter


def _play(campaign: Campaign, eid: int, lines: int, rng: random.Random) -> None:
    """Grow encounter ``eid`` to ``lines`` log lines: a real next turn (state
    change, undo step with its diff) every 20th action, dice rolls (copies
    of one real roll's line, undo steps that change nothing) between."""
    enc = campaign.encounter(eid)
    encounter = Encounter(campaign.load_state(eid), campaign.ruleset, rng)
    [roll] = encounter.apply(cmd.RollDice("3d6+2 filler"))
    roll_doc = to_document(roll)
    state_doc = enc.state
    index = 0
    while len(enc.log) < lines:
        index += 1
        first = enc.next_seq
        if index % 20 == 0:
            events = encounter.apply(cmd.NextTurn())
            new_doc = to_document(encounter.state)
            changes, state_doc = patch.diff(state_doc, new_doc), new_doc
            docs = [entry_document(eid, e) for e in make_entries(encounter.state, events, first)]
            label = "NextTurn"
        else:
            state = encounter.state
            changes, label = [], "RollDice"
            docs = [{"eid": eid, "seq": first, "round": state.round, "turn": state.current, "event": roll_doc}]
        enc.steps.truncate(enc.head)
        enc.steps.append({"n": enc.head + 1, "changes": changes, "first_seq": first, "last_seq": first + len(docs) - 1, "label": label})
        enc.head += 1
        for doc in docs:
            enc.log.append(doc)
    enc.state = state_doc


def generate(path: Path, entries: int = 100_000, encounters: int = 200, seed: int = 1) -> Path:
    """Write the campaign at ``path`` (which must not exist); returns ``path``."""
    real_fsync, limit = os.fsync, campaign_module.COMPACT_MIN_BYTES
    os.fsync = lambda fd: None  # building only
    campaign_module.COMPACT_MIN_BYTES = 1 << 40  # one fold, at the end
    try:
        create_demo(path, random.Random(seed)).close()
        campaign = Campaign.open(path)
        rng = random.Random(seed)
        old = max(0, encounters - 1)
        if old:
            eid = campaign.add_encounter("Old fight", campaign.load_state())
            _play(campaign, eid, OLD_FIGHT, rng)
            model = campaign.encounter(eid)
            steps = [model.steps[i] for i in range(len(model.steps))]
            docs = [model.log.doc(i) for i in range(len(model.log))]
            for number in range(eid + 1, eid + old):
                copy = EncounterData(number, f"Old fight {number}", "finished", model.state, model.head, StepList(None, steps), LogList(path=path))
                for doc in docs:
                    copy.log.append(dict(doc, eid=number))
                campaign.data.encounters[number] = copy
            model.status = "finished"
        current = len(campaign.encounter(1).log)
        _play(campaign, 1, entries - sum(len(e.log) for e in campaign.data.encounters.values()) + current, rng)
        campaign.compact()
        campaign.close()
    finally:
        os.fsync, campaign_module.COMPACT_MIN_BYTES = real_fsync, limit
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--encounters", type=int, default=200)
    args = parser.parse_args()
    generate(args.path, args.entries, args.encounters)
    size = args.path.stat().st_size + args.path.with_name(args.path.name + ".history").stat().st_size
    print(f"{args.path}: {args.entries} log lines, {args.encounters} encounters, {size / 1e6:.1f} MB with its history")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
