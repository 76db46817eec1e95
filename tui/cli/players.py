"""The players' command lines and those that read a campaign without
playing it: ``encounter watch``, ``encounter play`` and ``encounter serve``
(the players' view, from the players' feed only, in a terminal or in
browsers; ``play`` with keys that send the character's actions to the GM's
process), ``encounter invite`` (the GM gives a player a code, or takes it
back), ``encounter recap`` (a fight for session notes) and ``encounter
replay`` (a fight stepped through, or recorded as an asciicast)."""

from __future__ import annotations

import argparse
import grp
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from core.errors import EncounterError
from saves.library import TargetExists
from tui.cli.common import campaign_path, fail, ui_options
from saves import invites
from saves.feed import feed_folder
from saves.watching import publish_campaign, read_snapshot
from tui.rendering.recap import recap as make_recap


def _campaign_parser(prog: str, description: str, player: bool = True) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("path", type=Path, help="the campaign file the GM plays (a bare name means the campaigns folder)")
    if player:
        parser.add_argument("--as", dest="as_name", default=None, metavar="NAME", help="show only what this party member sees")
    return parser


def _players_view_path(args: argparse.Namespace) -> Path:
    """The campaign's path, checked as a players' view would read it: raises
    :class:`SaveError` for a missing, corrupt or newer file and
    :class:`RulesError` for an ``--as`` that is no party member."""
    path = campaign_path(args.path)
    read_snapshot(path, as_name=args.as_name)
    return path


def watch(argv: list[str]) -> int:
    parser = _campaign_parser("encounter watch", "The players' view of a campaign: read-only, follows the GM's changes live; foes' exact HP, hidden creatures and what the party cannot see are left out.")
    ui_options(parser)
    parser.add_argument("--bell", action="store_true", help="ring the terminal bell when the --as character is up next and when its turn begins")
    args = parser.parse_args(argv)
    if args.bell and args.as_name is None:
        return fail("--bell rings for one character: give it with --as NAME")
    try:
        path = _players_view_path(args)
    except EncounterError as exc:
        return fail(str(exc))
    served = "TEXTUAL_DRIVER" in os.environ  # run by encounter serve for a browser tab
    if not served and not (sys.stdin.isatty() and sys.stdout.isatty()):
        return fail("the players' view needs a terminal")
    from tui.player import PlayerApp

    PlayerApp(path, args.as_name, glyphs=args.glyphs, bell=args.bell).run(mouse=not args.no_mouse)
    return 0


def play(argv: list[str]) -> int:
    parser = _campaign_parser("encounter play", "Play a party member from your own terminal: the players' view of it, and keys to roll its initiative, checks and saved attacks, move it and end its turn. The GM's process rolls the dice and approves (or trusts) each action.")
    parser.add_argument("--code", default=None, help="the invite code the GM gave you (encounter invite); default $ENCOUNTER_CODE; without one the view is read-only")
    ui_options(parser)
    args = parser.parse_args(argv)
    if not args.as_name:
        return fail("encounter play needs --as NAME: the party member you play")
    try:
        path = _players_view_path(args)
    except EncounterError as exc:
        return fail(str(exc))
    if "TEXTUAL_DRIVER" not in os.environ and not (sys.stdin.isatty() and sys.stdout.isatty()):
        return fail("encounter play needs a terminal")
    from tui.player import PlayerApp
    from tui.player_client import RequestClient  # with the App: after the command line is checked

    code = args.code or os.environ.get("ENCOUNTER_CODE") or None
    PlayerApp(path, args.as_name, glyphs=args.glyphs, client=RequestClient(path, args.as_name, code)).run(mouse=not args.no_mouse)
    return 0


def invite(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="encounter invite", description="Give the player of a party member a code to act with from encounter play (a new code replaces the old one), or take it back at once with --remove.")
    parser.add_argument("path", type=Path, help="the campaign file (a bare name means the campaigns folder)")
    parser.add_argument("name", help="the party member's name")
    parser.add_argument("--remove", action="store_true", help="take the invite back: that player's requests are refused from now on")
    args = parser.parse_args(argv)
    path = campaign_path(args.path)
    try:
        writer = publish_campaign(path)  # the feed folder exists from now on, and names the party
        if args.remove:
            if not invites.remove(path, args.name):
                return fail(f"{args.name!r} has no invite")
            print(f"encounter: {args.name}'s invite is taken back; their requests are refused from now on.", file=sys.stderr)
            return 0
        snapshot = read_snapshot(path, as_name=args.name)
        name = snapshot.view.state.combatant(snapshot.me).name if snapshot.me else args.name
        code = invites.invite(path, name)
    except EncounterError as exc:
        return fail(str(exc))
    folder = feed_folder(path)
    print(code)
    print(f"encounter: give {name}'s player this code; they play with:\n  encounter play {shlex.quote(str(folder))} --as {shlex.quote(name)} --code {code}\n"
          f"The feed {folder} is readable by its group ({_group(writer.folder)}) only: the players' accounts must be in it (else chgrp the feed to their group).", file=sys.stderr)
    return 0


