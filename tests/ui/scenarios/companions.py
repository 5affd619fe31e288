"""The companion takes a seat: chosen with one tap on the new-game screen, it answers by itself
after a short pause, its move is shown with what to change on the table, Undo goes back to the
person, and the coach's Hint suggests without playing. Played by ``driver.py`` like those of
``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

from driver import Driver, open_match, open_new_game, until

from scenarios.play import action_seen

P = 0.2
PAUSE = 0.3
"""The companion's pause before it plays, shortened for the test (a setting)."""
Scenario = Callable[[Driver], Iterator[float]]


def companion_quoridor(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
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
    seen["play_names"] = list(d.app.table.match.names)
    seen["hint_button"] = play.ids.hint_button.width > 0
    d.tap(play.ids.hint_button)                          # the coach: a suggestion, not a move
    yield P
    seen["hint_banner"] = play.banner
    seen["hint_on_board"] = play.board.preview
    seen["hint_line"] = play.hint_shown
    seen["history_after_hint"] = d.history
    d.shot(f"play_hint_{lang}")
    progress: list[tuple[int, float]] = []               # the companion's step, animated
    play.board.bind(move_progress=lambda _board, value: progress.append((len(d.history), value)))
    d.tap_square("e8")                                   # Eva steps; the companion answers
    yield from until(d, lambda: len(d.history) == 2)
    yield P
    yield from until(d, lambda: play.board.move_progress == 1.0, seconds=3.0)
    seen["companion_step_progress"] = [value for count, value in progress if count == 2]
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
    stored = d.app.store.load(d.app.table.saving.stored_id)
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
    d.app.table.on_roll(1)                          # Eva's roll-off: then the companion's
    yield from until(d, lambda: len(d.history) >= 2)
    seen["history"] = d.history
    seen["to_move"] = d.app.table.match.to_move


# -- the coach's hint on every board: shown as the board's own preview, played by OK or a second
# tap on the same thing (or, for a choice the board does not draw, its button marked) ---------


def hint_seen(d: Driver, play: Any) -> dict[str, Any]:
    """Hint tapped: what the coach suggests, what the board previews, what the screen marks."""
    return {"hint": play.hint_shown, "preview": play.board.preview, "banner": play.banner,
            "choice": play.hinted_choice, "action": play.action_kind, "history": d.history,
            "panel": getattr(play.ids.action_area.children[0], "text", "")
            if play.ids.action_area.children else ""}


def ask_hint(d: Driver, play: Any) -> Generator[float, None, dict[str, Any]]:
    """Tap Hint; returns what is then seen (:func:`hint_seen`)."""
    d.tap(play.ids.hint_button)
    yield P
    return hint_seen(d, play)


def coached_match(
    d: Driver, game: str, names: list[str], colours: list[str], settle: float = 0.4
) -> Generator[float, None, Any]:
    """A match of ``game`` with the coach on; returns the play screen once it is shown."""
    d.app.store.set_setting(f"coach.{game}", True)
    open_match(d, game, names, colours)
    yield settle
    return d.app.root.get_screen("play")


def hint_clovece(d: Driver) -> Iterator[float]:
    """Člověče: after the rolls, the hinted piece's way is drawn; OK enters it, and the next
    hint (a piece's way along the track) is played by a second tap on the piece."""
    lang = d.app.table.lang
    seen = d.results
    play = yield from coached_match(d, "clovece", ["Eva", "Jan"], ["red", "blue"])
    for value in (6, 1, 6, 5):                           # roll-off: Eva starts; a 6, then a 5
        d.app.table.on_roll(value)
        yield 0.1
    seen["enter"] = yield from ask_hint(d, play)
    play.confirm()
    yield 0.5
    seen["after_enter"] = d.history
    seen["move"] = yield from ask_hint(d, play)
    seen["way"] = len(play.board._hint_way(play.board.preview))
    d.shot(f"hint_clovece_{lang}")
    layout = play.board._layout()
    field = int(play.board.preview.split()[1])
    d.tap_at(*play.board.to_window(*layout.fields[field]))   # the hinted piece again
    yield 0.5
    seen["after_move"] = d.history


def hint_patamat(d: Driver) -> Iterator[float]:
    """Pat a Mat: the hinted placement is framed on its field with its car; a tap on that
    field places it. Later the hinted car choice is the marked button; OK takes it."""
    from scenarios.patamat import PLACEMENTS

    lang = d.app.table.lang
    seen = d.results
    table = d.app.table
    play = yield from coached_match(d, "patamat", ["Pat", "Mat"], ["red", "blue"])
    seen["place"] = yield from ask_hint(d, play)
    seen["selected_kind"] = play.board.selected_kind
    d.shot(f"hint_patamat_{lang}")
    field = play.board.preview.split()[2]
    d.tap_at(*play.board.to_window(*play.board.field_centre(field)))
    yield P
    seen["after_place"] = d.history
    table.undo()                                    # the scripted placements instead
    yield P
    for kind, field in PLACEMENTS:
        table.send(f"place {kind} {field}")
    for value in (3, 3, 5, 2, 1, 5, 6):                  # roll-off; Pat to F01, Mat to F05
        table.on_roll(value)
        yield 0.1
    yield 0.6
    seen["choose"] = yield from ask_hint(d, play)
    list_view = play.ids.action_area.children[0].ids.list
    seen["marked_buttons"] = [item["line"] for item in list_view.data if item["is_hinted"]]
    d.shot(f"hint_patamat_choice_{lang}")
    before = len(d.history)
    play.confirm()
    yield P
    seen["after_choose"] = d.history[before:]


def hint_pacman(d: Driver) -> Iterator[float]:
    """PAC-MAN: the hinted path is drawn, OK plays it; a ghost's hinted step is an arrow to
    its square, a tap on that square plays it."""
    lang = d.app.table.lang
    seen = d.results
    play = yield from coached_match(d, "pacman", ["Eva", "Jan"], ["yellow", "blue"])
    seen["pacman"] = yield from ask_hint(d, play)
    seen["destination"] = play.board._destination
    d.shot(f"hint_pacman_{lang}")
    play.confirm()
    yield 1.2
    seen["after_pacman"] = d.history
    seen["ghost"] = yield from ask_hint(d, play)
    seen["selected_ghost"] = play.board.selected_ghost
    d.shot(f"hint_pacman_ghost_{lang}")
    d.tap_square(play.board.preview.split(":")[1])       # the square the arrow points to
    yield 0.6
    seen["after_ghost"] = d.history


def hint_crash(d: Driver) -> Iterator[float]:
    """Crash by Crash: set-up hints (the first placer's button marked, the operator's field);
    no hint for the table's display cards; the hinted placement shown with its arrow and
    batteries chosen, the moves previewed; a tap on the chosen arrow places it."""
    from companion.engine import choose_input

    lang = d.app.table.lang
    seen = d.results
    table = d.app.table
    play = yield from coached_match(d, "crash", ["Eva", "Jan"], ["red", "blue"], settle=0.5)
    seen["first"] = yield from ask_hint(d, play)
    seen["first_marked"] = [b.text for b in play.board.strip.ids.buttons.children
                            if b.tone == "chosen"]
    d.shot(f"hint_crash_first_{lang}")
    play.confirm()
    yield P
    seen["operator"] = yield from ask_hint(d, play)
    seen["operator_selected"] = play.board.tap_state.selected
    play.confirm()
    yield P
    seen["after_setup_hints"] = d.history
    seen["can_hint_display"] = play.can_hint           # the table's cards: no one's choice
    while table.match.awaiting == "setup":
        table.send(choose_input(table.match, "normal"))
    yield 0.5
    seen["place"] = yield from ask_hint(d, play)
    board = play.board
    tap = board.tap_state
    seen["mode"] = tap.mode
    seen["chosen_arrows"] = sorted(tap.chosen_arrows())
    seen["shown_events"] = list(tap.shown.events)
    d.shot(f"hint_crash_{lang}")
    before = len(d.history)
    arrows = board.arrow_centres()
    last = tap.direction.split(",")[-1]
    if last in arrows:
        d.tap_at(*board.to_window(*arrows[last]))       # the chosen arrow again
    else:
        d.tap_at(*board.to_window(*board.field_centre(tap.selected)))
    yield from until(d, lambda: len(d.history) > before)
    seen["after_place"] = d.history[before:]


SCENARIOS: dict[str, Scenario] = {
    "companion_quoridor": companion_quoridor,
    "companion_clovece_rolls_itself": companion_clovece_rolls_itself,
    "hint_clovece": hint_clovece,
    "hint_patamat": hint_patamat,
    "hint_pacman": hint_pacman,
    "hint_crash": hint_crash,
}
