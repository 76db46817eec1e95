"""The offers every ruleset has, built from its components, and the
details of previews (see :mod:`core.offers.base`, which is the public API).

Rules: EQ-INIT-1..3 (starting combat), EQ-SIT-2..3 (ambush, ending
combat), EQ-ACT-1..4 (action kinds, exchange, attacks), TAC-MOV-2 (MP
actions), TAC-EFF-1 (extinguishing), EQ-MNT-1 (mounts), EQ-MOV-3/7
(take-off, landing, diving, where the movement model has them),
TAC-DMG-1 (typed damage), EQ-CHK-1 (checks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.values import limits as lim
from core.values.kinds import mp_action_words
from core.dice.checks import check_expression
from core.values.combatant import Side
from core.errors import IllegalCommand, RulesError
from core.dice.notation import ATTACK_WORDS, parse_check
from core.offers.attacks import attack_command, attack_details, odds
from core.combat.attacks import Weapon, another_weapon_index, weapons_this_turn
from core.offers.offer import Group, Need, Offer, OfferContext, typed_damage
from core.combat.move_options import move_options
from core.board.grid import as_cell
from core.offers import doors as offers_doors, maneuvers as offers_maneuvers, trackers as reminder_offers
from core.board.movement import find_path
from core.board.water import water_depth
from core.offers.mounted import details as mounted_details  # EQ-MNT-1..9, EQ-FALL-1
from core.offers.maneuver_previews import details
from core.offers.trackers import preview_tracker
from core.combat.mounted.moves import move_details, moves_mount

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset


ANOTHER = Weapon("\x00another weapon")
"""EQ-ACT-6: a weapon no attack this turn has used (whether another may attack)."""


def generic(c: OfferContext) -> tuple[Offer, ...]:
    """Offers built from the ruleset's components, in menu order."""
    return (
        _turn(c) + _actions(c) + _movement(c) + offers_maneuvers.generic(c) + offers_maneuvers.jumps(c) + _hit_points(c) + _secrets(c)
        + reminder_offers.tracker_offers(c) + offers_doors.door_offers(c)
    )


# -- turns and the scene ------------------------------------------------------------
def _turn(c: OfferContext) -> tuple[Offer, ...]:
    found: list[Offer] = []
    target = c.target
    if not c.fighting:
        found.append(c.offer("start-combat", "Roll initiative and start combat", Group.TURN, lambda _: cmd.StartCombat(), rule="EQ-INIT-1"))
        if target is not None:
            found.append(c.offer(
                "start-combat-by", f"{target.name} starts the fight: highest initiative + 1", Group.TURN,
                lambda _, t=target.id: cmd.StartCombat(starter=t), rule="EQ-INIT-3", target=target.id,
            ))
        for side, words in ((Side.PARTY, "the party prepares first"), (Side.FOE, "the foes prepare first")):
            found.append(c.offer(f"ambush.{side.value}", f"Ambush: {words}", Group.SCENE, lambda _, s=side: cmd.BeginPreparation(s), rule="EQ-SIT-2"))
        if target is not None:
            found.append(c.offer(
                "prepare", f"{target.name}: a preparation action (no turn spent)", Group.SCENE,
                lambda text, t=target.id: _prepare(t, text), check=False, rule="EQ-SIT-2", needs=Need.TEXT,
                prompt="What does it prepare? (text, then +N for a GM bonus)", example="hide behind the cart +2", target=target.id,
            ))
    else:
        found.append(c.offer("next-turn", "Next turn", Group.TURN, lambda _: cmd.NextTurn(), rule="EQ-ACT-1"))
        found.append(c.offer("previous-turn", "Hand the turn back to the previous combatant", Group.TURN, lambda _: cmd.PreviousTurn()))
        found.append(c.offer("end-combat", "End combat: all sides agree", Group.TURN, lambda _: cmd.EndCombat(), rule="EQ-SIT-3"))
        if c.actor is not None and c.other is not None:
            found.append(c.offer(
                "delay", f"{c.actor.name} delays until after {c.other.name}", Group.TURN,
                lambda _, a=c.actor.id, o=c.other.id: cmd.DelayTurn(a, o), rule="EQ-INIT-2", actor=c.actor.id, target=c.other.id,
            ))
    return tuple(found)


def _prepare(combatant_id: str, text: str) -> cmd.Command:
    words = text.split()
    bonus = 0
    if words and words[-1][:1] in "+-" and lim.is_whole(words[-1][1:]):
        bonus = int(words.pop())
    if not words:
        raise IllegalCommand("say what it prepares", "EQ-SIT-2")
    return cmd.PrepareAction(combatant_id, " ".join(words), bonus)


