"""Whole games and the app around them (Home, New game, the menu, a power cut, memory), played
by the driver (one per subprocess); ``test_ui_play.py`` runs them. Each yields pauses in seconds.

Written like the table: what a player taps, in Quoridor notation, and what the screen says.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from driver import (
    Driver,
    die_now,
    from_menu,
    open_match,
    open_new_game,
    see_result,
    seed_players,
    until,
)
from kivy.core.window import Window

from companion.app.boards import BOARDS

P = 0.15
"""A pause after a tap: long enough for the screen to show it."""
Scenario = Callable[[Driver], Iterator[float]]


def start_quoridor(d: Driver, players: str = "2") -> Iterator[float]:
    home = d.app.root.get_screen("home")
    d.tap(home.ids.new_game_button)
    yield P
    d.tap_text(players, d.app.root.get_screen("newgame").ids.counts)
    yield P
    d.tap(d.widget("newgame", "start_button"))
    yield 0.3


def full_game(d: Driver) -> Iterator[float]:
    """New game → moves → an illegal wall → undo/redo → a win → result → history replay."""
    lang = d.app.table.lang
    seed_players(d, ["Eva", "Pat"], ["red", "blue"])
    d.app.go("home")
    yield 0.3
    d.shot(f"home_{lang}")
    d.results["home_has_continue"] = bool(d.app.root.get_screen("home").continue_text)
    d.tap(d.widget("home", "new_game_button"))
    yield 0.3
    d.shot(f"newgame_{lang}")
    d.results["newgame_names"] = list(d.app.root.get_screen("newgame").names)
    d.tap(d.widget("newgame", "start_button"))
    d.results["screens_in_window_at_once"] = [screen.name for screen in d.app.root.children]
    yield 0.4
    play = d.app.root.get_screen("play")
    d.results["screen_after_start"] = d.screen.name
    d.results["status_start"] = play.status
    d.tap_square("e8")                      # Eva steps forward
    yield P
    d.results["after_e8"] = d.history
    d.tap_wall("a3h")                       # Pat: a wall, first tap only previews it
    yield P
    d.results["preview"] = play.board.preview
    d.results["preview_action"] = play.action_kind
    d.results["history_during_preview"] = d.history
    d.shot(f"play_wall_preview_{lang}")
    d.tap_wall("a3h")                       # the second tap places it
    yield P
    d.results["after_wall"] = d.history
    walls_layer = play.board._layers()[1]
    d.results["walls_drawn_by"] = [type(drawn).__name__ for drawn in walls_layer.children]
    d.tap_wall("b3h")                       # Eva: b3h would overlap a3h: drawn red
    yield P
    panel = play.ids.action_area.children[0]
    d.results["refused_preview"] = [play.board.preview, play.action_kind]
    d.results["banner"] = panel.text        # why, in the action area, and no OK
    d.results["banner_rule"] = panel.rule
    d.results["ok_offered"] = panel.ids.ok_button.opacity > 0 and not panel.ids.ok_button.disabled
    d.shot(f"play_rejected_{lang}")
    d.tap_wall("b3h")                       # tapped again: not played, nothing else said
    yield 0.4
    d.results["after_illegal"] = d.history
    d.results["banner_after_second_tap"] = play.banner
    play.confirm()                          # nor by the OK key
    yield P
    d.results["after_illegal_ok"] = d.history
    d.tap(panel.ids.cancel_button)
    yield P
    d.results["banner_after_tap"] = play.board.preview
    d.tap_square("e7")
    yield P
    d.results["after_e7"] = d.history
    d.tap(play.ids.undo_button)
    yield P
    d.results["after_undo"] = d.history
    d.results["stored_after_undo"] = d.app.store.load(d.app.table.saving.stored_id).cursor
    d.tap(play.ids.redo_button)
    yield P
    d.results["after_redo"] = d.history
    for seat1, seat0 in (("d1", "e6"), ("g5v", "e5"), ("b6h", "e4"), ("h3h", "e3"),
                         ("c7v", "e2"), ("c1", None)):
        if len(seat1) == 3:                 # Pat's walls: preview, then place
            d.tap_wall(seat1)
            yield P
            d.tap_wall(seat1)
        else:
            d.tap_square(seat1)
        yield P
        if seat0:
            d.tap_square(seat0)
            yield P
    yield 0.4
    d.shot(f"play_{lang}")
    d.results["status_before_win"] = play.status
    d.tap_square("e1")                      # Eva reaches row 1
    yield from see_result(d, f"play_end_{lang}")
    d.results["screen_after_win"] = d.screen.name
    d.results["headline"] = d.app.root.get_screen("result").headline
    d.shot(f"result_{lang}")
    d.tap(d.widget("result", "home_button"))
    yield P
    d.results["continue_after_win"] = d.app.root.get_screen("home").continue_text
    d.tap(d.widget("home", "history_button"))
    yield 0.3
    history = d.app.root.get_screen("history")
    d.results["history_rows"] = [row["text"] for row in history.rows]
    d.shot(f"history_{lang}")
    d.tap(history.ids.list.children[0].children[-1])
    yield 0.3
    replay = d.app.root.get_screen("replay")
    d.results["replay_screen"] = d.screen.name
    d.results["replay_start"] = replay.step_text
    for _ in range(3):
        d.tap(replay.ids.forward_button)
        yield P
    yield 0.4
    d.results["replay_step3"] = replay.step_text
    d.results["replay_pawns"] = [s["pawn"] for s in replay.host.snapshot()["state"]["seats"]]
    d.shot(f"replay_{lang}")
    d.tap(replay.ids.back_button)
    yield P
    d.results["replay_step2"] = replay.step_text


def menu_fix_settings(d: Driver) -> Iterator[float]:
    """Czech, 4 players: menu, move log, fix the position, settings (language, buttons)."""
    seed_players(d, ["Eva", "Pat", "Ola", "Jan"], ["red", "blue", "green", "yellow"])
    d.app.go("home")
    yield 0.3
    yield from start_quoridor(d, "4")
    play = d.app.root.get_screen("play")
    d.results["players"] = d.app.table.match.players
    d.results["status"] = play.status
    d.tap_square("e8")
    yield P
    d.tap_square("b5")
    yield 0.5
    d.shot("play_4_cs")
    d.tap(play.ids.menu_button)
    yield 0.4
    d.shot("menu_cs")
    d.tap_text(d.app.tr("Move log"))
    yield 0.4
    d.shot("move_log_cs")
    d.tap_text(d.app.tr("Close"))
    yield 0.4
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield from until(d, lambda: play.is_fixing and play.action_kind == "fix", seconds=5.0)
    yield from until(d, lambda: d.app.root.current == "play" and play._modal is None
                     and not any(type(w).__name__ == "PlayMenu" for w in Window.children))
    yield 0.3
    d.results["fixing"] = play.is_fixing
    d.tap_square("e8")                      # pick up Eva's pawn …
    yield P
    d.tap_square("e7")                      # … and put it where it really stands
    yield P
    d.tap_wall("c3h")                       # a wall the screen missed, placed by Eva
    yield P
    seat_rows = play.ids.action_area.children[0].ids.seats.children[::-1]
    d.tap_text("-", seat_rows[0])           # Eva has one wall less in hand
    yield P
    d.shot("fix_cs")
    d.results["fix_position"] = play.board.fix_position()
    d.tap(play.ids.undo_button)             # "Done"
    yield 0.3
    d.results["after_fix"] = d.history
    d.results["fixing_after_done"] = play.is_fixing
    seats = d.app.table.snapshot()["state"]["seats"]
    d.results["pawns_after_fix"] = [seat["pawn"] for seat in seats]
    d.tap(play.ids.undo_button)             # a fix is undoable like any input
    yield P
    d.results["after_fix_undo"] = d.history
    d.tap(play.ids.redo_button)
    yield P
    yield from from_menu(d, d.app.tr("Settings"))
    yield 0.5
    d.results["settings_screen"] = d.screen.name
    d.app._on_key_down(None, 114, 0, "r", [])   # the R key, as the keyboard stands in for ROLL
    yield P
    d.results["button_test"] = d.widget("settings", "button_test").text
    d.shot("settings_cs")
    d.tap(d.widget("settings", "lang_en"))
    # Settings scroll: their view presses the button a moment after the tap (more under load)
    yield from until(d, lambda: d.app.table.lang == "en", seconds=3)
    d.results["lang_after_switch"] = d.app.table.lang
    d.results["stored_lang"] = d.app.store.setting("lang")
    d.shot("settings_en")
    d.tap(d.widget("settings", "back_button"))
    yield 0.3
    d.results["status_en"] = play.status
    d.shot("play_4_en")
    d.tap_wall("e4h", off=0.25)             # a finger a quarter cell below the groove
    yield P
    d.results["preview_en"] = play.action_kind
    d.results["preview_first"] = play.board.preview
    d.tap_wall("e5v", off=-0.25)            # a tap elsewhere: a new preview instead
    yield P
    d.results["preview_moved"] = play.board.preview
    d.tap_square("a1")                      # a tap elsewhere cancels
    yield P
    d.results["preview_cancelled"] = play.board.preview
    d.results["history_end"] = d.history


def play_then_power_cut(d: Driver) -> Iterator[float]:
    """Three inputs, then the process dies without any shutdown."""
    seed_players(d, ["Eva", "Pat"], ["purple", "orange"])
    d.app.go("home")
    yield 0.3
    yield from start_quoridor(d)
    d.tap_square("e8")
    yield P
    d.tap_wall("c6v")
    yield P
    d.tap_wall("c6v")
    yield P
    d.tap_square("e7")
    yield P
    d.results["history"] = d.history
    d.finish()
    die_now()
    yield 0


def resume_after_restart(d: Driver) -> Iterator[float]:
    yield 0.3
    home = d.app.root.get_screen("home")
    d.results["continue_text"] = home.continue_text
    d.results["tiles"] = [tile.text for tile in reversed(home.ids.game_tiles.children)]
    d.shot("home_continue_cs")
    d.tap(home.ids.continue_button)
    yield 0.4
    d.results["screen"] = d.screen.name
    d.results["history"] = d.history
    d.results["status"] = d.app.root.get_screen("play").status
    d.shot("play_resumed_cs")


def home_tiles(d: Driver) -> Iterator[float]:
    """A game's tile on the home screen opens its new-game screen; Back, another tile."""
    yield 0.3
    home = d.app.root.get_screen("home")
    d.shot("home_tiles_en")
    opened = []
    for name in ("Crash by Crash", "Matfyzácké Člověče nezlob se"):
        d.tap_text(name, home.ids.game_tiles)
        yield 0.3
        opened.append([d.screen.name, d.app.root.get_screen("newgame").game])
        d.app.go("home")
        yield 0.3
    d.tap(home.ids.new_game_button)          # "New game" still opens the game played last
    yield 0.3
    opened.append([d.screen.name, d.app.root.get_screen("newgame").game])
    d.results["opened"] = opened


