"""The Crash by Crash board's words and buttons: texts, the action strip and the card picker.

A part of :class:`~companion.app.boards.crash.board.CrashBoard`, which makes one and holds it
as ``board.controls``: it owns the strip under the hexes and the picker that covers them (and
which buttons they show at each step: which action, batteries, a card kind, the display, a
refill, a swap), and the words of a preview. It shows the input the board's taps are building
and calls the board's tap actions; :class:`ControlledBoard` names what it reads and calls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kivy.uix.widget import Widget

from companion.app.boards.crash.panels import SPARE_BUTTONS, CrashPicker, CrashStrip
from companion.app.boards.crash.tap_state import TapState
from companion.games.crash import queries
from companion.games.crash.cards import KINDS, colour
from companion.games.crash.choices import action_words
from companion.games.crash.text import card_name
from companion.i18n import translator


class ControlledBoard(Protocol):
    """The board as its controls see it: the input its taps are building, and its tap actions."""

    host: Any
    preview: str
    hint: str
    is_interactive: bool
    is_fixing: bool
    guide_shown: bool
    _snap: dict[str, Any]
    _st: dict[str, Any]
    _awaiting: str
    _state: Any
    tap_state: TapState

    @property
    def game(self) -> Any: ...
    def cached(self, name: str, query: Any) -> Any: ...
    def legal_lines(self) -> tuple[str, ...]: ...
    def add_widget(self, widget: Widget) -> None: ...
    def remove_widget(self, widget: Widget) -> None: ...
    def _layout(self, *_: Any) -> None: ...
    def picker_box(self) -> tuple[float, float, float, float]: ...
    def set_preview(self, line: str) -> None: ...
    def cancel_preview(self) -> None: ...
    def choose_direction(self, key: str) -> None: ...
    def choose_batteries(self, count: int) -> None: ...
    def place_magnet_here(self) -> None: ...
    def start_magnet(self) -> None: ...
    def start_operator(self) -> None: ...
    def start_card(self, kind: str) -> None: ...
    def add_step(self, token: str) -> None: ...
    def undo_step(self) -> None: ...
    def toggle_guide(self) -> None: ...


class CrashControls:
    """Texts, strip and picker of the Crash board (``board.controls``)."""

    def __init__(self, board: ControlledBoard) -> None:
        self.board = board
        self.strip = CrashStrip(board=board)
        board.add_widget(self.strip)
        self.picker: CrashPicker | None = None
        """The picker while it covers the hexes, else None."""
        self._spare_picker: CrashPicker | None = None
        """The picker made ahead or last shown, kept for the next time it is needed."""
        self.picker_purpose = ""
        self.picks: list[str] = []

    # -- texts -----------------------------------------------------------------------------------

    def tr(self, text: str) -> str:
        host = self.board.host
        return translator("crash", host.lang if host is not None else "en")(text)

    def card_label(self, kind: str) -> str:
        host = self.board.host
        return card_name(kind, host.lang if host is not None else "en")

    def preview_text(self) -> str:
        """What the previewed input does, for the action area above OK / Cancel: the action's
        words (:func:`companion.games.crash.choices.action_words`, the phones' words too), then
        its effects."""
        host = self.board.host
        line = self.board.preview
        text = action_words(line, self.board._snap.get("names", []),
                            host.lang if host is not None else "en") or line
        # what matters most first (the board shows the moves with arrows anyway)
        order = ("eval", "pts", "off", "ring", "pull", "swap", "bell", "move", "back")
        effects = sorted((e for e in self.board.tap_state.shown.events if e.split()[0] in order),
                         key=lambda e: order.index(e.split()[0]))
        if effects and self.board.host is not None:
            lines = self.host_describe(effects)
            if lines:
                text += "\n" + "; ".join(lines[:2]) + (" …" if len(lines) > 2 else "")
        return text

    def host_describe(self, events: Sequence[str]) -> list[str]:
        describe = getattr(self.board.host, "describe", None)
        if describe is None:
            return []
        try:
            return [str(line) for line in describe(events)]
        except Exception:  # noqa: BLE001 - a preview text must never break the screen
            return []

    # -- the picker (cards, display, refill, swap) ----------------------------------------------

    def open_picker(self, purpose: str, redraw: bool = True) -> None:
        """``redraw=False``: the caller redraws the board next (a new position's reset)."""
        self.picker_purpose = purpose
        if self.picker is None:  # made once, then kept for the next time it is needed
            self.picker = self._spare_picker or CrashPicker(controls=self)
            self.board.add_widget(self.picker)
        if redraw:
            self.board._layout()
        else:
            self.board.place_controls()
        self._fill_picker()

    def prepare_picker(self, *_: Any) -> None:
        """Build the picker and its 13 card buttons before they are first needed (called when
        the table is idle: making kv widgets is the slow part of opening it), and the strip's
        first buttons."""
        if self.board.is_interactive:
            self.strip.prepare(SPARE_BUTTONS)
        if self.board.is_interactive and self.picker is None and self._spare_picker is None:
            picker = self._spare_picker = CrashPicker(controls=self)
            picker.prepare(len(KINDS))
            # the 13 card names laid out and rendered where the picker opens (the set-up's
            # display, a refill, a swap show them all), not in the tap that opens it
            x, y, width, height = self.board.picker_box()
            picker.pos, picker.size = (x, y), (width, height)
            picker.set_choices("", [(kind, self.card_label(kind), colour(kind), True)
                                    for kind in KINDS], self.pick, self.tr("Cancel"))
            picker.render_now()

    def close_picker(self, redraw: bool = True) -> None:
        if self.picker is not None:
            self.board.remove_widget(self.picker)
            self.picker._trigger_layout.cancel()  # no pass while not shown: shown, it has one
            self._spare_picker = self.picker
            self.picker = None
        self.picker_purpose = ""
        self.picks = []
        if redraw:
            self.update_strip()

    def show_choices(self, purpose: str, title: str, choices: list[tuple[str, str, str, bool]],
                     on_pick: Callable[[str], None]) -> None:
        """The picker with choices of someone else's (the build guide's tiles and turns)."""
        self.picker_purpose = purpose
        if self.picker is None:
            self.picker = self._spare_picker or CrashPicker(controls=self)
            self.board.add_widget(self.picker)
        self.board._layout()
        self.picker.can_cancel = True
        self.picker.set_choices(title, choices, on_pick, self.tr("Cancel"))

    def _fill_picker(self) -> None:
        assert self.picker is not None
        _ = self.tr
        purpose = self.picker_purpose
        kinds = list(KINDS)
        can_cancel = True
        if purpose == "card":
            playable = {kind for kind in KINDS if queries.card_targets(self.board.game, kind)}
            title = _("Which card? (only playable ones can be tapped)")
            choices = [(k, self.card_label(k), colour(k), k in playable) for k in kinds]
        elif purpose in ("display", "refill", "draw4"):
            count = 3 if purpose == "display" else len(self._open_entries())
            chosen = ", ".join(self.card_label(k) for k in self.picks)
            template = (_("Tap the card discarded from each pair ({done} of {count})")
                        if purpose == "draw4" else
                        _("Tap the revealed cards in order ({done} of {count})"))
            title = template.format(done=len(self.picks), count=count) + (
                f": {chosen}" if chosen else "")
            choices = [(k, self.card_label(k), colour(k), True) for k in kinds]
            can_cancel = purpose != "display" or bool(self.picks)
        elif purpose == "swap":
            chosen = ", ".join(self.card_label(k) for k in self.picks)
            title = _("Swap: tap the 2 cards you put on the discard pile") + (
                f": {chosen}" if chosen else "")
            choices = [(k, self.card_label(k), colour(k), True) for k in kinds]
        else:  # swap-take
            title = _("Take 2 cards: from the display or blind ({done} of 2)").format(
                done=len(self.picks) - 2)
            display = list(dict.fromkeys(self.board._st["cards"]["display"]))
            choices = [(f"d:{k}", self.card_label(k), colour(k), True) for k in display]
            choices.append(("blind", _("blind"), "grey", True))
        self.picker.can_cancel = can_cancel
        self.picker.set_choices(title, choices, self.pick,
                                _("Back") if self.picks else _("Cancel"))

    def _entries(self) -> list[str]:
        """The first legal refill / draw4 line's entries ("-": a draw4 pair of one card)."""
        line = self.board.first_legal_line()
        return line.split()[1].partition("=")[2 if "=" in line else 0].split(",") \
            if line else []

    def _open_entries(self) -> list[int]:
        """The entries the players choose (a draw4 "-" is the same in every line)."""
        return [index for index, entry in enumerate(self._entries()) if entry != "-"]

    def pick(self, key: str) -> None:
        purpose = self.picker_purpose
        if purpose == "card":
            self.close_picker(redraw=False)
            self.board.start_card(key)
            return
        self.picks.append(key)
        if purpose == "display" and len(self.picks) == 3:
            kinds = " ".join(self.picks)
            self.picks = []
            self.board.host.send(f"display {kinds}")
            return
        if purpose in ("refill", "draw4") and len(self.picks) == len(self._open_entries()):
            entries = self._entries()
            for index, kind in zip(self._open_entries(), self.picks, strict=True):
                entries[index] = kind
            self.picks = []
            if purpose == "refill":
                self.board.host.send(f"refill {','.join(entries)}")
            else:
                self.board.host.send(f"draw4 discard={','.join(entries)}")
            return
        if purpose == "swap" and len(self.picks) == 2:
            self.picker_purpose = "swap-take"
        elif purpose == "swap-take" and len(self.picks) == 4:
            first, second, *takes = self.picks
            self.close_picker(redraw=False)
            self.board.set_preview(f"swap {first} {second} take={','.join(takes)}")
            return
        self._fill_picker()

    def picker_cancel(self) -> None:
        """The picker's Cancel / Back: one pick back, or close it."""
        if self.picks:
            self.picks.pop()
            if self.picker_purpose == "swap-take" and len(self.picks) < 2:
                self.picker_purpose = "swap"
            self._fill_picker()
            return
        self.close_picker()

    # -- strip -----------------------------------------------------------------------------------

    def update_strip(self) -> None:
        """The strip's words and buttons for the step the board's taps are at; the board's
        ``hint`` follows them."""
        _ = self.tr
        board = self.board
        tap = board.tap_state
        strip = self.strip
        evals = board._st.get("evaluations", 0)
        strip.evaluations = f"{evals}/{board._st.get('evaluations_to_end', 7)}" if board._st else ""
        if board.host is None or not board._st or not board.is_interactive:
            strip.set_buttons("", [])
            return
        if board.is_fixing:
            strip.set_buttons(_("Fixing the position: see the right"), [])
        elif board._awaiting == "over":
            strip.set_buttons(_("Game over"), [])
        elif board._awaiting == "setup":
            self._setup_strip()
        elif board._awaiting == "choice":
            if self.picker is None:
                text = _("End of the turn: choose on the right")
            elif self.picker_purpose == "draw4":
                text = _("Tap the card put on the discard pile")
            else:
                text = _("Tap the new display cards")
            strip.set_buttons(text, [])
        elif tap.mode == "direction":
            buttons = [("magnet_here", _("Magnet here"), board.place_magnet_here, True)] \
                if tap.magnet_here else []
            if "" in tap.directions:  # Permitted Expansion: the car may push nothing
                buttons.insert(0, ("nopush", _("No push"), lambda: board.choose_direction(""),
                                   True))
            buttons.append(("cancel", _("Cancel"), board.cancel_preview, True))
            strip.set_buttons(_("Tap an arrow") if tap.directions
                              else _("Only the magnetic car fits here"), buttons)
        elif tap.mode == "battery":
            allowed = tap.directions.get(tap.direction, [0])
            buttons = [(str(n), _("{count} bat.").format(count=n),
                        lambda n=n: board.choose_batteries(n), True) for n in allowed]
            strip.set_buttons(_("Batteries:"), buttons, chosen=str(tap.batteries))
        elif tap.mode == "magnet":
            strip.set_buttons(_("Tap a field for the magnetic car"),
                              [("cancel", _("Cancel"), board.cancel_preview, True)])
        elif tap.mode in ("operator", "operator-direction"):
            self._operator_strip()
        elif tap.mode == "card":
            strip.set_buttons(_("{card}: tap a green field").format(
                card=self.card_label(tap.card)),
                [("cancel", _("Cancel"), board.cancel_preview, True)])
        elif board.preview:
            strip.set_buttons(_("Check the preview, then OK"), [])
        else:
            self._action_strip()
            return
        board.hint = strip.text
        if board._awaiting == "setup" and board._st.get("setup_stage") == "first":
            board.hint = _("Tap the first placer's name below the board")

    def _setup_strip(self) -> None:
        _ = self.tr
        board = self.board
        stage = board._st.get("setup_stage")
        guide = ("guide", _("Build guide"), board.toggle_guide, True)
        chosen = "guide" if board.guide_shown else ""
        if stage == "first":
            names = board._snap.get("names", [])
            labels = ("A1", "B1", "A2", "B2") if len(names) == 4 else ("A", "B")
            buttons = [(label, names[seat], lambda label=label: board.host.send(
                f"first {label}"), True) for seat, label in enumerate(labels)]
            if board.preview.startswith("first "):  # the coach's hint: its name marked
                chosen = board.preview.split()[1]
            self.strip.set_buttons(_("First placer:"), [*buttons, guide], chosen=chosen)
        elif stage == "operator":
            self.strip.set_buttons(_("Tap a green field: the operator's start"), [guide],
                                   chosen=chosen)
        elif stage == "display":
            self.strip.set_buttons(_("Enter the three display cards"), [
                ("display", _("Display cards"), lambda: self.open_picker("display"), True)])
        else:
            self.strip.set_buttons(_("Tap a green field: one car per tile"), [guide],
                                   chosen=chosen)

    def _operator_strip(self) -> None:
        _ = self.tr
        board = self.board
        tap = board.tap_state
        buttons: list[tuple[str, str, Any, bool]] = []
        if tap.mode == "operator-direction":
            buttons = [(token, token, lambda t=token: board.add_step(t), True)
                       for token in tap.step_choices]
            text = _("Push direction out of the hole:")
        else:
            text = _("Operator: tap step {number}").format(number=len(tap.steps) + 1)
            if tap.steps:
                buttons.append(("back", _("Back"), board.undo_step, True))
        buttons.append(("cancel", _("Cancel"), board.cancel_preview, True))
        self.strip.set_buttons(text, buttons)

    def _action_strip(self) -> None:
        _ = self.tr
        board = self.board
        reasons = (board.cached("actions", queries.legal_actions) if board._state is not None
                   else {})
        buttons = [
            ("magnet", _("Magnet"), board.start_magnet, reasons.get("magnet", "") is None),
            ("operator", _("Operator"), board.start_operator,
             reasons.get("operator", "") is None),
            ("card", _("Card"), lambda: self.open_picker("card"),
             reasons.get("card", "") is None),
            ("swap", _("Swap"), lambda: self.open_picker("swap"), reasons.get("swap", "") is None),
            ("pass", _("Pass"), lambda: board.set_preview("pass"),
             reasons.get("pass", "") is None),
        ]
        self.strip.set_buttons("", buttons)
        board.hint = _("Tap a green field for a car, the operator to move him, or a button "
                       "below the board")


__all__ = ["CrashControls"]
