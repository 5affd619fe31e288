"""The records on the phones: read-only routes behind any valid token (``docs/web-api.md``).

- ``GET /api/history?limit=N`` → :func:`companion.records.views.history_json`;
- ``GET /api/stats?game=ID&since=DAY&until=DAY&player=ID…`` →
  :func:`companion.records.views.stats_json` (the statistics screen's figures);
- ``GET /api/export/csv|json|bgstats`` → a download (``Content-Disposition: attachment``) of
  every finished game, as ``companion export`` writes it;
- ``GET /api/bgstats/<uid>`` → ``{"url": …}``: "Log to BG Stats" for that finished game.

Each request reads the store on a connection of its own, in a worker thread (the store is in
WAL mode: a reader never waits for the table's writes, and the table's thread never waits for a
phone's statistics). Nothing here writes. The server registers them with
:func:`add_records_routes`, handing over its token check and its choice of language.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from companion.records import words
from companion.records.bgstats import bgstats_url
from companion.records.export import ENCODINGS, FORMATS, export_text
from companion.records.finished import game_id_of
from companion.records.store import Store
from companion.records.views import HISTORY_LIMIT, history_json, stats_json

T = TypeVar("T")
Authorize = Callable[[web.Request], Awaitable[object]]
"""The server's token check: a ``web.StreamResponse`` (401) to send back, else the pass."""
LangOf = Callable[[web.Request], str]
AuthorizeToken = Callable[[web.Request, str], Awaitable[object]]
"""The server's check of a token in the path: a ``web.StreamResponse`` (401), else the pass."""

STORE_PATH: web.AppKey[Path] = web.AppKey("records_store_path", Path)
AUTHORIZE: web.AppKey[Authorize] = web.AppKey("records_authorize", object)  # type: ignore[arg-type]
LANG_OF: web.AppKey[LangOf] = web.AppKey("records_lang_of", object)  # type: ignore[arg-type]
AUTHORIZE_TOKEN: web.AppKey[AuthorizeToken] = web.AppKey(
    "records_authorize_token", object)  # type: ignore[arg-type]

DOWNLOADS = {
    "csv": ("companion-records-{day}.csv", "text/csv"),
    "json": ("companion-records-{day}.json", "application/json"),
    "bgstats": ("companion-plays-{day}.bgsplay", "application/json"),
}
"""Per format: the file name a phone saves the download as, and its type."""
_UID_LENGTH = 64


def add_records_routes(app: web.Application, store_path: Path | str, authorize: Authorize,
                       lang_of: LangOf, authorize_token: AuthorizeToken | None = None) -> None:
    """Add the records' routes to ``app`` (before it starts): they read the store at
    ``store_path``, let through what ``authorize`` lets through (any valid token: a seat or a
    spectator) and answer in ``lang_of(request)``."""
    app[STORE_PATH] = Path(store_path)
    app[AUTHORIZE] = authorize
    app[LANG_OF] = lang_of
    app.router.add_get("/api/history", api_history)
    app.router.add_get("/api/stats", api_stats)
    app.router.add_get("/api/export/{fmt}", api_export)
    app.router.add_get("/api/bgstats/{uid}", api_bgstats)
    if authorize_token is not None:
        app[AUTHORIZE_TOKEN] = authorize_token
        app.router.add_get("/bgstats/{token}/{uid}", bgstats_redirect)


async def api_history(request: web.Request) -> web.StreamResponse:
    refused = await _refused(request)
    if refused is not None:
        return refused
    lang = request.app[LANG_OF](request)
    limit = _whole_number(request.query.get("limit", str(HISTORY_LIMIT)))
    if limit is None or not 1 <= limit <= HISTORY_LIMIT:
        return _error(400, lang, "\"limit\" must be a whole number from 1 to {most}.",
                      most=HISTORY_LIMIT)
    return _json(await _read(request, lambda store: history_json(store, lang, limit)))