def generic_board(d: Driver) -> Iterator[float]:
    """A game without a board widget is played through the fallback: big buttons and a die.

    Člověče (a dice game) is taken out of the board table in this app process only, so the
    fallback is tested even after every game has its board.
    """
    game = "clovece"
    BOARDS.pop(game, None)
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], game)
    d.results["game"] = d.app.root.get_screen("newgame").game
    d.shot("newgame_generic")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    play = d.app.root.get_screen("play")
    d.results["board"] = type(play.board).__name__
    d.results["awaiting"] = d.app.table.match.awaiting
    d.results["action"] = play.action_kind
    d.shot("play_generic_before_roll")
    if play.action_kind == "roll":
        d.tap(play.ids.action_area.children[0].ids.roll_button)
        yield 0.3
    d.results["after_roll"] = d.history
    d.results["faces_counted"] = sum(d.app.store.face_counts("software"))
    d.results["inputs_offered"] = [line for _label, line in play.board.inputs]
    d.shot("play_generic")


NEAR_END = (
    "board4 seats{S0,S2} | S0 home{} goal{2:Y, 3:G, 4:B} | S2 home{Y,G} goal{} | "
    "track{12:B, 15:R, 38:R} | turn S2"
)
"""Člověče: Pat (S2) to roll; his blue piece on 12 can land on Eva's red one on 15."""


