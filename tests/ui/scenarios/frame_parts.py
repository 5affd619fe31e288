"""A frame in parts (app/frames/flush_points.py): each game's play screen, played a while,
reaches the GL in parts of a few dozen draw calls; a busy frame in parts holds less at its peak.

    python tests/ui/scenarios/frame_parts.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, open_match, run_from_command_line  # noqa: E402  (configures Kivy first)

from companion.app.frames.flush_points import draw_runs  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]
GAMES = {"quoridor": 2, "clovece": 4, "pacman": 4, "patamat": 4, "crash": 2}
"""Each game and its players (the most on a board of a usual table)."""
NAMES = ["Eva", "Pat", "Ola", "Jan"]
COLOURS = ["red", "blue", "green", "yellow"]
INPUTS = 30
FRAME = 0.15


def play_screens(d: Driver) -> Iterator[float]:
    """Each game opened and played by random legal inputs: after every frame drawn, the draw
    calls of the whole window between its flush points (the most in one run, and in all)."""
    from kivy.core.window import Window

    chance = random.Random(7)
    seen: dict[str, dict[str, int]] = {}
    frame = {"longest_run": 0, "most_draws": 0, "points": 0}

    def drawn(*_: object) -> None:  # the canvas as it was just drawn
        runs = draw_runs(Window.canvas)
        frame["longest_run"] = max(frame["longest_run"], *runs)
        frame["most_draws"] = max(frame["most_draws"], sum(runs))
        frame["points"] = max(frame["points"], len(runs) - 1)

    Window.bind(on_flip=drawn)
    for game, players in GAMES.items():
        open_match(d, game, NAMES[:players], COLOURS[:players])
        yield 0.6
        frame.update(longest_run=0, most_draws=0, points=0)
        for _input in range(INPUTS):
            match = d.app.table.match
            legal = d.app.table.legal()
            if match is None or match.is_over or not legal:
                break
            d.app.table.send(chance.choice(legal))
            yield FRAME
        seen[game] = dict(frame)
        d.shot(f"frame_parts_{game}")
    Window.unbind(on_flip=drawn)
    d.results["games"] = seen


SCENARIOS: dict[str, Scenario] = {"play_screens": play_screens}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
