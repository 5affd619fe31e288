"""New game → Pat a Mat → Board: the boards by title, and making, editing, renaming, deleting.

The stand-in comes with the app: it can be chosen and copied ("Copy" opens the builder with its
copy), never changed. A board the players made can be chosen, edited in the builder, renamed
(the title only: games refer to the name) and deleted: delete asks first, and is refused in
plain words while an unfinished game is played on it (the store says which).

The files are the library's (:mod:`companion.games.patamat.library`); this is its face.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

log = logging.getLogger(__name__)
SHIPPED_LABELS = {"standin-v1": "Example board"}
"""The shipped boards as the players read them (``app`` domain)."""


def board_label(name: str, tr: Callable[[str], str]) -> str:
    """A board as the screen names it: its title, or the words of a shipped one."""
    from companion.games.patamat.library import board_title, is_shipped

    if name in SHIPPED_LABELS and is_shipped(name):
        return tr(SHIPPED_LABELS[name])
    try:
        return board_title(name)
    except (KeyError, OSError):
        return name


class BoardOption(BoxLayout):
    """New game's board row: "Board" and the chosen board's title; a tap opens the boards."""

    option = StringProperty("board")
    text = StringProperty("")
    value_text = StringProperty("")


class BoardRow(BoxLayout):
    """One board: its title (tap: play on it), and what can be done with it."""

    name = StringProperty("")
    title = StringProperty("")
    fields = NumericProperty(0)
    shipped = BooleanProperty(False)
    chosen = BooleanProperty(False)


class BoardsDialog(ModalView):
    """The boards to choose from, with "Make our board", edit/copy, rename and delete."""

    message = StringProperty("")
    """What just happened, or why not (plain words)."""
    asking = StringProperty("")
    """The board whose deletion waits for a second tap ("" when none)."""
    asking_text = StringProperty("")
    renaming = StringProperty("")
    """The board being renamed ("" when none)."""
    chosen = StringProperty("")

    def __init__(self, chosen: str, on_choose: Callable[[str], None],
                 on_builder: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen = chosen
        self._on_choose = on_choose
        self._on_builder = on_builder
        self.refresh()

    # -- one call per kv handler ---------------------------------------------------------------

    def choose(self, name: str) -> None:
        self.chosen = name
        self._on_choose(name)
        self.dismiss(animation=False)

    def make(self) -> None:
        self._builder(None)

    def edit(self, name: str) -> None:
        """Edit a players' board; the stand-in: start a new board from its copy."""
        self._builder(name)

    def start_rename(self, name: str) -> None:
        self._stop_asking()
        self.renaming = name
        self.message = ""
        field = self.ids.new_title
        field.text = board_label(name, self._tr)
        field.focus = True

    def rename(self) -> None:
        from companion.games.patamat.board import BoardError
        from companion.games.patamat.library import rename_board

        name, title = self.renaming, self.ids.new_title.text
        if not name:
            return
        try:
            rename_board(name, title)
        except BoardError as error:
            self.message = self._tr(_title_problem(error.errors))
            return
        except (KeyError, OSError) as error:
            log.warning("renaming the board %s failed: %s", name, error)
            self.message = self._tr("The board could not be renamed.")
            return
        self.ids.new_title.focus = False
        self.renaming = ""
        self.message = self._tr("Renamed to “{title}”.").format(title=" ".join(title.split()))
        self.refresh()
        if name == self.chosen:
            self._on_choose(name)

    def cancel_rename(self) -> None:
        self.ids.new_title.focus = False
        self.renaming = ""

    def ask_delete(self, name: str) -> None:
        """The first tap on Delete: refused at once when an unfinished game is played on the
        board, else asked."""
        self.cancel_rename()
        title = board_label(name, self._tr)
        if name in self._in_use():
            self._stop_asking()
            self.message = self._tr(
                "“{title}” cannot be deleted: an unfinished game is played on it. Finish or end "
                "that game first.").format(title=title)
            return
        self.message = ""
        self.asking = name
        self.asking_text = self._tr(
            "Delete “{title}”? Games already played on it keep it.").format(title=title)

    def delete(self) -> None:
        from companion.games.patamat.library import BoardInUse, delete_board

        name = self.asking
        self._stop_asking()
        if not name:
            return
        title = board_label(name, self._tr)
        try:
            delete_board(name, in_use=self._in_use())
        except BoardInUse:
            self.message = self._tr(
                "“{title}” cannot be deleted: an unfinished game is played on it. Finish or end "
                "that game first.").format(title=title)
            return
        except (KeyError, OSError) as error:
            log.warning("deleting the board %s failed: %s", name, error)
            self.message = self._tr("The board could not be deleted.")
            return
        self.message = self._tr("“{title}” was deleted.").format(title=title)
        if name == self.chosen:
            from companion.games.patamat.description import DEFAULT_BOARD

            self.chosen = DEFAULT_BOARD
            self._on_choose(DEFAULT_BOARD)
        self.refresh()

    def keep(self) -> None:
        self._stop_asking()

    def refresh(self) -> None:
        from companion.games.patamat.library import board_entries

        box = self.ids.rows
        box.clear_widgets()
        try:
            entries = board_entries()
        except OSError as error:  # a boards folder that cannot be read: the stand-in only
            log.warning("listing the boards failed: %s", error)
            entries = []
        for entry in entries:
            title = board_label(entry.name, self._tr) if entry.shipped else entry.title
            box.add_widget(BoardRow(name=entry.name, title=title, fields=entry.fields,
                                    shipped=entry.shipped, chosen=entry.name == self.chosen))

    # -- private helpers -----------------------------------------------------------------------

    @property
    def _tr(self) -> Callable[[str], str]:
        tr: Callable[[str], str] = App.get_running_app().tr
        return tr

    def _stop_asking(self) -> None:
        self.asking = ""
        self.asking_text = ""

    def _in_use(self) -> set[str]:
        store = App.get_running_app().table.store
        try:
            names: set[str] = store.board_names_in_use()
        except Exception:  # noqa: BLE001 - unreadable: the games keep their boards anyway
            log.exception("asking the store for the boards in use failed")
            return set()
        return names

    def _builder(self, name: str | None) -> None:
        from companion.app.builder import open_builder  # the builder's screen, when asked

        self.dismiss(animation=False)
        if self._on_builder is not None:
            self._on_builder()
        open_builder(name)


def _title_problem(errors: list[str]) -> str:
    if any("too long" in error for error in errors):
        return "The name is too long (at most 40 letters)."
    return "The board needs a name."


__all__ = ["SHIPPED_LABELS", "BoardOption", "BoardRow", "BoardsDialog", "board_label"]