def status_seen(play: Any) -> dict[str, Any]:
    """The status line as drawn: its font, its lines and whether it fits its box."""
    label = play.ids.status
    label.texture_update()
    lines = label._label._cached_lines
    return {"text": play.status, "font": label.font_size,
            "lines": len(lines), "first_line": "".join(w.text for w in lines[0].words),
            "fits": label.texture_size[1] <= label.height and label.texture_size[0] <= label.width}


def action_seen(play: Any) -> dict[str, Any]:
    """The action area: its kind, the instructions it shows, and the Roll button if any."""
    area = play.ids.action_area
    shown = area.children[0] if area.children else None
    seen: dict[str, Any] = {"kind": play.action_kind, "instructions": play.instruction_lines()}
    box = shown.ids.get("instructions") if shown is not None else None
    if box is not None and seen["instructions"]:
        seen["instructions_visible"] = box.height > 20 and box.opacity == 1 and (
            box.top <= area.top + 1 and box.y >= area.y - 1)
    if shown is not None and "roll_button" in shown.ids:
        button = shown.ids.roll_button
        seen["roll_height"] = button.height
        seen["roll_inside"] = button.y >= area.y - 1 and button.top <= area.top + 1
    return seen


def instructions_stay(d: Driver) -> Iterator[float]:
    """Člověče: a capture's instruction stays next to the Roll button until the next input;
    a long status wraps and shrinks; with six players the die keeps its room."""
    lang = d.app.table.lang
    table = d.app.table
    open_match(d, "clovece", ["Eva", "Pat"], ["red", "blue"])
    yield 0.3
    play = d.app.root.get_screen("play")
    table.fix(NEAR_END)
    table.on_roll(3)                   # Pat
    yield P
    table.send("move 12 B")            # onto Eva's red piece: who gets it?
    yield 0.8
    d.results["choice"] = action_seen(play)
    d.results["choice_status"] = status_seen(play)
    d.shot(f"play_long_status_{lang}")
    d.tap_text(play.board.choice_label("give R@15 -> S2"), play.ids.action_area)
    yield 0.8
    d.results["after_give"] = d.history[-1]
    d.results["roll"] = action_seen(play)
    d.results["roll_status"] = status_seen(play)
    d.shot(f"play_instructions_{lang}")
    table.on_roll(2)                   # the next input: the old instructions go
    yield 0.4
    d.results["after_next_roll"] = action_seen(play)

    open_match(d, "clovece", ["Eva", "Pat", "Ola", "Jan", "Ema", "Max"],
               ["red", "blue", "green", "yellow", "purple", "orange"])
    yield 0.3
    for face in (6, 1, 2, 3, 4, 5):         # the roll-off: Eva starts
        table.on_roll(face)
        yield 0.05
    yield 0.5
    d.results["six"] = action_seen(play)
    rows = list(play.ids.scoreboard.children)
    area = play.ids.action_area
    d.results["six_rows"] = len(rows)
    d.results["six_rows_inside"] = all(
        row.y >= 0 and row.top <= area.y + 1 and row.height >= 48 for row in rows)
    d.results["six_area_height"] = area.height
    d.shot(f"play_six_{lang}")


