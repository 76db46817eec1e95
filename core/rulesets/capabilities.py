"""The typed capabilities of a ruleset: the rules only some systems have,
asked by the engine instead of the ruleset's id.

A property that is ``None`` means "this ruleset has no such rule" (a
command that needs it is refused); a hook's default does nothing. A
ruleset's package fills the ones its seed defines, from its own settings:

- ``jump`` (:class:`~core.combat.maneuvers.jumps.JumpRule`): equestria, tactical_d10, power_roll;
- ``riding`` (:class:`~core.combat.mounted.settings.MountedSettings`) and
  ``reactions`` (:class:`~core.combat.reactions.ReactionRules`): equestria;
- ``burrowing`` (:class:`~core.combat.maneuvers.moves.BurrowingRules`) and
  ``weakened_penalty``: power_roll;
- ``senses`` (:class:`~core.board.senses.SenseRules`) and the hooks of an
  attack and a shove (``damage_bonus``, ``after_hit``, ``after_shove``,
  ``shield_wall``): tactical_d10;
- ``stat_blocks`` and the hooks of a move (``move_doublings``,
  ``move_notes``, ``after_move``, ``squeeze_shape``, ``attack_refusal``): srd35;
- ``turn_started``: what the ruleset does at the start of a turn (TAC-ACT-3).

Falling (``Ruleset.falling``) is a capability every ruleset has; it lives
with the movement in :class:`~core.rulesets.base.Ruleset`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from core.board.senses import SenseRules
    from core.combat.maneuvers.jumps import JumpRule
    from core.combat.maneuvers.moves import BurrowingRules
    from core.combat.mounted.settings import MountedSettings
    from core.combat.reactions import ReactionRules
    from core.combat.state import EncounterState, Table
    from core.dice.checks import Modifier
    from core.values.combatant import Combatant


class Capabilities:
    """The capabilities and hooks every :class:`~core.rulesets.base.Ruleset`
    has, with the defaults of a ruleset that lacks them."""

    # -- combat ---------------------------------------------------
    @property
    def riding(self) -> MountedSettings | None:
        """Capability: the mounted-combat rules (EQ-MNT-1..9, and falling
        objects EQ-FALL-1) as this ruleset plays them, ``None`` without them."""
        return None

    @property
    def burrowing(self) -> BurrowingRules | None:
        """Capability: burrowing and climbing a creature (PR-BUR-1..4, PR-CLB-1), ``None`` without them."""
        return None

    @property
    def senses(self) -> SenseRules | None:
        """Capability: TAC-POS-4 and TAC-POS-6 (an invisible attacker, a target's main sense), ``None`` without them."""
        return None

    def shield_wall(self, target: Combatant, combatants: Any) -> tuple[Modifier, ...]:
        """Modifiers a row of shield bearers gives ``target`` (tactical_d10 TAC-OPT-1); default none."""
        return ()

    @property
    def reactions(self) -> ReactionRules | None:
        """Capability: dodge, block and catching (EQ-ACT-4, EQ-ACT-9), ``None`` without them."""
        return None

    # -- creatures ------------------------------------------------------------
    stat_blocks: ClassVar[bool] = False
    """Capability: creatures may be imported from d20 SRD stat blocks (srd35)."""

    @property
    def jump(self) -> JumpRule | None:
        """Capability: this ruleset's jump (:class:`core.combat.maneuvers.jumps.JumpRule`),
        ``None`` where its seed has none (a Jump is refused)."""
        return None

    # -- hooks of a move (srd35: attacks of opportunity, SRD-MOV-16) -------------
    def move_doublings(self, mover: Combatant) -> int:
        """Further x2 on each square of ``mover``'s moves now (srd35: squeezing, tumbling at half speed); default 0."""
        return 0

    def sight_doublings(self, state: EncounterState, mover: Combatant) -> int:
        """Further x2 on each square for a mover that cannot see where it goes
        (srd35: seed 002's poor visibility, RULES.md Revision 3); default 0."""
        return 0

    def move_notes(self, state: EncounterState, mover: Combatant, path: Any) -> tuple[str, ...]:
        """What a preview of ``mover`` taking ``path`` should also say (srd35: who it provokes); default none."""
        return ()

    def after_move(self, enc: Table, state: EncounterState, before: Combatant, path: Any) -> tuple[Any, tuple[Any, ...]]:
        """``(state, events)`` after ``before`` moved along ``path`` (srd35: the attacks of opportunity it provokes)."""
        return state, ()

    @property
    def weakened_penalty(self) -> int | None:
        """Capability: what ``weakened`` takes off attacks (power_roll PR-BUR-3), ``None`` where it does not."""
        return None

    def squeeze_shape(self, state: EncounterState, who: Combatant, command: Any) -> tuple[Combatant, str]:
        """``(who as it squeezes or stops, the source of its squeezing condition)``
        for a :class:`~core.combat.commands.Squeeze` (srd35: SRD-MOV-17's
        narrow passage); default ``(who, "a narrow space (SRD-MOV-8)")``."""
        return who, "a narrow space (SRD-MOV-8)"

    def attack_refusal(self, attacker: Combatant) -> str | None:
        """Why ``attacker`` cannot attack at all now (srd35: squeezing tightly, SRD-MOV-17), or ``None``."""
        return None

    # -- hooks of an attack and a shove (tactical_d10's TAC-OPT-1 switches) -------
    def damage_bonus(self, attacker: Combatant) -> int:
        """Damage ``attacker``'s hit adds now (tactical_d10: after a dash); default 0."""
        return 0

    def defence(self, target: Combatant) -> tuple[int, int]:
        """``(reduction, least damage left)`` a defending ``target`` takes off a hit
        (tactical_d10: TAC-ACT-2 Defend); default ``(0, 0)``."""
        return 0, 0

    def after_hit(self, enc: Table, state: EncounterState, attacker: Combatant, target: Combatant, weapon: Any, damage: Any) -> tuple[Any, tuple[Any, ...]]:
        """``(state, events)`` after ``attacker``'s hit dealt ``damage`` to ``target``
        (tactical_d10: a long piercing weapon goes through); default nothing."""
        return state, ()

    def after_shove(self, state: EncounterState, attacker: Combatant, target: Combatant, cells: int) -> tuple[Any, ...]:
        """Events after a successful shove of ``cells`` (tactical_d10: the switches' notes); default none."""
        return ()

    def turn_started(self, encounter: Any, state: EncounterState, combatant_id: str) -> tuple[Any, tuple[Any, ...]]:
        """What the ruleset does by itself at the start of ``combatant_id``'s
        turn, after its budget refreshes (TAC-ACT-3); ``(state, events)``,
        default nothing. Handing the turn back gives it back (core.combat.boundary)."""
        return state, ()
