"""tui/ renders offers and previews; it names no ruleset and computes no rule
(the UI asks the core, as a chess UI asks ``legal_moves``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.rulesets import RULESET_IDS

TUI = Path(__file__).resolve().parents[2] / "tui"
# Help text of the command line may show a ruleset id as an example.
DISPLAY_ONLY = {"cli/main.py"}
RULE_ARITHMETIC = re.compile(
    r"cells_apart|melee_reach|check_odds\(|plan_attack|attack_situation|find_path|reachable\(|"
    r"ruleset\.id\s*==|\.settings\.\w+|budget\.movement\s*[-+]|fresh_budget|step_cost"
)

# Geometry, sight and cover are the board's queries (core.board.look,
# core.board.geometry.templates, core.board.battlefield.readout): tui/ imports
# no geometry and calls none of it, under its own name or an alias.
GEOMETRY = re.compile(
    r"core\.board\.geometry(?!\.templates\b)|line_of_sight|line_of_effect|cover_between|crossed_cells|sight_blockers|"
    r"flanked\(|flankers\(|(?<![\w.])(?:geometry_)?distance\(|(?<![\w.])sight\(|(?<![\w.])radius\(|(?<![\w.])zone\(|"
    r"small_cone\(|large_cone\(|(?<![\w.])cone\(|(?<![\w.])line\(|explosion\(|weapon_pattern\(|DIRECTIONS\[|"
    r"refilled\("
)


def _code_lines():
    for path in sorted(TUI.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            yield path, number, line.split("#")[0]


def test_tui_names_no_ruleset():
    ids = re.compile("|".join(RULESET_IDS))
    found = [f"{p.name}:{n}" for p, n, code in _code_lines() if p.relative_to(TUI).as_posix() not in DISPLAY_ONLY and ids.search(code)]
    assert found == []


def test_tui_computes_no_rule():
    found = [f"{p.name}:{n}: {code.strip()}" for p, n, code in _code_lines() if RULE_ARITHMETIC.search(code)]
    assert found == []


def test_tui_asks_the_board_for_geometry_sight_and_cover():
    found = [f"{p.relative_to(TUI).as_posix()}:{n}: {code.strip()}" for p, n, code in _code_lines() if GEOMETRY.search(code)]
    assert found == []