def newgame_choices_and_names(d: Driver) -> Iterator[float]:
    """The options offer exactly their choices (Člověče's board sizes, Pat a Mat's flags and
    boards); a name with a space and a broken board are told in words, the setup stays."""
    import shutil
    import tempfile

    from companion.games.patamat.board import PACKAGE_BOARDS

    lang = d.app.table.lang
    boards = Path(tempfile.mkdtemp(prefix="patamat-boards-"))
    shutil.copy(PACKAGE_BOARDS / "standin-v1.toml", boards / "garden.toml")
    (boards / "broken.toml").write_text('name = "broken"\n', encoding="utf-8")
    os.environ["COMPANION_PATAMAT_BOARDS"] = str(boards)
    yield from open_new_game(d, ["Eva Nová", "Pat"], ["red", "blue"], "patamat")
    new = d.app.root.get_screen("newgame")

    def rows() -> dict[str, Any]:
        return {row.option: row for row in new.ids.options.children}

    def shown() -> dict[str, Any]:
        return {name: getattr(row, "value_text", getattr(row, "value", None))
                for name, row in rows().items()}

    d.tap_text(d.app.table.words.game_name("clovece"), new.ids.games)
    yield P
    d.tap_text("2", new.ids.counts)         # two players: the six-seat track and playing on
    yield P                                 # for lower places cannot matter, so not shown
    d.results["clovece_two_options"] = shown()
    d.tap_text("5", new.ids.counts)
    yield P
    d.results["clovece_options"] = shown()
    d.results["clovece_kinds"] = sorted(type(row).__name__ for row in rows().values())
    for _ in range(3):                      # 48 → 60 → 72, then + is off
        if not rows()["track_length"].ids.up_button.disabled:
            d.tap(rows()["track_length"].ids.up_button)
        yield P
    d.results["clovece_steps"] = [shown()["track_length"],
                                  rows()["track_length"].ids.up_button.disabled]
    d.shot(f"newgame_clovece_{lang}")

    d.tap_text(d.app.table.words.game_name("patamat"), new.ids.games)
    yield P
    d.results["patamat_options"] = shown()
    d.tap(rows()["target"].ids.up_button)
    yield P
    d.results["target_up"] = shown()["target"]
    for _ in range(3):                      # 4 → 1, then − is off
        d.tap(rows()["target"].ids.down_button)
        yield P
    d.results["target_down"] = [shown()["target"], rows()["target"].ids.down_button.disabled]
    d.tap(rows()["board"].ids.board_button)   # the boards, by title: a broken file is not
    yield P                                    # offered
    dialog = new.boards_dialog
    d.results["boards_offered"] = [row.title for row in reversed(dialog.ids.rows.children)]
    d.tap(next(row for row in dialog.ids.rows.children if row.name == "garden").ids.choose_button)
    yield P
    d.results["board_down"] = shown()["board"]
    d.shot(f"newgame_patamat_{lang}")

    d.tap(d.widget("newgame", "start_button"))  # "Eva Nová": Pat a Mat wants one word
    yield 0.3
    d.results["space_problem"] = new.problem
    d.results["space_screen"] = d.screen.name
    d.results["space_kept"] = [list(new.names), shown()]
    d.shot(f"newgame_name_problem_{lang}")
    rows_of_players = list(reversed(new.ids.players.children))
    name_input = next(w for w in rows_of_players[0].walk() if type(w).__name__ == "TextInput")
    name_input.text = "Eva"
    yield P
    d.results["problem_after_edit"] = new.problem
    garden = (boards / "garden.toml").read_text(encoding="utf-8")
    (boards / "garden.toml").write_text('name = "garden"\n', encoding="utf-8")  # it broke
    d.tap(d.widget("newgame", "start_button"))
    yield 0.3
    d.results["board_problem"] = new.problem
    d.results["board_screen"] = d.screen.name
    d.results["board_kept"] = [list(new.names), shown()]
    d.shot(f"newgame_start_problem_{lang}")
    (boards / "garden.toml").write_text(garden, encoding="utf-8")  # mended: it starts
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    d.results["started_screen"] = d.screen.name
    match = d.app.table.match
    d.results["started"] = [match.game_id, list(match.names), match.options.get("board"),
                            match.options.get("target")]


