"""Pat a Mat scenarios, played in a real window by taps (one per subprocess).

    python tests/ui/scenarios/patamat.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

The die on the table is scripted: a tap on the Roll button asks it, and it answers the next
face of the script (as an electronic die would), so the game is repeatable. Fields and car
types are tapped where the board draws them.
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
Scenario = Callable[[Driver], Iterator[float]]

PLACEMENTS = (
    ("kart", "F01"), ("tractor", "F05"), ("car", "F19"), ("kart", "F31"),
    ("kart", "F23"), ("car", "F24"), ("car", "F25"), ("car", "F26"), ("tractor", "F27"),
    ("rusty", "F05"), ("rusty", "F29"), ("rusty", "B3"), ("garbage", "B4"), ("garbage", "A2"),
    ("garbage", "F40"),
)
"""Pat and Mat place alternately; Pat's karts and cars make a quick lap; on F05 Mat will have
to choose between the tractor and the rusty car."""


class ScriptedDie:
    """A die that shows the faces it is given, in order, when asked to roll."""

    source = "software"
    status = "connected"

    def __init__(self, d: Driver) -> None:
        self.d = d
        self.faces: list[int] = []

    def request_roll(self) -> bool:
        face = self.faces.pop(0)
        self.d.app.table.on_roll(face)
        return True

    def close(self) -> None:
        self.status = "closed"


def play_screen(d: Driver) -> Any:
    return d.app.root.get_screen("play")


def tap_board(d: Driver, point: tuple[float, float]) -> None:
    board = play_screen(d).board
    d.tap_at(*board.to_window(*point))


def tap_field(d: Driver, field_id: str) -> None:
    tap_board(d, play_screen(d).board.field_centre(field_id))


def tap_kind(d: Driver, kind: str) -> None:
    tap_board(d, play_screen(d).board.kind_button_centre(kind))


def roll(d: Driver, die: ScriptedDie, face: int) -> None:
    """The player taps Roll; the die shows ``face``."""
    die.faces.append(face)
    d.tap(play_screen(d).ids.action_area.children[0].ids.roll_button)


def board_text(d: Driver) -> dict[str, Any]:
    board = play_screen(d).board
    return {"hint": board.hint, "instructions": list(board._instructions)}


def pawns(d: Driver) -> dict[str, str]:
    state = play_screen(d).board._state
    return {name: pawn["field"] for name, pawn in state["pawns"].items()}


def whole_game(d: Driver) -> Iterator[float]:
    """New game → 15 cars placed by taps (one refused) → roll-off with a tie → rolls, a tractor
    choice and go, a traffic light, undo → Pat's winning flag → result."""
    lang = d.app.table.lang
    yield from open_new_game(d, ["Pat", "Mat"], ["red", "blue"], "patamat", {"target": 1})
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = play_screen(d)
    die = ScriptedDie(d)
    d.app.table.die = die
    d.results["board"] = type(play.board).__name__
    d.results["action_start"] = play.action_kind
    d.results["hint_start"] = play.board.hint
    tap_kind(d, "car")                               # the car type buttons below the track
    yield 0.05
    d.results["hint_car"] = play.board.hint
    for number, (kind, field_id) in enumerate(PLACEMENTS):
        if number == 4:                              # Pat tries the semafor F07 first
            tap_kind(d, "kart")
            yield 0.05
            tap_field(d, "F07")
            yield 0.3
            d.results["banner"] = play.banner
            d.results["after_refused"] = d.history
            d.shot(f"patamat_setup_refused_{lang}")
            d.tap(play.ids.banner)
            yield 0.05
        tap_kind(d, kind)
        yield 0.05
        tap_field(d, field_id)
        yield 0.05
        if number == 8:
            d.shot(f"patamat_setup_{lang}")
    yield P
    d.results["placed"] = d.history
    d.results["action_rolloff"] = play.action_kind
    for face in (3, 3):                              # a tie: both roll again
        roll(d, die, face)
        yield 0.1
    d.shot(f"patamat_rolloff_{lang}")
    d.results["rolloff_text"] = board_text(d)
    for face in (5, 2):
        roll(d, die, face)
        yield 0.1
    d.results["after_rolloff"] = d.history[15:]
    d.results["status_first_turn"] = play.status
    roll(d, die, 1)                                  # Pat walks to F01: the go-kart
    yield 0.6
    d.results["after_pat_1"] = board_text(d)
    d.shot(f"patamat_after_roll_{lang}")
    roll(d, die, 5)                                  # Mat walks to F05: tractor, rusty car
    yield 0.3
    d.results["after_mat_1"] = board_text(d)
    roll(d, die, 6)                                  # Pat's go-kart: 18 fields to F19
    yield 1.0
    d.results["after_kart"] = board_text(d)
    d.results["pawns_after_kart"] = pawns(d)
    d.shot(f"patamat_kart_ride_{lang}")
    d.results["action_choice"] = play.action_kind
    choices = play.ids.action_area.children[0].ids.choices.children
    d.results["choice_labels"] = [button.text for button in reversed(choices)]
    d.shot(f"patamat_choice_{lang}")
    d.tap_text(play.board.choice_label("choose tractor"))   # Mat takes the tractor
    yield 0.3
    d.results["action_go"] = play.action_kind
    d.results["go_label"] = play.board.choice_label("go")
    d.tap(play.ids.action_area.children[0].ids.ok_button)   # Mat's tractor: OK
    yield 0.5
    d.results["after_go"] = board_text(d)
    roll(d, die, 6)                                  # Pat's car: 12 fields to F31
    yield 1.0
    roll(d, die, 4)                                  # Mat at the light: orange
    yield 0.3
    d.results["light_orange"] = board_text(d)
    d.results["light_status"] = play.status
    d.shot(f"patamat_semafor_{lang}")
    roll(d, die, 2)                                  # green
    yield 0.2
    roll(d, die, 3)                                  # Mat walks to the sign F10
    yield 0.6
    d.results["before_undo"] = d.history[-3:]
    d.results["pawns_before_undo"] = pawns(d)
    d.tap(play.ids.undo_button)
    yield 0.3
    d.results["after_undo"] = d.history[-2:]
    d.results["pawns_after_undo"] = pawns(d)
    roll(d, die, 3)
    yield 0.6
    d.results["after_reroll"] = d.history[-1:]
    d.results["pawns_after_reroll"] = pawns(d)
    roll(d, die, 5)                                  # Pat's go-kart: 15 fields, CÍL
    yield 0.3
    d.results["winning_text"] = board_text(d)
    d.shot(f"patamat_flag_{lang}")
    yield from see_result(d)
    d.results["screen_after_win"] = d.screen.name
    d.results["headline"] = d.app.root.get_screen("result").headline
    d.shot(f"patamat_result_{lang}")


