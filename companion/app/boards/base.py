"""The board plug-in interface: what the play screen asks of a game's board widget.

A board draws one game's position in the left 480 × 480 square of the play screen and turns
taps into input lines. It never touches the match or the store: it reads the position through
its :class:`BoardHost` and sends input lines back through ``host.send(line)``, which goes
through ``match.play()`` and the store. See ``companion/app/BOARDS.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.app.frames.flush_points import keep_in_parts
from companion.table.seats import SeatLook


class BoardHost(Protocol):
    """The narrow view of the table a board gets (the table implements it)."""

    @property
    def lang(self) -> str: ...

    def snapshot(self) -> dict[str, Any]:
        """``match.snapshot()``: the game's own drawing data is under ``"state"``."""
        ...

    def legal(self) -> list[str]:
        """Every input accepted now (``match.legal()``)."""
        ...

    def send(self, line: str) -> bool:
        """Play one input line; True if accepted (recorded), False if rejected (banner shown)."""
        ...

    def why_refused(self, line: str) -> tuple[str, str] | None:
        """(the players' words, the rule line) of why ``line`` would be refused; None if not."""
        ...

    def seat_looks(self) -> list[SeatLook]:
        """Name, colour and letter per seat, in seat order."""
        ...

    def tr(self, text: str) -> str:
        """An English text of the ``app`` domain in the current language."""
        ...

    def input_label(self, line: str) -> str:
        """A player-facing label for one input line (the game's text module, else the line)."""
        ...

    def choice_label(self, line: str) -> str:
        """``line`` as a choice button says it, the same words as on the phones (the game's
        ``choices.choice_label``, else :meth:`input_label`)."""
        ...

    def describe(self, events: Sequence[str]) -> list[str]:
        """What to change on the physical board after ``events``: one translated sentence each
        (the game's ``text.describe(events, match, lang)``; [] for no events)."""
        ...



class ShownMatch:
    """A read-only :class:`BoardHost` over a match that is only shown (a replay of a stored
    game, a diagram of the rules): taps play nothing, the words come from the table."""

    def __init__(self, table: Any, match: Any, looks: list[SeatLook]) -> None:
        self._table = table
        self.match = match
        self._looks = looks

    @property
    def lang(self) -> str:
        return str(self._table.lang)

    def snapshot(self) -> dict[str, Any]:
        snapshot: dict[str, Any] = self.match.snapshot()
        return snapshot

    def legal(self) -> list[str]:
        return []

    def send(self, line: str) -> bool:
        return False

    def why_refused(self, line: str) -> tuple[str, str] | None:
        return None

    def seat_looks(self) -> list[SeatLook]:
        return self._looks

    def tr(self, text: str) -> str:
        return str(self._table.tr(text))

    def input_label(self, line: str) -> str:
        return line

    def choice_label(self, line: str) -> str:
        return line

    def describe(self, events: Sequence[str]) -> list[str]:
        return []


class ShownPosition(ShownMatch):
    """A read-only host that shows a given snapshot (the companion's round played again on
    the board, step by step); everything else as the table says."""

    def __init__(self, table: Any, snapshot: dict[str, Any]) -> None:
        super().__init__(table, table.match, table.seat_looks())
        self.shown = snapshot

    def snapshot(self) -> dict[str, Any]:
        return self.shown


