"""The Kivy App: builds the screens, wires the table, the keys, the buttons and the die.

Import only after :func:`companion.app.configure_kivy`.
"""

from __future__ import annotations

import gc
import importlib
import logging
import threading
import time
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Keyboard, Window
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

from companion import heap
from companion.app.audio import AppAudio
from companion.app.frames import collector
from companion.app.frames.laying_out import lay_out_now
from companion.app.kvlang import bindings
from companion.app.kvlang.loading import load_kv
from companion.app.labels import extents
from companion.app.labels.remembered import let_rendered_pixels_go, load_compressor
from companion.app.phones.control import PhoneControl
from companion.app.widgets import common as _widgets  # noqa: F401  (registers BigButton, Token … for kv)
from companion.config import Config
from companion.records.store import Store
from companion.table.dice import make_die_source
from companion.table.pacing import CompanionPace
from companion.table.phones import PhonesFactory
from companion.table.session import GAME_MODULES, Change, TableSession

log = logging.getLogger(__name__)

_KEY_NAMES = {code: name for name, code in Keyboard.keycodes.items()}
SYMBOL_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SCREENS: dict[str, tuple[str, tuple[str, ...]]] = {
    "home": ("companion.app.screens.home:HomeScreen", ("home",)),
    "newgame": ("companion.app.screens.newgame:NewGameScreen",
                ("controls", "players", "boards", "newgame")),
    "play": ("companion.app.screens.play.screen:PlayScreen", ("controls", "play")),
    "result": ("companion.app.screens.result:ResultScreen",
               ("controls", "play", "phones", "result")),
    "history": ("companion.app.screens.history:HistoryScreen", ("controls", "history")),
    "replay": ("companion.app.screens.history:ReplayScreen", ("controls", "replay")),
    "settings": ("companion.app.screens.settings:SettingsScreen",
                 ("controls", "phones", "settings")),
    "stats": ("companion.app.screens.stats:StatsScreen", ("controls", "players", "stats")),
    "rules": ("companion.app.screens.rules:RulesScreen", ("controls", "rules")),
    "builder": ("companion.app.builder.screen:BuilderScreen", ("controls", "builder")),
}
"""Every screen: its class and the kv files it needs. Only home is made at start; the others
(their modules imported, their kv files loaded) on first use: a faster first frame. The phones'
codes (``phones``, with the QR code maker) load with their first dialog (``phones.codes``).
``common`` (the colours, buttons, labels) is loaded before the home screen; ``controls`` (the
shared parts home does not show) just after the first frame, and by every other screen."""
SCREEN_KV = tuple(SCREENS)
SCREEN_BACKGROUND = (0.11, 0.12, 0.14, 1)
"""Every screen's background: the colour the window is cleared to before each frame, so no
screen draws a window-sized rectangle of it (under a GPU a clear is nearly free, a rectangle
is filled pixel by pixel; under Mesa's software GL it costs the CPU a frame)."""
AFTER_FIRST_FRAME_IMPORTS = ("companion.engine.strategy", "companion.table.steps",
                             *GAME_MODULES, "companion.records.players",
                             "companion.games.clovece.board")
"""Modules the first frame does not need, imported just after it rather than by the first
game's opening (the companion's strategies and their seeded choices, ``engine.strategy``, with
the SHA-256 of ``digests`` that a finished game's key and Pat a Mat's boards' keys take too:
not ``hashlib``, whose OpenSSL digests take ~0.6 MB; the board steps behind the table lines,
``table.steps`` with ``games.table_lines``; the match, the companion's seats, the set-ups and
the refusals' words, ``session.GAME_MODULES``; the players' records, which a game's start
writes; Člověče's board, which its description no longer loads). A new game's identity
(``records.schema.new_uid``) needs no ``uuid`` module."""
GIVE_BACK_AFTER_SCREEN_SECONDS = 1.0
GIVE_BACK_AFTER_INPUT_SECONDS = 10.0
"""Freed memory goes back to the system (:mod:`companion.heap`, ~1 ms) once the table has been
still this long after a screen was shown (a game opened or left: what building and leaving a
screen freed), or after the last input (a pause to think). Never inside a tap, nor between
quick inputs: a tap after a give-back touches its freed pages anew (page faults)."""


