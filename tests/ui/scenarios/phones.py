"""Phones at the table, on the touchscreen: the Settings switch starts the real server, the
codes phones scan (seats, spectators, BG Stats) are read back from the window and fetched, and a
phone's input while a wall is previewed on the screen drops the preview. Played by
``driver.py`` like those of ``play.py`` (``__init__.py`` gathers them).

The server is the real one (``companion.web.hosting.PhoneServer``) on 127.0.0.1 and a port
the system chooses, or, for the port-taken case, a port this scenario holds itself. Every HTTP
request is made off the Kivy thread: the server posts its calls to the Kivy clock, so a request
made on it would wait for itself.
"""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_match, open_new_game, see_result, until, until_still

from companion.config import Config, WebConfig

Scenario = Callable[[Driver], Iterator[float]]
P = 0.2
LOOPBACK = "127.0.0.1"


def phones_on_loopback() -> Callable[..., Any]:
    """The command's factory, for a test: the real server, on 127.0.0.1 only."""
    from companion.web.hosting import PhoneServer

    return lambda session, post, _host, port: PhoneServer(session, post, LOOPBACK, port)


def free_port() -> Config:
    """The config file's ``[web] port = 0``: a free port the system chooses."""
    return Config(web=WebConfig(port=0))


class Fetch:
    """One HTTP request on a thread of its own; ``done`` once it answered or failed."""

    def __init__(self, url: str, token: str = "", body: dict[str, Any] | None = None,
                 follow: bool = True) -> None:
        self.url, self.token, self.body, self.follow = url, token, body, follow
        self.status: int | None = None
        self.location = ""
        """Where a redirect sends the phone (``follow=False``)."""
        self.text = ""
        self.error = ""
        self.done = False
        threading.Thread(target=self._run, daemon=True).start()

    def json(self) -> Any:
        return json.loads(self.text)

    def _run(self) -> None:
        data = json.dumps(self.body).encode() if self.body is not None else None
        request = urllib.request.Request(self.url, data=data,
                                         method="POST" if data is not None else "GET")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        opener = urllib.request.build_opener(*(() if self.follow else (Stay(),)))
        try:
            with opener.open(request, timeout=10) as answer:
                self.status = answer.status
                self.text = answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            self.status = error.code
            self.location = error.headers.get("Location", "")
            self.text = error.read().decode("utf-8", "replace")
        except OSError as error:
            self.error = str(error)
        self.done = True


class Stay(urllib.request.HTTPRedirectHandler):
    """A redirect is read, not followed (the phone would be sent on to BG Stats)."""

    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


def fetched(d: Driver, url: str, token: str = "", body: dict[str, Any] | None = None,
            ) -> Iterator[float]:
    """Fetch ``url`` off the Kivy thread while the app goes on; the answer is ``d.fetched``."""
    fetch = Fetch(url, token, body)
    yield from until(d, lambda: fetch.done, seconds=10)
    d.fetched = fetch  # type: ignore[attr-defined]