async def api_stats(request: web.Request) -> web.StreamResponse:
    refused = await _refused(request)
    if refused is not None:
        return refused
    lang = request.app[LANG_OF](request)
    query = request.query
    game = query.get("game") or None
    if game is not None and game not in words.GAME_NAMES:
        return _error(400, lang, "\"game\" must be one of {games}.",
                      games=", ".join(words.GAME_NAMES))
    players = [_whole_number(text) for text in query.getall("player", [])]
    if any(player is None for player in players) or len(players) > 8:
        return _error(400, lang, "\"player\" must be a player's number (at most 8 of them).")
    chosen = [player for player in players if player is not None]

    def figures(store: Store) -> dict[str, Any]:
        return stats_json(store, lang, game=game, since=query.get("since") or None,
                          until=query.get("until") or None, players=chosen)

    try:
        return _json(await _read(request, figures))
    except ValueError:
        return _error(400, lang, "\"since\" and \"until\" must be days written YYYY-MM-DD, "
                                 "the first not after the second.")
    except KeyError:
        return _error(404, lang, "There is no such player.")


async def api_export(request: web.Request) -> web.StreamResponse:
    refused = await _refused(request)
    if refused is not None:
        return refused
    fmt = request.match_info["fmt"]
    if fmt not in FORMATS:
        return _error(404, request.app[LANG_OF](request), "The downloads are {formats}.",
                      formats=", ".join(FORMATS))
    text, _ = await _read(request, lambda store: export_text(store, fmt))
    name, kind = DOWNLOADS[fmt]
    filename = name.format(day=datetime.now(UTC).strftime("%Y-%m-%d"))
    return web.Response(
        body=text.encode(ENCODINGS[fmt]), content_type=kind, charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


async def api_bgstats(request: web.Request) -> web.StreamResponse:
    refused = await _refused(request)
    if refused is not None:
        return refused
    lang = request.app[LANG_OF](request)
    uid = request.match_info["uid"]
    if not uid or len(uid) > _UID_LENGTH:
        return _error(404, lang, "There is no such finished game.")
    try:
        url = await _read(request, lambda store: bgstats_url(store, game_id_of(store, uid)))
    except KeyError:
        return _error(404, lang, "There is no such finished game.")
    return _json({"url": url})


async def bgstats_redirect(request: web.Request) -> web.StreamResponse:
    """``/bgstats/<token>/<uid>``: the short link the touchscreen's QR code carries (a phone's
    camera reads 41 modules at arm's length, not the 130 of the whole play), sent on to BG
    Stats' own "createPlay" link of that finished game."""
    verdict = await request.app[AUTHORIZE_TOKEN](request, request.match_info["token"])
    if isinstance(verdict, web.StreamResponse):
        return verdict
    lang = request.app[LANG_OF](request)
    uid = request.match_info["uid"]
    try:
        if not uid or len(uid) > _UID_LENGTH:
            raise KeyError(uid)
        url = await _read(request, lambda store: bgstats_url(store, game_id_of(store, uid)))
    except KeyError:
        return _error(404, lang, "There is no such finished game.")
    return web.Response(status=302, headers={"Location": url})


# -- private helpers ------------------------------------------------------------------------------

async def _refused(request: web.Request) -> web.StreamResponse | None:
    """The server's answer to a request without a valid token (None: let it through)."""
    verdict = await request.app[AUTHORIZE](request)
    return verdict if isinstance(verdict, web.StreamResponse) else None


async def _read(request: web.Request, work: Callable[[Store], T]) -> T:
    """``work(store)`` on a connection of its own, in a worker thread."""
    path = request.app[STORE_PATH]

    def run() -> T:
        store = Store(path, read_only=True)
        try:
            return work(store)
        finally:
            store.close()

    return await asyncio.get_running_loop().run_in_executor(None, run)


def _json(value: Any) -> web.Response:
    return web.Response(text=json.dumps(value, ensure_ascii=False, separators=(",", ":")),
                        content_type="application/json", charset="utf-8")


def _error(status: int, lang: str, message: str, **values: Any) -> web.Response:
    text = words.translator(lang if lang in ("cs", "en") else "en")(message).format(**values)
    return web.Response(status=status, text=json.dumps({"error": text}, ensure_ascii=False),
                        content_type="application/json", charset="utf-8")


def _whole_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


__all__ = ["add_records_routes"]