def bump_chain(d: Driver) -> Iterator[float]:
    """Three players, the position fixed to match the table: Pat's go-kart lands on Mat, who
    is pushed onto Eva: the board lists every pawn and car to move."""
    yield from open_new_game(d, ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"], "patamat",
                             {"target": 3})
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    d.results["board"] = type(play_screen(d).board).__name__
    die = ScriptedDie(d)
    d.app.table.die = die
    d.results["fixed"] = d.app.table.fix(BUMP_POSITION)
    yield 0.3
    roll(d, die, 2)                                  # Pat's go-kart: 6 fields to F17
    yield 1.2
    d.results["bump_text"] = board_text(d)
    d.results["pawns"] = pawns(d)
    d.shot(f"patamat_bumps_{d.app.table.lang}")
    d.results["action_rusty"] = play_screen(d).action_kind
    tap_field(d, "F16")                              # Mat taps his pawn: the rusty car's go
    yield 0.3
    d.results["after_rusty"] = d.history[-1:]
    d.results["rusty_text"] = board_text(d)


BUMP_POSITION = "\n".join([
    'board = "standin-v1"',
    'players = ["Pat", "Mat", "Eva"]',
    "target = 3",
    'turn = "Pat"',
    "flags = { Pat = 0, Mat = 0, Eva = 0 }",
    'cars = { kart1 = "F11", kart2 = "F02", kart3 = "F03", car1 = "F04", car2 = "F24", '
    'car3 = "F25", car4 = "F26", tractor1 = "F15", tractor2 = "F27", rusty1 = "F16", '
    'rusty2 = "F28", rusty3 = "F29", garbage1 = "F33", garbage2 = "F34", garbage3 = "F35" }',
    "[pawns]",
    'Pat = { field = "F11", car = "kart1" }',
    'Mat = { field = "F17" }',
    'Eva = { field = "F16", car = "rusty1" }',
    "",
])
"""Pat rides the go-kart from F11; Mat stands on F17 and Eva in the rusty car on F16."""


def fix_by_taps(d: Driver) -> Iterator[float]:
    """The table differs: Pat drove his go-kart on to F12, car2 stands on F18, Eva got out of
    the rusty car, Mat has a flag and moves next. Fixed by taps (a pawn onto another refused)."""
    yield from open_new_game(d, ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"], "patamat",
                             {"target": 3})
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = play_screen(d)
    board = play.board
    d.app.table.fix(BUMP_POSITION)
    yield 0.3
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield 0.4
    panel = play.ids.action_area.children[0]
    d.results["fixing"] = [play.is_fixing, type(panel).__name__, board.fix_message]
    tap_field(d, "F11")                              # Pat in the go-kart: which one?
    yield P
    overlay = board._fix_overlay
    d.results["which"] = [button.text for button in reversed(overlay.ids.buttons.children)]
    d.shot(f"patamat_fix_which_{d.app.table.lang}")
    d.tap(overlay.ids.buttons.children[-1])          # his pawn (the go-kart comes along)
    yield P
    tap_field(d, "F12")
    yield P
    tap_field(d, "F17")                              # Mat …
    yield P
    tap_field(d, "F12")                              # … not onto Pat
    yield P
    d.results["refused"] = board.fix_message
    tap_field(d, "F24")                              # car2 …
    yield P
    tap_field(d, "F18")                              # … stands on F18
    yield P
    tap_field(d, "F16")                              # Eva got out of the rusty car
    yield P
    overlay = board._fix_overlay
    d.tap(overlay.ids.buttons.children[0])           # the last choice: she gets out
    yield P
    d.tap(next(b for b in panel.ids.flags.children if b.player == "Mat"))
    yield P
    d.tap(d.find(board.fix_turn_text(), panel))      # Pat → Mat
    yield P
    d.results["flags_text"] = sorted(b.text for b in panel.ids.flags.children)
    d.shot(f"patamat_fix_{d.app.table.lang}")
    d.tap(play.ids.undo_button)                      # Done
    yield 0.4
    state = d.app.table.snapshot()["state"]
    d.results["after"] = {"history": d.history[-1][:8], "fixing": play.is_fixing,
                          "pawns": state["pawns"], "kart1": state["cars"]["kart1"],
                          "car2": state["cars"]["car2"], "flags": state["flags"],
                          "turn": state["turn"]}


SCENARIOS: dict[str, Scenario] = {"whole_game": whole_game, "bump_chain": bump_chain,
                                  "fix_by_taps": fix_by_taps}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
