"""The RULES coverage table (tests/RULES-COVERAGE.md) is current and complete:
every rule ID of the digest, in all four rulesets, has a test that names it."""

from __future__ import annotations

import pytest

from tests import rules_coverage


def _digest() -> str:
    if not rules_coverage.DIGEST.exists():
        pytest.skip("RULES.md (the shared rules digest) is not on this machine")
    return rules_coverage.DIGEST.read_text(encoding="utf-8")


def test_the_coverage_table_is_current():
    made = rules_coverage.table(_digest())
    assert rules_coverage.TABLE.read_text(encoding="utf-8") == made, "run: python -m tests.rules_coverage"


def test_every_rule_of_the_four_rulesets_is_in_the_table_with_a_test():
    digest = _digest()
    made = rules_coverage.table(digest)
    for ruleset in rules_coverage.RULESETS.values():
        assert f"## {ruleset} (" in made
    rows = [line for line in made.splitlines() if line.startswith("| ") and not line.startswith("| rule") and "---" not in line]
    assert {row.split(" | ")[0][2:] for row in rows} == set(rules_coverage.rules(digest))
    untested = [row.split(" | ")[0][2:] for row in rows if row.split(" | ")[3] == "**none**"]
    assert untested == []