def base_of(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def api_state(d: Driver, url: str) -> Iterator[float]:
    """GET /api/state with the token of ``url``: ``d.fetched``."""
    yield from fetched(d, f"{base_of(url)}/api/state", token_of(url))


def phone_input(d: Driver, url: str, line: str, seq: int | None = None) -> Iterator[float]:
    """The phone of ``url`` plays ``line`` (its state read first for ``seq``, unless given)."""
    if seq is None:
        yield from api_state(d, url)
        seq = int(d.fetched.json()["seq"])  # type: ignore[attr-defined]
    yield from fetched(d, f"{base_of(url)}/api/input", token_of(url),
                       {"input": line, "seq": seq})


def topmost(kind: type) -> Any:
    """The view of ``kind`` open over the screen, None when there is none."""
    from kivy.core.window import Window

    views = [child for child in Window.children if isinstance(child, kind)]
    return views[0] if views else None


def codes_view(d: Driver) -> Any:
    """The codes' view over the screen (PhoneCodes), None when none is open."""
    from companion.app.phones.codes import PhoneCodes

    return topmost(PhoneCodes)


def read_code(code: Any) -> dict[str, Any]:
    from qr_reading import read_code as read

    return read(code)


def read_shown_code(d: Driver, view: Any) -> Iterator[float]:
    """The code the view shows now, read from the window once it stands still: ``d.read``."""
    yield from until_still(d, view.ids.code)
    yield P
    d.read = read_code(view.ids.code)  # type: ignore[attr-defined]


# -- the scenarios ---------------------------------------------------------------------------


def phones_settings(d: Driver) -> Iterator[float]:
    """Settings → Phones at the table: on (the real server answers the shown address), Forget
    phones (after a confirm: the old link is refused), left on for the next start."""
    lang = d.app.table.lang
    seen = d.results
    phones = d.app.phones
    seen["on_at_start"] = phones.is_on
    d.app.go("settings")
    yield 0.4
    settings = d.app.root.get_screen("settings")
    button = settings.ids.phones_button
    yield from until_still(d, button)
    seen["off"] = {"button": button.text, "text": settings.phones_text,
                   "forget_shown": settings.ids.forget_phones_button.opacity > 0}
    d.shot(f"phones_settings_off_{lang}")
    d.tap(button)
    yield from until(d, lambda: phones.is_on, seconds=6)
    yield 0.5  # the button's pressed look gone
    seen["on"] = {"button": button.text, "text": settings.phones_text,
                  "address": phones.address, "view": phones.view_url(),
                  "forget_shown": settings.ids.forget_phones_button.opacity > 0,
                  "button_height": button.height,
                  "forget_height": settings.ids.forget_phones_button.height}
    d.shot(f"phones_settings_on_{lang}")
    yield from fetched(d, phones.address + "/")
    seen["address_answer"] = [d.fetched.status, d.fetched.error]  # type: ignore[attr-defined]
    old_view = phones.view_url()
    yield from fetched(d, old_view)
    seen["view_answer"] = [d.fetched.status, d.fetched.error]  # type: ignore[attr-defined]
    yield from api_state(d, old_view)
    seen["view_state"] = d.fetched.status  # type: ignore[attr-defined]
    # Forget phones asks first
    from companion.app.phones.codes import ForgetPhonesDialog

    d.tap(settings.ids.forget_phones_button)
    yield from until(d, lambda: topmost(ForgetPhonesDialog) is not None)
    dialog = topmost(ForgetPhonesDialog)
    yield from until_still(d, dialog.ids.keep_phones)
    d.shot(f"phones_forget_{lang}")
    seen["asked_before_forgetting"] = old_view == phones.view_url()
    d.tap(dialog.ids.keep_phones)  # "Keep them": nothing forgotten
    yield from until(d, lambda: topmost(ForgetPhonesDialog) is None)
    seen["kept"] = [old_view == phones.view_url(), topmost(ForgetPhonesDialog) is None]
    d.tap(settings.ids.forget_phones_button)
    yield from until(d, lambda: topmost(ForgetPhonesDialog) is not None)
    dialog = topmost(ForgetPhonesDialog)
    yield from until_still(d, dialog.ids.confirm_forget)
    d.tap(dialog.ids.confirm_forget)
    yield from until(d, lambda: phones.view_url() not in ("", old_view))
    new_view = phones.view_url()
    seen["forgotten"] = bool(new_view) and new_view != old_view
    yield from api_state(d, old_view)
    seen["old_view_state"] = d.fetched.status  # type: ignore[attr-defined]
    yield from api_state(d, new_view)
    seen["new_view_state"] = d.fetched.status  # type: ignore[attr-defined]
    # off: nothing listens; on again for the next start
    d.tap(button)
    yield from until(d, lambda: not phones.is_on, seconds=6)
    seen["off_again"] = {"button": button.text, "text": settings.phones_text}
    yield from fetched(d, old_view.rsplit("/view/", 1)[0] + "/")
    seen["answer_when_off"] = [d.fetched.status, bool(d.fetched.error)]  # type: ignore[attr-defined]
    d.tap(button)
    yield from until(d, lambda: phones.is_on, seconds=6)
    seen["remembered"] = d.app.store.setting("phones.on")


phones_settings.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_settings.config = free_port  # type: ignore[attr-defined]


def phones_start_up(d: Driver) -> Iterator[float]:
    """The app starts again: phones were on, so the server runs without a tap."""
    phones = d.app.phones
    yield from until(d, lambda: phones.is_on, seconds=6)
    d.results["on"] = phones.is_on
    yield from fetched(d, phones.view_url())
    d.results["view_answer"] = d.fetched.status  # type: ignore[attr-defined]


phones_start_up.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_start_up.config = free_port  # type: ignore[attr-defined]

def phones_enabled_in_config(d: Driver) -> Iterator[float]:
    """A fresh store, ``[web] enabled = true`` in the config file: on from the start; the
    players' choice in Settings wins over the file afterwards."""
    phones = d.app.phones
    yield from until(d, lambda: phones.is_on, seconds=6)
    d.results["on"] = phones.is_on
    d.results["stored"] = d.app.store.setting("phones.on")
    phones.turn(False)
    d.results["stored_after_off"] = d.app.store.setting("phones.on")
    d.results["wanted_after_off"] = phones.is_wanted


phones_enabled_in_config.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_enabled_in_config.config = lambda: Config(  # type: ignore[attr-defined]
    web=WebConfig(enabled=True, port=0))

_HELD = socket.socket()
"""A port held by "another program" for the port-taken case."""


def _taken_port() -> Config:
    _HELD.bind((LOOPBACK, 0))
    _HELD.listen()
    return Config(web=WebConfig(port=_HELD.getsockname()[1]))


def phones_port_taken(d: Driver) -> Iterator[float]:
    """Another program has the port: Settings says so in a sentence, the switch stays off."""
    lang = d.app.table.lang
    d.app.go("settings")
    yield 0.4
    settings = d.app.root.get_screen("settings")
    yield from until_still(d, settings.ids.phones_button)
    d.tap(settings.ids.phones_button)
    yield from until(d, lambda: bool(d.app.phones.problem), seconds=6)
    yield 0.5
    d.results.update(is_on=d.app.phones.is_on, text=settings.phones_text,
                     button=settings.ids.phones_button.text, port=_HELD.getsockname()[1])
    d.shot(f"phones_port_taken_{lang}")


phones_port_taken.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_port_taken.config = _taken_port  # type: ignore[attr-defined]


def phones_codes(d: Driver) -> Iterator[float]:
    """The seats' codes after Start, one at a time; the Menu's (seats and spectators); Home's
    spectators' code; a companion's seat has none. Each code is read from the window and its
    address fetched."""
    lang = d.app.table.lang
    seen = d.results
    d.app.phones.turn(True)
    yield from until(d, lambda: d.app.phones.is_on, seconds=6)
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"])
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    view = codes_view(d)
    seen["after_start"] = {"screen": d.screen.name, "codes": view is not None}
    start_pages = []
    for number in range(len(view.pages)):
        yield from read_shown_code(d, view)
        read = d.read  # type: ignore[attr-defined]
        yield from fetched(d, read["text"])
        page = {"caption": view.caption, "url": view.url, "counter": view.counter,
                "read": read, "answer": d.fetched.status,  # type: ignore[attr-defined]
                "next": [view.ids.next_button.height, view.ids.next_button.disabled],
                "back": [view.ids.back_button.height, view.ids.back_button.disabled],
                "done": [view.ids.done_button.text, view.ids.done_button.height]}
        yield from api_state(d, read["text"])
        page["seat"] = d.fetched.json().get("seat")  # type: ignore[attr-defined]
        start_pages.append(page)
        d.shot(f"phones_seat_code{number + 1}_{lang}")
        if number + 1 < len(view.pages):
            d.tap(view.ids.next_button)
            yield P
    seen["start_pages"] = start_pages
    d.tap(view.ids.back_button)
    yield P
    seen["back_to"] = view.caption
    d.tap(view.ids.done_button)
    yield 0.4
    seen["after_done"] = [codes_view(d) is None, d.screen.name]
    # the Menu: every seat's code, then the spectators'
    play = d.app.root.get_screen("play")
    d.tap(play.ids.menu_button)
    yield 0.4
    menu = play._modal
    yield from until_still(d, menu.ids.phones_button)
    seen["menu_phones_button"] = [menu.ids.phones_button.text, list(menu.ids.phones_button.size),
                                  list(menu.ids.rules_button.size)]
    d.shot(f"phones_menu_{lang}")
    d.tap(menu.ids.phones_button)
    yield 0.4
    view = codes_view(d)
    seen["menu_captions"] = [page["caption"] for page in view.pages]
    for _ in range(len(view.pages) - 1):
        d.tap(view.ids.next_button)
        yield P
    yield from read_shown_code(d, view)
    read = d.read  # type: ignore[attr-defined]
    yield from fetched(d, read["text"])
    seen["menu_watch"] = {"caption": view.caption, "read": read,
                          "answer": d.fetched.status}  # type: ignore[attr-defined]
    yield from api_state(d, read["text"])
    seen["menu_watch"]["seat"] = d.fetched.json().get("seat")  # type: ignore[attr-defined]
    d.shot(f"phones_watch_code_{lang}")
    d.tap(view.ids.done_button)
    yield 0.4
    # Home: the spectators' code
    d.app.go("home")
    yield 0.4
    watch = d.widget("home", "watch_button")
    yield from until_still(d, watch)
    seen["home_watch_button"] = [watch.text, list(watch.size)]
    d.shot(f"phones_home_{lang}")
    d.tap(watch)
    yield 0.4
    view = codes_view(d)
    yield from read_shown_code(d, view)
    read = d.read  # type: ignore[attr-defined]
    yield from fetched(d, read["text"])
    seen["home_watch"] = {"pages": len(view.pages), "caption": view.caption, "read": read,
                          "answer": d.fetched.status}  # type: ignore[attr-defined]
    d.tap(view.ids.done_button)
    yield 0.4
    # a companion's seat: no code
    from companion.table.session import Setup

    d.app.table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"], {},
                               {1: "normal"}))
    d.app.go("play")
    yield 0.4
    play.show_phone_codes(is_start=True)
    yield 0.4
    view = codes_view(d)
    seen["with_companion"] = [page["caption"] for page in view.pages]
    seen["with_companion_buttons"] = view.ids.next_button.parent.opacity
    d.shot(f"phones_seat_code_companion_{lang}")
    d.tap(view.ids.done_button)
    yield 0.4