# -- the actor's actions ------------------------------------------------------------
def _actions(c: OfferContext) -> tuple[Offer, ...]:
    actor, other, ruleset = c.actor, c.other, c.ruleset
    if actor is None:
        return ()
    found: list[Offer] = []
    name = actor.name
    if other is not None:
        refusal = None
        if c.fighting and ruleset.attack_kind:
            try:
                ruleset.check_spend(actor, ruleset.attack_kind)
            except IllegalCommand as problem:
                refusal = str(problem)
            used = weapons_this_turn(actor)
            if refusal and another_weapon_index(c.state, ruleset, actor, ANOTHER) and len(used) < actor.fore_limbs:
                refusal = None  # EQ-ACT-6: another one-handed weapon attacks too
        found.append(c.offer(
            "attack", f"{name} attacks {other.name}", Group.ACTION,
            lambda text, a=actor.id, t=other.id: attack_command(c.state, ruleset, a, t, text), check=False,
            rule="EQ-ACT-4", spends=(ruleset.attack_kind,) if ruleset.attack_kind else (), needs=Need.TEXT,
            prompt=f"weapon damage (empty = unarmed), options: {ATTACK_WORDS}", example="1d6 slashing +1",
            actor=actor.id, target=other.id, refusal=refusal,
        ))
    found.append(c.offer(
        "check", f"Check for {name}", Group.ACTION,
        lambda text, a=actor.id: _check(ruleset, a, text), check=False, rule="EQ-CHK-1", needs=Need.TEXT,
        prompt=f"stat [difficulty, default {ruleset.default_difficulty}] [adv|dis] [what for, e.g. theft]",
        example="STR 12 adv", actor=actor.id,
    ))
    if c.fighting:
        for kind in ruleset.kinds:
            found.append(c.offer(
                f"spend.{kind.id}", f"{name}: {kind.label}", Group.ACTION,
                lambda _, a=actor.id, k=kind.id: cmd.SpendAction(a, k), rule=kind.rule, spends=(kind.id,), actor=actor.id,
            ))
        exchange = _exchange(ruleset, actor)
        if exchange is not None:
            given, gained, count = exchange
            found.append(c.offer(
                "exchange", f"{name}: trade the {given} action for {count} {gained}", Group.ACTION,
                lambda _, a=actor.id: cmd.ExchangeFullAction(a), rule="EQ-ACT-3", spends=(given,), actor=actor.id,
            ))
        for action in ruleset.movement_actions:
            cost = ruleset.movement_action_cost(action)
            found.append(c.offer(
                f"mp.{action}", f"{name}: {mp_action_words(action)[0]} ({cost} MP)", Group.MOVEMENT,
                lambda _, a=actor.id, x=action: cmd.SpendMovement(a, x), rule="TAC-MOV-2", spends=(f"{cost} MP",), actor=actor.id,
            ))
    if any(cond.name == "burning" for cond in actor.conditions):
        found.append(c.offer("extinguish", f"{name}: put out the flames", Group.ACTION, lambda _, a=actor.id: cmd.Extinguish(a), rule="TAC-EFF-1", actor=actor.id))
    if other is not None and actor.mounted_on is None:
        found.append(c.offer("mount", f"{name} mounts {other.name}", Group.MOVEMENT, lambda _, a=actor.id, t=other.id: cmd.Mount(a, t), rule="EQ-MNT-1", actor=actor.id, target=other.id))
    if actor.mounted_on is not None:
        found.append(c.offer("dismount", f"{name} dismounts", Group.MOVEMENT, lambda _, a=actor.id: cmd.Dismount(a), rule="EQ-MNT-1", actor=actor.id))
    return tuple(found)


def _exchange(ruleset: Ruleset, actor: Any) -> tuple[str, str, int] | None:
    try:
        return ruleset.exchange(actor)
    except IllegalCommand:
        return None


def _check(ruleset: Ruleset, actor_id: str, text: str) -> cmd.Command:
    request = parse_check(text, ruleset.sheet_names)
    return cmd.RollCheck(actor_id, request.stat, request.difficulty, request.advantage, purpose=request.purpose)


# -- movement ---------------------------------------------------------------------------
_ALTITUDE = (
    ("take_off", "take off", "EQ-MOV-3"),
    ("land", "land", "EQ-MOV-3"),
    ("dive", "dive deeper", "EQ-MOV-7"),
)


def _movement(c: OfferContext) -> tuple[Offer, ...]:
    actor = c.actor
    if actor is None:
        return ()
    found: list[Offer] = []
    model = c.ruleset.movement
    found.append(c.offer(
        "move", f"{actor.name} moves", Group.MOVEMENT, lambda cell, a=actor.id: cmd.Move(a, tuple(cell)), check=False,
        rule=model.budget_rule, needs=Need.CELL, actor=actor.id,
        refusal=None if actor.position is not None else f"{actor.name} is not on the map: place it first",
    ))
    in_water = actor.position is not None and c.state.grid.contains(actor.position) and bool(water_depth(c.state.grid, actor.position, c.ruleset.settings))
    relevant = {"take_off": bool(actor.speeds.get("fly")) and actor.layer.value != "air", "land": actor.layer.value == "air", "dive": in_water}
    for how, words, rule in _ALTITUDE:
        if hasattr(model, how) and relevant[how]:
            found.append(c.offer(f"altitude.{how}", f"{actor.name}: {words}", Group.MOVEMENT, lambda _, a=actor.id, h=how: cmd.ChangeAltitude(a, h), rule=rule, actor=actor.id))
    return tuple(found)