def make_screen(name: str) -> Screen:
    """A new screen ``name``: its module imported and its kv files loaded first."""
    path, kv_files = SCREENS[name]
    for kv in kv_files:
        load_kv(kv)
    module, _, cls = path.partition(":")
    screen: Screen = getattr(importlib.import_module(module), cls)(name=name)
    return screen


class SwitchAtOnce(NoTransition):
    """No transition, and the screen left goes off before the next frame is drawn.

    Kivy's ``NoTransition`` runs a zero-length animation that ends on the next clock tick,
    after the next frame: that frame drew the screen left *under* the new one (the home
    screen's ~30 draw calls under the play screen's first frame, its most costly one; under
    Mesa's software GL each draw call costs ~37 kB for the frame). The events come in Kivy's
    order (``on_pre_enter``, ``on_pre_leave``, then ``on_enter``, ``on_leave``), all at once."""

    def start(self, manager: ScreenManager) -> None:
        super().start(manager)
        self._anim.cancel(self)  # (ends without its on_complete: dispatched just below)
        self._on_complete()


class Screens(ScreenManager):
    """The screen manager; a screen not made yet is made when first asked for."""

    def get_screen(self, name: str) -> Screen:
        if name in SCREENS and not self.has_screen(name):
            self.add_widget(make_screen(name))
        screen: Screen = super().get_screen(name)
        return screen


