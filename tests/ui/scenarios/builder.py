"""The board builder (issue #23), played in a real window by taps (one scenario per process).

    python tests/ui/scenarios/builder.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

New game → Pat a Mat → "Make our board": the players walk the track from START and tap what
each next field is; forks, joins and blue signs are taps on big buttons and on the drawing.
The boards folder is ``$COMPANION_PATAMAT_BOARDS`` (the test gives a fresh one).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, open_new_game, run_from_command_line, see_result, until, until_still  # noqa: E402

from scenarios.names import type_keys  # noqa: E402
from scenarios.patamat import PLACEMENTS, ScriptedDie, board_text, roll, tap_kind  # noqa: E402
from scenarios.patamat import tap_field as tap_play_field  # noqa: E402

P = 0.08
FRAME = 0.0
"""The next frame: a tap on the builder's buttons is dispatched at once and the field it adds
is drawn by that frame (67 taps build the stand-in)."""
Scenario = Callable[[Driver], Iterator[float]]


def builder(d: Driver) -> Any:
    return d.app.root.get_screen("builder")


def press(d: Driver, widget_id: str, times: int = 1) -> Iterator[float]:
    """Tap one of the builder's buttons ``times`` times."""
    for _ in range(times):
        d.tap(builder(d).ids[widget_id])
        yield FRAME


def walk(d: Driver, *kinds: str) -> Iterator[float]:
    """The next fields are of these kinds: one tap each."""
    for kind in kinds:
        yield from press(d, f"kind_{kind}")


def tap_drawn(d: Driver, field_id: str) -> Iterator[float]:
    """Tap a field where the builder draws it."""
    drawing = builder(d).drawing
    x, y, _side = drawing.place(field_id)
    d.tap_at(*drawing.to_window(x, y))
    yield P


def choose(d: Driver, widget_id: str) -> Iterator[float]:
    """Tap a button of the overlay shown (a field's menu, the blue arrow's question)."""
    yield from until(d, lambda: builder(d).overlay is not None, seconds=3)
    overlay = builder(d).overlay
    yield 0.3  # the overlay's opening animation
    d.tap(overlay.ids[widget_id])
    yield from until(d, lambda: overlay.parent is None, seconds=3)   # closed: taps go through
    yield P


def see(d: Driver, key: str) -> None:
    screen = builder(d)
    d.results.setdefault("seen", {})[key] = {
        "status": screen.status, "problems": list(screen.problem_list),
        "notice": screen.notice, "can_save": screen.can_save}


def open_builder_from_new_game(d: Driver) -> Iterator[float]:
    yield from open_new_game(d, ["Pat", "Mat"], ["red", "blue"], "patamat", {"target": 1})
    d.shot(f"builder_newgame_{d.app.table.lang}")
    newgame = d.app.root.get_screen("newgame")
    board_row = next(row for row in newgame.ids.options.children
                     if getattr(row, "option", "") == "board")
    d.tap(board_row.ids.board_button)                   # the boards' dialog
    yield from until(d, lambda: newgame.boards_dialog is not None, seconds=3)
    yield P                                             # its opening animation
    d.tap(newgame.boards_dialog.ids.make_button)
    yield from until(d, lambda: d.screen.name == "builder", seconds=3)
    yield 0.2


def save(d: Driver, shot: str | None = None) -> Iterator[float]:
    """Save, keep the name offered: two taps."""
    yield from press(d, "save_button")
    yield from until(d, lambda: builder(d).overlay is not None, seconds=3)
    yield 0.5
    d.results["name_offered"] = builder(d).overlay.ids.line.text
    if shot:
        d.shot(shot)
    d.tap(builder(d).overlay.ids.ok_button)
    yield from until(d, lambda: d.screen.name == "newgame", seconds=3)
    d.results["saved"] = builder(d).saved
    yield 0.2


def build_standin(d: Driver) -> Iterator[float]:
    """The stand-in track by taps alone: START … F10 (a blue sign: the shortcut A1–A3 joins at
    F17), … F30 (a blue sign: the detour B1–B5 joins at F32), semafors F07, F21, F37, CÍL;
    saved; then a game on it, played to the first flag."""
    lang = d.app.table.lang
    yield from open_builder_from_new_game(d)
    taps_before = d.results["taps"] - 2   # the Board row and "Make our board": the builder's own
    see(d, "start")
    d.shot(f"builder_start_{lang}")
    yield from walk(d, *["normal"] * 6, "semafor", "normal", "normal", "sign")   # F01 … F10
    see(d, "sign")
    yield from press(d, "split_button")                                           # at F10
    d.shot(f"builder_arrow_question_{lang}")
    yield from choose(d, "arrow_other")
    yield from walk(d, *["normal"] * 7)                                           # F11 … F17
    see(d, "after_split")
    d.shot(f"builder_fork_{lang}")
    yield from press(d, "other_button")                                           # the shortcut
    yield from walk(d, "normal", "normal", "normal")                              # A1 … A3
    see(d, "shortcut")
    yield from press(d, "join_button")
    see(d, "joining")
    d.shot(f"builder_joining_{lang}")
    yield from tap_drawn(d, "F17")
    see(d, "joined")
    yield from walk(d, "normal", "normal", "normal", "semafor", *["normal"] * 8, "sign")  # F30
    yield from press(d, "split_button")
    yield from choose(d, "arrow_other")
    yield from walk(d, "normal", "normal")                                        # F31, F32
    yield from press(d, "other_button")                                           # the detour
    yield from walk(d, *["normal"] * 5)                                           # B1 … B5
    d.shot(f"builder_detour_{lang}")
    yield from press(d, "join_button")
    yield from tap_drawn(d, "F32")
    yield from walk(d, "normal", "normal", "normal", "normal", "semafor", *["normal"] * 7)
    see(d, "before_finish")
    yield from walk(d, "finish")
    see(d, "ready")
    d.shot(f"builder_ready_{lang}")
    yield from save(d, f"builder_save_{lang}")
    d.results["builder_taps"] = d.results["taps"] - taps_before
    yield from play_to_first_flag(d, d.results["saved"])


