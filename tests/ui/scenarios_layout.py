"""Nothing hidden or cut off on the play screen: the bottom bar keeps Menu whatever the Hint
button did before, long choices wrap, refusals and hints leave the instructions in view and stay
until the next tap, a refused wall preview says why and offers no OK. Played by ``driver.py``
like those of ``scenarios.py`` (which lists them too)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_match, until
from kivy.core.window import Window

from companion.table.session import Setup

P = 0.2
Scenario = Callable[[Driver], Iterator[float]]


def bar_seen(play: Any) -> dict[str, Any]:
    """The bottom bar: each shown button's text and window rect, and whether Menu is whole."""
    buttons = [play.ids[name] for name in ("undo_button", "redo_button", "hint_button",
                                           "menu_button")]
    shown = [b for b in buttons if b.opacity > 0 and b.width > 1]
    rects = {}
    for button in shown:
        left, bottom = button.to_window(button.x, button.y)
        right, top = button.to_window(button.right, button.top)
        rects[button.text] = [round(left), round(bottom), round(right), round(top)]
    menu = rects.get(play.ids.menu_button.text, [0, 0, 0, 0])
    return {"texts": [b.text for b in shown], "rects": rects,
            "menu_whole": menu[2] <= Window.width and menu[0] >= 0 and menu[2] - menu[0] >= 48}


def bottom_bar_keeps_menu(d: Driver) -> Iterator[float]:
    """The coach on in one game (Hint shown), then a game without it, then the companion's
    turn in a coached game (Hint hidden while it thinks): Menu is whole every time."""
    lang = d.app.table.lang
    seen = d.results
    play = d.app.root.get_screen("play")
    d.app.store.set_setting("coach.quoridor", True)
    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.5
    seen["coached"] = bar_seen(play)
    d.shot(f"bar_coached_{lang}")
    d.app.store.set_setting("coach.quoridor", False)
    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.5
    seen["after_coach"] = bar_seen(play)
    d.shot(f"bar_after_coach_{lang}")
    d.app.store.set_setting("coach.quoridor", True)
    d.app.store.set_setting("companion_pause", 3.0)
    d.app.table.new_game(Setup("quoridor", ["Eva", "Jan"], ["red", "blue"],
                               companions={1: "normal"}))
    d.app.go("play")
    yield 0.5
    seen["person_turn"] = bar_seen(play)
    d.tap_square("e8")                                   # Eva steps; the companion thinks
    yield 0.5
    seen["companion_turn"] = bar_seen(play)
    seen["history_during_companion"] = d.history
    d.shot(f"bar_companion_turn_{lang}")
    yield from until(d, lambda: len(d.history) == 2, seconds=6.0)
    yield P
    seen["back_to_person"] = bar_seen(play)


SCENARIOS: dict[str, Scenario] = {
    "bottom_bar_keeps_menu": bottom_bar_keeps_menu,
}