class CompanionApp(App):
    lang = StringProperty("cs")
    table = ObjectProperty(None)
    audio = ObjectProperty(None)
    """The cues and spoken prompts (:class:`companion.app.audio.AppAudio`)."""
    last_button = StringProperty("")
    """The last physical/keyboard button pressed (shown by the settings' button test)."""
    has_unfinished = BooleanProperty(False)
    is_unsaved = BooleanProperty(False)
    """The players play on while games cannot be saved (the "Not saved" mark shows)."""
    symbol_font = StringProperty("Roboto")
    """A font with ◀ ▶ (DejaVu Sans where installed, as on Raspberry Pi OS)."""
    phones = ObjectProperty(None)
    """Phones at the table (:class:`companion.app.phones.control.PhoneControl`): on or off,
    the codes to show."""

    def __init__(self, store_path: str | None = None, lang: str | None = None,
                 die_spec: str | None = None, config: Config | None = None,
                 phones: PhonesFactory | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        heap.limit_arenas()
        let_rendered_pixels_go()
        self._give_back: Any = None
        self.title = "Companion"
        self.config_file = config or Config()
        self.store = Store(store_path)
        if lang is None and self.store.setting("lang") is None:
            lang = self.config_file.language
        self.table = TableSession(self.store, lang=lang)
        """Its ``time_scale`` (how much slower than a desktop this machine is: the companion's
        time budgets) is set just after the first frame, before any input."""
        self.audio = AppAudio(self.table, self.store)
        self.pace = CompanionPace(
            self.table, schedule=lambda seconds, fn: Clock.schedule_once(lambda _dt: fn(), seconds),
            post=post, is_on=self._companion_may_play)
        """The companion's seats play on their own, at the pace set in Settings, whichever
        screen shows (a phone plays against them while the touchscreen sits on Home)."""
        self.phones_factory = phones
        """Makes the phones' server for this table (``companion.table.phones``), or None."""
        self.lang = self.table.lang
        self._die_spec = die_spec
        self._keys: Any = None
        if SYMBOL_FONT.exists():
            self.symbol_font = str(SYMBOL_FONT)
        self._buttons: Any = None
        self._save_dialog: Any = None
        self._save_retry: Any = None
        web = self.config_file.web
        self.phones = PhoneControl(self.table, self.store, self.phones_factory, host=web.host,
                                   port=web.port, default_on=web.enabled)

    # -- building ----------------------------------------------------------------------------

    def build(self) -> ScreenManager:
        extents.install()  # a word's width measured once per font, not at every layout
        bindings.install()  # kv rules re-evaluated without formatting Kivy's trace lines
        load_kv("common")
        Window.clearcolor = SCREEN_BACKGROUND
        self.table.listeners.append(self._on_change)
        manager = Screens(transition=SwitchAtOnce())
        manager.add_widget(make_screen("home"))
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        return manager

    def on_start(self) -> None:
        self.go("home")
        lay_out_now(self.root)
        Window.bind(on_flip=self._on_first_flip)

    def _on_first_flip(self, *_: Any) -> None:
        """The first frame is being shown: the rest of the start-up comes after it."""
        Window.unbind(on_flip=self._on_first_flip)
        Clock.schedule_once(self._after_first_frame, 0)

    def _after_first_frame(self, *_: Any) -> None:
        """After the first frame: the die (the software one stands in until then) and the
        physical buttons, then tell systemd we are up (and keep the watchdog fed)."""
        load_kv("controls")  # before any tap: the save-problem dialog, every other screen
        self.root.get_screen("home").make_hidden_parts()  # not drawn by the first frame
        load_compressor()  # the looks' pixels kept under a software GL (none kept by now)
        from companion.app.keyboards import NameKeyboard  # shown only for a name being typed

        Window.set_vkeyboard_class(NameKeyboard)
        for module in AFTER_FIRST_FRAME_IMPORTS:
            importlib.import_module(module)
        from companion.table.pi_clock import cpu_scale  # reads the device's model

        self.table.time_scale = cpu_scale(self.config_file.companion.cpu_scale).factor
        spec = self._die_spec or str(self.store.setting("die", self.config_file.die.spec))
        self.set_die(spec, remember=self._die_spec is None)
        self._bind_inputs()
        self.audio.start()
        self.phones.start_if_wanted()
        if self.store.problem is not None:
            self._show_save_problem()
        self._start_background_work()
        # What start-up made lives as long as the app: the garbage collector need not walk it
        # again (a full collection that walks it costs ~25 ms, felt when it falls in a tap).
        gc.collect()
        gc.freeze()
        heap.give_back()
        # From now on the collector's passes come just after a frame (see collector.py).
        collector.install()
        Window.bind(on_flip=self._collect_after_frame)
        try:
            from hardware.notify import ready, watchdog, watchdog_interval
        except ImportError:
            return
        ready()
        interval = watchdog_interval()
        if interval:
            Clock.schedule_interval(lambda _dt: watchdog(), interval / 2)

    def _collect_after_frame(self, *_: Any) -> None:
        """A frame is being shown: the collector's due pass runs next, before any input that
        came meanwhile (scheduled now, outside the clock's tick, it runs first in the next)."""
        if collector.is_due():
            Clock.schedule_once(lambda _dt: collector.collect_due(), 0)

    def on_stop(self) -> None:
        self.phones.stop()
        self.audio.close()
        for device in (self._buttons, self.table.die):
            close = getattr(device, "close", None)
            if callable(close):
                close()
        self.store.close()

    # -- called from kv (one call per handler) ---------------------------------------------------

    def tr(self, text: str, lang: str | None = None) -> str:
        """Translate an app text; kv passes ``app.lang`` so labels update on a switch."""
        return str(self.table.tr(text))

    def go(self, name: str) -> None:
        if name == "home":
            self.has_unfinished = self.table.unfinished() is not None
        screen = self.root.get_screen(name)
        prepare = getattr(screen, "prepare", None)
        if callable(prepare):
            prepare()
        self.root.current = name
        self._give_back_when_still(screen_shown=True)
        if name == "play":
            self._companion_next()

    def return_to_play(self) -> None:
        """Back to the play screen exactly as it was left (from a screen its menu opened, the
        rules): nothing is prepared again, a preview or a selection stays."""
        self.root.current = "play"
        self._give_back_when_still(screen_shown=True)
        self._companion_next()

    def open_stats(self, back_to: str = "home") -> None:
        """The statistics screen; Back returns to ``back_to`` (home or the result)."""
        self.root.get_screen("stats").back_to = back_to
        self.go("stats")

    def new_game_of(self, game: str) -> None:
        """The new-game screen with ``game`` chosen (a home tile)."""
        self.root.get_screen("newgame").requested_game = game
        self.go("newgame")

    def continue_game(self) -> None:
        if self.table.continue_game():
            self.go("play")
        else:
            self.has_unfinished = False

    def set_lang(self, lang: str) -> None:
        self.table.set_lang(lang)

    def set_die(self, spec: str, remember: bool = True) -> None:
        old = getattr(self.table, "die", None)
        if old is not None:
            old.close()
        self.table.die_status = ""
        self.table.die = make_die_source(spec, self.table.die_rolled, post,
                                              on_status=self.table.die_status_changed)
        if remember:
            self.store.set_setting("die", spec)

    def do_action(self, action: str) -> None:
        """A physical button or key: roll, undo, redo, confirm, hint (OK held), menu."""
        self.last_button = action
        if self.root.current != "play" or self.table.match is None:
            return
        play = self.root.get_screen("play")
        if action == "roll":
            self.table.roll()
        elif action == "undo":
            self.table.undo()
        elif action == "redo":
            self.table.redo()
        elif action == "confirm":
            play.confirm()
        elif action == "hint":  # OK held: the coach's hint, where the coach is on
            if play.can_hint:
                play.show_hint()
        elif action == "menu":
            play.open_menu()

    # -- private helpers -------------------------------------------------------------------------

    def retry_saving(self) -> None:
        """The "Not saved" mark tapped: try the card now; the dialog says why if it refuses."""
        if not self.table.retry_saving():
            self._show_save_problem()

    def _show_save_problem(self) -> None:
        from companion.app.widgets.save_problem import SaveProblemDialog

        if self._save_dialog is None:
            self._save_dialog = SaveProblemDialog()
        self._save_dialog.message = self.table.saving.problem()
        if self._save_dialog.parent is None:
            self._save_dialog.open(animation=False)
        self._keep_retrying()

    def _keep_retrying(self) -> None:
        """While games cannot be saved, try the card again now and then (all is written at once
        when it takes writes); stop when it does."""
        from companion.app.widgets.save_problem import RETRY_SECONDS

        if self._save_retry is None:
            self._save_retry = Clock.schedule_interval(
                lambda _dt: self.table.retry_saving(), RETRY_SECONDS)

    def _saving_changed(self) -> None:
        self.is_unsaved = self.table.saving.is_unsaved
        if self.store.problem is None:
            if self._save_retry is not None:
                self._save_retry.cancel()
                self._save_retry = None
            if self._save_dialog is not None and self._save_dialog.parent is not None:
                self._save_dialog.dismiss(animation=False)
        elif self.is_unsaved:
            self._keep_retrying()

    def _start_background_work(self) -> None:
        """Off the UI thread, after the first frame: the statistics' opening figures worked
        out ahead (and again after every finished game) and, for large records, their screen
        made (on the clock), so that it opens at once; then today's copy of the store next to
        it (kept 7 days)."""
        path = self.store.path

        def work() -> None:
            from companion.app.stats.cache import CACHE, MAKE_SCREEN_AHEAD
            from companion.records.backup import daily_backup

            worker = CACHE.work_ahead(path)
            if worker is not None:
                worker.join()  # the quick part first; the copy can take a while
            if CACHE.finished_games >= MAKE_SCREEN_AHEAD:
                Clock.schedule_once(lambda _dt: self.root.get_screen("stats"), 0)
            try:
                made = daily_backup(path)
            except Exception:  # noqa: BLE001 - a failed backup must never stop the table
                log.exception("the daily backup of %s failed", path)
            else:
                if made is not None:
                    log.info("daily backup: %s", made)

        from companion.app.stats.cache import work_ahead_after_games

        work_ahead_after_games(self.table, path)
        threading.Thread(target=work, name="after-start", daemon=True).start()

    # -- the companion's seats -------------------------------------------------------------------

    def hint(self) -> str | None:
        """What the companion would play for the person to move (shown, never played)."""
        return self.table.hint()

    def coach_is_on(self, game: str) -> bool:
        return bool(self.store.setting(f"coach.{game}", False))

    def _companion_may_play(self) -> bool:
        """The companion's seats play while a game is on, on any screen (Home, Menu, the
        rules, …), except while the play screen holds the game for a person: a fix under way
        or the end-game question open (``PlayScreen.holds_the_game``)."""
        if self.root is None:
            return False
        play = self.root.get_screen("play") if self.root.has_screen("play") else None
        holds = getattr(play, "holds_the_game", None)
        return not (callable(holds) and holds())

    def _companion_next(self) -> None:
        """When a companion seat is to move, it plays after a short pause: its decision is
        made off the UI thread, then played if nothing changed."""
        self.pace.next()

    def _give_back_when_still(self, screen_shown: bool = False) -> None:
        """Give freed memory back once the table is still (see GIVE_BACK_AFTER_*): an input
        after a screen was shown waits for the input's stillness, not the screen's. (Inputs
        quicker than a second after a game opened kept the screen's second: the memory went
        back a second after the last of them, and what the board drew after it (pieces
        still pulsing, a late frame) took ~8-10 MB of it again, kept while the table sat
        still: Člověče at rest 172 or 183 MB by the last input's kind.)"""
        if self._give_back is not None:
            self._give_back.cancel()
        seconds = GIVE_BACK_AFTER_SCREEN_SECONDS if screen_shown else GIVE_BACK_AFTER_INPUT_SECONDS
        self._give_back = Clock.schedule_once(self._give_back_now, seconds)

    def _give_back_now(self, *_: Any) -> None:
        heap.give_back()

    def _on_change(self, change: Change) -> None:
        self.pace.on_change(change)
        self._give_back_when_still()
        if change.kind == "lang":
            self.lang = self.table.lang
        elif change.kind == "unsaveable":
            self._show_save_problem()
        elif change.kind == "saving":
            self._saving_changed()
        elif change.kind == "opened":  # (the last game's widgets let go: a full pass)
            collector.after_many_new_objects(generation=2)
        for screen in self.root.screens:
            on_change = getattr(screen, "on_table_change", None)
            if callable(on_change):
                on_change(change)

    def _bind_inputs(self) -> None:
        try:
            from hardware.buttons import open_buttons
        except ImportError:
            return
        self._buttons = open_buttons(
            on_roll=lambda: self.do_action("roll"),
            on_undo=lambda: self.do_action("undo"),
            on_redo=lambda: self.do_action("redo"),
            on_confirm=lambda: self.do_action("confirm"),
            on_hint=lambda: self.do_action("hint"),
            on_menu=lambda: self.do_action("menu"),
            post=post,
            pins=self.config_file.buttons.pins,
            bounce_time=self.config_file.buttons.bounce_time,
            hold_time=self.config_file.buttons.hold_time,
        )

    def _key_map(self) -> Any:
        """The keyboard's button mapping (``hardware.keyboard``), made on the first key."""
        if self._keys is None:
            try:
                from hardware.keyboard import KeyboardButtons

                self._keys = KeyboardButtons()
            except ImportError:
                self._keys = False
        return self._keys or None

    def _on_key_down(self, _window: Any, key: int, _scancode: int, text: str | None,
                     modifiers: list[str]) -> bool:
        if self._key_map() is None or _is_typing():
            return False
        name = _KEY_NAMES.get(key, text or "")
        action = self._keys.key_down(name, modifiers, time.monotonic())
        if action:
            self.do_action(action)
            return True
        return False

    def _on_key_up(self, _window: Any, key: int, _scancode: int = 0) -> bool:
        if self._key_map() is None or _is_typing():
            return False
        name = _KEY_NAMES.get(key, "")
        action = self._keys.key_up(name, time.monotonic())
        if action:
            self.do_action(action)
            return True
        return False


def post(action: Any) -> None:
    """Run a die's or a button's callback on the main thread: at once when already there (the
    software die rolled by the screen's button or a key: the roll is played in this frame),
    else (GPIO and serial threads) on the Kivy clock."""
    if threading.current_thread() is threading.main_thread():
        action()
    else:
        Clock.schedule_once(lambda _dt: action(), 0)


_post_to_clock = post


def _is_typing() -> bool:
    """A focused text field gets the keys (names, position text), not the button mapping."""
    from kivy.uix.textinput import TextInput

    return any(
        isinstance(widget, TextInput) and widget.focus
        for root in Window.children
        for widget in root.walk()
    )
