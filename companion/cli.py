"""``companion``: the touchscreen app, the terminal player and the board checker."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from companion.engine import Match
    from companion.records.store import Store
    from companion.table.companions import CompanionSeats
    from companion.table.phones import Phones, Post
    from companion.table.session import TableSession

DIE_HELP = (
    "where rolls come from: software (default), gpio, serial:PORT_OR_URL, or table "
    "(the game's own die: you type or tap the face it shows)"
)


class CommandLine(argparse.ArgumentParser):
    """argparse, but a bad value ends in one plain line (and status 2), not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def die_spec(text: str) -> str:
    """An argparse type: a die source as ``hardware.dice.make_die`` takes it."""
    from hardware.dice import check_source

    try:
        return check_source(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 (any free port) to 65535."""
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"the port is a number from 0 to 65535, not {text!r}")
    return int(text)


def add_game_arguments(command: argparse.ArgumentParser, with_games: bool) -> None:
    """The game, its seats and where it is kept, as ``play`` and ``serve`` both take them."""
    if with_games:
        from companion.engine import GAMES

        command.add_argument("game", choices=sorted(GAMES), help="the game id")
    else:
        command.add_argument("game", help="the game id")
    command.add_argument("--players", type=int, help="number of players")
    command.add_argument(
        "--name", dest="names", action="append", default=None, metavar="NAME",
        help="a player's name, one per seat in seat order (repeatable; sets --players)",
    )
    command.add_argument(
        "--companion", action="append", default=[], metavar="SEAT[:LEVEL]",
        help="the companion plays this seat (0 = the first to move), at level easy, normal "
             "(default) or strong (repeatable)",
    )
    command.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option, e.g. --option target=3 (repeatable)",
    )
    command.add_argument("--die", dest="play_die", type=die_spec, help=DIE_HELP)
    command.add_argument("--store", dest="play_store",
                         help="the SQLite file that keeps every game")


def add_app_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``companion`` itself (the touchscreen app), before any command."""
    parser.add_argument("--store", help="the SQLite file that keeps every game")
    parser.add_argument("--windowed", action="store_true", help="a window instead of fullscreen")
    parser.add_argument("--lang", choices=("cs", "en"), help="language of the screens")
    parser.add_argument("--die", default=None, type=die_spec, help=DIE_HELP)


APP_FLAGS = ("--windowed",)
APP_OPTIONS = ("--store", "--lang", "--die")
"""The app's own options that take a value (``--store PATH`` or ``--store=PATH``)."""


def app_only_arguments(words: Sequence[str]) -> argparse.Namespace | None:
    """``words`` read as the app's start (``companion [--store …] [--windowed] …``), without
    making the commands' parsers (their modules stay out of the app's start); None when the
    words hold anything else (a command, ``--help``, an abbreviation): then the whole
    command line reads them, and says what is wrong as it always did."""
    takes_value = False
    for word in words:
        if takes_value:
            takes_value = False
        elif word.partition("=")[0] in APP_OPTIONS:
            takes_value = "=" not in word
        elif word not in APP_FLAGS:
            return None
    parser = CommandLine(prog="companion", add_help=False)
    add_app_arguments(parser)
    args = parser.parse_args(words)
    args.command = None
    return args


def build_parser(with_games: bool = True) -> argparse.ArgumentParser:
    """The command line. ``with_games=False`` skips loading every game (a faster app start)."""
    parser = CommandLine(
        prog="companion",
        description="A touchscreen table companion for physical board games.",
    )
    add_app_arguments(parser)
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="play one game in the terminal")
    add_game_arguments(play, with_games)
    play.add_argument("--position", help="start from a position in the game's notation")
    play.add_argument("--json", action="store_true", help="one JSON object per line read")
    play.add_argument("--lang", dest="play_lang", choices=("cs", "en"), default=None)

    serve = commands.add_parser(
        "serve", help="serve one game to the phones at the table (no touchscreen)")
    add_game_arguments(serve, with_games)
    serve.add_argument("--host", default=None,
                       help="the address to listen on (default: the config's, all interfaces)")
    serve.add_argument("--port", type=port_number, default=None,
                       help="the port (default: the config's, 8080; 0: any free port)")
    serve.add_argument("--lang", dest="play_lang", choices=("cs", "en"), default=None,
                       help="the table's language (a phone may choose its own)")
    serve.add_argument("--json", action="store_true",
                       help='one JSON line first: {"view": URL, "seats": [URL, ...]}')

    from companion.records.board_commands import add_board_command

    add_board_command(commands)

    doctor = commands.add_parser(
        "doctor", help="check this machine: display, touch, GPIO, die, store, config, service"
    )
    doctor.add_argument("--store", dest="doctor_store", metavar="PATH", help="the store to check")
    doctor.add_argument(
        "--config", dest="doctor_config", metavar="PATH", help="the config file to check"
    )
    doctor.add_argument(
        "--die", dest="doctor_die", metavar="SPEC", type=die_spec,
        help="the die to check, e.g. serial:PORT"
    )
    doctor.add_argument(
        "--lang", dest="doctor_lang", choices=("cs", "en"), help="default: the config's"
    )
    doctor.add_argument("--json", action="store_true", help="one JSON object, for scripts")

    from companion.records.cli import add_commands

    add_commands(commands)

    sounds = commands.add_parser(
        "sounds", help="write every sound cue and a sample of every spoken prompt as WAV files"
    )
    sounds.add_argument("--out", dest="sounds_out", metavar="DIR", help="the folder to write")
    sounds.add_argument("--lang", dest="sounds_lang", metavar="cs|en",
                        help="the prompts' language (default: both)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (``companion play … | head``): nothing more to say, no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = app_only_arguments(words) or build_parser(
        with_games="play" in words or "serve" in words).parse_args(words)
    if args.command is None:
        from companion.app import run_app

        return run_app(
            store_path=args.store, windowed=args.windowed, lang=args.lang, die=args.die,
            phones=phone_server,
        )
    if args.command == "play":
        return _play(args)
    if args.command == "serve":
        return _serve(args)
    from companion.records.cli import COMMANDS as RECORDS_COMMANDS

    if args.command in RECORDS_COMMANDS:
        from companion.records.cli import run

        return run(args)
    if args.command == "sounds":
        from companion.sound.export import sounds_command

        return sounds_command(args.sounds_out, args.sounds_lang)
    if args.command == "board":
        from companion.records.board_commands import run_board

        return run_board(args)
    if args.command == "doctor":
        from pathlib import Path

        from companion.doctor.report import DoctorOptions, doctor_command

        store, config = args.doctor_store or args.store, args.doctor_config
        return doctor_command(DoctorOptions(
            store=Path(store) if store else None, config=Path(config) if config else None,
            die=args.doctor_die or args.die, lang=args.doctor_lang or args.lang,
        ), as_json=args.json)
    print(f"companion: no command {args.command!r} (see companion --help)", file=sys.stderr)
    return 2  # not reached: the command line takes only the commands above


