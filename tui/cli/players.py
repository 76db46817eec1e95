"""The command lines that read a campaign without playing it:
``encounter watch`` and ``encounter serve`` (the players' view, in a
terminal or in browsers), ``encounter recap`` (a fight for session notes)
and ``encounter replay`` (a fight stepped through, or recorded as an asciicast)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from core.errors import EncounterError
from tui.cli.common import campaign_path, fail, ui_options
from saves.watching import read_snapshot
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


def serve_command(path: Path, as_name: str | None) -> str:
    """The shell command each browser tab runs: this Python's ``encounter watch``,
    ``exec``'d so that the tab is one process (no shell left behind it)."""
    words = [sys.executable, "-m", "tui.cli.main", "watch", str(path.resolve())] + (["--as", as_name] if as_name else [])
    return "exec " + shlex.join(words)


def serve(argv: list[str]) -> int:
    parser = _campaign_parser("encounter serve", "Serve the players' view of a campaign to web browsers (textual-serve); each browser tab runs its own read-only view.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    args = parser.parse_args(argv)
    try:
        path = _players_view_path(args)
    except EncounterError as exc:
        return fail(str(exc))
    from textual_serve.server import Server

    print(f"encounter: serving the players' view of {path} at http://{args.host}:{args.port}/ (Ctrl+C stops)", file=sys.stderr)
    Server(serve_command(path, args.as_name), host=args.host, port=args.port, title="encounter: players' view").serve()
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
            events = record_cast(record.path, args.cast, pace=args.pace)
        except OSError as exc:
            return fail(f"cannot write {args.cast}: {exc.strerror or exc}")
        print(f"encounter: recorded {len(record) - 1} actions of {record.encounter_name} to {args.cast} ({events} frames); asciinema play {args.cast}", file=sys.stderr)
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return fail("the replay needs a terminal (or --cast FILE to record it)")
    from tui.replay import ReplayApp

    ReplayApp(record, autoplay=args.autoplay).run(mouse=not args.no_mouse)
    return 0


COMMANDS: dict[str, Callable[[list[str]], int]] = {"watch": watch, "serve": serve, "recap": recap, "replay": replay}
