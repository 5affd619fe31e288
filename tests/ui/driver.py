"""Runs the app in a real window and plays one scripted scenario on the Kivy clock.

    python tests/ui/driver.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR

Taps are real touch events (``touch.Touch``, as ``kivy.tests.common.UnitTestTouch``) at widget
coordinates, dispatched through the window's input pipeline; the scenario writes what it
observed as JSON and saves a screenshot of every screen it visits. Not a test module itself:
the tests in ``test_ui_*.py`` run it in a subprocess (Kivy allows one App per process).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.app import configure_kivy  # noqa: E402

configure_kivy(windowed=True)

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from overflow import overflows  # noqa: E402
from touch import Touch  # noqa: E402

from companion.app.main import CompanionApp  # noqa: E402
from companion.table.session import Setup  # noqa: E402

TAP_PAUSE = 0.12
Step = Iterator[float]


class Driver:
    """What a scenario can do: tap widgets, squares and grooves; look; take screenshots."""

    def __init__(self, app: CompanionApp, out: Path, shots: Path) -> None:
        self.app = app
        self.out = out
        self.shots = shots
        self.results: dict[str, Any] = {"screens": [], "taps": 0}

    # -- looking ---------------------------------------------------------------------------------

    @property
    def screen(self) -> Any:
        return self.app.root.current_screen

    @property
    def history(self) -> list[str]:
        match = self.app.table.match
        return list(match.history) if match else []

    def widget(self, screen: str, widget_id: str) -> Any:
        return self.app.root.get_screen(screen).ids[widget_id]

    def find(self, text: str, root: Any = None) -> Any:
        """The last visible widget (modal views first) whose text is ``text``."""
        roots = [root] if root is not None else list(Window.children)
        for top in roots:
            for widget in top.walk(restrict=True):
                if getattr(widget, "text", None) == text and widget.opacity > 0 and (
                        widget.get_root_window() is not None):
                    return widget
        raise LookupError(f"no widget with text {text!r} on {self.screen.name}")

    @staticmethod
    def draw_calls(widget: Any) -> int:
        """How many draw calls (vertex instructions) ``widget`` and its children make a frame."""
        from kivy.graphics.instructions import Canvas, InstructionGroup, VertexInstruction

        def count(group: Any) -> int:
            total = 0
            for item in group.children:
                if isinstance(item, Canvas):  # a child widget's canvas, with its own layers
                    total += count(item.before) + count(item) + count(item.after)
                elif isinstance(item, InstructionGroup):
                    total += count(item)
                else:
                    total += isinstance(item, VertexInstruction)
            return total

        return count(widget.canvas.before) + count(widget.canvas) + count(widget.canvas.after)

    def shot(self, name: str) -> None:
        """Save the window as ``name``.png and note what it shows cut or outside the window
        (``results["overflows"]``, which the tour's tests assert empty)."""
        self.results.setdefault("overflows", []).extend(
            f"{name}: {problem}" for problem in overflows(Window))
        self.shots.mkdir(parents=True, exist_ok=True)
        # a name of this process's own first (Kivy adds a counter to it), then renamed: two
        # test workers photographing the same scenario never take each other's file
        made = Window.screenshot(name=str(self.shots / f".{name}.{os.getpid()}.png"))
        if made:
            Path(made).replace(self.shots / f"{name}.png")
        self.results["screens"].append(name)

    # -- tapping ---------------------------------------------------------------------------------

    def tap_at(self, x: float, y: float) -> None:
        touch = Touch(x, y)
        touch.touch_down()
        touch.touch_up()
        self.results["taps"] += 1

    def tap(self, widget: Any) -> None:
        if widget.disabled or widget.opacity == 0:
            raise AssertionError(f"{widget!r} ({getattr(widget, 'text', '')!r}) is not tappable")
        x, y = widget.to_window(*widget.center)
        self.tap_at(x, y)

    def tap_text(self, text: str, root: Any = None) -> None:
        self.tap(self.find(text, root))

    def tap_square(self, name: str) -> None:
        board = self.app.root.get_screen("play").board
        x, y, side = board._square_rect(name)
        self.tap_at(*board.to_window(x + side / 2, y + side / 2))

    def tap_wall(self, name: str, off: float = 0.0) -> None:
        """In the groove of ``name``, 0.3 cell from its midpoint along the wall, and ``off``
        cells beside the groove (a finger that misses the thin groove a little)."""
        from companion.games.quoridor.board import parse_wall  # (only Quoridor's runs need it)

        board = self.app.root.get_screen("play").board
        ox, oy, pitch = board._grid()
        wall = parse_wall(name)
        top = oy + 9 * pitch
        if wall.is_horizontal:
            x, y = ox + (wall.column + 0.7) * pitch, top - (wall.row + 1 + off) * pitch
        else:
            x, y = ox + (wall.column + 1 + off) * pitch, top - (wall.row + 0.7) * pitch
        self.tap_at(*board.to_window(x, y))

    def finish(self) -> None:
        self.out.write_text(json.dumps(self.results, indent=1), encoding="utf-8")


def seed_players(d: Driver, names: list[str], colours: list[str], game: str = "quoridor",
                 options: dict[str, Any] | None = None) -> None:
    """As if these players had played ``game`` last time (the new-game screen remembers them)."""
    d.app.store.set_setting(f"setup.{game}", {"players": len(names), "names": names,
                                               "colours": colours, "options": options or {}})
    d.app.store.set_setting("last_game", game)


def open_new_game(d: Driver, names: list[str], colours: list[str], game: str = "quoridor",
                  options: dict[str, Any] | None = None) -> Step:
    """Home → New game, with these players remembered: the new-game screen is showing."""
    seed_players(d, names, colours, game, options)
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "new_game_button"))
    yield 0.3