phones_codes.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_codes.config = free_port  # type: ignore[attr-defined]


def phones_moved_on(d: Driver) -> Iterator[float]:
    """Pat previews a wall on the screen; Pat's phone plays a step meanwhile: the preview is
    dropped, a calm banner says the game moved on, and a second tap on that groove plays
    nothing stale. A tap at the very moment a phone plays is refused; a phone that was too
    late hears 409."""
    lang = d.app.table.lang
    seen = d.results
    d.app.phones.turn(True)
    yield from until(d, lambda: d.app.phones.is_on, seconds=6)
    open_match(d, "quoridor", ["Eva", "Pat"], ["red", "blue"])
    yield 0.5
    play = d.app.root.get_screen("play")
    eva_url, pat_url = (url for _seat, url in d.app.phones.seat_urls())
    d.tap_square("e8")                                  # Eva on the screen
    yield P
    d.tap_wall("a3h")                                   # Pat previews a wall
    yield P
    seen["preview"] = [play.board.preview, play.action_kind, d.history]
    yield from phone_input(d, pat_url, "e2")            # Pat's phone steps meanwhile
    seen["phone_answer"] = d.fetched.status  # type: ignore[attr-defined]
    yield from until(d, lambda: len(d.history) == 2)
    yield P
    seen["after_phone"] = {"history": d.history, "preview": play.board.preview,
                           "banner": play.banner, "action": play.action_kind,
                           "status": play.status}
    d.shot(f"phones_moved_on_{lang}")
    yield 0.6
    d.tap_wall("a3h")                                   # the second tap: only a new preview
    yield P
    seen["second_tap"] = {"history": d.history, "preview": play.board.preview,
                          "banner": play.banner}
    play.cancel_preview()
    yield P
    # a tap at the moment a phone plays: the phone's input is played, the tap refused
    yield from api_state(d, eva_url)
    seq = int(d.fetched.json()["seq"])  # type: ignore[attr-defined]
    fetch = Fetch(f"{base_of(eva_url)}/api/input", token_of(eva_url),
                  {"input": "e7", "seq": seq})
    for _ in range(200):
        if len(d.history) == 3:
            break
        yield 0.01
    quiet_banner = play.banner                          # nothing was in progress: no banner
    d.tap_square("e3")                                  # Pat's step, aimed at the old board
    seen["tap_at_the_moment"] = {"history": d.history, "banner": play.banner}
    yield from until(d, lambda: fetch.done)
    seen["tap_at_the_moment"].update(phone_answer=fetch.status, banner_before=quiet_banner)
    # the screen first: the phone's input with the seq it saw is refused
    yield 0.6
    yield from api_state(d, pat_url)
    seq = int(d.fetched.json()["seq"])  # type: ignore[attr-defined]
    d.tap_square("e3")
    yield P
    yield from phone_input(d, eva_url, "e6", seq)
    seen["phone_too_late"] = {"answer": d.fetched.status,  # type: ignore[attr-defined]
                              "history": d.history,
                              "current_seq": d.fetched.json().get(  # type: ignore[attr-defined]
                                  "state", {}).get("seq"),
                              "seq": d.app.table.seq}
    # Eva picks up her pawn on the screen; her phone steps meanwhile: the pawn is let go
    yield 0.6
    d.tap_square("e7")
    yield P
    picked = play.board.is_pawn_selected
    yield from phone_input(d, eva_url, "e6")
    yield from until(d, lambda: len(d.history) == 5)
    yield P
    seen["pawn_picked"] = {"picked": picked, "history": d.history, "banner": play.banner,
                           "still_picked": play.board.is_pawn_selected}


