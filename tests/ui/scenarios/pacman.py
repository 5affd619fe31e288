"""PAC-MAN scenarios, played in a real window by taps (one per subprocess).

    python tests/ui/scenarios/pacman.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

Eva is PAC-MAN, Pat moves the four ghosts. The default layout: PAC-MAN e7, blinky d5, pinky f5,
inky c5, clyde g5, dots a1 i1 a9 i9. Long stretches of the game are played through the
table (as if tapped) so the scenario reaches the end in seconds.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, from_menu, open_new_game, run_from_command_line, see_result  # noqa: E402  (configures Kivy before it is imported)

P = 0.15
ANIMATION = 0.9
Scenario = Callable[[Driver], Iterator[float]]

TO_THE_FIRST_DOTS = (
    "P:e7-e8-e9 clyde:h5 inky:b5 blinky:c5 pinky:g5 P:e9-d9-c9 clyde:h4 pinky:h5 inky:a5 "
    "blinky:b5 P:c9-b9-a9-a8-a9-b9 clyde:i4 pinky:h4 inky:a4 blinky:a5 P:b9-c9-d9 clyde:i5 "
    "pinky:i4 inky:b4 blinky:a4 P:d9-e9-f9 blinky:a5 inky:a4 pinky:h4 clyde:i4 P:f9-g9-h9 "
    "inky:b4 blinky:a4 pinky:g4 clyde:h4"
).split()
"""From the start: PAC-MAN eats a9 and walks to h9, next to the dot i9."""
TWO_WAYS_TO_F9 = ("P:h9-g9-f9", "P:h9-i9-h9-g9-f9")
"""From h9 two ways end on f9: walk there, or eat i9 first and use the bonus."""
TO_THE_LAST_DOT = (
    "blinky:a5 inky:a4 pinky:g3 clyde:g4 P:f9-e9-e8 pinky:g2 clyde:g3 inky:b4 blinky:a4 "
    "P:e8-e7-e6 pinky:h2 clyde:g2 blinky:a5 inky:a4 P:e6-e5-e4 blinky:a6 pinky:i2 clyde:h2 "
    "inky:a5 P:e4-d4-c4 pinky:i3 clyde:i2 blinky:b6 inky:a6 P:c4-c3-b3 clyde:h2 pinky:i2 "
    "blinky:c6 inky:a5 P:b3-a3-a2 pinky:i3 clyde:g2 blinky:c7 inky:a6 P:a2-a1-a2-a1-b1 "
    "blinky:b7 pinky:h3 clyde:g3 inky:a5 P:b1-c1-d1 blinky:a7 clyde:g2 inky:a6 pinky:g3 "
    "P:d1-e1-f1 blinky:a8 inky:a5 pinky:h3 clyde:g3 P:f1-g1-h1 blinky:a9 inky:a6 clyde:g4 "
    "pinky:g3"
).split()
"""PAC-MAN eats a1 and stops on h1, next to the last dot i1."""


GHOSTS_CLOSE_IN = (
    "P:e7-e8-e9 blinky:e5 pinky:pass inky:d5 clyde:h5 P:e9-d9-c9 blinky:e6 inky:e5 clyde:g5 "
    "pinky:pass P:c9-b9-a9-a8-a9-b9 pinky:pass blinky:d6 inky:e6 clyde:h5 P:b9-c9-d9 blinky:d8 "
    "inky:d6 pinky:e5 clyde:g5 P:d9-e9-f9 blinky:d9 inky:d7 pinky:e6 clyde:f5 P:f9-g9-h9 "
    "blinky:f9 inky:d8 pinky:e7 clyde:e5"
).split()
"""The ghosts chase PAC-MAN; he ends on h9, next to the dot i9, with blinky on f9."""


def play_screen(d: Driver) -> Any:
    return d.app.root.get_screen("play")


def state(d: Driver) -> dict[str, Any]:
    return dict(d.app.table.snapshot()["state"])


def script(d: Driver, lines: list[str] | tuple[str, ...]) -> None:
    """Inputs played as the screen would send them (the store records each one)."""
    for line in lines:
        assert d.app.table.send(line), line


def whole_game(d: Driver) -> Iterator[float]:
    """New game → PAC-MAN moves → a ghost → a rejected tap → undo → a catch → two ways →
    the last dot → the result with the rank."""
    lang = d.app.table.lang
    yield from open_new_game(d, ["Eva", "Pat"], ["yellow", "blue"], "pacman")
    d.results["game"] = d.app.root.get_screen("newgame").game
    d.tap_text("2", d.widget("newgame", "counts"))
    yield P
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = play_screen(d)
    d.results["board"] = type(play.board).__name__
    d.results["status_start"] = play.status
    d.results["hint_start"] = play.board.hint
    d.results["destinations"] = sorted(state(d)["pacman_moves"])
    d.shot(f"pacman_start_{lang}")

    d.tap_square("e5")                      # Eva: two steps up, next to the ghost pen
    yield 0.5
    d.results["after_pacman"] = d.history
    d.results["status_ghosts"] = play.status
    d.results["frenzy"] = {g: v["frenzy"] for g, v in state(d)["ghosts"].items()}
    d.tap_square("d5")                      # Pat taps blinky: it sees PAC-MAN
    yield 0.3
    d.results["selected"] = play.board.selected_ghost
    d.results["caption"] = play.board.caption
    d.results["blinky_destinations"] = state(d)["ghost_destinations"]["blinky"]
    d.shot(f"pacman_frenzy_{lang}")
    d.tap_square("b5")                      # over inky to b5
    yield 0.5
    d.results["after_ghost"] = d.history

    d.tap_square("f5")                      # pinky …
    yield P
    d.tap_square("f3")                      # … cannot get through the wall f4h
    yield 0.3
    d.results["banner"] = play.banner
    d.results["after_rejected"] = d.history
    d.results["pinky_after_rejected"] = state(d)["ghosts"]["pinky"]["square"]
    d.shot(f"pacman_rejected_{lang}")
    d.tap(play.ids.banner)
    yield P

    d.tap(play.ids.undo_button)             # blinky goes back to d5
    yield 0.3
    d.results["after_undo"] = d.history
    d.results["blinky_after_undo"] = state(d)["ghosts"]["blinky"]["square"]

    d.tap_square("d5")                      # blinky again, and this time onto PAC-MAN
    yield P
    d.tap_square("e5")
    yield 0.35
    d.results["caught_caption"] = play.board.caption
    d.shot(f"pacman_catching_{lang}")
    yield 1.3
    caught = state(d)
    d.results["after_catch"] = d.history
    d.results["catch_lives"] = caught["lives"]
    d.results["catch_squares"] = [caught["pacman_square"],
                                  *[caught["ghosts"][g]["square"] for g in caught["ghosts"]]]
    d.results["catch_phase"] = caught["phase"]
    d.results["catch_info"] = d.app.table.describe(d.app.table.last_events)
    d.shot(f"pacman_caught_{lang}")

    script(d, TO_THE_FIRST_DOTS)            # the same start: the same moves work again
    yield 0.05                              # a fresh frame: the clock counts from here
    yield ANIMATION
    d.tap_square("f9")                      # two ways lead to f9: both drawn, way 1 chosen
    yield 0.5
    d.results["two_ways_history"] = d.history[-1]
    d.results["two_ways_preview"] = play.board.preview
    d.results["two_ways_action"] = play.action_kind
    d.shot(f"pacman_two_ways_{lang}")
    d.tap_square("i9")                      # a tap on way 2 (through the dot i9) picks it
    yield 0.3
    d.results["two_ways_picked"] = play.board.preview
    d.results["two_ways_label"] = play.board.choice_label(play.board.preview)
    d.tap(play.ids.action_area.children[0].ids.ok_button)
    yield 0.6
    d.results["after_two_ways"] = d.history[-1]
    d.results["dots_after_two_ways"] = state(d)["dots_eaten"]

    script(d, TO_THE_LAST_DOT)
    yield 0.05                              # a fresh frame: the clock counts from here
    yield ANIMATION
    d.tap_square("i1")                      # eating the last dot wins: shown first …
    yield 0.3
    d.results["last_preview"] = play.board.preview
    d.results["last_label"] = play.board.choice_label(play.board.preview)
    d.shot(f"pacman_last_dot_{lang}")
    d.results["history_before_win"] = len(d.history)
    d.tap_square("i1")                      # … then the second tap plays it
    yield from see_result(d)
    d.results["last_move"] = d.history[-1]
    d.results["screen_after_win"] = d.screen.name
    result = d.app.root.get_screen("result")
    d.results["headline"] = result.headline
    d.results["result_texts"] = [w.text for w in result.walk() if isinstance(
        getattr(w, "text", None), str) and w.text]
    d.results["final_status"] = d.app.table.words.status_line()
    d.results["final_hint"] = play.board.hint
    d.shot(f"pacman_result_{lang}")


def eat_a_ghost(d: Driver) -> Iterator[float]:
    """The dot i9, then the bonus through blinky: the eaten ghost goes to the strip."""
    lang = d.app.table.lang
    yield from open_new_game(d, ["Eva", "Pat", "Ola"], ["yellow", "blue", "green"], "pacman")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = play_screen(d)
    script(d, GHOSTS_CLOSE_IN[:2])          # blinky takes e5: pinky is boxed in
    yield 0.05
    yield ANIMATION
    d.tap_square("f5")                      # pinky cannot move: its pass is shown first …
    yield P
    d.results["pass_preview"] = play.board.preview
    d.results["pass_label"] = play.board.choice_label(play.board.preview)
    d.tap_square("f5")                      # … and the second tap plays it
    yield P
    d.results["after_pass"] = d.history[-1]
    script(d, GHOSTS_CLOSE_IN[3:])
    yield 0.05                              # a fresh frame: the clock counts from here
    yield ANIMATION
    d.tap_square("a1")                      # not a destination: the banner says why
    yield 0.3
    d.results["pacman_banner"] = play.banner
    d.results["history_after_banner"] = len(d.history)
    d.tap(play.ids.banner)
    yield P
    d.tap_square("f9")                      # one way only, but it eats: shown first …
    yield P
    d.tap(play.ids.action_area.children[0].ids.cancel_button)
    yield P
    d.results["preview_after_cancel"] = play.board.preview
    d.tap_square("f9")                      # … shown again
    yield 0.4
    d.results["preview"] = play.board.preview
    d.results["label"] = play.board.choice_label(play.board.preview)
    d.results["history_during_preview"] = len(d.history)
    d.shot(f"pacman_eat_preview_{lang}")
    d.tap(play.ids.action_area.children[0].ids.ok_button)
    yield 1.2
    eaten = state(d)
    d.results["played"] = d.history[-1]
    d.results["blinky"] = eaten["ghosts"]["blinky"]["square"]
    d.results["to_move"] = eaten["ghosts_to_move"]
    d.results["counters"] = d.app.table.match.counters()
    d.shot(f"pacman_ghost_eaten_{lang}")
    d.tap_square("e7")                      # pinky (Pat's) is selected …
    yield P
    d.results["selected"] = play.board.selected_ghost
    d.tap_square("e7")                      # … and a second tap lets go of it
    yield P
    d.results["selected_after_second_tap"] = play.board.selected_ghost
    d.tap_square("a1")                      # a square with no ghost selected: a hint, no input
    yield P
    d.results["caption_without_ghost"] = play.board.caption
    d.results["history_end"] = len(d.history)


def fix_by_taps(d: Driver) -> Iterator[float]:
    """The table differs from the screen: PAC-MAN stands on e6, inky was eaten, one life is
    gone and the ghosts move next. Fixed by taps, then Done; then undone."""
    yield from open_new_game(d, ["Eva", "Pat"], ["yellow", "blue"], "pacman")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = play_screen(d)
    board = play.board
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield 0.4
    panel = play.ids.action_area.children[0]
    d.results["fixing"] = [play.is_fixing, type(panel).__name__]
    d.tap_square("e7")                       # PAC-MAN …
    yield P
    d.results["message_picked"] = board.fix_message
    d.tap_square("e6")                       # … stands on e6
    yield P
    d.tap_square("c5")                       # inky …
    yield P
    x, y, w, h = board._strip_rect()
    d.tap_at(*board.to_window(x + w / 2, y + h / 2))   # … is on the strip: eaten
    yield P
    d.tap_text("-", panel)                   # a life less
    yield P
    d.tap_text(board.fix_phase_text(), panel)    # the ghosts move next
    yield P
    d.results["panel"] = [board.fix_lives_text(), board.fix_phase_text()]
    d.results["fix_position"] = board.fix_position()
    d.shot(f"pacman_fix_{d.app.table.lang}")
    d.tap(play.ids.undo_button)              # Done
    yield 0.4
    d.results["after_done"] = [d.history[-1], play.is_fixing, board.is_fixing]
    d.results["state_after"] = {key: state(d)[key] for key in ("pacman_square", "lives", "phase")}
    d.results["inky_after"] = state(d)["ghosts"]["inky"]["square"]
    d.results["status_after"] = play.status
    d.tap(play.ids.undo_button)              # undone like any input
    yield 0.4
    d.results["after_undo"] = [d.history, state(d)["pacman_square"]]


SCENARIOS: dict[str, Scenario] = {
    "fix_by_taps": fix_by_taps,
    "whole_game": whole_game,
    "eat_a_ghost": eat_a_ghost,
}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
