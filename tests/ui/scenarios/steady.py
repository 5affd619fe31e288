"""Steady layouts and the Pat a Mat board's paragraph heights in a real window.

    python tests/ui/scenarios/steady.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run  # noqa: E402  (configures Kivy before it is imported)

from companion.app.steady_layouts import SteadyBoxLayout, SteadyGridLayout  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15


def _places(layout: Any) -> list[list[float]]:
    return [[*child.pos, *child.size] for child in layout.children]


def steady_layouts(d: Driver) -> Iterator[float]:
    """A steady box and grid beside plain Kivy ones with the same children: the same places
    every time; a pass that would change nothing is skipped, a change lays out again."""
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
    BoxLayout.do_layout = originals[BoxLayout]  # type: ignore[method-assign]
    GridLayout.do_layout = originals[GridLayout]  # type: ignore[method-assign]
    d.results.update(seen)
    d.shot("steady_layouts")


def paragraph_heights(d: Driver) -> Iterator[float]:
    """The Pat a Mat board measures an instruction paragraph without rendering it: its height
    at each size is the height of the texture rendered at that size."""
    from companion.app.boards.patamat.board import _core_label

    texts = ["Pat: move to field F19 and take the go-kart with you\nPat: get into the car there",
             "Mat: roll the die",
             "Eva: přesuň se na pole F44 a vyhoď Mata zpět na F40\nEva: nastup tam do "
             "popelářského vozu\nMat: vystup z traktoru"]
    rows = []
    for text in texts:
        for size in (22, 20):
            for width in (300, 464):
                measured = _core_label(text, size, (1, 1, 1, 1), width).render()[1]
                label = _core_label(text, size, (1, 1, 1, 1), width)
                label.refresh()
                rows.append([size, width, measured, label.texture.height])
    d.results["heights"] = rows
    yield FRAME


def scoreboard_set_aside(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three played on: whenever the table lines need the scoreboard's
    room its rows step aside for one-line cells and come back later. After every input and a
    frame, each kept set of rows, shown or set aside, shows the counters and the turn of the
    position (the set aside ones got them while the table was idle)."""
    import random

    from driver import open_match

    from companion.app.panels import counter_texts
    from companion.table.rolloff import rolloff_rolls

    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.5
    table = d.app.table
    play = d.app.root.get_screen("play")
    scoreboard = play._scoreboard
    choose = random.Random(5)
    styles, stale, shown_stale = [], [], []
    for step in range(90):
        match = table.match
        if match.is_over:
            break
        if match.awaiting == "roll":
            play.roll()
        else:
            table.send(choose.choice(table.legal()))
        yield 0.12
        match = table.match
        styles.append(play.scoreboard_style)
        if rolloff_rolls(match) is not None:
            continue  # who starts: the rows shown tell the rolls (tested with the roll-off)
        counters = match.counters()
        for kind, rows in scoreboard._row_sets.items():
            for seat, row in enumerate(rows):
                full, short = counter_texts(table, counters.get(seat, {}))
                if kind == "line":
                    full = short = "\u00a0".join(map(str, counters.get(seat, {}).values()))
                wanted = (full if row.style == "full" else short, seat == match.to_move)
                if (row.counters, row.is_turn) != wanted:
                    (shown_stale if rows is scoreboard._rows else stale).append(
                        [step, kind, seat, row.counters, row.is_turn, *wanted])
    d.results.update({"styles": styles, "stale": stale, "shown_stale": shown_stale,
                      "kinds": sorted(scoreboard._row_sets)})
    d.shot("scoreboard_set_aside")


SCENARIOS: dict[str, Scenario] = {"steady_layouts": steady_layouts,
                                  "paragraph_heights": paragraph_heights,
                                  "scoreboard_set_aside": scoreboard_set_aside}


def main() -> None:
    name, store, out, shots = sys.argv[1:5]
    lang = sys.argv[5] if len(sys.argv) > 5 else None
    run(SCENARIOS[name], store, Path(out), Path(shots), lang)


if __name__ == "__main__":
    main()
