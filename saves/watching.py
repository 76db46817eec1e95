"""Reading a campaign for a player view: read-only, never writing a byte.

:func:`read_snapshot` opens the campaign without its lock (it does not
matter whether the GM's process is running), folds the journal in memory,
and returns what :func:`core.visibility.visible_to` lets the side know of
the current encounter. Raises :class:`SaveError` (missing, corrupt or newer
file) and :class:`RulesError` (``as_name`` is not a visible party member).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.combatant import Side
from core.visibility import SideView, visible_to
from saves.campaign import Campaign


@dataclass(frozen=True)
class PlayerSnapshot:
    """``view`` of the current encounter for a side, with the campaign's
    ``title``, the ruleset's tracked action ``kinds`` (id, letter) and a
    ``turn_line`` for the status line."""

    view: SideView
    title: str
    kinds: tuple[tuple[str, str], ...]
    turn_line: str


def read_snapshot(path: Path, side: Side = Side.PARTY, as_name: str | None = None) -> PlayerSnapshot:
    campaign = Campaign.open(path, read_only=True)
    try:
        state = campaign.load_state()
        ruleset = campaign.ruleset
        title = campaign.name
        name = campaign.encounter().name
    finally:
        campaign.close()
    if name != title:
        title = f"{title}: {name}"
    view = visible_to(state, ruleset, side, as_name)
    shown = view.state
    if not view.viewers:
        turn = f"Nobody on the {side.value}'s side to look through: the GM sets sides on the sheet (s)."
    elif shown.round == 0:
        turn = "Combat has not started."
    elif shown.current is not None:
        turn = f"Round {shown.round}: {shown.combatant(shown.current).name}'s turn."
    else:
        turn = f"Round {shown.round}: someone you cannot see is acting."
    kinds = tuple((k.id, k.letter) for k in ruleset.tracked_kinds)
    return PlayerSnapshot(view, title, kinds, turn + " Players' view (read-only); q quits.")
