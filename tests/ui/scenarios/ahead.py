"""The next roll's texts prepared while the die panel waits, in a real window.

    python tests/ui/scenarios/ahead.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, open_match, run_from_command_line, until  # noqa: E402  (Kivy first)

Scenario = Callable[[Driver], Iterator[float]]
WAIT = 0.2
"""A moment's wait after the preparation is done (nothing more is done in it)."""
FRAME = 0.15
ROLLS = 30


def roll_texts_ready(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three: at every roll the die panel waits a moment, then Roll is
    tapped. The texts rendered in the roll's tap and frame (not in the preparation's steps)
    are noted, with the roll's table lines and the board's paragraph; and how many faces
    the table foresaw while it waited."""
    import random

    from kivy.core.text import LabelBase

    from companion.app.screens.play.texts_ahead import TextsAhead

    phase = ["other"]
    in_roll: list[str] = []
    real = LabelBase._render_real

    def render_real(label: Any) -> Any:
        if phase[0] == "roll":
            in_roll.append(label.text)
        return real(label)

    LabelBase._render_real = render_real  # type: ignore[method-assign]
    steps = TextsAhead._step

    def _step(ahead: Any, *args: Any) -> None:  # (Kivy calls it back by its name)
        was, phase[0] = phase[0], "ahead"
        try:
            steps(ahead, *args)
        finally:
            phase[0] = was

    TextsAhead._step = _step  # type: ignore[method-assign]
    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.5
    table = d.app.table
    play = d.app.root.get_screen("play")
    foreseen: list[str] = []
    foresee = table.foresee

    def counted(line: str) -> Any:
        foreseen.append(line)
        return foresee(line)

    table.foresee = counted
    choose = random.Random(7)
    rolls: list[dict[str, Any]] = []
    while len(rolls) < ROLLS and not table.match.is_over:
        if table.match.awaiting != "roll" or play.action_kind != "roll":
            table.send(choose.choice(table.legal()))
            foreseen.clear()  # what is foreseen from now on is for the position now
            yield FRAME
            continue
        # the die panel waits: the faces are prepared, once (then a moment more)
        yield from until(d, lambda: not play._texts_ahead._faces, seconds=3.0)
        yield WAIT
        faces = sorted(foreseen)
        in_roll.clear()
        phase[0] = "roll"
        d.tap(play.ids.action_area.children[0].ids.roll_button)
        foreseen.clear()
        yield FRAME
        phase[0] = "other"
        lines = list(table.table_lines)
        paragraph = "\n".join(play.board._instructions)
        rolls.append({"faces": faces, "lines": lines, "paragraph": paragraph,
                      "status": play.status_markup,
                      "rolloff": table.match.snapshot()["state"].get("rolloff") is not None,
                      "rendered": list(in_roll)})
    d.results["rolls"] = rolls
    d.shot("roll_texts_ready")


SCENARIOS: dict[str, Scenario] = {"roll_texts_ready": roll_texts_ready}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