def roll_shown(d: Driver) -> Iterator[float]:
    """Until the next Roll button is shown and stands still (the panel laid out again)."""
    play = d.app.root.get_screen("play")
    yield from until(d, lambda: play.action_kind == "roll", seconds=3)
    yield 0
    yield from until_still(d, play.ids.action_area.children[0].ids.roll_button, seconds=3)


def play_to_first_flag(d: Driver, board: str) -> Iterator[float]:
    """New game on ``board`` (New game chooses the board just saved; else it is chosen in the
    boards' dialog), the cars placed by taps, the roll-off, then Pat's go-kart to CÍL: the
    first flag."""
    new = d.app.root.get_screen("newgame")
    if dict(new.options)["board"] != board:
        option = next(w for w in new.ids.options.children if getattr(w, "option", "") == "board")
        d.tap(option.ids.board_button)
        yield from until(d, lambda: new.boards_dialog is not None, seconds=3)
        yield P                                         # its opening animation
        row = next(r for r in new.boards_dialog.ids.rows.children if r.name == board)
        d.tap(row.ids.choose_button)
        yield P
    d.results["board_chosen"] = dict(new.options)["board"]
    yield P                                             # the options laid out again
    d.tap(new.ids.start_button)
    yield from until(d, lambda: d.screen.name == "play", seconds=3)
    yield 0.4
    play = d.app.root.get_screen("play")
    d.results["board_played"] = d.app.table.snapshot()["state"]["board"]["name"]
    die = ScriptedDie(d)
    d.app.table.die = die
    for kind, field_id in PLACEMENTS:
        tap_kind(d, kind)
        yield 0.05
        tap_play_field(d, field_id)
        yield 0.05
    for face in (5, 2, 1, 5):      # roll-off; Pat to F01 (go-kart), Mat to F05
        roll(d, die, face)
        yield from roll_shown(d)
    roll(d, die, 6)                # the kart
    yield 0.6
    d.tap_text(play.board.choice_label("choose tractor"))
    yield 0.3
    d.tap(play.ids.action_area.children[0].ids.ok_button)
    yield 0.5
    for face in (6, 4, 2, 3):      # Pat's car, Mat's light (orange, green), Mat
        roll(d, die, face)
        yield from roll_shown(d)
    roll(d, die, 5)                # Pat's kart
    yield 0.6
    d.results["flag_text"] = board_text(d)
    d.shot(f"builder_game_flag_{d.app.table.lang}")
    yield from see_result(d)
    d.results["headline"] = d.app.root.get_screen("result").headline


def mistakes(d: Driver) -> Iterator[float]:
    """A short track with mistakes: each is said in plain words, corrected, and the board saved.
    CÍL too early (changed back), a way that never joins, a way joined to itself, a semafor
    tapped by mistake (undone), a field missed (inserted), a printed number typed."""
    lang = d.app.table.lang
    yield from open_builder_from_new_game(d)
    yield from walk(d, "normal", "normal", "normal")
    see(d, "no_finish")
    yield from walk(d, "sign")
    see(d, "sign_alone")
    d.shot(f"builder_mistake_sign_{lang}")
    yield from walk(d, "finish")                         # CÍL too early …
    see(d, "early_finish")
    yield from tap_drawn(d, "CIL")                       # … tapped: it is an ordinary field
    d.shot(f"builder_field_menu_{lang}")
    yield from choose(d, "kind_normal")
    see(d, "finish_undone")
    yield from press(d, "split_button")                  # F05 is where the road splits
    yield from walk(d, "normal", "finish")
    see(d, "way_not_walked")                             # CÍL: on to the other way at once
    yield from walk(d, "normal", "semafor")              # a semafor by mistake …
    yield from press(d, "undo_button")                   # … undone
    see(d, "way_open")
    d.shot(f"builder_mistake_open_way_{lang}")
    yield from press(d, "join_button")
    yield from tap_drawn(d, "A1")                        # a way cannot join itself
    see(d, "join_itself")
    d.shot(f"builder_mistake_join_itself_{lang}")
    yield from press(d, "join_button")
    yield from tap_drawn(d, "F06")
    see(d, "joined")
    yield from tap_drawn(d, "F03")                       # a field was missed before F03
    yield from choose(d, "insert")
    yield from tap_drawn(d, "F02")                       # its printed number
    yield from choose(d, "number")
    yield 0.4
    keys = ["1", "2"] if lang == "en" else ["123", "1", "2"]
    yield from type_keys(d, keys)
    d.shot(f"builder_number_{lang}")
    overlay = builder(d).overlay
    d.tap(overlay.ids.ok_button)
    yield from until(d, lambda: overlay.parent is None, seconds=3)
    yield 0.3
    see(d, "corrected")
    d.results["fields"] = {fid: dict(spot) for fid, spot in
                           builder(d).drawing.track.fields.items()}
    d.shot(f"builder_corrected_{lang}")
    yield from save(d)


