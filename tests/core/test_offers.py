"""Offers and previews (core/offers/base.py): what a creature can do now, and what
a command would do, decided by the core alone."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, RulesError
from core.board.grid import Grid
from core.offers.base import Need, dry_run, find, move_reach, offers, preview
from core.rulesets import RULESET_IDS, get


def _fight(ruleset_id: str, *, apart: int = 1, stats_a=None, stats_b=None) -> Encounter:
    ruleset = get(ruleset_id)
    a = Combatant("a", "Aria", Side.PARTY, dict(stats_a or {}), 12, 12, position=(1, 1), initiative=20)
    b = Combatant("b", "Bandit", Side.FOE, dict(stats_b or {}), 9, 9, position=(1 + apart, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(12, 6), (a, b)), ruleset, random.Random(1))
    encounter.apply(cmd.StartCombat())
    return encounter


def _ids(encounter: Encounter, target: str | None = "b") -> set[str]:
    return {o.id for o in offers(encounter.state, encounter.ruleset, None, target)}


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_ruleset_offers_turns_attacks_checks_moves_and_its_action_kinds(ruleset_id):
    encounter = _fight(ruleset_id)
    found = _ids(encounter)
    assert {"next-turn", "previous-turn", "end-combat", "attack", "check", "move", "typed-damage"} <= found
    assert {f"spend.{kind}" for kind in encounter.ruleset.action_kinds} <= found


def test_rulesets_add_their_own_offers_tac_act_2_eq_day_3_srd_mov_9():
    assert {"tactical.dash", "tactical.dodge", "tactical.defend", "contest.grapple", "contest.shove", "contest.trip",
            "contest.disarm", "mp.crouch", "mp.prone"} <= _ids(_fight("tactical_d10"))
    assert {"poison", "exchange"} <= _ids(_fight("equestria"))
    srd = _ids(_fight("srd35"))
    assert {"spend.double_move", "spend.run", "five-foot-step"} <= srd
    assert "spend.five_foot_step" not in srd  # one 5-ft step, the one that moves (a try-out met two, one moving nothing)
    power = _ids(_fight("power_roll"))
    assert not power & {"poison", "tactical.dash", "contest.grapple", "mp.crouch", "spend.run"}


def test_an_offer_that_is_not_allowed_says_why_and_builds_nothing_eq_act_1():
    encounter = _fight("equestria", stats_a={"DEX": 1})
    encounter.apply(cmd.SpendAction("a", "quick"))
    offer = find(offers(encounter.state, encounter.ruleset, None, "b"), "spend.quick")
    assert offer is not None and not offer.allowed and "no quick action left" in offer.refusal
    with pytest.raises(IllegalCommand, match="no quick action left"):
        offer.command()


def test_offers_only_where_they_apply_burning_mounts_and_combat():
    encounter = _fight("tactical_d10")
    assert "extinguish" not in _ids(encounter)
    before = _ids(Encounter(EncounterState("t", Grid.filled(5, 5)), get("equestria")), None)
    assert "start-combat" in before and "next-turn" not in before


def test_offers_have_no_side_effects_like_legal_moves():
    encounter = _fight("tactical_d10", apart=4)
    state, rng_state = encounter.state, encounter.rng.getstate()
    offers(state, encounter.ruleset, None, "b")
    assert encounter.state is state and encounter.rng.getstate() == rng_state


def test_an_offer_builds_its_command_from_typed_text_and_refuses_bad_text():
    encounter = _fight("equestria")
    check = find(offers(encounter.state, encounter.ruleset, None, "b"), "check")
    assert check.needs is Need.TEXT and check.command("STR 14 adv").difficulty == 14
    with pytest.raises(RulesError, match="unknown stat"):
        check.command("LUCK")


def test_typed_damage_with_dice_is_one_command_one_step_tac_dmg_1():
    encounter = _fight("equestria")
    typed = find(offers(encounter.state, encounter.ruleset, None, "b"), "typed-damage")
    command = typed.command("2d6 fire + 3 piercing")
    assert isinstance(command, cmd.DealDamage) and len(command.dice) == 1 and command.parts[0].amount == 3
    events = encounter.apply(command)
    rolled = [e for e in events if type(e).__name__ == "DiceRolled"]
    dealt = 9 - encounter.state.combatant("b").hp
    assert len(rolled) == 1 and dealt == min(9, rolled[0].roll.total + 3)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_attack_preview_gives_the_rulesets_exact_odds_and_reasons(ruleset_id):
    encounter = _fight(ruleset_id)
    attack = find(offers(encounter.state, encounter.ruleset, None, "b"), "attack")
    shown = preview(encounter.state, encounter.ruleset, attack.command("1d6 slashing +1"))
    assert shown.allowed and sum(p for _, p in shown.odds) == 1
    assert all(isinstance(p, Fraction) for _, p in shown.odds)
    assert [label for label, _ in shown.odds] == [t.value for t in encounter.ruleset.attack_tiers]
    assert any(m.reason == "to hit (1d6 slashing)" and m.value == 1 for m in shown.modifiers)


def test_preview_gives_the_refusal_apply_would_raise():
    encounter = _fight("equestria", apart=5)
    command = find(offers(encounter.state, encounter.ruleset, None, "b"), "attack").command("")
    shown = preview(encounter.state, encounter.ruleset, command)
    with pytest.raises(RulesError) as raised:
        encounter.apply(command)
    assert shown.refusal == str(raised.value) and "out of melee reach" in shown.refusal


def test_move_preview_gives_path_cost_and_movement_left_eq_mov_2():
    encounter = _fight("equestria", apart=8)
    shown = preview(encounter.state, encounter.ruleset, cmd.Move("a", (4, 1)))
    assert shown.allowed and shown.cost == 3 and shown.path[-1] == (4, 1) and shown.notes == ("3 left after",)
    far = preview(encounter.state, encounter.ruleset, cmd.Move("a", (8, 4)))
    assert not far.allowed and far.cost == 7 and far.notes == ("only 6 left",)
    assert (4, 1) in move_reach(encounter.state, encounter.ruleset, "a").costs


def test_before_combat_movement_is_free():
    a = Combatant("a", "Aria", Side.PARTY, {}, 12, 12, position=(0, 0))
    state = EncounterState("t", Grid.filled(20, 3), (a,))
    shown = preview(state, get("equestria"), cmd.Move("a", (15, 0)))
    assert shown.allowed and shown.notes == ("free before combat",)


def test_dry_run_never_changes_the_state():
    encounter = _fight("equestria")
    state = encounter.state
    assert dry_run(state, encounter.ruleset, cmd.Damage("b", 4)) is None
    assert encounter.state is state and state.combatant("b").hp == 9


def test_offers_cite_the_rulesets_own_rules_and_mark_borrowed_ones_default():
    srd = {o.id: o.rule for o in offers(_fight("srd35").state, get("srd35"), None, "b")}
    assert srd["end-combat"] == "DEFAULT, as in equestria EQ-SIT-3" and srd["spend.run"] == "SRD-MOV-9"
    equestria = {o.id: o.rule for o in offers(_fight("equestria").state, get("equestria"), None, "b")}
    assert equestria["end-combat"] == "EQ-SIT-3" and equestria["typed-damage"] == "DEFAULT, as in tactical_d10 TAC-DMG-1"


def test_a_refusal_or_log_line_says_where_a_borrowed_rule_comes_from():
    """RULES.md Revision 3: "DEFAULT, as in equestria EQ-SIT-3"; own IDs stay as they are."""
    srd = get("srd35")
    assert srd.cite_text("it is not Hero's turn (EQ-ACT-1); SRD-MOV-9") == "it is not Hero's turn (DEFAULT, as in equestria EQ-ACT-1); SRD-MOV-9"
    assert get("equestria").cite_text("falls (EQ-MOV-8), TAC-POS-1") == "falls (EQ-MOV-8), DEFAULT, as in tactical_d10 TAC-POS-1"


def test_pr_roll_1_an_attack_preview_has_no_number_to_beat():
    """power_roll's tiers come from the total alone: a try-out's preview said
    "2d10+0 vs 0"; srd35 keeps its AC."""
    from core.offers.base import preview

    for ruleset_id, has in (("power_roll", False), ("srd35", True)):
        enc = _fight(ruleset_id)
        shown = preview(enc.state, enc.ruleset, cmd.Attack("a", "b"))
        assert (shown.difficulty is not None) is has and shown.odds


def test_pr_roll_1_a_tier_1_hit_says_why_its_damage_is_halved():
    """A try-out read "tier 1 hit ... rolled 2d6 [3, 4] = 7 -> takes 3 damage"
    with no reason for the halving (DEFAULT: tier 1 of a weapon without tier
    damage deals half)."""
    from core.combat.attacks import Weapon, WeaponDamage, resolve_attack
    from core.dice.checks import Tier

    ruleset = get("power_roll")
    a = Combatant("a", "Aria", Side.PARTY, {}, 12, 12, position=(1, 1))
    b = Combatant("b", "Bandit", Side.FOE, {}, 30, 30, position=(2, 1))
    sword = Weapon("sword", (WeaponDamage("2d6"),))
    for seed in range(200):
        outcome = resolve_attack(ruleset, random.Random(seed), a, b, sword)
        if outcome.check.tier is Tier.TIER_1:
            break
    assert outcome.check.tier is Tier.TIER_1
    halving = [m for m in outcome.damage.steps if m.rule == "PR-ROLL-1"]
    assert halving and "tier 1: half damage" in halving[0].reason
    assert outcome.damage.total == sum(r.total for r in outcome.rolls) // 2


# -- would_do: the events a dice-free command would cause ------------------------------
def test_would_do_shows_the_events_apply_would_return_hooks_included_and_changes_nothing():
    import random

    from core.combat import commands as cmd
    from core.combat import events as ev
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.combat.trackers import events as tev
    from core.combat.trackers.reminders import AddReminder
    from core.board.grid import Grid
    from core.errors import IllegalCommand
    from core.offers.base import rolls_dice, would_do
    from core.rulesets import get
    from core.values.combatant import Combatant, Side
    from core.values.trackers import When

    wolf = Combatant("w", "Wolf", Side.FOE, {"DEX": 1, "BODY": 2}, 30, 30, position=(3, 1), initiative=7)
    aria = Combatant("a", "Aria", Side.PARTY, {"DEX": 1, "BODY": 2}, 20, 20, position=(1, 1), initiative=10)
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (aria, wolf)), get("equestria"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    encounter.apply(AddReminder("w", "concentration", When.DAMAGE, stat="BODY", difficulty=12))
    before = encounter.state
    shown = would_do(encounter.state, encounter.ruleset, cmd.Damage("w", 4))
    assert encounter.state is before
    assert any(isinstance(e, ev.HitPointsChanged) and e.delta == -4 for e in shown)
    assert [e.why for e in shown if isinstance(e, tev.ReminderFired)] == ["took 4 damage"]  # the after-apply hook
    assert shown == encounter.apply(cmd.Damage("w", 4))
    assert not rolls_dice(cmd.Damage("w", 4)) and rolls_dice(cmd.Damage("w", "2d6")) and rolls_dice(cmd.Attack("a", "w"))
    with pytest.raises(IllegalCommand, match="no preview for Attack"):
        would_do(encounter.state, encounter.ruleset, cmd.Attack("a", "w"))


def test_eq_act_4_a_defended_attack_is_not_now_without_the_attackers_full_action():
    """The dodge and block offers were open after Aria's full action was spent."""
    encounter = _fight("equestria", stats_a={"DEX": 1}, stats_b={"DEX": 1})
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())  # round 2, Aria's turn: the bandit has had its turn and its reaction
    found = offers(encounter.state, encounter.ruleset, None, "b")
    assert find(found, "attack.dodge").refusal is None
    encounter.apply(cmd.SpendAction("a", "full"))
    found = offers(encounter.state, encounter.ruleset, None, "b")
    for how in ("attack.dodge", "attack.block"):
        assert "full" in (find(found, how).refusal or "")
