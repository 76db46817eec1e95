"""Creatures for the bestiary from text: roster lines, or d20 SRD stat blocks.

Roster lines are the map roster's (:mod:`core.dice.roster`), one creature a
line, the token first when it is one letter or emoji::

    🐺 Wolf foe hp 13 DEX 2 STR 1
    Bandit foe hp 9 ac 12 STR 1

For ``srd35`` (rule SRD-STAT-1: the six abilities with modifiers, speed in
feet, AC), a file holding ``Hit Dice:`` lines is read as stat blocks copied
from the d20 SRD: a name line, then field lines (the description and
Combat paragraphs between blocks are passed over); these are read::

    Wolf
    Size/Type: Medium Animal
    Hit Dice: 2d8+4 (13 hp)
    Initiative: +2
    Speed: 50 ft. (10 squares)
    Armor Class: 14 (+2 Dex, +2 natural), touch 12, flat-footed 12
    Abilities: Str 13, Dex 15, Con 15, Int 2, Wis 12, Cha 6

Ability scores become modifiers (``(score - 10) // 2``; a ``-`` score is
0), the speed in feet the ``SPEED`` stat with the other speeds in squares,
the Hit Dice become the HP dice (each creature added from the bestiary rolls
its own), the ``Attack:`` and ``Full Attack:`` lines saved attacks, and an
Initiative that is not the Dex modifier goes in the notes.
Every line that cannot be read is a :class:`Problem` (its line number and
why); nothing is dropped silently. Pure: the caller reads the file and
saves the templates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.values import limits as lim
from core.values.combatant import Combatant, Side
from core.errors import CreatureFormatError
from core.board.grid import is_token_glyph, split_glyphs
from core.values.mobility import Size
from core.dice.roster import parse_creature
from core.dice.notation import MAX_ATTACKS, parse_saved_attack
from core.combat.damage import DamageType
from core.errors import NotationError
from core.values.attacks import SavedAttack
from core.rulesets import known_ids, ruleset_class

REQUIRED = ("hit dice", "initiative", "speed", "armor class", "abilities")
OPENERS = ("size/type", *REQUIRED)
"""Fields one of which follows a creature's name line (the SRD's first is Size/Type)."""
ABILITIES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
FIELD = re.compile(r"^\s*([A-Za-z][A-Za-z /]{0,30}?)\s*:\s*(.*)$")
SIGNED = r"[+\-\u2212\u2013]?\s*\d{1,6}"
MAX_IMPORT_LINES = 20_000
"""Lines of one creature file."""


@dataclass(frozen=True)
class Problem:
    """A line that could not be read: its 1-based ``line`` and ``reason``."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass(frozen=True)
class ImportResult:
    """The creatures read (bestiary templates, in file order) and the problems."""

    creatures: tuple[Combatant, ...]
    problems: tuple[Problem, ...]
    skipped: int = 0
    """Lines of prose between stat blocks (descriptions, Combat paragraphs) passed over."""


def _slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", name.lower()).strip("-") or "creature"


def is_stat_blocks(text: str) -> bool:
    """Whether ``text`` holds d20 SRD stat blocks (a ``Hit Dice:`` line)."""
    return re.search(r"(?im)^\s*hit dice\s*:", text) is not None


def stat_block_rulesets() -> tuple[str, ...]:
    """Ids of the rulesets that read d20 SRD stat blocks (each ruleset imported: for a refusal only)."""
    classes = [(rid, ruleset_class(rid)) for rid in known_ids()]
    return tuple(rid for rid, cls in classes if cls is not None and cls.stat_blocks)


