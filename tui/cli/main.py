"""The ``encounter`` command.

    encounter                 the last campaign, or the demo on first start
    encounter --demo          the built-in demo campaign
    encounter PATH            open that campaign file (a new .json name: created on the demo map)
    encounter new PATH [--map MAP.txt] [--ruleset equestria] [--name NAME]
    encounter restore PATH [BACKUP]   a campaign that does not open back to a good version (tui/cli/restore.py)
    encounter export-map | add-encounter | import-creatures ...   (see tui/cli/maps.py)

Every failure is one line on stderr and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
from pathlib import Path

from core.errors import EncounterError
from core.rulesets import DEFAULT_RULESET, RULESET_IDS
from core.rulesets import get as get_ruleset
from saves import paths, rescue
from saves.campaign import Campaign
from saves.errors import SaveError
from saves.session import Session, create_campaign, create_demo, open_default
from saves.signals import exit_soon, install_exit_handlers, install_takeover_handler
from tui.cli.common import campaign_path, fail, report_unsaved, ui_options, wrapped
from tui.cli.restore import restore as restore_command
from core.combat.demo import demo_roster, seed_map_text
from core.board.grid import TextMap, from_text

EPILOG = """\
Campaign files live in {data} unless you give a path.
Set ENCOUNTER_HOME to use another folder.

examples:
  encounter                          start on the last campaign (first time: the demo)
  encounter --demo                   the built-in demo fight on the seed 003 map
  encounter ~/games/moor.json        open or create a campaign file
  encounter new moor.json --map moor.txt --ruleset equestria
  encounter restore moor             a campaign that does not open, back to a good version