# -- hit points -------------------------------------------------------------------------
def _secrets(c: OfferContext) -> tuple[Offer, ...]:
    """What the GM keeps from the players' view (core.combat.visibility): hide or
    reveal the selected creature, its notes and each of its conditions."""
    target = c.target
    if target is None:
        return ()
    found = [c.offer(
        "reveal" if target.hidden else "hide",
        f"Show {target.name} to the players again" if target.hidden else f"Hide {target.name} from the players",
        Group.SCENE, lambda _, t=target.id, h=not target.hidden: cmd.SetHidden(t, h), target=target.id,
    )]
    if target.notes:
        found.append(c.offer(
            "notes-secret", f"{'Share' if target.notes_secret else 'Keep secret'}: {target.name}'s notes", Group.SCENE,
            lambda _, t=target.id, s=not target.notes_secret: cmd.SetSecret(t, "", s), target=target.id,
        ))
    for condition in target.conditions:
        found.append(c.offer(
            f"condition-secret.{condition.name}",
            f"{'Show' if condition.secret else 'Keep secret'}: {target.name}'s {condition.name}", Group.SCENE,
            lambda _, t=target.id, n=condition.name, s=not condition.secret: cmd.SetSecret(t, n, s), target=target.id,
        ))
    return tuple(found)


def _hit_points(c: OfferContext) -> tuple[Offer, ...]:
    target = c.target
    if target is None:
        return ()
    hp = f"(HP {target.hp}/{target.hp_max})"
    return (
        c.offer(
            "typed-damage", f"Typed damage to {target.name} without an attack (spell, trap, fall)", Group.HIT_POINTS,
            lambda text, t=target.id: _typed(t, text), check=False, rule="TAC-DMG-1", needs=Need.TEXT,
            prompt=f"damage {hp}: dice or a number, each with its type", example="2d6 fire + 3 piercing", target=target.id,
        ),
    )


def _typed(target_id: str, text: str) -> cmd.Command:
    return typed_damage(target_id, text)


# -- preview details ------------------------------------------------------------------------
def preview_details(state: EncounterState, ruleset: Ruleset, command: cmd.Command) -> dict[str, Any]:
    """Odds, modifiers, expression, path and cost of ``command`` (fields of :class:`core.offers.base.Preview`)."""
    if isinstance(command, cmd.Move):
        return _move_details(state, ruleset, command)
    try:
        if isinstance(command, cmd.Attack):
            return attack_details(state, ruleset, command)
        if isinstance(command, cmd.RollCheck):
            return _check_details(state, ruleset, command)

        found = preview_tracker(state, ruleset, command) or mounted_details(state, ruleset, command)
        if found is None:
            found = details(state, ruleset, command)
        attack = getattr(command, "attack", None)
        if not found and isinstance(attack, cmd.Attack):  # a reaction that is one attack (SRD-MOV-16): its odds
            return attack_details(state, ruleset, attack)
        return found
    except RulesError:
        return {}


def _check_details(state: EncounterState, ruleset: Ruleset, command: cmd.RollCheck) -> dict[str, Any]:
    who = state.combatant(command.combatant)
    modifier = who.stat(command.stat) + sum(m.value for m in command.modifiers)
    difficulty = ruleset.default_difficulty if command.difficulty is None else command.difficulty
    chances = ruleset.check_odds(modifier, difficulty, command.advantage)
    expression = check_expression(ruleset.check_sides, modifier, command.advantage, ruleset.check_count)
    return {"odds": odds(chances), "modifiers": command.modifiers, "expression": expression, "difficulty": difficulty}


def _move_details(state: EncounterState, ruleset: Ruleset, command: cmd.Move) -> dict[str, Any]:
    try:
        mover = state.combatant(command.combatant)

        if moves_mount(state, mover):  # EQ-MNT-3: the mount moves for its rider
            return move_details(state, ruleset, command)
        path = find_path(state.grid, ruleset, mover, state.combatants, as_cell(command.to), options=move_options(state, mover, ruleset))
    except RulesError as problem:
        return {"refusal": str(problem)}
    budget = move_budget(state, mover)
    left = "free before combat" if budget is None else (f"{budget - path.cost} left after" if path.cost <= budget else f"only {budget} left")
    refusal = None if budget is None or path.cost <= budget else f"the path costs {path.cost} {ruleset.movement.unit}; {mover.name} has {budget} left ({ruleset.movement.budget_rule})"
    notes = (left, *ruleset.move_notes(state, mover, path))
    return {"path": path.cells, "cost": path.cost, "unit": ruleset.movement.unit, "notes": notes, "refusal": refusal}


def move_budget(state: EncounterState, mover: Any) -> int | None:
    """Movement ``mover`` may spend now: what is left this turn in combat,
    unlimited (``None``) before combat, when moving is free (DEFAULT)."""
    return mover.budget.movement if state.round > 0 else None
