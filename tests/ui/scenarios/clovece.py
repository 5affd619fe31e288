"""Člověče scenarios, played in a real window by taps (one per subprocess).

    python tests/ui/scenarios/clovece.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

The die is the driver's: ``die(d, 6)`` is a physical die showing 6 (the table counts and
plays it as ``roll 6``), so the scenarios are repeatable; the Roll button is tapped too.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import (  # noqa: E402  (configures Kivy before it is imported)
    Driver,
    from_menu,
    open_new_game,
    run_from_command_line,
    see_result,
    until,
    until_still,
)

P = 0.15
COLOURS = ("R", "Y", "G", "B")
NEAR_END = (
    "board4 seats{S0,S2} | S0 home{} goal{2:Y, 3:G, 4:B} | S2 home{Y,G} goal{} | "
    "track{12:B, 15:R, 38:R} | turn S2"
)
"""Pat (S2) to roll; Eva (S0) needs only her red piece from field 38, two fields away."""
WINNER_NEXT = (
    "board4 seats{S0,S1,S2} | S0 home{} goal{2:Y, 3:G, 4:B} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G,B} goal{} | track{38:R} | turn S0"
)
"""Eva (S0) to roll; a 2 brings her last piece home."""
LONG_RING = (
    "board6/72 seats{S0,S1,S2,S3,S4,S5} | S0 home{Y,B} goal{} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G,B} goal{} | S3 home{R,Y,G,B} goal{} | S4 home{R,Y,G,B} goal{} | "
    "S5 home{R,Y,G,B} goal{} | track{5:R, 30:G} | turn S1"
)
Scenario = Callable[[Driver], Iterator[float]]


def play_screen(d: Driver) -> Any:
    return d.app.root.get_screen("play")


def die(d: Driver, value: int) -> None:
    """The die on the table shows ``value``."""
    d.app.table.on_roll(value)


def board_point(d: Driver, point: tuple[float, float]) -> None:
    board = play_screen(d).board
    d.tap_at(*board.to_window(*point))


def tap_field(d: Driver, number: int) -> None:
    board = play_screen(d).board
    board_point(d, board._layout().fields[number])


def tap_home(d: Driver, seat: int, colour: str) -> None:
    board = play_screen(d).board
    board_point(d, board._layout().homes[seat][COLOURS.index(colour)])


def scheduled_by(board: Any) -> list[str]:
    """What the board still has scheduled: Clock events calling it, animations of it."""
    from kivy.animation import Animation
    from kivy.clock import Clock

    found = []
    for event in Clock.get_events():
        callback = event.get_callback()
        cells = getattr(callback, "__closure__", None) or ()
        if getattr(callback, "__self__", None) is board or any(
                getattr(cell, "cell_contents", None) is board for cell in cells):
            found.append(f"clock {getattr(callback, '__name__', callback)!s}")
    for animation in list(Animation._instances):
        if any(entry["widget"] is board for entry in animation._widgets.values()):
            found.append(f"animation {sorted(animation.animated_properties)}")
    return found


def start_game(d: Driver, names: list[str], colours: list[str]) -> Iterator[float]:
    yield from open_new_game(d, names, colours, "clovece")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4


def settle(d: Driver) -> Iterator[float]:
    """Wait until the last move has flown to its place (the window may draw slowly)."""
    for _ in range(40):
        if play_screen(d).board.move_progress >= 1:
            break
        yield 0.1
    yield 0.4


def overlay_buttons(d: Driver) -> list[Any]:
    overlay = play_screen(d).board._overlay
    return [] if overlay is None else list(reversed(overlay.ids.buttons.children))


def four_players(d: Driver) -> Iterator[float]:
    """Roll-off, a turn of 6, 6, 4: enter two pieces, a rejected tap, the which-piece buttons,
    undo; the same position in Czech."""
    yield from start_game(d, ["Eva", "Pat", "Ola", "Jan"], ["red", "blue", "green", "yellow"])
    play = play_screen(d)
    d.results["board"] = type(play.board).__name__
    d.results["action_start"] = play.action_kind
    die(d, 6)                                   # Eva's roll-off
    yield P
    d.shot("clovece_rolloff_en")
    for value in (2, 3, 1):                     # Pat, Ola, Jan
        die(d, value)
        yield P
    d.results["status_after_rolloff"] = play.status
    for value in (6, 6, 4):
        die(d, value)
        yield P
    d.results["action_after_rolls"] = play.action_kind
    d.results["glowing"] = len(play.board._glows)
    d.results["pulsing"] = play.board._pulse_stop is not None
    d.results["pulse_scheduled"] = scheduled_by(play.board)
    yield from settle(d)
    from companion.app.boards.clovece.board import PULSE_FOR_SECONDS

    yield PULSE_FOR_SECONDS + 0.5                # nobody touches the table
    d.results["scheduled_after_pulse"] = scheduled_by(play.board)
    d.results["animating_after_pulse"] = play.board.is_animating()
    d.results["rings_after_pulse"] = (len(play.board._glows),
                                      play.board._glow_colour.a if play.board._glow_colour
                                      else None)
    d.shot("clovece_4_en")
    tap_home(d, 0, "R")
    yield P
    tap_home(d, 0, "Y")
    yield P
    d.results["after_enters"] = d.history[-2:]
    tap_home(d, 0, "G")                         # the 4 cannot enter: rejected, nothing changes
    yield from settle(d)
    d.results["banner"] = play.banner
    d.results["history_after_rejection"] = len(d.history)
    d.shot("clovece_rejected_en")
    d.tap(play.ids.banner)
    yield P
    tap_field(d, 0)                             # red and yellow share field 0: which one?
    yield 0.3
    buttons = overlay_buttons(d)
    d.results["which_labels"] = [button.text for button in buttons]
    d.results["history_while_asking"] = len(d.history)
    d.shot("clovece_which_en")
    d.tap(buttons[1])                           # the yellow piece
    yield 0.6
    d.results["after_move"] = d.history[-1]
    d.results["status_after_move"] = play.status
    d.results["pulsing_after_turn"] = play.board._pulse_stop is not None
    d.tap(play.ids.undo_button)
    yield 0.3
    d.results["after_undo"] = d.history[-1]
    d.results["awaiting_after_undo"] = d.app.table.match.awaiting
    d.app.table.set_lang("cs")
    yield from settle(d)
    d.results["status_cs"] = play.status
    d.shot("clovece_4_cs")


def type_position(d: Driver, position: str) -> Iterator[float]:
    """Menu → Fix the position → "Edit as text" on the fix panel → the text → Done."""
    play = play_screen(d)
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield from until(d, lambda: play.is_fixing, seconds=3.0)
    edit = d.find(d.app.tr("Edit as text"), play.ids.action_area)
    yield from until_still(d, edit)         # the fix panel is laid out over a few frames
    d.tap(edit)
    yield from until(d, lambda: play._modal is not None, seconds=3.0)
    modal = play._modal
    modal.ids.position.text = position
    done = d.find(d.app.tr("Done"), modal)
    yield from until_still(d, done)         # the dialog opens over a few frames
    d.tap(done)
    yield from until(d, lambda: play._modal is None and modal.parent is None, seconds=3.0)
    yield 0.2                               # (closed: gone from the window)


def near_end(d: Driver) -> Iterator[float]:
    """From a near-end position (typed in through Fix the position): a capture to give, then
    Eva brings her last piece home and the result screen shows the places."""
    yield from start_game(d, ["Eva", "Pat"], ["red", "blue"])
    play = play_screen(d)
    yield from type_position(d, NEAR_END)
    d.results["after_fix"] = d.history
    d.results["fixing_after_text"] = [play.is_fixing, play.board.is_fixing]
    die(d, 3)                                   # Pat
    yield from settle(d)
    d.shot("clovece_near_end_cs")
    tap_field(d, 12)                            # his blue piece lands on the red one at 15
    yield from settle(d)
    d.results["awaiting_capture"] = d.app.table.match.awaiting
    d.results["action_capture"] = play.action_kind
    choices = [child.children[0] for child in play.ids.action_area.children[0].ids.choices.children]
    d.results["choice_labels"] = sorted(button.text for button in choices)
    d.shot("clovece_choice_cs")
    d.tap(next(button for button in choices if button.text.startswith("Pat")))
    yield from settle(d)
    d.results["after_give"] = d.history[-1]
    d.results["notice"] = "\n".join(play.instruction_lines())
    d.results["action_after_give"] = play.action_kind
    d.shot("clovece_notice_cs")
    die(d, 2)                                   # Eva
    yield P
    tap_field(d, 38)                            # into the goal: her fourth piece
    yield from see_result(d)
    d.results["screen_at_end"] = d.screen.name
    d.results["headline"] = d.app.root.get_screen("result").headline
    d.results["ranking"] = [(place, name) for place, _seat, name, _c
                            in d.app.table.words.ranking_rows()]
    d.shot("clovece_result_cs")


def six_players(d: Driver) -> Iterator[float]:
    """The six-seat ring: the Roll button, the roll-off, a turn; Czech, then English; and the
    72-field ring."""
    yield from start_game(d, ["Eva", "Pat", "Ola", "Jan", "Ema", "Max"],
                          ["red", "blue", "green", "yellow", "purple", "orange"])
    play = play_screen(d)
    d.tap(play.ids.action_area.children[0].ids.roll_button)
    yield 0.3
    d.results["after_roll_button"] = list(d.history)
    d.results["faces_counted"] = sum(d.app.store.face_counts("software"))
    match = d.app.table.match
    while match.state.phase == "rolloff":       # Eva 6, everyone else 1
        die(d, 6 if match.to_move == 0 else 1)
        yield 0.05
    d.results["status_after_rolloff"] = play.status
    for value in (6, 6, 3):
        die(d, value)
        yield P
    tap_home(d, 0, "R")
    yield P
    tap_home(d, 0, "B")
    yield from settle(d)
    d.results["six_history"] = d.history[-2:]
    d.results["stack_on_start"] = [p["colour"] for p in play.board._state["track"]]
    d.shot("clovece_6_cs")
    d.app.table.set_lang("en")
    yield from settle(d)
    d.shot("clovece_6_en")
    d.results["board_name"] = play.board._state["board"]["name"]
    d.app.table.fix(LONG_RING)             # the 72-field ring, as typed in Fix the position
    yield from settle(d)
    d.results["long_ring"] = (play.board._state["board"]["name"],
                              len(play.board._layout().fields))
    d.shot("clovece_6_72_en")


def stop_after_winner(d: Driver) -> Iterator[float]:
    """Three players: Eva finishes first; the others agree to stop (End, then End again)."""
    yield from start_game(d, ["Eva", "Pat", "Ola"], ["red", "blue", "green"])
    play = play_screen(d)
    d.app.table.fix(WINNER_NEXT)
    yield P
    die(d, 2)
    yield P
    tap_field(d, 38)                            # Eva's last piece: goal slot 1, place 1
    yield from settle(d)
    d.results["notice"] = "\n".join(play.instruction_lines())
    d.results["screen_after_finish"] = d.screen.name
    d.results["status_after_finish"] = play.status
    d.shot("clovece_winner_en")
    d.tap_text("End game", play.board)          # first tap: a preview, OK or a second tap
    yield P
    d.results["preview"] = play.board.preview
    d.results["action_preview"] = play.action_kind
    d.results["history_during_preview"] = d.history[-1]
    d.shot("clovece_stop_preview_en")
    d.tap_text("End game", play.board)
    yield from see_result(d)
    d.results["after_stop"] = d.history[-1]
    d.results["screen_at_end"] = d.screen.name
    d.results["ranking"] = [(place, name) for place, _seat, name, _c
                            in d.app.table.words.ranking_rows()]
    d.shot("clovece_result_stopped_en")


def fix_by_taps(d: Driver) -> Iterator[float]:
    """The table differs: Pat's blue piece stands on 20, not 12, and Eva is to move. Fixed by
    taps: the piece, then its field (a taken goal slot refuses it first); the turn; Done."""
    yield from start_game(d, ["Eva", "Pat"], ["red", "blue"])
    play = play_screen(d)
    yield from type_position(d, NEAR_END)
    d.results["near_end"] = NEAR_END
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield 0.4
    panel = play.ids.action_area.children[0]
    d.results["fixing"] = [play.is_fixing, play.action_kind, type(panel).__name__]
    d.results["message_start"] = play.board.fix_message
    tap_field(d, 12)                             # pick up the blue piece …
    yield P
    d.results["message_picked"] = play.board.fix_message
    board_point(d, play.board._layout().goals[0][1])   # … not into Eva's goal slot 2: taken
    yield P
    d.results["message_refused"] = play.board.fix_message
    tap_field(d, 20)                             # … it stands on field 20
    yield P
    turn = d.find(d.app.tr("Turn: {name}").format(name="Pat"), panel)
    d.tap(turn)                                  # Eva moves next, not Pat
    yield P
    d.results["turn_button"] = turn.text
    d.results["fix_position"] = play.board.fix_position()
    d.shot("clovece_fix_cs")
    d.tap(play.ids.undo_button)                  # Done
    yield 0.4
    d.results["after_done"] = [d.history[-1], play.is_fixing, play.board.is_fixing]
    d.results["position_after"] = d.app.table.match.position()
    d.results["status_after"] = play.status
    d.shot("clovece_fixed_cs")
    d.tap(play.ids.undo_button)                  # the fix is undone like any input
    yield 0.4
    d.results["position_undone"] = d.app.table.match.position()


SCENARIOS: dict[str, Scenario] = {
    "fix_by_taps": fix_by_taps,
    "four_players": four_players,
    "near_end": near_end,
    "stop_after_winner": stop_after_winner,
    "six_players": six_players,
}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
