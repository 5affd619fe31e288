"""``companion serve``: the table without a touchscreen, for a laptop or a headless Pi.

It starts or resumes a game like ``companion play``, prints the spectators' URL and one URL
per seat (with ``--json`` exactly one JSON line first: ``{"view": URL, "seats": [URL, …]}``)
and serves the phones until Ctrl-C. The asyncio loop's thread owns the table session (the
single writer); the companion's seats play on their own at the table's pace
(:class:`companion.table.pacing.CompanionPace` on the loop). Every input is in the store
before anyone hears of it, so kill -9 loses nothing; the tokens and ``seq`` are kept there
too, so a restart on the same store resumes the same game with the same links.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from aiohttp import web

from companion.engine import Match
from companion.records.store import Store
from companion.table.companions import CompanionSeats
from companion.table.dice import make_die_source
from companion.table.pacing import CompanionPace
from companion.table.session import TableSession
from companion.web.hosting import bound_port, port_problem, url_host
from companion.web.owner import TableOwner
from companion.web.server import make_app
from companion.web.stream import Broadcast, Renders
from companion.web.tokens import Tokens


@dataclass(frozen=True)
class Table:
    """The game to serve, as the command line set it up (``companion play``'s start-or-resume)."""

    match: Match
    stored_id: int | None
    companions: CompanionSeats
    resumed: bool
    unnamed_seats: frozenset[int] = frozenset()
    """The seats nobody named (no ``--name``): no player is saved for them."""


@dataclass
class ServeOptions:
    host: str = "0.0.0.0"
    port: int = 8080
    die: str | None = None
    lang: str | None = None
    as_json: bool = False
    time_scale: float = 1.0
    """The companion's time scale on this machine (``companion.table.pi_clock``)."""
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)


def serve(store: Store, table: Table, options: ServeOptions) -> int:
    """Serve ``table`` until Ctrl-C (or SIGTERM): 0; 2 when the port cannot be had."""
    try:
        return asyncio.run(_serve(store, table, options))
    except KeyboardInterrupt:  # a second Ctrl-C during the clean stop
        return 0


async def _serve(store: Store, table: Table, options: ServeOptions) -> int:
    loop = asyncio.get_running_loop()
    loop_thread = threading.get_ident()

    def post(action: Callable[[], None]) -> None:
        """On the loop's thread (the owner): at once when already there, else soon."""
        if threading.get_ident() == loop_thread:
            action()
        else:
            loop.call_soon_threadsafe(action)

    session = TableSession(store, lang=options.lang, remembers_lang=False,
                           time_scale=options.time_scale)
    if options.die not in (None, "software"):
        session.die = make_die_source(str(options.die), session.die_rolled, post,
                                      on_status=session.die_status_changed)
    session.open_match(table.match, table.stored_id, table.companions,
                       table.unnamed_seats)
    owner = TableOwner(session, Tokens(store))
    broadcast = Broadcast(loop)
    owner.attach(broadcast.publish)
    pace = CompanionPace(session, schedule=lambda seconds, fn: _later(loop, seconds, fn),
                         post=post)
    session.listeners.append(pace.on_change)
    renders = Renders()
    runner = web.AppRunner(make_app(owner, broadcast, renders), handle_signals=False,
                           shutdown_timeout=1.0, access_log=None)
    await runner.setup()
    stopping = asyncio.Event()
    try:
        site = web.TCPSite(runner, options.host or None, options.port, reuse_address=True)
        try:
            await site.start()
        except OSError as error:
            print(f"companion serve: {port_problem(options.host, options.port, error)}",
                  file=options.err)
            return 2
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        port = bound_port(runner, options.port)
        _announce(owner, session, options, port, table.resumed)
        pace.next()  # a companion seat to move first plays on its own
        await stopping.wait()
        if not options.as_json:
            print("stopped; the game is saved", file=options.out, flush=True)
        return 0
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        broadcast.close()
        await runner.cleanup()
        renders.close()
        close = getattr(session.die, "close", None)
        if callable(close):
            close()


def urls(owner: TableOwner, host: str, port: int) -> dict[str, Any]:
    """``{"view": URL, "seats": [URL, …]}`` for a server on ``host``:``port``."""
    base = f"http://{url_host(host)}:{port}"
    passes = owner.tokens.passes
    return {"view": f"{base}/view/{passes.view}",
            "seats": [f"{base}/seat/{token}" for token in passes.seats]}


def _announce(owner: TableOwner, session: TableSession, options: ServeOptions, port: int,
              resumed: bool) -> None:
    links = urls(owner, options.host, port)
    out = options.out
    if options.as_json:
        print(json.dumps(links), file=out, flush=True)
        return
    match = session.match
    assert match is not None
    game = session.words.game_name(match.game_id)
    started = "resumed" if resumed else "started"
    print(f"{game}: game {session.saving.stored_id or '(not saved yet)'} {started}, after "
          f"{len(match.history)} inputs", file=out)
    print(f"spectators: {links['view']}", file=out)
    for seat, (name, url) in enumerate(zip(match.names, links["seats"])):
        who = seat_label(name, session.companions.levels.get(seat))
        print(f"seat {seat} ({who}): {url}", file=out)
    print("Open a link on a phone on the same network (or make it a QR code). Ctrl-C stops.",
          file=out, flush=True)


def seat_label(name: str, level: str | None) -> str:
    return f"{name}, the companion plays it ({level})" if level else name


def _later(loop: asyncio.AbstractEventLoop, seconds: float,
           action: Callable[[], None]) -> None:
    loop.call_later(seconds, action)


__all__ = ["ServeOptions", "Table", "serve", "urls"]