class Board(Widget):
    """Base class of every board widget. Subclasses live in ``companion/app/boards/<game>.py``.

    The play screen calls :meth:`refresh` after every change of the match (an accepted input,
    undo, redo, a fix, a language switch) and never otherwise: a board draws on change only,
    never per frame. ``events`` are the events of the input just played (empty after undo/redo
    or a full redraw), so a board may animate them.
    """

    host = ObjectProperty(None, allownone=True)
    """The :class:`BoardHost`; None until the play screen attaches a match."""

    is_interactive = BooleanProperty(True)
    """False when the board only shows a position (history replay): taps do nothing."""

    preview = StringProperty("")
    """An input line shown on the board and waiting for a second tap or OK ("" when none)."""

    hint = StringProperty("")
    """One short line for the action area when nothing else is shown there (translated)."""

    is_fixing = BooleanProperty(False)
    """True while the players edit the position to match the table (fix mode)."""

    supports_fix = False
    """Whether this board has its own fix mode; otherwise the play screen edits position text."""
    fixes_live = False
    """True: the fix mode sends each correction as its own ``fix …`` input at once (and counts
    them in ``live_fixes``); Done just leaves the mode, Cancel takes them back."""
    live_fixes = 0

    handles_choices = BooleanProperty(False)
    """True while the board offers the inputs of a "choice" itself (e.g. a picker for card
    combinations): the play screen then shows no choice buttons, only the instructions and
    the board's ``hint``. Set it in the class (``handles_choices = True``) or in ``refresh()``;
    the play screen reads it after every ``refresh()``. Default: the play screen lists every
    legal input as a big button (a scrolling list, only the visible buttons made)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        keep_in_parts(self)  # its layers reach a software GL in parts (flush_points)

    # -- called by the play screen -------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        """Redraw from ``host.snapshot()``; ``events`` may be animated. Clears any preview."""
        raise NotImplementedError

    def prepare_ahead(self, snapshot: dict[str, Any], events: Sequence[str],
                      described: Sequence[str]) -> None:
        """Measure and render ahead the texts this board would show for a foreseen input
        (its position ``snapshot``, its ``events``, what the table says of them:
        ``described``), while the table waits: its :meth:`refresh` then finds them ready.
        Nothing is shown. By default nothing is prepared."""

    def is_choosing(self) -> bool:
        """A person is on the way to an input here: a preview waits for its second tap, a piece
        is picked, a question is open. A change from elsewhere (a phone) drops it (the next
        :meth:`refresh`), and the play screen says the game moved on."""
        return bool(self.preview)

    def confirm_preview(self) -> bool:
        """Send the previewed input (the OK button). True if it was accepted."""
        line = self.preview
        self.preview = ""
        return bool(line) and self.host is not None and self.host.send(line)

    def cancel_preview(self) -> None:
        self.preview = ""
        self.refresh()

    def preview_is_refused(self) -> bool:
        """The preview shows an input the rules refuse (drawn red): the play screen says why
        and offers no OK; a second tap on it does not play it."""
        return False

    def can_preview(self, line: str) -> bool:
        """Whether ``line`` can be shown as :attr:`preview` (the coach's hint shows on the
        board, to be played with a second tap or OK); by default a hint is only told in words
        (or, awaiting a "choice", its button is marked)."""
        return False

    def show_preview(self, line: str) -> None:
        """Show ``line`` (one :meth:`can_preview` accepts) as the preview, with whatever the
        board's own taps would have selected on the way to it (a ghost, a car type, a push
        arrow), so that a second tap on the same thing or OK plays it and any other tap is
        ordinary play."""
        self.preview = line

    def choice_label(self, line: str) -> str:
        """The label of a big choice button for ``line`` (awaiting "choice"): the table's words
        (``host.choice_label``), which the phones show too; a board adds only what it alone
        knows (a preview shown, the way picked among several)."""
        return self.host.choice_label(line) if self.host is not None else line

    def choice_short_label(self, line: str) -> str:
        """A short label for ``line`` on a button half as wide, where the status line says
        the rest (the name of who gets a captured piece); "" when it has none."""
        return ""

    # -- fix mode (only where supports_fix) ------------------------------------------------------

    def begin_fix(self) -> None:
        """Enter fix mode: start from the current position."""
        raise NotImplementedError

    def fix_position(self) -> str:
        """The edited position in the game's position notation (sent as ``fix <position>``)."""
        raise NotImplementedError

    def end_fix(self) -> None:
        """Leave fix mode (after Done or Cancel) and redraw the match's position."""
        self.is_fixing = False
        self.refresh()

    def fix_panel(self) -> Widget | None:
        """Extra controls for the right column during fix mode (e.g. walls-left steppers)."""
        return None