def read_creatures(text: str, ruleset) -> ImportResult:
    """Creatures from ``text`` for ``ruleset`` (d20 SRD stat blocks where the
    ruleset reads them, its capability :attr:`Ruleset.stat_blocks`, else roster lines). Two creatures of one
    name: the second is a problem."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) > MAX_IMPORT_LINES:
        return ImportResult((), (Problem(MAX_IMPORT_LINES + 1, f"the file has {len(lines):,} lines; at most {MAX_IMPORT_LINES:,}"),))
    if is_stat_blocks(text):
        if not ruleset.stat_blocks:
            first = next(i for i, line in enumerate(lines, 1) if re.match(r"(?i)^\s*hit dice\s*:", line))
            return ImportResult((), (Problem(first, f"d20 SRD stat blocks are read for {', '.join(stat_block_rulesets())} only; this campaign plays {ruleset.id} (use roster lines)"),))
        found, problems, skipped = _stat_blocks(lines, ruleset)
    else:
        (found, problems), skipped = _roster_lines(lines, ruleset), 0
    creatures: list[Combatant] = []
    names: dict[str, int] = {}
    for number, creature in found:
        if creature.name in names:
            problems.append(Problem(number, f"{creature.name} is already on line {names[creature.name]}"))
            continue
        names[creature.name] = number
        creatures.append(creature)
    if len(creatures) > lim.MAX_COMBATANTS:
        problems.append(Problem(found[lim.MAX_COMBATANTS][0], f"more than {lim.MAX_COMBATANTS} creatures (MAX_COMBATANTS)"))
        creatures = creatures[: lim.MAX_COMBATANTS]
    return ImportResult(tuple(creatures), tuple(sorted(problems, key=lambda p: p.line)), skipped)


def _roster_lines(lines: list[str], ruleset) -> tuple[list[tuple[int, Combatant]], list[Problem]]:
    found: list[tuple[int, Combatant]] = []
    problems: list[Problem] = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        glyph = ""
        if len(words) > 1 and len(split_glyphs(words[0])) == 1 and is_token_glyph(words[0]):
            glyph, line = words[0], line[len(words[0]):]
        try:
            entry = parse_creature(line, ruleset, dice=True)  # hp 2d8+2: the bestiary keeps HP dice
        except CreatureFormatError as problem:
            problems.append(Problem(number, problem.reason))
            continue
        if not entry.name:
            problems.append(Problem(number, "no name (a line is: [token] name, then party/foe/neutral, hp N, ac N, STAT N)"))
            continue
        creature = entry.combatant(f"t-{_slug(entry.name)}", glyph)
        found.append((number, creature))
    return found, problems


def _signed(text: str) -> int:
    return int(re.sub(r"\s", "", text).replace("\u2212", "-").replace("\u2013", "-"))


def _stat_blocks(lines: list[str], ruleset) -> tuple[list[tuple[int, Combatant]], list[Problem], int]:
    """``(creatures with their name's line, problems, lines of prose skipped)``.

    A name line is one that is not a ``Field: value`` line and whose next
    line (blank lines and ``#`` comments aside) is one of the fields that
    open a stat block (:data:`OPENERS`, e.g. ``Size/Type:``). Other lines
    that are not fields are the description and Combat paragraphs between
    blocks (``Trip (Ex): ...`` included): skipped, counted, unless one reads
    like a roster line (a problem: it was meant as a creature); field lines
    after a block's own (``Skills:``, ``Feats:``) are its fields."""
    found: list[tuple[int, Combatant]] = []
    problems: list[Problem] = []
    block: dict | None = None
    skipped = 0
    kept = [(number, raw.strip()) for number, raw in enumerate(lines, 1) if raw.strip() and not raw.strip().startswith("#")]
    fields = [FIELD.match(line) for _, line in kept]

    def close() -> None:
        if block is None:
            return
        creature = _block_creature(block, ruleset, problems)
        if creature is not None:
            found.append((block["line"], creature))

    for index, (number, line) in enumerate(kept):
        match = fields[index]
        if match is None:
            following = fields[index + 1] if index + 1 < len(kept) else None
            if following is None or " ".join(following.group(1).lower().split()) not in OPENERS:
                if _roster_like(line):
                    problems.append(Problem(number, f"{line[:40]}: a roster line among stat blocks (no Hit Dice...; put roster lines in a file of their own)"))
                else:
                    skipped += 1  # prose: a description, a Combat paragraph
                continue
            close()  # a name line starts the next creature
            block = {"line": number, "name": " ".join(line.split()), "fields": {}}
            continue
        key = " ".join(match.group(1).lower().split())
        if block is None:
            problems.append(Problem(number, f"a {match.group(1).strip()} line before any creature's name"))
            continue
        if key in block["fields"] and key in REQUIRED:
            problems.append(Problem(number, f"{block['name']}: a second {match.group(1).strip()} line"))
            block["twice"] = True
            continue
        block["fields"][key] = (number, match.group(2).strip())
    close()
    return found, problems, skipped


def _roster_like(line: str) -> bool:
    """A roster line (``Goblin foe hp 5``) rather than prose: a side word
    among its first five words and no full stop at the end."""
    words = line.split()
    return not line.endswith(".") and any(w in ("party", "foe", "neutral") for w in words[1:5])


def _block_creature(block: dict, ruleset, problems: list[Problem]) -> Combatant | None:
    """One stat block -> a template, or ``None`` with its problems added."""
    name, fields, start = block["name"], block["fields"], block["line"]
    before = len(problems)
    if len(name) > lim.MAX_NAME:
        problems.append(Problem(start, f"the name {name[:24]!r}... has {len(name)} characters; at most {lim.MAX_NAME}"))
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        problems.append(Problem(start, "control character in a name"))
    missing = [k for k in REQUIRED if k not in fields]
    if missing:
        problems.append(Problem(start, f"{name[:40]}: no {', no '.join(k.title() for k in missing)} line (a stat block needs Hit Dice, Initiative, Speed, Armor Class and Abilities)"))
    notes: list[str] = []
    hp = initiative = ac = 0
    hp_dice = ""
    stats: dict[str, int] = {}
    speeds: dict[str, int] = {}
    size = Size.MEDIUM

    def bad(key: str, why: str) -> None:
        problems.append(Problem(fields[key][0], f"{name[:40]}: {why}"))

    if "hit dice" in fields:
        text = fields["hit dice"][1]
        m = re.match(r"^(\d{1,4}\s*d\s*\d{1,4}(?:\s*[+\-\u2212]\s*\d{1,6})?)\s*\(\s*(\d{1,6})\s*hp\s*\)", text, re.I)
        if m is None:
            bad("hit dice", f"cannot read Hit Dice {text[:40]!r} (e.g. '2d8+4 (13 hp)')")
        else:
            hp = int(m.group(2))
            if not 1 <= hp <= lim.MAX_HP:
                bad("hit dice", f"hp must be at least 1 and at most {lim.MAX_HP:,}, not {hp}")
            notes.append(f"Hit Dice {' '.join(m.group(1).split())}")
            hp_dice = "".join(m.group(1).split()).replace("\u2212", "-").lower()
    if "initiative" in fields:
        m = re.match(rf"^({SIGNED})\b", fields["initiative"][1])
        if m is None:
            bad("initiative", f"cannot read Initiative {fields['initiative'][1][:40]!r} (e.g. '+2')")
        else:
            initiative = _signed(m.group(1))
    if "speed" in fields:
        text = fields["speed"][1]
        m = re.match(r"^(\d{1,4})\s*ft", text, re.I)
        if m is None:
            bad("speed", f"cannot read Speed {text[:40]!r} (e.g. '30 ft. (6 squares)')")
        else:
            feet = ruleset.settings.feet_per_square
            stats["SPEED"] = int(m.group(1))
            speeds["walk"] = int(m.group(1)) // feet
            for kind, value in re.findall(r"\b(fly|swim|climb|burrow)\s+(\d{1,4})\s*ft", text, re.I):
                speeds[kind.lower()] = int(value) // feet
    if "armor class" in fields:
        m = re.match(r"^(\d{1,4})\b", fields["armor class"][1])
        if m is None:
            bad("armor class", f"cannot read Armor Class {fields['armor class'][1][:40]!r} (e.g. '14 (+2 Dex, +2 natural)')")
        else:
            ac = int(m.group(1))
    if "abilities" in fields:
        text = fields["abilities"][1]
        for part in [p.strip() for p in text.split(",") if p.strip()]:
            m = re.match(r"^(str|dex|con|int|wis|cha)\s+(\d{1,3}|[\-\u2014\u2013])$", part, re.I)
            if m is None:
                bad("abilities", f"cannot read the ability {part[:30]!r} (e.g. 'Str 13')")
                continue
            score = m.group(2)
            stats[m.group(1).upper()] = 0 if not score.isdigit() else (int(score) - 10) // 2
        lacking = [a for a in ABILITIES if a not in stats]
        if lacking:
            bad("abilities", f"no {', '.join(lacking)} score (Abilities: Str 13, Dex 15, Con 15, Int 2, Wis 12, Cha 6)")
    if "size/type" in fields:
        word = fields["size/type"][1].split()[:1]
        if word and word[0].lower() in {s.value for s in Size}:
            size = Size(word[0].lower())
    if len(problems) > before or block.get("twice"):
        return None
    if initiative != stats.get("DEX", 0):
        notes.append(f"Initiative {initiative:+d} (rolled here with DEX {stats.get('DEX', 0):+d})")
    reach = _reach_squares(fields, ruleset)
    attacks: list[SavedAttack] = []
    for key in ("attack", "full attack"):  # the standard attack first, then the full attack's others
        for attack in _srd_attacks(fields.get(key, (0, ""))[1], stats, ruleset, reach, notes):
            if all(a.name.casefold() != attack.name.casefold() for a in attacks):
                attacks.append(attack)
    return Combatant(f"t-{_slug(name)}", name, Side.FOE, stats, hp, hp, ac=ac, size=size, speeds=speeds, notes="; ".join(notes),
                     hp_dice=hp_dice, attacks=tuple(attacks[:MAX_ATTACKS]))


SRD_ATTACK = re.compile(
    rf"^(?:(?P<count>\d{{1,2}})\s+)?(?P<name>[A-Za-z][A-Za-z' ,-]{{0,40}}?)\s+(?P<bonus>{SIGNED})(?:\s*/\s*{SIGNED})*"
    r"\s+(?P<kind>melee|ranged)(?:\s+touch)?\s*\(\s*(?P<dice>\d{1,3}d\d{1,3}(?:\s*[+\-\u2212]\s*\d{1,4})?|\d{1,4})",
    re.I,
)
"""One attack of an SRD ``Attack:`` line: ``Bite +3 melee (1d6+1)``, ``2 claws +9 melee (1d6+5)``."""

SRD_DAMAGE_WORDS: tuple[tuple[str, DamageType], ...] = (
    ("bite", DamageType.PIERCING), ("gore", DamageType.PIERCING), ("sting", DamageType.PIERCING),
    ("claw", DamageType.SLASHING), ("talon", DamageType.SLASHING), ("rake", DamageType.SLASHING),
    ("sword", DamageType.SLASHING), ("axe", DamageType.SLASHING), ("scimitar", DamageType.SLASHING), ("sickle", DamageType.SLASHING),
    ("spear", DamageType.PIERCING), ("javelin", DamageType.PIERCING), ("bow", DamageType.PIERCING), ("dagger", DamageType.PIERCING),
    ("rapier", DamageType.PIERCING), ("pick", DamageType.PIERCING), ("trident", DamageType.PIERCING), ("lance", DamageType.PIERCING),
)
"""The damage type an SRD attack's name suggests (the stat block does not say it); others are bludgeoning (slam, club, mace ...)."""


def _reach_squares(fields: dict, ruleset) -> int:
    """The melee reach of ``Space/Reach: 10 ft./10 ft.`` in squares (0: not given or the usual 5 ft.)."""
    m = re.search(r"/\s*(\d{1,3})\s*ft", fields.get("space/reach", (0, ""))[1], re.I)
    squares = int(m.group(1)) // ruleset.settings.feet_per_square if m else 0
    return squares if squares > 1 else 0


def _srd_attacks(text: str, stats: dict[str, int], ruleset, reach: int, notes: list[str]) -> list[SavedAttack]:
    """The attacks of an ``Attack:`` / ``Full Attack:`` line (parts joined by
    ``or``, ``and`` or ``;``) as saved attacks: the SRD's total bonus less
    the ability the ruleset adds (STR in melee, DEX ranged), so the roll
    totals the same; a part that cannot be read goes to ``notes``."""
    found: list[SavedAttack] = []
    for part in re.split(r"\s*(?:;|\bor\b|\band\b)\s*", text.strip().rstrip(".")):
        if not part:
            continue
        m = SRD_ATTACK.match(part)
        if m is None:
            notes.append(f"Attack not read: {part[:60]}")
            continue
        name = " ".join(m.group("name").split()).rstrip(" ,").capitalize()
        if m.group("count") and name.endswith("s"):
            name = name[:-1]
        ranged = m.group("kind").lower() == "ranged"
        stat = (ruleset.ranged_attack_stat if ranged else "") or ruleset.attack_stat
        bonus = _signed(m.group("bonus")) - stats.get(stat, 0)
        low = name.lower()
        kind = next((t for word, t in SRD_DAMAGE_WORDS if word in low), DamageType.BLUDGEONING)
        dice = "".join(m.group("dice").split()).replace("\u2212", "-")
        words = [f"{dice} {kind.value}"] + ([f"{bonus:+d}"] if bonus else []) + (["ranged"] if ranged else [f"reach {reach}"] if reach else [])
        try:
            found.append(parse_saved_attack(f"{name}: {' '.join(words)}", ruleset.stat_names))
        except NotationError as problem:
            notes.append(f"Attack not read: {part[:60]} ({problem})")
    return found