def phone_server(session: TableSession, post: Post, host: str, port: int) -> Phones:
    """The app's :data:`companion.table.phones.PhonesFactory`: the phones' server, imported only
    when Settings turns it on (aiohttp stays out of the app's start)."""
    from companion.web.hosting import PhoneServer

    return PhoneServer(session, post, host, port)


def _play(args: argparse.Namespace) -> int:
    from companion.records.store import Store
    from companion.terminal import TerminalPlayer

    store = Store(args.play_store or args.store)
    for warning in store.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if store.problem is not None:
        print(f"warning: {store.problem.message} Until then every input is refused.",
              file=sys.stderr)
    try:
        die_source = args.play_die or args.die
        die = _die_reader(die_source) if die_source and die_source != "table" else None
        match, game_id, resumed, companions, unnamed = _start_game(store, args, args.position)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if resumed:
        if not args.json:
            print(f"resumed game {game_id} after {len(match.history)} inputs")
    player = TerminalPlayer(
        match, store, game_id, sys.stdout, as_json=args.json, die=die,
        lang=args.play_lang or args.lang or "en", companions=companions,
        asks_face=die_source == "table", unnamed_seats=unnamed, time_scale=_time_scale(),
    )
    try:
        return player.run(sys.stdin)
    except KeyboardInterrupt:
        return 130
    finally:
        store.close()


def _start_game(store: Store, args: argparse.Namespace, position: str | None,
                ) -> tuple[Match, int | None, bool, CompanionSeats, frozenset[int]]:
    """``play``'s and ``serve``'s start-or-resume: (match, stored id, resumed, the companion's
    seats, the seats nobody named). Raises ValueError in plain words for a bad option, seat or
    name."""
    from companion.table.companions import CompanionSeats, parse_companion
    from companion.terminal import start_terminal_game

    options = dict(_parse_option(text) for text in args.option)
    companions = CompanionSeats(dict(parse_companion(text) for text in args.companion))
    match, game_id, resumed, unnamed = start_terminal_game(
        store, args.game, args.players, position, options, companions, names=args.names,
    )
    if resumed and not companions and game_id is not None:
        companions = CompanionSeats.from_json(store.load(game_id).extra.get("companions"))
    return match, game_id, resumed, companions, unnamed


def _serve(args: argparse.Namespace) -> int:
    """``companion serve``: the game for the phones, until Ctrl-C."""
    from companion.config import load_config
    from companion.records.store import Store
    from companion.web.serve import ServeOptions, Table, serve

    config = load_config()
    store = Store(args.play_store or args.store)
    for warning in store.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if store.problem is not None:
        print(f"warning: {store.problem.message} Until then every input is refused.",
              file=sys.stderr)
    try:
        match, game_id, resumed, companions, unnamed = _start_game(store, args, None)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        store.close()
        return 2
    options = ServeOptions(
        host=config.web.host if args.host is None else args.host,
        port=config.web.port if args.port is None else args.port,
        die=args.play_die or args.die, lang=args.play_lang or args.lang, as_json=args.json,
        time_scale=_time_scale(),
    )
    try:
        return serve(store, Table(match, game_id, companions, resumed, unnamed), options)
    finally:
        store.close()


def _time_scale() -> float:
    """The companion's time scale on this machine (config file, model, environment)."""
    from companion.config import load_config
    from companion.table.pi_clock import cpu_scale

    return cpu_scale(load_config().companion.cpu_scale).factor


def _parse_option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"option {text!r} must be written NAME=VALUE")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    try:
        return name, int(value)
    except ValueError:
        return name, value


def _die_reader(source: str):  # type: ignore[no-untyped-def]
    """A function that returns the next roll from the die ``source``."""
    if source in ("software", "gpio"):  # the GPIO button is not read here: ``roll`` rolls
        from hardware.software_die import fair_below  # (as the app's software die draws)

        return lambda: fair_below(6) + 1
    if source.startswith("serial:"):
        from hardware.serial_die import wait_for_roll

        url = source[len("serial:") :]
        return lambda: wait_for_roll(url, timeout=60.0)
    raise ValueError(f"die source {source!r} is not software or serial:PORT_OR_URL")


if __name__ == "__main__":
    raise SystemExit(main())