def long_track(d: Driver) -> Iterator[float]:
    """A 120-field track (a shortcut and a detour) opened to edit: the fields stay big enough to
    tap, the view scrolls to the end of the walk."""
    from companion.app.builder import open_builder
    from companion.games.patamat import library
    from companion.games.patamat.builder import Draft, draft_track
    from companion.games.patamat.builder import board_text as file_of

    draft = Draft()
    for _ in range(20):
        draft = draft.add("normal")
    draft = draft.add("sign").split("other")
    for _ in range(12):
        draft = draft.add("normal")
    draft = draft.walk(1)
    for _ in range(6):
        draft = draft.add("normal")
    draft = draft.join(draft_track(draft).key_of("F30"))
    for number in range(79):
        draft = draft.add("semafor" if number % 15 == 7 else "normal")
    draft = draft.add("finish")
    name = library.save_board(file_of(draft, "long", "Long"), "Long")
    yield from open_new_game(d, ["Pat", "Mat"], ["red", "blue"], "patamat")
    open_builder(name)
    yield 0.6
    screen = builder(d)
    d.results["size"] = screen.draft.size
    d.results["field_side"] = screen.drawing.field_side
    d.results["drawing"] = list(screen.drawing.size)
    d.shot(f"builder_long_{d.app.table.lang}")
    screen.ids.drawing_view.scroll_x, screen.ids.drawing_view.scroll_y = 1, 0  # a finger's swipe
    yield 0.4
    d.shot(f"builder_long_end_{d.app.table.lang}")
    yield from tap_drawn(d, "F100")
    yield from until(d, lambda: screen.overlay is not None, seconds=3)
    yield 0.4
    d.shot(f"builder_long_menu_{d.app.table.lang}")
    d.results["menu_title"] = screen.overlay.title


def copy_and_edit(d: Driver) -> Iterator[float]:
    """The stand-in copied as a start (F05 is a semafor on our board) and saved as a new board;
    then that board edited (a printed number on F06) and saved over itself; Back with a change
    not saved asks first."""
    from companion.app.builder import open_builder

    lang = d.app.table.lang
    yield from open_new_game(d, ["Pat", "Mat"], ["red", "blue"], "patamat")
    open_builder("standin-v1")
    yield 0.4
    d.results["copy_status"] = builder(d).status
    d.shot(f"builder_copy_{lang}")
    yield from tap_drawn(d, "F05")
    yield from choose(d, "kind_semafor")
    yield from press(d, "back_button")                   # not saved: asked
    d.shot(f"builder_leave_{lang}")
    yield from choose(d, "keep")
    d.results["still_building"] = d.screen.name
    yield from save(d)
    d.results["first"] = d.results["saved"]
    open_builder(d.results["first"])                     # "Edit"
    yield 0.4
    yield from tap_drawn(d, "F06")
    yield from choose(d, "number")
    yield 0.4
    yield from type_keys(d, ["6"] if lang == "en" else ["123", "6"])
    overlay = builder(d).overlay
    d.tap(overlay.ids.ok_button)
    yield from until(d, lambda: overlay.parent is None, seconds=3)
    yield from save(d)
    d.results["second"] = d.results["saved"]
    open_builder(d.results["second"])
    yield 0.3
    yield from press(d, "back_button")                   # nothing changed: no question
    d.results["after_back"] = d.screen.name
    from companion.games.patamat.board import user_boards_dir

    (user_boards_dir() / "broken.toml").write_text('name = "broken"\n', encoding="utf-8")
    open_builder("broken")                               # a file that is not a board
    yield 0.3
    d.results["broken"] = [d.screen.name, builder(d).notice, builder(d).draft.size]
    d.shot(f"builder_broken_{lang}")


SCENARIOS: dict[str, Scenario] = {"build_standin": build_standin, "mistakes": mistakes,
                                  "long_track": long_track, "copy_and_edit": copy_and_edit}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