phones_moved_on.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_moved_on.config = free_port  # type: ignore[attr-defined]

WALK = ("e8", "d1", "e7", "c1", "e6", "b1", "e5", "a1", "e4", "b1", "e3", "c1", "e2", "d1")
"""Eva walks down the e file while Pat steps aside; her next step, e1, wins."""


def phones_result(d: Driver) -> Iterator[float]:
    """A finished game: the result screen shows its "Log to BG Stats" link as a code (read
    from the window), and larger when tapped."""
    lang = d.app.table.lang
    seen = d.results
    d.app.phones.turn(True)
    yield from until(d, lambda: d.app.phones.is_on, seconds=6)
    open_match(d, "quoridor", ["Eva", "Pat"], ["red", "blue"])
    yield 0.5
    for line in WALK:
        d.app.table.send(line)
    yield P
    d.tap_square("e1")
    yield from see_result(d)
    result = d.app.root.get_screen("result")
    seen["bgstats_url"] = d.app.phones.bgstats_url(d.app.table.saving.stored_id)
    seen["shown_url"] = result.bgstats_url
    seen["box_width"] = result.ids.bgstats_box.width
    if result.bgstats_url:
        fetch = Fetch(result.bgstats_url, follow=False)  # the phone that scans the code
        yield from until(d, lambda: fetch.done, seconds=10)
        seen["sent_on"] = [fetch.status, fetch.location]
        yield from until_still(d, result.ids.bgstats_code)
        yield P
        seen["result_code"] = read_code(result.ids.bgstats_code)
    d.shot(f"phones_result_{lang}")
    if result.bgstats_url:
        d.tap(result.ids.bgstats_code)
        yield 0.4
        view = codes_view(d)
        yield from read_shown_code(d, view)
        seen["large_code"] = d.read  # type: ignore[attr-defined]
        seen["large_caption"] = view.caption
        d.shot(f"phones_bgstats_code_{lang}")
        d.tap(view.ids.done_button)
        yield 0.4


