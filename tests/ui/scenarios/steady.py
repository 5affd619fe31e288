"""Steady layouts, the Pat a Mat board's paragraph heights and the die panel's layout at a
switch of the scoreboard, in a real window.

    python tests/ui/scenarios/steady.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)

from companion.app.frames.steady_layouts import SteadyBoxLayout, SteadyGridLayout  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15


def _places(layout: Any) -> list[list[float]]:
    return [[*child.pos, *child.size] for child in layout.children]


def steady_layouts(d: Driver) -> Iterator[float]:
    """A steady box and grid beside plain Kivy ones with the same children: the same places
    every time; a pass that would change nothing is skipped, a change lays out again, a
    steady box only moved moves its children."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.widget import Widget

    passes: dict[str, int] = {}
    names: dict[int, str] = {}  # the layouts of this scenario (the screen has its own)
    originals = {BoxLayout: BoxLayout.do_layout, GridLayout: GridLayout.do_layout}

    def counting(kind: type) -> Any:
        def do_layout(layout: Any, *args: Any) -> None:
            name = names.get(id(layout))
            if name is not None:
                passes[name] = passes.get(name, 0) + 1
            originals[kind](layout, *args)
        do_layout.__name__ = "do_layout"
        return do_layout

    BoxLayout.do_layout = counting(BoxLayout)  # type: ignore[method-assign]
    GridLayout.do_layout = counting(GridLayout)  # type: ignore[method-assign]
    screen = d.app.root.current_screen
    pairs = []
    for name, plain, steady in (("box", BoxLayout, SteadyBoxLayout),
                                ("grid", GridLayout, SteadyGridLayout)):
        made = []
        for kind, cls in (("plain", plain), ("steady", steady)):
            layout = cls(orientation="vertical" if name == "box" else "lr-tb", spacing=4,
                         padding=6, size_hint=(None, None), size=(300, 200),
                         pos=(20 if kind == "plain" else 400, 20 if name == "box" else 240))
            if name == "grid":
                layout.cols = 2
            names[id(layout)] = f"{name} {kind}"
            for number in range(4):
                fixed = number % 2 == 0
                layout.add_widget(Widget(size_hint_y=None if fixed else 1,
                                         height=30 + 10 * number))
            screen.add_widget(layout)
            made.append(layout)
        pairs.append(made)
    yield FRAME
    seen: dict[str, Any] = {"places": [], "passes": []}

    def note() -> None:
        for plain, steady in pairs:
            seen["places"].append([_places(plain),
                                   [[x - 380, y, w, h] for x, y, w, h in _places(steady)]])
        seen["passes"].append(dict(passes))
        passes.clear()

    note()  # made and shown
    for plain, steady in pairs:  # both asked again with nothing changed
        plain._trigger_layout()
        steady._trigger_layout()
    yield FRAME
    note()
    for plain, steady in pairs:  # taller: the hinted children grow
        plain.height = steady.height = 260
    yield FRAME
    note()
    for plain, steady in pairs:  # a fixed child's own height changes
        plain.children[-1].height = steady.children[-1].height = 55
    yield FRAME
    note()
    for plain, steady in pairs:  # a child more
        for layout in (plain, steady):
            layout.add_widget(Widget(size_hint_y=None, height=25))
    yield FRAME
    note()
    for plain, steady in pairs:  # moved, nothing else: the steady box moves its children
        for layout in (plain, steady):
            layout.pos = (layout.x + 7, layout.y + 11)
    yield FRAME
    note()
    BoxLayout.do_layout = originals[BoxLayout]  # type: ignore[method-assign]
    GridLayout.do_layout = originals[GridLayout]  # type: ignore[method-assign]
    d.results.update(seen)
    d.shot("steady_layouts")


def paragraph_heights(d: Driver) -> Iterator[float]:
    """The Pat a Mat board measures an instruction paragraph without rendering it: its height
    at each size is the height of the texture rendered at that size."""
    from companion.app.boards.patamat.texts import core_label

    texts = ["Pat: move to field F19 and take the go-kart with you\nPat: get into the car there",
             "Mat: roll the die",
             "Eva: přesuň se na pole F44 a vyhoď Mata zpět na F40\nEva: nastup tam do "
             "popelářského vozu\nMat: vystup z traktoru"]
    rows = []
    for text in texts:
        for size in (22, 20):
            for width in (300, 464):
                measured = core_label(text, size, (1, 1, 1, 1), width).render()[1]
                label = core_label(text, size, (1, 1, 1, 1), width)
                label.refresh()
                rows.append([size, width, measured, label.texture.height])
    d.results["heights"] = rows
    yield FRAME


def scoreboard_switch(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three played on: whenever the table lines need the scoreboard's
    room its rows step aside for one-line cells (or for nothing) and come back later. At
    each switch in front of the die panel: the heights the panel was laid out at; after
    every input, the rows shown show the position's counters and turn."""
    import random

    from driver import open_match

    from companion.app.screens.play.panels import DieArea
    from companion.app.screens.play.scoreboard import LineScoreCell, counter_texts
    from companion.table.rolloff import rolloff_rolls

    laid_out_at: list[float] = []  # the die panel's heights of its real passes in a step
    kivys = DieArea.do_layout

    def do_layout(panel: Any, *args: Any) -> None:  # (Kivy calls it back by its name)
        if panel._left_as is None or panel._layout_inputs() != panel._left_as:
            laid_out_at.append(panel.height)
        kivys(panel, *args)

    DieArea.do_layout = do_layout  # type: ignore[method-assign]
    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.5
    table = d.app.table
    play = d.app.root.get_screen("play")
    scoreboard = play._scoreboard
    choose = random.Random(5)
    styles: list[str] = []
    stale: list[list[Any]] = []
    die_heights: list[list[float]] = []
    for step in range(90):
        match = table.match
        if match.is_over:
            break
        style = play.scoreboard_style
        laid_out_at.clear()
        if match.awaiting == "roll":
            play.roll()
        else:
            table.send(choose.choice(table.legal()))
        yield 0.12
        match = table.match
        styles.append(play.scoreboard_style)
        if play.scoreboard_style != style and play.action_kind == "roll":
            die_heights.append(sorted(set(laid_out_at)))  # a switch: at which heights
        if rolloff_rolls(match) is not None:
            continue  # who starts: the rows tell the rolls (tested with the roll-off)
        counters = match.counters()
        for seat, row in enumerate(scoreboard._rows):
            full, short = counter_texts(table.words, counters.get(seat, {}))
            if isinstance(row, LineScoreCell):  # the values alone
                full = short = "\u00a0".join(map(str, counters.get(seat, {}).values()))
            wanted = (full if row.style == "full" else short, seat == match.to_move)
            if (row.counters, row.is_turn) != wanted:
                stale.append([step, seat, row.counters, row.is_turn, *wanted])
    d.results.update({"styles": styles, "stale": stale, "die_heights": die_heights})
    d.shot("scoreboard_switch")


SCENARIOS: dict[str, Scenario] = {"steady_layouts": steady_layouts,
                                  "paragraph_heights": paragraph_heights,
                                  "scoreboard_switch": scoreboard_switch}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