"""


def _main_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="encounter",
        usage="encounter [--demo] [--seed N] [--glyphs G] [--no-mouse] [PATH]\n       encounter new PATH [--map MAP.txt] [--ruleset ID] [--name NAME]\n       encounter restore PATH [BACKUP]\n       encounter watch PATH [--as NAME]\n       encounter play PATH --as NAME [--code CODE]\n       encounter invite PATH NAME [--remove]\n       encounter serve PATH [--as NAME] [--host H] [--port N]\n       encounter recap PATH [--encounter N] [--json]\n       encounter replay PATH [--encounter N] [--cast FILE] [--pace S] [--replace]\n       encounter export-map PATH [--encounter N] [--glyphs emoji|ascii] [-o FILE]\n       encounter add-encounter PATH --map MAP.txt [--name NAME]\n       encounter import-creatures PATH FILE [--skip-bad]",
        description="Run tabletop RPG combat in the terminal: initiative, grid map, creature sheets, dice log.",
        epilog=EPILOG.replace("{data}", str(paths.campaigns_dir(create=False))) + "  encounter new --help      options of 'new'\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("path", nargs="?", type=Path, metavar="PATH", help="campaign file to open (a new .json name is created from the seed 003 map; a name like an existing campaign is refused as a likely typo)")
    parser.add_argument("--demo", action="store_true", help="open the built-in demo campaign (created on first use)")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice (reproducible demos); default: the system's randomness")
    parser.add_argument("--players", choices=("approve", "trust", "off"), default="approve", help="players' requests from encounter play: approve (default: you say Enter or Esc), trust (applied at once) or off")
    ui_options(parser)
    parser.add_argument("--version", action="version", version="encounter 0.1.0")
    return parser


def _new_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="encounter new",
        description="Create a campaign from a text map (emoji legend of seed 003 or the ASCII legend); every token on the map becomes a combatant.",
    )
    parser.add_argument("path", type=Path, help="the new campaign file (a bare name like 'moor' goes in the campaigns folder)")
    parser.add_argument("--map", dest="map_path", type=Path, default=None, help="text map file, or a Universal VTT file (.dd2vtt, .uvtt, .df2vtt) (default: the demo fight on the seed 003 map)")
    choices = sorted(RULESET_IDS)
    parser.add_argument("--ruleset", default=DEFAULT_RULESET, help=f"rule system: {', '.join(choices)} (default {DEFAULT_RULESET})")
    parser.add_argument("--name", default=None, help="campaign name (default: the file name)")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice")
    ui_options(parser)
    return parser


def _mistyped(path: Path) -> str | None:
    """Why ``encounter PATH`` must not create a campaign at the missing
    ``path``, or ``None`` when it is clearly a new name: a ``.json`` file in
    an existing folder, named like no campaign there or in the campaigns
    folder. Otherwise a typo would silently start a new campaign."""
    import difflib

    create = f"to create it: encounter new {path} (the demo map) or encounter new {path} --map MAP.txt"
    folder = path.expanduser().parent
    if len(path.parts) == 1 and not path.suffix:
        folder, path = paths.campaigns_dir(), campaign_path(path)
    if not folder.is_dir():
        return f"{path} does not exist: there is no folder {folder}"
    known = {p.name: p for d in dict.fromkeys((folder, paths.campaigns_dir())) if d.is_dir() for p in d.glob("*.json")}
    close = difflib.get_close_matches(path.name, list(known), n=3, cutoff=0.75)
    if close:
        return f"{path} does not exist. Did you mean {' or '.join(str(known[name]) for name in close)}? Or, {create}"
    if path.suffix.lower() != ".json":
        return f"{path} does not exist, and campaign files end in .json; {create}"
    return None


def _rng(seed: int | None) -> random.Random:
    return random.Random(seed) if seed is not None else random.SystemRandom()


_GAME_RAN = False
"""Set once the game itself ran (not a subcommand): see :func:`run`."""


def _run(campaign: Campaign, rng: random.Random, notice: str, ui: argparse.Namespace | None = None) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        campaign.close()
        if notice.startswith("Created"):
            paths.remember_campaign(campaign.path)  # what "encounter" alone opens next, as it says below
        print(f"encounter: {campaign.path} is ready; run encounter in a terminal to play it", file=sys.stderr)
        return 0 if notice.startswith("Created") else 2
    global _GAME_RAN
    _GAME_RAN = True
    from tui.app import EncounterApp  # textual loads only when the UI starts
    from tui.terminal.key_order import use_escape_then_key_parser
    from tui.terminal.quick_exit import quick_exit_driver

    use_escape_then_key_parser()  # Esc then a key in one read (SSH) is two keys, not Alt+key
    from tui.keymap import keymap_path, load_keymap

    keymap, keymap_problems = load_keymap(keymap_path())
    if keymap_problems:  # the status line has room for one; ? lists them all
        more = f" (and {len(keymap_problems) - 1} more)" if len(keymap_problems) > 1 else ""
        notice = "; ".join([f"{keymap_problems[0]}{more}: ? lists them"] + ([notice] if notice else []))
    glyphs = getattr(ui, "glyphs", None)
    private = paths.permission_problems()  # the data folder could not be made private: said, once
    if private:
        notice = "; ".join(private[:1] + ([notice] if notice else []))
    while True:
        paths.remember_campaign(campaign.path)
        if campaign.read_only is not None:
            notice = str(campaign.read_only)
        campaign.write_beside()  # the journal's fsync off the UI's thread; the status line says SAVING if it lags
        app = None
        try:
            app = EncounterApp(Session(campaign, rng), notice=notice, glyphs=glyphs, keymap=keymap, keymap_problems=keymap_problems,
                               players=getattr(ui, "players", "approve"))
            app.driver_class = quick_exit_driver(app.driver_class)  # the terminal back at once on quit
            restore = install_exit_handlers(exit_soon(app.exit), last_resort=_rescuer(campaign))  # SIGTERM/SIGHUP quit cleanly, nothing shown lost
            restore_takeover = install_takeover_handler(campaign.hand_over, app.exit)  # another encounter takes over
            try:
                chosen = app.run(mouse=not getattr(ui, "no_mouse", False))
                code = app.return_code or 0
            finally:
                restore_takeover()
                restore()
        finally:
            campaign.close(fold_journal=False)  # quick: releases the lock; the journal is folded beside the next game
            if not getattr(app, "lost_on_purpose", False) and getattr(app, "rescued_to", None) is None:
                rescue.write(campaign)  # a hang-up, SIGTERM or a crash with actions not on disk: none is lost
            lost = report_unsaved(campaign, getattr(app, "rescued_to", None) or campaign.rescued_to)
        if code or lost or chosen is None:
            return code or lost
        held = getattr(app, "take_over_lock", None)
        campaign, notice = Campaign.open(chosen, held_lock=held), app.next_notice
        if held is not None:
            notice = f"Taken over from process {app.taken_from}: everything it had shown is here, and this encounter now saves."


def _rescuer(campaign: Campaign):
    """The last resort of a hang-up whose main thread is stuck: the rescue copy, then the exit status."""

    def rescue_now() -> int:
        rescue.write(campaign)
        return 1 if campaign.unsaved_actions and campaign.rescued_to is None else 0

    return rescue_now


def _new(argv: list[str]) -> int:
    from core.dice.roster import read_map_file  # only "encounter new" reads a map file

    args = _new_parser().parse_args(argv)
    rng = _rng(args.seed)
    if args.map_path is None and args.ruleset != DEFAULT_RULESET:  # the demo's map and creatures in another ruleset
        try:
            ruleset = get_ruleset(args.ruleset)
            campaign = create_campaign(campaign_path(args.path), args.name or args.path.stem, ruleset, from_text(seed_map_text()), rng, demo_roster(ruleset.stat_names))
        except EncounterError as exc:
            return fail(str(exc))
        return _run(campaign, rng, f"Created {campaign.path}: the seed 003 map with the demo's creatures under {ruleset.id} (stats it does not share are 0: s to edit the sheet).", args)
    if args.map_path is None:
        try:
            campaign = create_demo(campaign_path(args.path), rng, name=args.name or args.path.stem)
        except EncounterError as exc:
            return fail(str(exc))
        return _run(campaign, rng, f"Created {campaign.path}: the seed 003 map with the demo fight.", args)
    from saves.map_files import read_text, read_uvtt_file, uvtt_summary  # bounded; a pipe or a device would hang the read
    from core.board.uvtt import is_uvtt_name

    if is_uvtt_name(args.map_path.name):  # a Universal VTT dungeon: walls, doors, windows, lights; no creatures
        try:
            found = read_uvtt_file(args.map_path)
            ruleset = get_ruleset(args.ruleset)
            campaign = create_campaign(campaign_path(args.path), args.name or args.path.stem, ruleset, TextMap(found.grid, ()), rng, {}, found.vision)
        except SaveError as exc:
            return fail(f"cannot read map {exc}")
        except EncounterError as exc:
            return fail(str(exc))
        said = "; ".join(uvtt_summary(found))
        print(f"encounter: {args.map_path.name}: {said}", file=sys.stderr)  # whole, where the status line has one row
        for note in campaign.notices:  # its lights turned light_and_weather on (saves.tools_in_use)
            print(f"encounter: {note}", file=sys.stderr)
        return _run(campaign, rng, f"Created {campaign.path} from {args.map_path.name}: {said}. Add creatures with +, start combat from the . menu.", args)
    try:
        text = read_text(args.map_path)
    except SaveError as exc:
        return fail(f"cannot read map {exc}")
    try:
        ruleset = get_ruleset(args.ruleset)
        text_map, roster = read_map_file(text, ruleset)
        campaign = create_campaign(campaign_path(args.path), args.name or args.path.stem, ruleset, text_map, rng, roster)
    except EncounterError as exc:
        return fail(str(exc))
    return _run(campaign, rng, f"Created {campaign.path} from {args.map_path.name}: {len(text_map.tokens)} combatants, initiative rolled.", args)


_READERS = ("watch", "play", "serve", "recap", "invite", "replay")  # tui.cli.players
_MAP_COMMANDS = ("export-map", "add-encounter", "import-creatures")  # tui.cli.maps


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "new":
            return _new(argv[1:])
        if argv and argv[0] == "restore":
            return restore_command(argv[1:])
        if argv and argv[0] in _READERS + _MAP_COMMANDS:
            gc.enable()  # off while the program started (tui.program); a game's App turns it on as it mounts
        if argv and argv[0] in _READERS:
            from tui.cli import players as player_cli  # the players' view and the recap read a campaign, they never play one

            return player_cli.COMMANDS[argv[0]](argv[1:])
        if argv and argv[0] in _MAP_COMMANDS:
            from tui.cli import maps as map_cli  # maps and creatures in and out of a campaign, no UI

            return map_cli.COMMANDS[argv[0]](argv[1:])
        args = _main_parser().parse_args(argv)
        rng = _rng(args.seed)
        notice = ""
        if args.demo and args.path is not None:
            return fail("give either a campaign PATH or --demo, not both")
        if args.demo:
            demo = paths.demo_path()
            campaign = Campaign.open(demo) if demo.exists() else create_demo(demo, rng)
        elif args.path is None:
            try:
                campaign = open_default(rng)
            except SaveError as problem:
                demo = paths.demo_path()
                if problem.path.resolve() == demo.resolve():
                    raise
                campaign = Campaign.open(demo) if demo.exists() else create_demo(demo, rng)
                notice = f"Could not open the last campaign: {problem}. This is the demo; o opens the campaign list."
                last = paths.last_campaign()
                if last is not None and "encounter restore" in problem.advice:  # one row: the command; the reason after the game
                    shown = last.stem if last.parent == paths.campaigns_dir() else str(last)
                    notice = f"{last.name} does not open; quit and run: encounter restore {shown} (why: on quit)"
                    code = _run(campaign, rng, notice, args)
                    print(f"encounter: {wrapped(str(problem))}", file=sys.stderr)
                    return code
        elif args.path.exists():
            campaign = Campaign.open(args.path)
        elif campaign_path(args.path).exists():  # a bare name: the campaign of that name
            campaign = Campaign.open(campaign_path(args.path))
        elif (refusal := _mistyped(args.path)) is not None:
            return fail(refusal)
        else:
            target = campaign_path(args.path)
            campaign = create_demo(target, rng, name=args.path.stem)
            notice = f"Created {target}: the seed 003 map with the demo fight."
        return _run(campaign, rng, notice, args)
    except SaveError as exc:  # a broken campaign's refusal: several sentences, one a command to copy
        return fail(wrapped(str(exc)))
    except EncounterError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """The ``encounter`` command: :func:`main`, then, for a game, out of the
    process at once. By then every action is on disk and the campaign
    closed; Python's own teardown of a long campaign's objects (0.3 s and
    more with 100 000 log lines, the stall bench's quit) would only keep
    the shell waiting. The other commands end as usual."""
    code = main()
    if not _GAME_RAN:
        raise SystemExit(code)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