def pacman_rank(d: Driver) -> Iterator[float]:
    """PAC-MAN eats the last dot: the result screen shows his rank (R52)."""
    lang = d.app.table.lang
    table = d.app.table
    open_match(d, "pacman", ["Eva", "Pat"], ["yellow", "blue"])
    yield 0.3
    start = table.match.position()
    table.fix(start.replace("pacman e7", "pacman h1").replace("dots a1 i1 a9 i9", "dots i1"))
    yield P
    table.send("P:h1-i1")
    yield from see_result(d)
    result = d.app.root.get_screen("result")
    d.results["screen"] = d.screen.name
    d.results["details"] = result.details
    d.results["details_shown"] = result.ids.details.height > 0
    d.shot(f"result_pacman_{lang}")


def memory_given_back(d: Driver) -> Iterator[float]:
    """Freed memory goes back to the system once the table is still: soon after a game's
    screen shows, and long after an input (never between quick inputs)."""
    from companion import heap
    from companion.app import main

    given: list[str] = []
    give_back = heap.give_back

    def counted() -> bool:
        given.append(d.screen.name)
        return give_back()

    heap.give_back = counted
    seed_players(d, ["Eva", "Pat"], ["red", "blue"])
    d.app.go("home")
    yield from until(d, lambda: "home" in given)
    d.results["after_home"] = given[:]
    d.tap(d.widget("home", "new_game_button"))
    yield P
    d.tap(d.widget("newgame", "start_button"))
    d.results["on_showing_play"] = [d.screen.name, d.app._give_back.timeout]
    yield from until(d, lambda: given[-1:] == ["play"])
    d.results["after_play"] = given[-1:]
    given.clear()
    inputs = []
    for _ in range(3):
        d.app.table.send(d.app.table.legal()[0])
        inputs.append(d.app._give_back.timeout)
        yield 0.3
    d.results["after_inputs"] = inputs
    d.results["given_between_inputs"] = given[:]
    d.app.go("play")  # shown again, and an input comes before its second is up
    d.app.table.send(d.app.table.legal()[0])
    d.results["input_soon_after_screen"] = d.app._give_back.timeout
    d.results["screen_seconds"] = main.GIVE_BACK_AFTER_SCREEN_SECONDS
    d.results["input_seconds"] = main.GIVE_BACK_AFTER_INPUT_SECONDS
    heap.give_back = give_back