def open_match(d: Driver, game: str, names: list[str], colours: list[str]) -> None:
    """Start a match as the new-game screen would (its taps are tested elsewhere), show it."""
    d.app.table.new_game(Setup(game, names, colours))
    d.app.go("play")


def count_made(cls: type) -> list[int]:
    """How many ``cls`` widgets are made from now on (one number, counted up)."""
    made = [0]
    original = cls.__init__

    def counting(widget: Any, **kwargs: Any) -> None:
        made[0] += 1
        original(widget, **kwargs)

    cls.__init__ = counting  # type: ignore[method-assign]
    return made


def until(d: Driver, condition: Callable[[], bool], seconds: float = 8.0) -> Step:
    """Frames of 0.1 s until ``condition`` holds, for ``seconds`` at the most."""
    for _ in range(round(seconds / 0.1)):
        if condition():
            return
        yield 0.1


def from_menu(d: Driver, text: str, seconds: float = 5.0) -> Step:
    """Open the play screen's Menu and tap its item ``text`` once it stands still (the menu
    opens over a few frames, more on a busy machine; a modal still closing may hold it up)."""
    play = d.app.root.get_screen("play")
    yield from until(d, lambda: play._modal is None, seconds=seconds)
    d.tap(play.ids.menu_button)
    found: list[Any] = []

    def shown() -> bool:
        try:
            found[:] = [d.find(text)]
        except LookupError:
            return False
        return True

    yield from until(d, shown, seconds=seconds)
    if found:
        yield from until_still(d, found[0], seconds=seconds)
    d.tap_text(text)


def until_still(d: Driver, widget: Any, seconds: float = 5.0) -> Step:
    """Frames until ``widget`` stands still inside the window (a screen just opened is laid out
    over a few frames, more on a busy machine), for ``seconds`` at the most."""
    last = None
    for _ in range(round(seconds / 0.1)):
        x, y = widget.to_window(*widget.center)
        where = (round(x), round(y), round(widget.width), round(widget.height))
        if where == last and widget.width > 1 and 0 <= x <= 800 and 0 <= y <= 480:
            return
        last = where
        yield 0.1


def until_quiet(d: Driver, counts: Callable[[], Any], frames: int = 3,
                seconds: float = 8.0) -> Step:
    """Frames of 0.1 s until what ``counts`` counts (passes, renders) has not moved for
    ``frames`` frames in a row: every pass the last input asked for is made, however many
    frames a busy machine takes for them. For ``seconds`` at the most."""
    last, still = None, 0
    for _ in range(round(seconds / 0.1)):
        now = counts()
        still = still + 1 if now == last else 0
        if still >= frames:
            return
        last = now
        yield 0.1