phones_result.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_result.config = free_port  # type: ignore[attr-defined]

def phone_plays(d: Driver, url: str, line: str) -> Iterator[float]:
    """:func:`phone_input` as a person's phone does it: when the game moved on meanwhile (409,
    the table said something more: saved, …), again with the state the answer brought."""
    yield from phone_input(d, url, line)
    for _ in range(3):
        if d.fetched.status != 409:  # type: ignore[attr-defined]
            return
        seq = int(d.fetched.json()["state"]["seq"])  # type: ignore[attr-defined]
        yield from phone_input(d, url, line, seq)


def phones_companion_at_home(d: Driver) -> Iterator[float]:
    """Eva plays Quoridor from her phone against the companion while the touchscreen sits on
    Home: the companion answers each of her steps. On the play screen with the end-game
    question open it waits (the question decides the game's future); "No" lets it answer."""
    from companion.table.session import Setup

    seen = d.results
    d.app.store.set_setting("companion_pause", 0.2)
    d.app.phones.turn(True)
    yield from until(d, lambda: d.app.phones.is_on, seconds=6)
    d.app.table.new_game(Setup("quoridor", ["Eva", "Companion"], ["red", "blue"],
                               companions={1: "easy"}))
    d.app.go("home")
    yield P
    eva_url = next(url for seat, url in d.app.phones.seat_urls() if seat == 0)
    screens: set[str] = set()
    for step, line in enumerate(("e8", "e7")):
        yield from phone_plays(d, eva_url, line)
        seen[f"phone_answer_{step}"] = d.fetched.status  # type: ignore[attr-defined]
        for _ in range(100):                        # the companion's answer, watched
            screens.add(d.app.root.current)
            if len(d.history) == 2 * step + 2:
                break
            yield 0.1
    seen["at_home"] = {"history": d.history, "screens": sorted(screens),
                       "current": d.app.root.current}
    d.shot(f"phones_companion_at_home_{d.app.table.lang}")
    # the end-game question open on the play screen: the companion waits for the answer
    d.app.go("play")
    play = d.app.root.get_screen("play")
    yield P
    play.ask_end_game()
    yield P
    yield from phone_plays(d, eva_url, "e6")
    yield 1.2                                       # six pauses: it would have answered
    seen["question_open"] = {"history": d.history, "holds": play.holds_the_game()}
    play.close_modal()                              # "No": the game goes on
    yield from until(d, lambda: len(d.history) == 6, seconds=10)
    seen["question_answered"] = {"history": d.history, "holds": play.holds_the_game()}


phones_companion_at_home.phones = phones_on_loopback  # type: ignore[attr-defined]
phones_companion_at_home.config = free_port  # type: ignore[attr-defined]

SCENARIOS: dict[str, Scenario] = {
    "phones_companion_at_home": phones_companion_at_home,
    "phones_settings": phones_settings,
    "phones_start_up": phones_start_up,
    "phones_enabled_in_config": phones_enabled_in_config,
    "phones_port_taken": phones_port_taken,
    "phones_codes": phones_codes,
    "phones_moved_on": phones_moved_on,
    "phones_result": phones_result,
}