def panels_made_ahead(d: Driver) -> Iterator[float]:
    """A game opens; while the table is idle the play screen makes the action area's panels
    the game will show. Quoridor (no die, no choices), then Člověče (a die, choices) on the
    same screen."""
    import gc

    from kivy.lang import Builder
    from kivy.uix.widget import Widget

    from companion.app.screens.play.die_faces import DieFaceButton
    from companion.app.screens.play.panels import ChoiceArea, ChoiceButton, DieArea
    from companion.app.screens.play.screen import PlayScreen

    made: list[str] = []
    make_panels = PlayScreen._make_panels

    def counted(screen: Any, *args: Any) -> None:
        make_panels(screen, *args)
        made.append(screen.board.__class__.__name__)

    counted.__name__ = "_make_panels"  # (the clock calls it back by its name)
    PlayScreen._make_panels = counted  # type: ignore[method-assign]
    play = d.app.root.get_screen("play")

    def built(kind: type[Widget]) -> int:
        return sum(1 for thing in gc.get_objects() if type(thing) is kind)

    for number, game in enumerate(("quoridor", "clovece"), start=1):
        open_match(d, game, ["Eva", "Pat"], ["red", "blue"])
        yield from until(d, lambda number=number: len(made) == number)  # its panels made
        yield P
        d.results[game] = {"panels": sorted(play.actions.panels), "made_for": made[-1:],
                           "die_areas": built(DieArea), "die_faces": built(DieFaceButton),
                           "choice_areas": built(ChoiceArea),
                           "choice_buttons": built(ChoiceButton),
                           "list_module": "kivy.uix.recycleview" in sys.modules,
                           "kv_parsed": sorted(Path(name).name for name in Builder.files)}
        d.shot(f"panels_{game}")
    PlayScreen._make_panels = make_panels  # type: ignore[method-assign]


