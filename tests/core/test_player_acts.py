"""What a player may do out of its turn and with its own dice (core.offers.player_requests,
core.combat.player_turns, core.dice.typed_dice): a check the GM asks for (EQ-CHK-1), a
reaction the ruleset offers (srd35's attack of opportunity, SRD-MOV-16), physical dice
checked against the dice they stand for; never another's act, never out of turn otherwise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.player_turns import AnswerAsk, AskCheck, AskInitiative, CheckAsked, asked_checks, initiative_asked
from core.dice.rolls import roll
from core.dice.typed_dice import TypedDice, typed_faces
from core.errors import IllegalCommand
from core.offers.asked_checks import read_ask
from core.offers.base import find, offers
from core.offers.player_requests import PlayerRequest, parse_request, request_commands
from core.rulesets.srd35 import commands as sc
from core.values.attacks import SavedAttack
from core.values.combatant import Side
from core.values.combatant import Combatant
from tests.core.reach_helpers import encounter, of


def creature(cid, stats, position, side=Side.PARTY, name="", **extra):
    return Combatant(cid, name, side, stats, 60, 60, position=position, **extra)


def _table(ruleset="equestria", house=None):
    """Ayla (party, initiative 15) next to the boar (foe, 5), Brom (party, 10) further off; combat started."""
    ayla = creature("ayla", {"DEX": 2, "STR": 1, "SPEED": 30}, position=(2, 2), initiative=15, name="Ayla", attacks=(SavedAttack("Bite", "1d6 piercing"),))
    brom = creature("brom", {"DEX": 1, "STR": 0, "SPEED": 30}, position=(2, 5), initiative=10, name="Brom", attacks=(SavedAttack("Bite", "1d4 piercing"),))
    boar = creature("boar", {"DEX": 0, "STR": 0, "SPEED": 30}, position=(3, 2), side=Side.FOE, initiative=5, name="Boar")
    return encounter(ruleset, ayla, brom, boar, fight=True, house=house)


def _apply(enc, request):
    commands, _ = request_commands(enc.state, enc.ruleset, request)
    return tuple(e for c in commands for e in enc.apply(c))


# -- a check the GM asks for (EQ-CHK-1) ------------------------------------------------------
def test_eq_chk_1_out_of_its_turn_a_player_rolls_only_the_check_the_gm_asked_for():
    enc = _table()
    assert enc.state.current == "ayla"
    with pytest.raises(IllegalCommand, match="it is not Brom's turn and the GM asked for no DEX check"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "check", stat="DEX"))
    ask = find(offers(enc.state, enc.ruleset, None, "brom"), "ask-check")
    assert ask is not None and ask.allowed and ask.target == "brom"
    asked = enc.apply(ask.command("dex 14"))
    assert of(asked, CheckAsked)[0].difficulty == 14 and asked_checks(enc.state.combatant("brom")) == {"DEX": 14}
    with pytest.raises(IllegalCommand, match="no STR check"):  # another stat stays refused
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "check", stat="STR"))
    events = _apply(enc, PlayerRequest("brom", "check", stat="DEX"))
    rolled = of(events, ev.CheckRolled)[0]
    assert rolled.combatant == "brom" and rolled.result.difficulty == 14  # the GM's difficulty, as asked
    assert asked_checks(enc.state.combatant("brom")) == {}  # once: a second roll is refused again
    with pytest.raises(IllegalCommand, match="asked for no DEX check"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "check", stat="DEX"))


def test_eq_chk_1_the_gm_withdraws_an_ask_and_a_stat_it_lacks_is_refused():
    enc = _table()
    with pytest.raises(IllegalCommand, match="no stat 'LUCK'"):
        read_ask(("DEX", "STR"), "brom", "LUCK")
    with pytest.raises(IllegalCommand, match="whole number"):
        read_ask(("DEX", "STR"), "brom", "DEX hard")
    with pytest.raises(IllegalCommand, match="no stat"):
        enc.apply(AskCheck("brom", "LUCK"))
    enc.apply(AskCheck("brom", "STR"))
    withdraw = find(offers(enc.state, enc.ruleset, None, "brom"), "ask-check.withdraw")
    assert withdraw is not None
    enc.apply(withdraw.command())
    assert asked_checks(enc.state.combatant("brom")) == {}
    with pytest.raises(IllegalCommand, match="nobody asked"):
        enc.apply(AnswerAsk("brom", "STR"))
    assert find(offers(enc.state, enc.ruleset, None, "boar"), "ask-check") is None  # foes have no player


def test_eq_init_1_the_gm_asks_the_players_for_their_own_initiative_before_combat_only():
    ayla = creature("ayla", {"DEX": 2}, (2, 2), name="Ayla")
    brom = creature("brom", {"DEX": 1}, (2, 5), name="Brom", initiative=12)
    boar = creature("boar", {"DEX": 0}, (3, 2), side=Side.FOE, name="Boar")
    enc = encounter("equestria", ayla, brom, boar)
    ask = find(offers(enc.state, enc.ruleset, None, None), "ask-initiative")
    assert ask is not None and ask.allowed and ask.rule == "EQ-INIT-1"
    (asked,) = enc.apply(ask.command())
    assert asked.combatants == ("ayla",)  # Brom has one already; foes have no player
    assert initiative_asked(enc.state.combatant("ayla")) and not initiative_asked(enc.state.combatant("boar"))
    _apply(enc, PlayerRequest("ayla", "initiative"))
    assert enc.state.combatant("ayla").initiative is not None and not initiative_asked(enc.state.combatant("ayla"))
    assert find(offers(enc.state, enc.ruleset, None, None), "ask-initiative") is None  # the party has rolled
    with pytest.raises(IllegalCommand, match="every party member has an initiative already"):
        enc.apply(AskInitiative())


# -- reactions the ruleset offers (SRD-MOV-16) -------------------------------------------------
def test_srd_mov_16_a_provoked_player_makes_its_attack_of_opportunity_with_its_saved_attack():
    enc = _table("srd35")
    with pytest.raises(IllegalCommand, match="Brom has not had a turn yet: flat-footed"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "reaction", attack="Bite", target="boar"))
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())  # Brom, then the boar's turn: Ayla has had hers (not flat-footed)
    assert enc.state.current == "boar"
    enc.apply(cmd.Move("boar", (6, 2)))  # it leaves the square next to Ayla: provokes her
    commands, words = request_commands(enc.state, enc.ruleset, PlayerRequest("ayla", "reaction", attack="Bite", target="boar"))
    assert isinstance(commands[0], sc.OpportunityAttack) and commands[0].attack.attacker == "ayla" and "Bite" in words
    events = tuple(e for c in commands for e in enc.apply(c))
    assert of(events, ev.Maneuvered)[0].rule == "SRD-MOV-16"
    assert enc.state.combatant("ayla").budget.left("aoo") == 0
    with pytest.raises(IllegalCommand, match="no attack of opportunity left"):  # one a round
        request_commands(enc.state, enc.ruleset, PlayerRequest("ayla", "reaction", attack="Bite", target="boar"))
    with pytest.raises(IllegalCommand, match="Boar did not provoke Brom and is out of its reach"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "reaction", attack="Bite", target="boar"))
    with pytest.raises(IllegalCommand, match="no reaction against|same side"):  # never against its own side
        request_commands(enc.state, enc.ruleset, PlayerRequest("brom", "reaction", attack="Bite", target="ayla"))


def test_a_ruleset_without_such_a_reaction_refuses_it_and_attacks_stay_on_the_own_turn():
    enc = _table("equestria")  # EQ-ACT-4's dodge and block are declared by the GM on the foe's attack
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())
    with pytest.raises(IllegalCommand, match="no reaction against Boar"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("ayla", "reaction", attack="Bite", target="boar"))
    with pytest.raises(IllegalCommand, match="it is not Ayla's turn"):
        request_commands(enc.state, enc.ruleset, PlayerRequest("ayla", "attack", attack="Bite", target="boar"))


# -- physical dice (house rule physical_dice) --------------------------------------------------------
def test_typed_dice_are_refused_while_the_house_rule_is_off():
    enc = _table()
    request = parse_request({"as": "ayla", "act": "check", "stat": "DEX", "dice": [17]})
    assert request.typed == (17,)
    with pytest.raises(IllegalCommand, match="physical_dice is off"):
        request_commands(enc.state, enc.ruleset, request)
    ruled = _table(house={"physical_dice": True})
    with pytest.raises(IllegalCommand, match="rolls no dice"):
        request_commands(ruled.state, ruled.ruleset, PlayerRequest("ayla", "end_turn", typed=(3,)))


@pytest.mark.parametrize("dice", [[], [0], [1001], ["3"], [1.5], list(range(1, 40)), "14"])
def test_typed_dice_of_the_wrong_shape_are_refused(dice):
    with pytest.raises(IllegalCommand, match="typed di"):
        typed_faces(dice)


def test_typed_faces_are_used_in_order_and_the_rest_rolled_by_the_fallback():
    typed = TypedDice((14, 6), random.Random(3))
    assert roll("1d20+2", typed).total == 16 and roll("1d8", typed).total == 6
    assert typed.used == 2 and typed.rolled == 0
    rolled = roll("2d6", typed)
    assert typed.rolled == 2 and 2 <= rolled.total <= 12 and typed.asked == [20, 8, 6, 6]
    with pytest.raises(IllegalCommand, match="a d8 shows 1-8: 9 cannot be its result"):
        roll("1d8", TypedDice((9,), random.Random(3)))


@given(sides=st.integers(1, 100), face=st.integers(-5, 120))
def test_a_typed_face_is_taken_exactly_when_its_die_can_show_it(sides, face):
    typed = TypedDice((face,), random.Random(0))
    if 1 <= face <= sides:
        assert roll(f"1d{sides}", typed).total == face
    else:
        with pytest.raises(IllegalCommand, match=f"a d{sides} shows 1-{sides}"):
            roll(f"1d{sides}", typed)


@pytest.mark.parametrize("key", sorted(__import__("tests.core.house_rule_probes_players", fromlist=["PROBES"]).PROBES))
def test_the_physical_dice_house_rule_is_seen_in_play(key):
    from core.rulesets import get
    from tests.core.house_rule_probes_players import PROBES

    rid, name = key.split(".")
    text, probe = PROBES[key]
    base = get(rid)
    assert base.settings.physical_dice is False  # DEFAULT: the GM's process rolls every die
    shown = probe(get(rid, base.read_house_rule(name, text)))
    assert probe(base).startswith("refused") and shown != probe(base) and "7" in shown
