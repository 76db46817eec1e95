"""The RULES coverage table (``tests/RULES-COVERAGE.md``), made from the code.

Every rule ID of the rules digest (``RULES.md``, kept beside the seeds)
with, for each: its ruleset, its first words in the digest, the code that
cites it (``core/``, ``saves/``, ``tui/``), the first test that names it (in
its name or text) and the key a GM meets it by (the key of its group, the
``.`` menu when an offer cites it). Run ``python -m tests.rules_coverage``
to write the table; ``tests/test_rules_coverage.py`` fails when the table
is not current.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "tests" / "RULES-COVERAGE.md"
DIGEST = Path("/work/shared/rules/RULES.md")
RULESETS = {"EQ": "equestria", "SRD": "srd35", "TAC": "tactical_d10", "PR": "power_roll"}
ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")
KEYS = {
    "STAT": "s (sheet)", "CHK": "c (check)", "INIT": "n (next turn), i (initiative)", "ACT": "a (action), t (attack)",
    "DAY": ". (More)", "MOV": "m (move)", "MAP": "m (move), B (brush)", "SIZE": "s (sheet: size)",
    "GEN": "t (attack), d (damage)", "COV": "t (attack), x (look)", "FALL": "m (move)", "MNT": ". (More: mounts)",
    "SIT": "n (next turn), . (More)", "ANI": "T (time: training)", "BRE": "N (energy: breath)", "TRK": "R (reminders), U (uses)",
    "TRV": "J (travel)", "VIS": "L (light), V (players' view)", "WAR": "W (battle)", "ATK": "t (attack)",
    "DMG": "t (attack), d (damage)", "EFF": "e (condition), n (next turn)", "HP": "d (damage)", "OPT": ". (More)",
    "POS": "t (attack)", "ROLL": "c (check), t (attack)", "BUR": "m (move)", "CLB": "m (move)", "TEL": ". (More: teleport)",
}
"""Where a GM meets a rule of each group: the key of the action that applies it."""


def rules(digest: str) -> dict[str, str]:
    """Rule ID -> its first words, from the digest's ``- ID text`` lines (in order)."""
    found: dict[str, str] = {}
    for line in digest.splitlines():
        match = re.match(r"^- ((?:EQ|SRD|TAC|PR)-[A-Z]+-\d+)\b[:.]?\s*(.*)$", line)
        if match and match.group(1) not in found:
            words = match.group(2).replace("**", "").replace("|", "/")
            found[match.group(1)] = words if len(words) <= 60 else words[:57].rsplit(" ", 1)[0] + " ..."
    for rule in ID.findall(digest):
        found.setdefault(rule, "")
    return found


SNAKE = re.compile(r"(?i)(?<![a-z0-9])(?:eq|srd|tac|pr)_[a-z]+_\d+(?![0-9])")


def cited(text: str) -> set[str]:
    """Rule IDs ``text`` names: ``SRD-MOV-4`` or, in a test's name, ``srd_mov_4``."""
    return set(ID.findall(text)) | {m.upper().replace("_", "-") for m in SNAKE.findall(text)}


def _texts(folders: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            out.append((path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")))
    return out


def _test_index(tests: list[tuple[str, str]]) -> dict[str, str]:
    """Rule ID -> the first test function citing it (``path::name``)."""
    first: dict[str, str] = {}
    for path, text in tests:
        name = ""
        for line in text.splitlines():
            head = re.match(r"\s*(?:async )?def (test_\w+)", line)
            if head:
                name = head.group(1)
            if name:
                for rule in cited(line):
                    first.setdefault(rule, f"{path}::{name}")
    return first


def table(digest: str) -> str:
    """The coverage table as Markdown."""
    code = _texts(("core", "saves", "tui"))
    tests = [t for t in _texts(("tests/core", "tests/saves", "tests/tui", "tests")) if Path(t[0]).name.startswith("test_")]
    tests = [t for i, t in enumerate(tests) if t not in tests[:i] and not t[0].endswith("test_rule_ids_cited.py")]
    code_rules = [(p, cited(t)) for p, t in code]
    offer_rules = set().union(*(set(re.findall(r'rule="([A-Z]+-[A-Z]+-\d+)"', t)) for p, t in code if "offer" in p))
    first_test = _test_index(tests)
    lines = [
        "# RULES coverage",
        "",
        "Every rule ID of the rules digest (RULES.md), with the code that cites it, the first",
        "test that names it and the key a GM meets it by. Made by `python -m tests.rules_coverage`",
        "(do not edit by hand); `tests/test_rules_coverage.py` fails when it is not current.",
        "",
    ]
    digest_rules = rules(digest)
    for prefix, ruleset in RULESETS.items():
        ids = [r for r in digest_rules if r.startswith(prefix + "-")]
        lines += [f"## {ruleset} ({len(ids)} rules)", "", "| rule | digest | code | test | key |", "| --- | --- | --- | --- | --- |"]
        for rule in ids:
            where = [p for p, found in code_rules if rule in found]
            shown = ", ".join(f"`{p}`" for p in where[:3]) + (f" +{len(where) - 3}" if len(where) > 3 else "")
            test = first_test.get(rule, "")
            key = KEYS.get(rule.split("-")[1], "")
            if rule in offer_rules:
                key = key if ". (More" in key else f"{key}; . (More)"
            lines.append(f"| {rule} | {digest_rules[rule]} | {shown or '**none**'} | {f'`{test}`' if test else '**none**'} | {key} |")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    if not DIGEST.exists():
        print(f"the rules digest is not at {DIGEST}", file=sys.stderr)
        return 1
    TABLE.write_text(table(DIGEST.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
