"""The memory card fails under the app: full at start, then full again mid-game. Played by
``driver.py`` like those of ``play.py`` (``__init__.py`` gathers them); the store lies on a small
tmpfs the test mounted (``card.py``), which this scenario fills and frees."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from card import FILLER, fill
from driver import Driver, seed_players

P = 0.2
Scenario = Callable[[Driver], Iterator[float]]


def dialog(d: Driver) -> Any:
    """The open "games cannot be saved" dialog, or None."""
    dialog = d.app._save_dialog
    return dialog if dialog is not None and dialog.parent is not None else None


def card_full_at_start_then_mid_game(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    card = Path(d.app.store.path).parent
    for _ in range(50):                                # the dialog comes after the first frame
        if dialog(d) is not None:
            break
        yield 0.1
    yield 0.3
    seen = d.results
    seen["dialog_at_start"] = dialog(d) is not None
    seen["message_at_start"] = dialog(d).message if dialog(d) else ""
    d.shot(f"save_problem_start_{lang}")
    d.tap(dialog(d).ids.play_unsaved_button)         # play on without saving
    yield P
    seen["mark_on_home"] = d.app.is_unsaved and d.widget("home", "home_not_saved_mark").width > 0
    seed_players(d, ["Eva", "Pat"], ["red", "blue"])  # waits in memory with the rest
    d.tap(d.widget("home", "new_game_button"))
    yield 0.3
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    d.tap_square("e8")
    yield P
    d.tap_square("e2")
    yield P
    play = d.app.root.get_screen("play")
    seen["history_unsaved"] = d.history
    seen["mark_on_play"] = play.ids.not_saved_mark.width > 0
    seen["stored_id_unsaved"] = d.app.table.saving.stored_id
    d.shot(f"play_not_saved_{lang}")
    (card / FILLER).unlink()                           # space is back
    d.tap(play.ids.not_saved_mark)                     # tapped: try the card again
    yield P
    seen["saved_after_retry"] = list(d.app.store.load(d.app.table.saving.stored_id).timeline)
    seen["mark_after_retry"] = d.app.is_unsaved
    fill(card)                                         # the card fills up mid-game
    d.tap_square("e7")
    yield P
    seen["history_refused"] = d.history
    seen["dialog_mid_game"] = dialog(d) is not None
    d.shot(f"save_problem_mid_game_{lang}")
    d.tap(dialog(d).ids.try_again_button)              # still full: still asked
    yield P
    seen["dialog_after_failed_retry"] = dialog(d) is not None
    (card / FILLER).unlink()
    d.tap(dialog(d).ids.try_again_button)              # now it saves, and plays e7
    yield P
    seen["dialog_after_retry"] = dialog(d) is not None
    seen["history_end"] = d.history
    seen["saved_end"] = list(d.app.store.load(d.app.table.saving.stored_id).timeline)


SCENARIOS: dict[str, Scenario] = {
    "card_full_at_start_then_mid_game": card_full_at_start_then_mid_game,
}
