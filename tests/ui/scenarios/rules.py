"""Menu → Rules in every game: the pages in the language set, every page photographed and
measured (no label larger than its box, the points within their column), taps on a diagram do
nothing, and Back returns to the play screen exactly as it was (the same history, a wall's
preview still waiting). Played by ``driver.py`` like those of ``play.py`` (``test_ui_rules.py``
plays them one after another in one app)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_match
from kivy.uix.label import Label

from scenarios.words import _is_shown

P = 0.15
Scenario = Callable[[Driver], Iterator[float]]

GAMES: dict[str, tuple[str, list[str], list[str]]] = {
    # scenario: (game, names, inputs played before the menu is opened)
    "quoridor2": ("quoridor", ["Eva", "Pat"], ["e8", "e2"]),
    "quoridor4": ("quoridor", ["Eva", "Pat", "Ola", "Jan"], ["e8", "b5"]),
    "pacman": ("pacman", ["Eva", "Pat"], ["P:e7-e6-d6"]),
    "patamat": ("patamat", ["Pat", "Mat"], ["place kart F02", "place car F03"]),
    "clovece": ("clovece", ["Eva", "Pat", "Ola"], ["roll 3", "roll 5"]),
    "crash": ("crash", ["Eva", "Pat"], ["first A"]),
    "crash4": ("crash", ["Eva", "Pat", "Ola", "Jan"], ["first A1"]),
}
COLOURS = ["red", "blue", "green", "yellow"]


def too_big(screen: Any) -> list[str]:
    """Every shown label whose text is larger than its box, and text pushed out of its
    column (a column of fixed-height labels taller than the room it has)."""
    found = []
    for widget in screen.walk(restrict=True):
        if isinstance(widget, Label) and widget.text and _is_shown(widget):
            width, height = widget.texture_size
            if width > widget.width + 1 or height > widget.height + 1:
                found.append(f"{widget.text[:40]!r}: {width}x{height} in "
                             f"{widget.width:.0f}x{widget.height:.0f}")
    for label in (screen.ids.points, screen.ids.caption):
        column = label.parent
        if label.text and (label.y < column.y - 1 or label.top > column.top + 1):
            found.append(f"{label.text[:40]!r} leaves its column")
    return found


def rules_of(name: str) -> Scenario:
    game, names, inputs = GAMES[name]

    def scenario(d: Driver) -> Iterator[float]:
        lang = d.app.table.lang
        open_match(d, game, names, COLOURS[:len(names)])
        yield 0.4
        for line in inputs:
            assert d.app.table.send(line), line
            yield P
        play = d.app.root.get_screen("play")
        if game == "quoridor":  # a wall previewed, waiting for its second tap
            d.tap_wall("c3h")
            yield P
        d.results["history"] = d.history
        d.results["preview"] = play.board.preview
        d.tap(play.ids.menu_button)
        yield 0.3
        d.shot(f"rules_menu_{name}_{lang}")
        d.tap(play._modal.ids.rules_button)
        yield 0.4
        rules = d.app.root.get_screen("rules")
        d.results["screen"] = d.screen.name
        d.results["title"] = rules.title
        d.results["headings"] = list(rules.page_names)
        pages = []
        for number in range(rules.page_count):
            yield 0.3
            d.shot(f"rules_{name}_{number + 1}_{lang}")
            pages.append({"heading": rules.heading, "points": rules.points,
                          "caption": rules.caption, "has_diagram": rules.has_diagram,
                          "board": type(rules.board).__name__ if rules.board else "",
                          "too_big": too_big(rules)})
            if rules.board is not None:  # a tap on the diagram changes nothing
                d.tap_at(*rules.ids.diagram_slot.to_window(*rules.ids.diagram_slot.center))
                yield P
            if number < rules.page_count - 1:
                d.tap(rules.ids.next_button)
        d.results["pages"] = pages
        d.results["last_page"] = rules.page
        d.tap(rules.ids.previous_button)
        yield P
        d.results["after_previous"] = rules.page
        d.results["history_in_rules"] = d.history
        d.tap(rules.ids.back_button)
        yield 0.3
        d.results["screen_after_back"] = d.screen.name
        d.results["history_after_back"] = d.history
        d.results["preview_after_back"] = play.board.preview
        d.results["board_after_back"] = type(play.board).__name__
        d.shot(f"rules_back_{name}_{lang}")

    return scenario


SCENARIOS: dict[str, Scenario] = {f"rules_{name}": rules_of(name) for name in GAMES}