def _group(folder: Path) -> str:
    gid = os.stat(folder).st_gid
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def serve(argv: list[str]) -> int:
    parser = _campaign_parser("encounter serve", "Serve the players' view to web browsers (textual-serve): each tab asks a character and its invite code and plays it (encounter play), or watches the party's view without them.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--max-tabs", type=int, default=8, help="most browser tabs at once (default 8)")
    args = parser.parse_args(argv)
    try:
        path = _players_view_path(args)
    except EncounterError as exc:
        return fail(str(exc))
    from tui.terminal.served_tabs import PlayersServer

    print(f"encounter: serving the players' view of {path} at http://{args.host}:{args.port}/ (each tab asks a character and its invite code; Ctrl+C stops)", file=sys.stderr)
    PlayersServer(path, host=args.host, port=args.port, max_tabs=max(1, args.max_tabs)).serve()
    return 0


def recap(argv: list[str]) -> int:
    parser = _campaign_parser("encounter recap", "Print a Markdown recap of a fight (or its whole log as JSON Lines) for session notes.", player=False)
    parser.add_argument("--encounter", type=int, default=None, metavar="N", help="which encounter (default: the current one)")
    parser.add_argument("--json", action="store_true", help="the whole log as JSON Lines instead")
    args = parser.parse_args(argv)
    try:
        text = make_recap(campaign_path(args.path), args.encounter, args.json)
    except EncounterError as exc:
        return fail(str(exc))
    sys.stdout.write(text)
    return 0


def replay(argv: list[str]) -> int:
    parser = _campaign_parser("encounter replay", "Step through a fight from its campaign file, read-only: action by action and round by round, on the map; or record it as an asciicast v2 file for asciinema play.", player=False)
    parser.add_argument("--encounter", type=int, default=None, metavar="N", help="which encounter (default: the current one)")
    parser.add_argument("--cast", type=Path, default=None, metavar="FILE", help="record the replay playing itself to FILE (asciicast v2) instead of showing it")
    parser.add_argument("--pace", type=float, default=0.7, metavar="SECONDS", help="seconds per action in a recording (default 0.7)")
    parser.add_argument("--replace", action="store_true", help="with --cast: replace FILE when it exists")
    parser.add_argument("--autoplay", type=float, default=None, help=argparse.SUPPRESS)
    ui_options(parser)
    args = parser.parse_args(argv)
    if not 0.05 <= args.pace <= 60:
        return fail("--pace is 0.05 to 60 seconds per action")
    from saves.replay import FightRecord

    try:
        record = FightRecord(campaign_path(args.path), args.encounter)
    except (EncounterError, KeyError) as exc:
        return fail(f"cannot replay {args.path}: {exc}")
    if args.cast is not None:
        from tui.replay import record_cast

        try:
            events = record_cast(record.path, args.cast, pace=args.pace, replace=args.replace)
        except TargetExists:
            return fail(f"{args.cast} exists: give --replace to replace it, or another file")
        except EncounterError as exc:
            return fail(str(exc))
        except OSError as exc:
            return fail(f"cannot write {args.cast}: {exc.strerror or exc}")
        print(f"encounter: recorded {len(record) - 1} actions of {record.encounter_name} to {args.cast} ({events} frames); asciinema play {args.cast}", file=sys.stderr)
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return fail("the replay needs a terminal (or --cast FILE to record it)")
    from tui.replay import ReplayApp

    ReplayApp(record, autoplay=args.autoplay).run(mouse=not args.no_mouse)
    return 0


COMMANDS: dict[str, Callable[[list[str]], int]] = {"watch": watch, "play": play, "serve": serve, "recap": recap, "invite": invite, "replay": replay}