def boards_drawn_at_their_size(d: Driver) -> Iterator[float]:
    """The five games opened one after the other on one play screen (made with the first):
    the size each board had whenever it was asked to draw the position, its slot's size once
    shown, and the fonts Kivy opened for the play screen's texts."""
    from kivy.core.text.text_sdl2 import LabelSDL2

    from companion.app.boards import board_class

    fonts: set[str] = set()
    font_id = LabelSDL2._get_font_id

    def opened(label: Any) -> str:
        name: str = font_id(label)
        fonts.add(name)
        return name

    LabelSDL2._get_font_id = opened  # type: ignore[method-assign]
    play = d.app.root.get_screen("play") if d.app.root.has_screen("play") else None
    d.results["play_screen_made_before"] = play is not None
    for game, names, colours in (("patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"]),
                                 ("quoridor", ["Eva", "Pat"], ["red", "blue"]),
                                 ("clovece", ["Eva", "Pat"], ["red", "blue"]),
                                 ("pacman", ["Eva", "Pat"], ["yellow", "blue"]),
                                 ("crash", ["Eva", "Pat"], ["red", "blue"])):
        cls = board_class(game)
        sizes: list[tuple[float, float]] = []
        refresh = cls.refresh

        def drawn(board: Any, *args: Any, refresh: Any = refresh,
                  sizes: list[tuple[float, float]] = sizes) -> None:
            sizes.append(tuple(board.size))
            refresh(board, *args)

        cls.refresh = drawn  # type: ignore[method-assign]
        open_match(d, game, names, colours)
        yield from until(d, lambda cls=cls: type(d.app.root.get_screen("play").board) is cls
                         and d.app.root.current == "play")
        yield P
        cls.refresh = refresh  # type: ignore[method-assign]
        slot = d.app.root.get_screen("play").ids.board_slot
        d.results[game] = {"drawn_at": sizes, "slot": tuple(slot.size)}
    LabelSDL2._get_font_id = font_id  # type: ignore[method-assign]
    d.results["fonts"] = sorted(fonts)
    from kivy.lang import Builder

    def parsed() -> list[str]:
        return sorted(Path(name).name for name in Builder.files)

    d.results["kv_parsed_before_menu"] = parsed()
    play = d.app.root.get_screen("play")
    play.open_menu()
    yield P
    d.results["kv_parsed_with_menu"] = parsed()
    d.results["menu_shown"] = type(play._modal).__name__ if play._modal is not None else ""
    d.results["menu_buttons"] = sorted(child.text for child in play._modal.walk()
                                       if type(child).__name__ == "BigButton" and child.text)
    d.shot("play_menu_loaded_on_first_use")
    play.close_modal()
    yield P


SCENARIOS: dict[str, Scenario] = {
    "full_game": full_game,
    "panels_made_ahead": panels_made_ahead,
    "memory_given_back": memory_given_back,
    "menu_fix_settings": menu_fix_settings,
    "play_then_power_cut": play_then_power_cut,
    "resume_after_restart": resume_after_restart,
    "generic_board": generic_board,
    "home_tiles": home_tiles,
    "instructions_stay": instructions_stay,
    "newgame_choices_and_names": newgame_choices_and_names,
    "pacman_rank": pacman_rank,
    "boards_drawn_at_their_size": boards_drawn_at_their_size,
}
