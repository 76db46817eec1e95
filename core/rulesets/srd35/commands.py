"""Commands of srd35's movement details (SRD-MOV-13, -15, -16,
-17). Re-exported by :mod:`core.combat.commands` (saved and logged like the rest);
handled in :mod:`core.rulesets.srd35.maneuvers`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.combat.commands import Attack, Command
from core.board.grid import Cell


@dataclass(frozen=True)
class SetBurden(Command):
    """SRD-MOV-13: what slows ``combatant``: ``armour`` worn ("", "light",
    "medium", "heavy"), ``load`` carried ("", "light", "medium", "heavy") and
    speed ``bonuses`` (type -> feet; 0 removes one; the best of a type
    counts). ``None`` leaves a part as it is."""

    combatant: str
    armour: str | None = None
    load: str | None = None
    bonuses: Mapping[str, int] | None = None


@dataclass(frozen=True)
class SetBody(Command):
    """SRD-MOV-15, -16: the GM marks ``combatant``'s ``body``: "obstacle"
    (helpless, each of its squares costs 2), "fills" (no tumbling through
    it) or "" (neither)."""

    combatant: str
    body: str = ""


@dataclass(frozen=True)
class OpportunityAttack(Command):
    """SRD-MOV-16: an attack of opportunity, ``attack.attacker``'s reaction
    (one a round) on ``attack.target`` who left a square it threatens (or
    provoked otherwise); spends no standard action."""

    attack: Attack


@dataclass(frozen=True)
class FiveFootStep(Command):
    """SRD-MOV-9, -16: ``combatant`` steps 1 square to ``to`` (cost 1) when
    it has not moved this round; it provokes no attack of opportunity and
    ends its movement for the round."""

    combatant: str
    to: Cell


@dataclass(frozen=True)
class StandUp(Command):
    """RULES.md Revision 3 (DEFAULT, d20 SRD): a ``prone`` ``combatant``
    stands up as a move action; in combat it spends the move action and a
    move's worth of squares."""

    combatant: str


@dataclass(frozen=True)
class Tumble(Command):
    """SRD-MOV-16 (DEFAULT d20 SRD Tumble): a check (``tumble_stat`` +
    ``bonus``, the skill's ranks) against ``tumble_dc_threatened`` to move
    on at half speed without provoking, or, with ``through`` (an enemy's
    id), against ``tumble_dc_through`` to pass its square."""

    combatant: str
    through: str | None = None
    bonus: int = 0


@dataclass(frozen=True)
class Overrun(Command):
    """SRD-MOV-16 (DEFAULT d20 SRD Overrun, a standard action during a
    move): ``attacker`` tries to force its way through ``defender``'s
    square. ``avoid``: the defender lets it pass. Else opposed checks
    (``overrun_stat`` + size vs the better of ``overrun_defence_stats`` +
    size, + the typed bonuses); a win knocks the defender prone and lets
    the attacker pass it this turn; a loss lets the defender try to knock
    the attacker prone."""

    attacker: str
    defender: str
    avoid: bool = False
    attacker_bonus: int = 0
    defender_bonus: int = 0


@dataclass(frozen=True)
class EscapeArtist(Command):
    """SRD-MOV-17: squeezing through a passage narrower than half its space
    needs an Escape Artist check (``escape_artist_stat`` + ``bonus`` against
    ``escape_artist_dc``, DEFAULT 30); success: it squeezes tightly (squares
    cost 2, no attacks, -4 AC, no DEX to AC)."""

    combatant: str
    bonus: int = 0
