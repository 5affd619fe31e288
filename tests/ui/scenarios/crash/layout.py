"""Crash by Crash: a shuffled board layout from the new-game screen and its build guide
(issue #8), played in a real window by taps (one per subprocess).

    python tests/ui/scenarios/crash/layout.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[2])

from driver import Driver, open_new_game, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)

from companion.i18n import translator  # noqa: E402

P = 0.2
Scenario = Callable[[Driver], Iterator[float]]


def board(d: Driver) -> Any:
    return d.app.root.get_screen("play").board


def seen(d: Driver) -> dict[str, Any]:
    b = board(d)
    return {"shown": b.guide_shown, "history": d.history, "strip": b.strip.text,
            "buttons": [(w.text, w.tone) for w in reversed(b.strip.ids.buttons.children)]}


def shuffled_guide(d: Driver) -> Iterator[float]:
    """New game with "Shuffled layout" → the guide on the board → hide / show it by the strip
    button → a tap on the board hides it → the first placer → the guide is gone."""
    lang = d.app.table.lang
    _ = translator("crash", lang)
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], "crash")
    new = d.app.root.get_screen("newgame")
    d.results["layout_before"] = new.crash_layout
    d.tap_text(_("Shuffled layout"), new.ids.options)
    yield P
    d.results["layout_after"] = new.crash_layout
    d.shot(f"crash_layout_newgame_{lang}")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.6
    match = d.app.table.match
    d.results["tiles"] = str(match.options.get("tiles", ""))
    d.results["labels"] = dict(board(d).guide.labels)
    d.results["stars"] = dict(board(d).guide.stars)
    d.results["start"] = seen(d)
    d.shot(f"crash_layout_guide_{lang}")
    d.tap_text(_("Build guide"), board(d).strip)
    yield P
    d.results["hidden"] = seen(d)
    d.shot(f"crash_layout_hidden_{lang}")
    d.tap_text(_("Build guide"), board(d).strip)
    yield P
    d.results["again"] = seen(d)
    # the players built t33 otherwise: tap it, pick X07, then its turn 180°
    b = board(d)
    d.results["old_t33"] = b.guide.labels["t33"]
    d.results["old_x07"] = [p for p, label in b.guide.labels.items() if label.startswith("X07")]
    d.tap_at(*b.to_window(*b.field_centre("h7")))
    yield P
    d.results["picker_title"] = b.picker.title if b.picker else ""
    d.shot(f"crash_layout_edit_{lang}")
    d.tap(b.picker.button("X07"))
    yield P
    d.results["turn_title"] = b.picker.title if b.picker else ""
    d.tap(b.picker.button("1"))
    yield 0.4
    d.results["edited"] = seen(d)
    d.results["edited_labels"] = dict(board(d).guide.labels)
    d.results["fix_line"] = d.history[-1] if d.history else ""
    d.shot(f"crash_layout_edited_{lang}")
    d.tap(d.app.root.get_screen("play").ids.undo_button)
    yield P
    d.results["undone"] = seen(d)
    d.results["undone_labels"] = dict(board(d).guide.labels)
    d.tap_text("Eva", board(d).strip)
    yield P
    d.results["operator_stage"] = seen(d)


def new_game_layout(d: Driver) -> Iterator[float]:
    """Home → New game (the app just started on the store of an earlier game): which layout
    does Crash offer?"""
    d.tap(d.widget("home", "new_game_button"))
    yield P
    new = d.app.root.get_screen("newgame")
    d.results["game"] = new.game
    d.results["layout"] = new.crash_layout


SCENARIOS: dict[str, Scenario] = {"shuffled_guide": shuffled_guide,
                                  "new_game_layout": new_game_layout}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