def see_result(d: Driver, shot: str | None = None) -> Step:
    """The game is over: the final board and the winning input's lines stay on the play screen
    (``end_text`` and ``end_lines`` record what it says, ``shot`` photographs it) until its
    button is tapped; then the result screen."""
    play = d.app.root.get_screen("play")
    yield from until(d, lambda: play.action_kind == "end", seconds=3.0)
    yield 0.8  # drawn, the last move's animation done
    d.results["end_screen"] = d.screen.name
    d.results["end_text"] = play.actions.panels["end"].text if "end" in play.actions.panels else ""
    d.results["end_lines"] = play.instruction_lines()
    if shot:
        d.shot(shot)
    if "end" in play.actions.panels:
        d.tap(play.actions.panels["end"].ids.result_button)
    yield from until(d, lambda: d.screen.name == "result", seconds=3.0)
    yield 0.2


def run(scenario: Callable[[Driver], Step], store: str, out: Path, shots: Path,
        lang: str | None) -> None:
    # a scenario may bring its own die: ``scenario.die_spec()`` runs before the app starts and
    # names it, as ``companion --die serial:/dev/pts/7`` would
    make_spec = getattr(scenario, "die_spec", None)
    die_spec = make_spec() if callable(make_spec) else "software"
    # and the phones' server: ``scenario.phones()`` makes the factory the command would give
    # and the config file's (``scenario.config()``: the phones' port)
    make_phones = getattr(scenario, "phones", None)
    phones = make_phones() if callable(make_phones) else None
    make_config = getattr(scenario, "config", None)
    config = make_config() if callable(make_config) else None
    app = CompanionApp(store_path=store, lang=lang, die_spec=die_spec, phones=phones,
                       config=config)
    driver = Driver(app, out, shots)
    steps = scenario(driver)

    def advance(_dt: float) -> None:
        try:
            delay = next(steps)
        except StopIteration:
            driver.results["ok"] = True
            driver.finish()
            app.stop()
            return
        except Exception:  # noqa: BLE001 - reported to the test through the JSON
            driver.results["ok"] = False
            driver.results["error"] = traceback.format_exc()
            driver.finish()
            app.stop()
            return
        Clock.schedule_once(advance, delay)

    Clock.schedule_once(advance, 0.5)
    app.run()


IN_TURN = "+"
"""Joins the names of scenarios played one after another in one app (``in_turn``)."""


def in_turn(names: list[str], scenarios: Mapping[str, Callable[[Driver], Step]]
            ) -> Callable[[Driver], Step]:
    """The scenarios ``names`` played one after another in one app, each from where the one
    before left it (each opens its own match). What each saw goes under ``parts`` by its name,
    with its own ``ok``, ``error``, screens and anything cut; after one that failed, the rest
    are not played (their ``error`` says so)."""

    def scenario(d: Driver) -> Step:
        whole = d.results
        parts: dict[str, dict[str, Any]] = {}
        failed = ""
        for name in names:
            if failed:
                parts[name] = {"screens": [], "ok": False,
                               "error": f"not played: {failed}, before it in the same app, failed"}
                continue
            d.results = {"screens": [], "taps": 0}
            try:
                yield from scenarios[name](d)
                d.results["ok"] = True
            except Exception:  # noqa: BLE001 - reported to its test through the JSON
                d.results.update(ok=False, error=traceback.format_exc())
                failed = name
            parts[name] = d.results
        d.results = whole
        whole["parts"] = parts

    return scenario


def run_from_command_line(scenarios: Mapping[str, Callable[[Driver], Step]]) -> None:
    """``SCRIPT SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]``: play one of ``scenarios`` by
    its name (the UI tests' ``run_scenario`` and ``run_scenario_script`` start scripts so), or
    several in one app, their names joined by ``IN_TURN``."""
    name, store, out, shots = sys.argv[1:5]
    lang = sys.argv[5] if len(sys.argv) > 5 else None
    scenario = in_turn(name.split(IN_TURN), scenarios) if IN_TURN in name else scenarios[name]
    run(scenario, store, Path(out), Path(shots), lang)


def main() -> None:
    from scenarios import SCENARIOS  # type: ignore[import-not-found]

    run_from_command_line(SCENARIOS)


def die_now() -> None:
    """Simulate a power cut: no clean shutdown, no flush beyond what the store committed."""
    os.kill(os.getpid(), signal.SIGKILL)


__all__ = ["Driver", "die_now", "run", "run_from_command_line"]

if __name__ == "__main__":
    main()
