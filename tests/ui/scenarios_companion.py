"""The companion takes a seat: chosen with one tap on the new-game screen, it answers by itself
after a short pause, its move is shown with what to change on the table, Undo goes back to the
person, and the coach's Hint suggests without playing. Played by ``driver.py`` like those of
``scenarios.py`` (which lists them too)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from driver import Driver, open_new_game
from scenarios import action_seen

P = 0.2
PAUSE = 0.3
"""The companion's pause before it plays, shortened for the test (a setting)."""
Scenario = Callable[[Driver], Iterator[float]]


def until(d: Driver, condition: Callable[[], bool], seconds: float = 8.0) -> Iterator[float]:
    for _ in range(int(seconds / 0.1)):
        if condition():
            return
        yield 0.1


def companion_quoridor(d: Driver) -> Iterator[float]:
    lang = d.app.controller.lang
    seen = d.results
    d.app.store.set_setting("companion_pause", PAUSE)
    d.app.store.set_setting("coach.quoridor", True)
    yield from open_new_game(d, ["Eva", "Jan"], ["red", "blue"])
    newgame = d.app.root.get_screen("newgame")
    rows = list(reversed(newgame.ids.players.children))
    d.tap(rows[1].ids.kind_button)                       # Jan's seat: the companion
    yield P
    rows = list(reversed(newgame.ids.players.children))
    seen["seat_kinds"] = [row.ids.kind_button.text for row in rows]
    seen["names"] = list(newgame.names)
    d.shot(f"newgame_companion_{lang}")
    d.tap(rows[1].ids.kind_button)                       # normal → strong
    yield P
    seen["level_after_second_tap"] = newgame.companions.get(1)
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = d.app.root.get_screen("play")
    seen["hint_button"] = play.ids.hint_button.width > 0
    d.tap(play.ids.hint_button)                          # the coach: a suggestion, not a move
    yield P
    seen["hint_banner"] = play.banner
    seen["history_after_hint"] = d.history
    d.shot(f"play_hint_{lang}")
    d.tap_square("e8")                                   # Eva steps; the companion answers
    yield from until(d, lambda: len(d.history) == 2)
    yield P
    seen["history_after_answer"] = d.history
    seen["action"] = action_seen(play)
    seen["status"] = play.status
    d.shot(f"play_companion_moved_{lang}")
    d.tap(play.ids.undo_button)                          # back to Eva's decision
    yield P
    seen["history_after_undo"] = d.history
    d.tap(play.ids.redo_button)                          # her move and the answer again
    yield P
    seen["history_after_redo"] = d.history
    stored = d.app.store.load(d.app.controller.stored_id)
    seen["stored_companions"] = stored.extra.get("companions")


def companion_clovece_rolls_itself(d: Driver) -> Iterator[float]:
    """Člověče with the software die: the companion's rolls and moves come by themselves."""
    seen = d.results
    d.app.store.set_setting("companion_pause", 0.1)
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], game="clovece")
    newgame = d.app.root.get_screen("newgame")
    rows = list(reversed(newgame.ids.players.children))
    d.tap(rows[1].ids.kind_button)
    yield P
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    d.app.controller.on_roll(1)                          # Eva's roll-off: then the companion's
    yield from until(d, lambda: len(d.history) >= 2)
    seen["history"] = d.history
    seen["to_move"] = d.app.controller.match.to_move


SCENARIOS: dict[str, Scenario] = {
    "companion_quoridor": companion_quoridor,
    "companion_clovece_rolls_itself": companion_clovece_rolls_itself,
}
