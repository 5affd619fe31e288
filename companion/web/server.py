"""The phones' web server (aiohttp): the app factory, its routes and middlewares.

Routes (``docs/web-api.md``): ``/`` (scan the code on the table), ``/view/<token>`` and
``/seat/<token>`` (the phone page), ``/static/…``, the JSON API under ``/api/`` (the token in
``Authorization: Bearer``) and the push stream ``/api/stream/<token>``.

Security: nothing without a token but ``/`` and the static files; bodies of at most
:data:`MAX_BODY` bytes (413); malformed JSON is a 400 in plain words; the security headers on
every response; no cookies; a burst of bad tokens from one peer is answered ever more slowly
(:class:`Gate`, an ``asyncio.sleep`` in that handler: the loop and the table go on); no
administrative action at all. Every call into the table goes through its owner
(:class:`companion.web.owner.TableOwner`).
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from companion.i18n import LANGUAGES, translator
from companion.resources import package_path
from companion.web.owner import MAX_INPUT, Answer, OwnerBusy, TableOwner, choose_hint
from companion.web.records_routes import add_records_routes
from companion.web.state import TableView, take_view
from companion.web.stream import Broadcast, Renders, pump
from companion.web.tokens import Pass

log = logging.getLogger(__name__)

MAX_BODY = 16 * 1024
"""The largest request body (bytes); more is a 413."""
MAX_STREAMS = 64
"""Push streams open at once (a table has a handful of phones; more is someone's loop)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
JSON_TYPE = "application/json; charset=utf-8"

OWNER: web.AppKey[TableOwner] = web.AppKey("owner", TableOwner)
BROADCAST: web.AppKey[Broadcast] = web.AppKey("broadcast", Broadcast)
RENDERS: web.AppKey[Renders] = web.AppKey("renders", Renders)
GATE: web.AppKey[Gate] = web.AppKey("gate", object)  # type: ignore[arg-type]
STREAMS: web.AppKey[list[int]] = web.AppKey("streams", list)


def static_dir() -> Path:
    """``companion/web/static`` (the phone page: HTML, CSS, JS)."""
    return package_path("companion.web", "static")


class Gate:
    """Slows down a peer that keeps sending bad tokens or bad requests: after
    :data:`FREE` failures in :data:`WINDOW` seconds each further one waits longer, up to
    :data:`MAX_DELAY` seconds (only that request waits; nothing else does)."""

    FREE = 10
    WINDOW = 60.0
    BASE_DELAY = 0.05
    MAX_DELAY = 2.0
    MAX_PEERS = 1024

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def delay(self, peer: str) -> float:
        """Count one failure of ``peer``; the seconds its answer should wait."""
        now = self._clock()
        failures = self._failures.pop(peer, None) or deque()
        while failures and failures[0] < now - self.WINDOW:
            failures.popleft()
        failures.append(now)
        self._failures[peer] = failures
        while len(self._failures) > self.MAX_PEERS:
            self._failures.popitem(last=False)
        extra = len(failures) - self.FREE
        return 0.0 if extra <= 0 else min(self.MAX_DELAY, self.BASE_DELAY * 2 ** min(extra, 8))

    async def slow_down(self, request: web.Request) -> None:
        delay = self.delay(request.remote or "?")
        if delay:
            await asyncio.sleep(delay)


def make_app(owner: TableOwner, broadcast: Broadcast, renders: Renders | None = None,
             gate: Gate | None = None) -> web.Application:
    """The phones' app for the table behind ``owner``; ``broadcast`` holds its latest view,
    ``renders`` makes the state JSON off the loop, ``gate`` slows down bad requests."""
    app = web.Application(client_max_size=MAX_BODY, middlewares=[plain_errors])
    app[OWNER] = owner
    app[BROADCAST] = broadcast
    app[RENDERS] = renders or Renders()
    app[GATE] = gate or Gate()
    app[STREAMS] = [0]
    app.on_response_prepare.append(_add_headers)
    app.on_shutdown.append(_stop_streams)
    app.on_cleanup.append(_close_renders)
    app.router.add_get("/", scan_page)
    app.router.add_get("/view/{token}", phone_page)
    app.router.add_get("/seat/{token}", phone_page)
    app.router.add_get("/api/state", api_state)
    app.router.add_post("/api/input", api_input)
    app.router.add_post("/api/undo", api_undo)
    app.router.add_post("/api/roll", api_roll)
    app.router.add_post("/api/hint", api_hint)
    app.router.add_get("/api/stream/{token}", api_stream)
    add_records_routes(app, owner.session.store.path, _authorized,
                       lambda request: _lang(request, None), _path_authorized)
    try:
        folder = static_dir()
    except (ModuleNotFoundError, RuntimeError):
        folder = None
    if folder is not None and folder.is_dir():
        app.router.add_static("/static/", folder, follow_symlinks=False)
    return app


# -- middlewares and signals ------------------------------------------------------------------

@web.middleware
async def plain_errors(request: web.Request,
                       handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                       ) -> web.StreamResponse:
    """An error of ours is a sentence, never a traceback; the table is never touched by it."""
    try:
        return await handler(request)
    except web.HTTPException as error:
        if error.status == 413:
            return _error(request, 413, "The request is too large.")
        if error.status in (404, 405) and request.path.startswith("/api/"):
            return _error(request, error.status, "There is no such request.")
        raise
    except OwnerBusy:
        return _error(request, 503, "The table did not answer. Try again.")
    except (ConnectionError, asyncio.CancelledError):
        raise
    except Exception:
        log.exception("the phones' server failed on %s %s", request.method, request.path)
        return _error(request, 500, "Something went wrong at the table's server; the game is "
                                    "safe. Try again.")


async def _add_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(SECURITY_HEADERS)
    if not request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "no-store"
    response.headers.popall("Set-Cookie", None)


async def _stop_streams(app: web.Application) -> None:
    app[BROADCAST].close()


async def _close_renders(app: web.Application) -> None:
    app[RENDERS].close()


# -- pages ------------------------------------------------------------------------------------

SCAN_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body><main><h1>{title}</h1><p>{text}</p></main></body></html>
"""


async def scan_page(request: web.Request) -> web.Response:
    """``/``: "Scan the code on the table", nothing else."""
    return _scan(request, 200)


def _scan(request: web.Request, status: int) -> web.Response:
    lang = _lang(request, None)
    words = translator("phones", lang)
    page = SCAN_PAGE.format(
        lang=lang, title=html.escape(words("Scan the code on the table")),
        text=html.escape(words("Each seat has its own code on the table's screen, and the "
                               "spectators have one too. Open it with your phone's camera.")))
    return web.Response(status=status, text=page, content_type="text/html", charset="utf-8")


async def phone_page(request: web.Request) -> web.StreamResponse:
    """``/view/<token>``, ``/seat/<token>``: the phone page (it reads its token from the path);
    a token that is not (or no longer) valid gets the scan page."""
    if _who(request, request.match_info["token"]) is None:
        await request.app[GATE].slow_down(request)
        return _scan(request, 401)
    try:
        page = static_dir() / "index.html"
    except (ModuleNotFoundError, RuntimeError):
        page = None
    if page is not None and page.is_file():
        return web.FileResponse(page, headers={"Content-Type": "text/html; charset=utf-8"})
    words = translator("phones", _lang(request, None))
    text = html.escape(words("The phone page is not installed on this companion."))
    return web.Response(text=SCAN_PAGE.format(lang=_lang(request, None), title=text, text=""),
                        content_type="text/html", charset="utf-8")


# -- the API ----------------------------------------------------------------------------------

async def api_state(request: web.Request) -> web.StreamResponse:
    who = await _authorized(request)
    if isinstance(who, web.Response):
        return who
    view = await _view(request)
    data = await request.app[RENDERS].state(view, who.seat, _lang(request, view))
    return web.Response(body=data, content_type="application/json", charset="utf-8")


async def _action(request: web.Request, required: tuple[str, ...],
                  ) -> tuple[Pass, dict[str, Any], str] | web.StreamResponse:
    """What every action checks first: the token's pass, the JSON body with ``required`` keys,
    the language to answer in; or the answer that refuses it (401, 400, 413)."""
    who = await _authorized(request)
    if isinstance(who, web.Response):
        return who
    body = await _body(request, required)
    if isinstance(body, web.Response):
        return body
    return who, body, _lang(request, request.app[BROADCAST].view)


async def api_input(request: web.Request) -> web.StreamResponse:
    checked = await _action(request, ("input", "seq"))
    if isinstance(checked, web.StreamResponse):
        return checked
    who, body, lang = checked
    line = body["input"]
    if not isinstance(line, str) or not line.strip() or len(line) > MAX_INPUT:
        return await _bad(request, "input", MAX_INPUT)
    owner = request.app[OWNER]
    answer = await owner.call(lambda: owner.play(who, body["seq"], line, lang))
    return await _answered(request, who, answer, lang)


async def api_undo(request: web.Request) -> web.StreamResponse:
    checked = await _action(request, ("seq",))
    if isinstance(checked, web.StreamResponse):
        return checked
    who, body, lang = checked
    owner = request.app[OWNER]
    answer = await owner.call(lambda: owner.undo(who, body["seq"], lang))
    return await _answered(request, who, answer, lang)


async def api_roll(request: web.Request) -> web.StreamResponse:
    checked = await _action(request, ("seq",))
    if isinstance(checked, web.StreamResponse):
        return checked
    who, body, lang = checked
    face = body.get("face")
    if face is not None and (not _is_int(face) or not 1 <= face <= 6):
        return await _bad(request, "face")
    owner = request.app[OWNER]
    answer = await owner.call(lambda: owner.roll(who, body["seq"], face, lang))
    return await _answered(request, who, answer, lang)


async def api_hint(request: web.Request) -> web.StreamResponse:
    checked = await _action(request, ("seq",))
    if isinstance(checked, web.StreamResponse):
        return checked
    who, body, lang = checked
    owner = request.app[OWNER]
    answer = await owner.call(lambda: owner.hint(who, body["seq"], lang))
    if answer.status != 200 or answer.hint is None:
        return await _answered(request, who, answer, lang)
    match, hint_lang = answer.hint
    scale = owner.session.time_scale
    hint = await request.app[RENDERS].run(lambda: choose_hint(match, hint_lang, scale))
    return web.json_response(hint, dumps=_dumps)


async def api_stream(request: web.Request) -> web.StreamResponse:
    """The push stream (Server-Sent Events) of the token in the path."""
    token = request.match_info["token"]
    who = _who(request, token)
    if who is None:
        await request.app[GATE].slow_down(request)
        return _error(request, 401, "This link is not valid (any more). Scan the code on the "
                                    "table again.")
    streams = request.app[STREAMS]
    if streams[0] >= MAX_STREAMS:
        return _error(request, 503, "Too many phones are connected. Try again later.")
    broadcast = request.app[BROADCAST]
    lang = _lang(request, broadcast.view)
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    tokens = request.app[OWNER].tokens

    def is_alive() -> bool:
        return tokens.check(token) == who

    streams[0] += 1
    try:
        await pump(broadcast, request.app[RENDERS], response.write, who.seat, lang, is_alive)
    except (ConnectionError, asyncio.CancelledError):
        return response
    finally:
        streams[0] -= 1
    return response


# -- private helpers ------------------------------------------------------------------------------

async def _authorized(request: web.Request) -> Pass | web.Response:
    """The token's pass, or a 401 answer (slowed down for a peer that keeps trying)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    who = _who(request, token.strip()) if scheme.lower() == "bearer" else None
    if who is None:
        await request.app[GATE].slow_down(request)
        return _error(request, 401, "This link is not valid (any more). Scan the code on the "
                                    "table again.")
    return who


async def _path_authorized(request: web.Request, token: str) -> Pass | web.Response:
    """The pass of a token in the path, or a 401 answer (slowed down like any bad token)."""
    who = _who(request, token)
    if who is None:
        await request.app[GATE].slow_down(request)
        return _error(request, 401, "This link is not valid (any more). Scan the code on the "
                                    "table again.")
    return who


def _who(request: web.Request, token: str) -> Pass | None:
    if not token or len(token) > 200:
        return None
    return request.app[OWNER].tokens.check(token)


async def _view(request: web.Request) -> TableView:
    owner = request.app[OWNER]
    pushed, latest = request.app[BROADCAST].view, owner.view
    # the newest: a push waits for the table to be still (``Broadcast.quiet``), an ask does not
    view = latest if latest is not None and (pushed is None or latest.seq > pushed.seq) \
        else pushed
    if view is None:  # nothing published yet (the server is starting): ask the owner
        view = await owner.call(lambda: take_view(owner.session))
    return view


async def _body(request: web.Request, required: tuple[str, ...]) -> dict[str, Any] | web.Response:
    """The request's JSON object with ``required`` keys (``seq`` an integer), or a 400/413."""
    try:
        raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        await request.app[GATE].slow_down(request)
        return _error(request, 413, "The request is too large.")
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        await request.app[GATE].slow_down(request)
        return _error(request, 400, "The request is not JSON.")
    if not isinstance(body, dict):
        return await _bad(request, "")
    for key in required:
        if key not in body:
            return await _bad(request, key)
    if "seq" in body and not _is_int(body["seq"]):
        return await _bad(request, "seq")
    return body


async def _bad(request: web.Request, key: str, limit: int = 0) -> web.Response:
    await request.app[GATE].slow_down(request)
    words = translator("phones", _lang(request, None))
    if key == "input":
        text = words("\"input\" must be an input of the game, at most {limit} characters.")
        return _error(request, 400, text.format(limit=limit), translated=True)
    if key == "seq":
        return _error(request, 400, "\"seq\" must be the whole number of the state you saw.")
    if key == "face":
        return _error(request, 400, "\"face\" must be a whole number from 1 to 6.")
    return _error(request, 400, "The request must be a JSON object with \"seq\" (and \"input\" "
                                "for an input).")


async def _answered(request: web.Request, who: Pass, answer: Answer, lang: str) -> web.Response:
    """200 and the new state; otherwise the error in words with the state as it is now."""
    state = await request.app[RENDERS].state(answer.view, who.seat, lang)
    if answer.status == 200:
        return web.Response(body=state, content_type="application/json", charset="utf-8")
    head: dict[str, str] = {"error": answer.error}
    if answer.status == 422:
        head.update(rule=answer.rule, reason=answer.reason)
    body = _dumps(head)[:-1].encode("utf-8") + b',"state":' + state + b"}"
    return web.Response(status=answer.status, body=body, content_type="application/json",
                        charset="utf-8")


def _error(request: web.Request, status: int, message: str,
           translated: bool = False) -> web.Response:
    text = message if translated else translator("phones", _lang(request, None))(message)
    return web.Response(status=status, text=_dumps({"error": text}),
                        content_type="application/json", charset="utf-8")


def _lang(request: web.Request, view: TableView | None) -> str:
    """``?lang=cs|en``, else the phone's ``Accept-Language``, else the table's language."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    if view is None:
        view = request.app[BROADCAST].view
    return view.lang if view is not None else "en"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


__all__ = ["Gate", "MAX_BODY", "SECURITY_HEADERS", "make_app", "static_dir"]
