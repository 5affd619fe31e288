"""New game → Pat a Mat → Board: the boards by title; rename, delete (asked first, refused while
an unfinished game is played on the board), choose; and Settings' boards to and from a USB
stick. Played by ``driver.py`` like those of ``play.py`` (``__init__.py`` gathers them). The boards
folder is the test's (``COMPANION_PATAMAT_BOARDS``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from driver import Driver, until

from companion.engine import open_game
from companion.games.patamat.library import board_title, copy_of, players_names, save_board

P = 0.2
LONG_TITLE = "Dráha u dědy na chatě pod Sněžkou, 1985!"
Scenario = Callable[[Driver], Iterator[float]]


def row_of(dialog: Any, name: str) -> Any:
    return next(row for row in dialog.ids.rows.children if row.name == name)


def board_option(newgame: Any) -> Any:
    """New game's board row (made again whenever the options are)."""
    return next(row for row in newgame.ids.options.children
                if getattr(row, "option", "") == "board")


def buttons_of(widget: Any) -> list[Any]:
    from companion.app.widgets.common import BigButton

    return [child for child in widget.walk() if isinstance(child, BigButton)
            and child.opacity > 0 and child.height > 0]


def boards_rename_delete(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    seen = d.results
    ours = save_board(copy_of("standin-v1"), "Naše deska")
    cottage = save_board(copy_of("standin-v1"), "Chata u lesa")
    save_board(copy_of("standin-v1"), LONG_TITLE)               # the longest title there is
    d.app.store.start(open_game("patamat", players=2, names=["Eva", "Jan"], board=cottage))
    d.app.new_game_of("patamat")
    yield 0.4
    newgame = d.app.root.get_screen("newgame")
    option = board_option(newgame)
    seen["board_shown"] = option.value_text
    d.shot(f"boards_newgame_{lang}")
    d.tap(option.ids.board_button)
    yield P
    dialog = newgame.boards_dialog
    seen["titles"] = [row.title for row in reversed(dialog.ids.rows.children)]
    seen["smallest_button"] = min(min(b.height, b.width) for b in buttons_of(dialog))
    d.shot(f"boards_list_{lang}")

    d.tap(row_of(dialog, ours).ids.rename_button)             # rename ours
    yield P
    dialog.ids.new_title.text = "Dědova deska"
    d.shot(f"boards_rename_{lang}")
    d.tap(dialog.ids.rename_ok_button)
    yield P
    seen["title_after_rename"] = board_title(ours)
    seen["row_after_rename"] = row_of(dialog, ours).title
    seen["message_after_rename"] = dialog.message

    d.tap(row_of(dialog, cottage).ids.delete_button)          # the unfinished game's board
    yield P
    seen["refused"] = dialog.message
    seen["asked_for_cottage"] = dialog.asking
    d.shot(f"boards_delete_refused_{lang}")

    d.tap(row_of(dialog, ours).ids.delete_button)             # ours: asked first
    yield P
    seen["asking"] = dialog.asking_text
    seen["still_there_while_asked"] = ours in players_names()
    d.shot(f"boards_delete_ask_{lang}")
    d.tap(dialog.ids.delete_yes_button)
    yield P
    seen["after_delete"] = players_names()
    seen["message_after_delete"] = dialog.message
    seen["titles_after_delete"] = [row.title for row in reversed(dialog.ids.rows.children)]
    d.shot(f"boards_deleted_{lang}")

    d.tap(dialog.ids.make_button)                              # the builder
    yield P
    seen["screen_after_make"] = d.screen.name
    d.tap(d.app.root.get_screen("builder").ids.back_button)   # nothing built: back at once
    yield P
    seen["screen_after_builder_back"] = d.screen.name
    d.tap(board_option(newgame).ids.board_button)
    yield P
    dialog = newgame.boards_dialog
    long_name = next(row.name for row in dialog.ids.rows.children if row.title == LONG_TITLE)
    d.tap(row_of(dialog, long_name).ids.choose_button)         # the long title, chosen
    yield P
    d.shot(f"boards_long_title_{lang}")
    d.tap(board_option(newgame).ids.board_button)
    yield P
    dialog = newgame.boards_dialog
    d.tap(row_of(dialog, cottage).ids.choose_button)           # play on the cottage's board
    yield P
    seen["dialog_closed"] = newgame.boards_dialog is None
    seen["chosen"] = dict(newgame.options).get("board")
    seen["board_shown_after"] = board_option(newgame).value_text
    d.shot(f"boards_chosen_{lang}")

    newgame.names = ["Eva", "Ota"]                             # typed before the builder
    newgame.builder_opened()                                   # what the builder's Save does:
    made = save_board(copy_of("standin-v1"), "Nová dráha")     # a board saved, New game again
    d.app.go("newgame")
    yield P
    seen["after_builder"] = [dict(newgame.options).get("board"), list(newgame.names),
                             board_option(newgame).value_text, made]


def boards_usb(d: Driver) -> Iterator[float]:
    """A stick (``COMPANION_TEST_STICK``) with a good board and a broken one: Settings loads
    the good one, names the broken one with its reason, then copies ours onto the stick."""
    lang = d.app.table.lang
    seen = d.results
    stick = Path(os.environ["COMPANION_TEST_STICK"])
    folder = stick / "companion-boards"
    folder.mkdir(exist_ok=True)
    (folder / "chata.toml").write_text(
        copy_of("standin-v1").replace('start  =', 'title = "Chata"\nstart  =', 1),
        encoding="utf-8")
    (folder / "broken.toml").write_text(
        copy_of("standin-v1").replace(', back = "F16"', ""), encoding="utf-8")
    save_board(copy_of("standin-v1"), "Naše deska")
    d.app.go("settings")
    settings = d.app.root.get_screen("settings")
    row = settings.ids.usb_boards
    yield from until(d, lambda: bool(row.stick), seconds=3.0)
    yield P
    settings.ids.settings_scroll.scroll_to(row, animate=False)
    yield P
    seen["smallest_button"] = min(min(b.height, b.width) for b in buttons_of(row))
    d.tap(row.ids.load_boards_button)
    yield from until(d, lambda: not row.is_copying, seconds=10.0)
    yield P
    seen["loaded_message"] = row.message
    seen["boards_after_load"] = sorted(players_names())
    settings.ids.settings_scroll.scroll_to(row, animate=False)
    yield P
    d.shot(f"boards_usb_loaded_{lang}")
    d.tap(row.ids.copy_boards_button)
    yield from until(d, lambda: not row.is_copying, seconds=10.0)
    yield P
    seen["copied_message"] = row.message
    seen["on_stick"] = sorted(path.name for path in folder.iterdir())
    settings.ids.settings_scroll.scroll_to(row, animate=False)
    yield P
    d.shot(f"boards_usb_copied_{lang}")


def our_track() -> str:
    """The stand-in's track with the family's own field ids (N01 … instead of F01 …)."""
    import re

    return re.sub(r'"F(\d\d)"', r'"N\1"', copy_of("standin-v1"))


def play_on(match: Any, steps: int | None = None) -> None:
    """Every input the first legal one, the die cycling 6, 5, 4 …; to the end when no steps."""
    done = 0
    while match.outcome is None and (steps is None or done < steps):
        legal = match.legal()
        rolls = [line for line in legal if line.startswith("roll ")]
        match.play(rolls[-1 - done % len(rolls)] if rolls else legal[0])
        done += 1


def boards_kept_in_history(d: Driver) -> Iterator[float]:
    """A finished game and an unfinished one on "Our board"; the file edited, then deleted:
    the history replays the finished one on its own track, Continue resumes the other."""
    from companion.games.patamat.library import board_path

    lang = d.app.table.lang
    seen = d.results
    store = d.app.store
    name = save_board(our_track(), "Our board")
    finished = open_game("patamat", players=2, names=["Eva", "Jan"], board=name, target=1)
    finished_id = store.start(finished, {"colours": ["red", "blue"]})
    play_on(finished)
    store.record(finished_id, finished)
    unfinished = open_game("patamat", players=2, names=["Eva", "Jan"], board=name)
    unfinished_id = store.start(unfinished, {"colours": ["red", "blue"]})
    play_on(unfinished, 40)
    store.record(unfinished_id, unfinished)
    board_path(name).write_text(copy_of("standin-v1"), encoding="utf-8")   # edited
    board_path(name).unlink()                                              # and deleted

    d.app.go("history")
    yield P
    d.app.root.get_screen("history").open_game(finished_id)
    yield P
    replay = d.app.root.get_screen("replay")
    replay.jump(to_end=True)
    yield P
    state = replay.host.match.snapshot()["state"]
    seen["replay_fields"] = [spot["id"] for spot in state["board"]["fields"]][:4]
    seen["replay_pawns"] = {player: pawn["field"] for player, pawn in state["pawns"].items()}
    seen["finished_pawns"] = {player: pawn["field"] for player, pawn in
                              finished.snapshot()["state"]["pawns"].items()}
    d.shot(f"boards_history_replay_{lang}")

    d.app.continue_game()
    yield 0.3
    seen["screen_after_continue"] = d.screen.name
    seen["resumed_history"] = d.app.table.match.history == unfinished.history
    seen["resumed_fields"] = [spot["id"] for spot in
                              d.app.table.match.snapshot()["state"]["board"]["fields"]][:4]
    d.shot(f"boards_resumed_{lang}")


SCENARIOS: dict[str, Scenario] = {
    "boards_kept_in_history": boards_kept_in_history,
    "boards_rename_delete": boards_rename_delete,
    "boards_usb": boards_usb,
}
