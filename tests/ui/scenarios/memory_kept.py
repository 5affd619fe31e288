"""What a game keeps while it is played, in a real window: the action area's panels keep one
set of line labels aside between them.

    python tests/ui/scenarios/memory_kept.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import (  # noqa: E402  (configures Kivy before it is imported)
    Driver,
    count_made,
    open_match,
    run_from_command_line,
    until,
)

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15


def widgets_off_the_window(kind: type) -> int:
    """Live widgets of ``kind`` that are not on the window (kept aside, or in a panel not
    shown)."""
    from kivy.core.window import Window

    gc.collect()
    count = 0
    for thing in gc.get_objects():
        if issubclass(type(thing), kind):  # (type() never touches a dead weak proxy)
            top = thing
            while top.parent is not None and top.parent is not top and top is not Window:
                top = top.parent
            count += top is not Window
    return count


def lines_aside(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three (it shows all five panels: die, choices, preview, info,
    the end's): the panels made ahead, then 80 inputs played. The table-line labels alive
    off the window, and how many were built while the inputs were played."""
    import random

    from companion.app.screens.play.table_lines import InstructionLine

    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.6  # the panels and their line labels are made 0.1 s after the screen shows
    built = count_made(InstructionLine)
    table, play = d.app.table, d.app.root.get_screen("play")
    aside_before = widgets_off_the_window(InstructionLine)
    had_probe = play._texts_ahead._probe is not None
    choose = random.Random(3)
    kinds = set()
    for _input in range(80):
        if table.match.is_over:
            break
        table.send(choose.choice(table.legal()))
        kinds.add(play.action_kind)
        yield FRAME / 3
    d.results.update({"aside_before": aside_before,
                      "aside_after": widgets_off_the_window(InstructionLine),
                      # (the next roll's texts render on a line of their own, made once)
                      "built_while_playing": built[0] - (
                          not had_probe and play._texts_ahead._probe is not None),
                      "panels_shown": sorted(kinds)})
    yield FRAME


def games_in_a_row(d: Driver) -> Iterator[float]:
    """Three Pat a Mat games for three, one after the other, each played for 60 inputs (its
    choices shown and changed): the choice buttons alive once each game's panels are made,
    and how many choice buttons and table-line labels were built for them."""
    import random

    from companion.app.screens.play.panels import ChoiceButton
    from companion.app.screens.play.scoreboard import LineScoreCell, ScoreRow
    from companion.app.screens.play.table_lines import InstructionLine

    choose = random.Random(5)
    alive, built, lines_built, choices_shown = [], [], [], 0
    rows_built: list[int] = []
    made, lines_made = count_made(ChoiceButton), count_made(InstructionLine)
    rows_made, cells_made = count_made(ScoreRow), count_made(LineScoreCell)
    for _game in range(3):
        before, lines_before = made[0], lines_made[0]
        rows_before = rows_made[0] + cells_made[0]
        open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
        yield 0.6  # the panels (and the buttons ahead) are made 0.1 s after the screen shows
        built.append(made[0] - before)
        lines_built.append(lines_made[0] - lines_before)
        rows_built.append(rows_made[0] + cells_made[0] - rows_before)
        alive.append(widgets_alive(ChoiceButton))
        table, play = d.app.table, d.app.root.get_screen("play")
        for _input in range(60):
            if table.match.is_over:
                break
            table.send(choose.choice(table.legal()))
            choices_shown += play.action_kind == "choice"
            yield FRAME / 3
    d.results.update({"alive": alive, "built_with_panels": built, "rows_built": rows_built,
                      "rows_shown": [row.name for row in reversed(
                          d.app.root.get_screen("play").ids.scoreboard.children)],
                      "lines_built_with_panels": lines_built,
                      "lines_built_in_all": lines_made[0], "choices_shown": choices_shown})
    yield FRAME


def last_game_let_go(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three played for 40 inputs, then a new one: the cycle collector's
    passes (by generation) from the new game's opening to a moment after its first frame, and
    whether the first game's score rows (and their labels' textures) are alive then."""
    import random
    import weakref

    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.6
    table = d.app.table
    choose = random.Random(7)
    for _input in range(40):
        if table.match.is_over:
            break
        table.send(choose.choice(table.legal()))
        yield FRAME / 3
    box = d.app.root.get_screen("play").ids.scoreboard
    rows = [weakref.ref(row) for row in box.children]
    textures = [weakref.ref(label.texture) for row in box.children
                for label in row.walk(restrict=True) if getattr(label, "texture", None)]
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
        # the new game's first frame and the app's pass after it (a busy machine: a while)
        yield from until(d, lambda: 2 in passes, seconds=5.0)
        yield 0.3
    finally:
        gc.callbacks.remove(count)
    d.results.update({"passes": passes, "rows_before": len(rows),
                      "rows_alive": sum(ref() is not None for ref in rows),
                      "rows_shown_now": len(box.children),
                      "textures_before": len(textures),
                      "textures_alive": sum(ref() is not None for ref in textures)})
    yield FRAME


def pieces_let_go(d: Driver) -> Iterator[float]:
    """A Crash by Crash game for two played for 60 inputs with the cycle collector off (the
    app's passes too), then one pass: the drawing instructions it finds as garbage (kept
    alive only by reference cycles: a canvas let go of whose instructions still refer to it)
    and the fields' canvases of pieces drawn anew meanwhile."""
    import random

    from kivy.graphics.instructions import VertexInstruction

    from companion.app.frames import collector

    open_match(d, "crash", ["Eva", "Pat"], ["red", "blue"])
    yield 0.8
    painter = d.app.root.get_screen("play").board.painter
    table = d.app.table
    collect_due = collector.collect_due
    collector.collect_due = lambda: None  # type: ignore[assignment]
    gc.collect()
    gc.disable()
    drawn: set[int] = set()
    try:
        choose = random.Random(4)
        for _input in range(60):
            if table.match.is_over:
                break
            drawn.update(id(canvas) for _key, canvas in painter._field_canvases.values())
            table.send(choose.choice(table.legal()))
            yield FRAME / 3
        yield FRAME
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        garbage = sum(1 for thing in gc.garbage if issubclass(type(thing), VertexInstruction))
        gc.garbage.clear()
        gc.set_debug(0)
        kept = {id(canvas) for _key, canvas in painter._field_canvases.values()}
        d.results.update({"canvases_let_go": len(drawn - kept), "garbage_drawings": garbage})
    finally:
        gc.enable()
        collector.collect_due = collect_due  # type: ignore[assignment]
    yield FRAME


def widgets_alive(kind: type) -> int:
    """Live widgets of ``kind``, on the window or not."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if issubclass(type(thing), kind))


SCENARIOS: dict[str, Scenario] = {"lines_aside": lines_aside, "games_in_a_row": games_in_a_row,
                                   "last_game_let_go": last_game_let_go,
                                   "pieces_let_go": pieces_let_go}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
