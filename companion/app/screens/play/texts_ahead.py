"""The texts a roll may bring, measured and rendered while the table waits for the roll.

A roll's tap showed texts never seen before: the roll's table lines, the status line and the
board's paragraph, each measured word by word (SDL_ttf) and rendered in the tap. What a roll
brings is known only once the die has spoken, but a die has six faces. While the die panel
waits, the table session foresees each face (:meth:`TableSession.foresee`: the engine's own
step on a copy of the match; nothing is played, stored or told) and :class:`TextsAhead` lays
their texts out where the roll's tap will look for them: the measurements the scoreboard and
the status line make (kept by :func:`~.panels.wrapped_lines`, :func:`~.panels.text_lines` and
the text provider's widths), the table lines' textures (among the looks the lines keep
together) and the board's own texts (:meth:`Board.prepare_ahead`). The roll's tap then takes
its face's texts ready, the others are let go in time.

The work is done in steps on the Kivy clock from the frame after the position is shown,
each about :data:`STEP_SECONDS` long (the faces left wait for the next frame), once per
position: a still screen costs nothing more, and a change that comes first (the roll)
stops it. A roll foreseen is then also played from what the session worked out ahead.
"""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock

from companion.app.labels.lean import CHANGING_OPTIONS
from companion.app.labels.remembered import RememberedLabel
from companion.app.screens.play.status import coloured_status
from companion.app.screens.play.table_lines import InstructionLine, InstructionLines

FACES = range(1, 7)
STEP_SECONDS = 0.006
"""A step takes no further face once it has used this much CPU time, and lets a frame be
drawn (a frame is 16.7 ms at 60 Hz; a face takes ~0.8 ms of CPU here)."""


class TextsAhead:
    """The play screen's texts of the next roll, prepared while the die panel waits."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self._position: tuple[Any, ...] = ()
        """The position (table, change, language) whose faces are prepared or planned."""
        self._faces: list[int] = []
        """The faces still to prepare for it."""
        self._probe: InstructionLine | None = None
        """A table line not shown: renders the foreseen lines into the looks they share."""
        self._status_probe: RememberedLabel | None = None
        """A label not shown: renders the foreseen status lines into the status label's."""

    def plan(self) -> None:
        """After the play screen's update: when the die panel waits for a person's roll, its
        faces are prepared from the next frame on (once per position)."""
        table = App.get_running_app().table
        position = self._position_now(table)
        if position == self._position:
            return
        self._position = position
        self._faces = list(FACES) if self.screen.action_kind == "roll" else []
        if self._faces:
            Clock.schedule_once(self._step, 0)

    def _position_now(self, table: Any) -> tuple[Any, ...]:
        return (id(table.match), table.seq, table.lang)

    def _step(self, _dt: float = 0) -> None:
        """Prepare faces until the step's time is up; the rest in the next frame. Stops as
        soon as the table changed (the roll came, an undo, another game)."""
        table = App.get_running_app().table
        if (table.match is None or self._position_now(table) != self._position
                or self.screen.action_kind != "roll"):
            self._faces = []
            return
        ends = time.thread_time() + STEP_SECONDS  # the work's own time (not other processes')
        while self._faces and time.thread_time() < ends:
            seen = table.foresee(f"roll {self._faces.pop(0)}")
            if seen is not None:
                self._prepare(table, seen)
        if self._faces:
            Clock.schedule_once(self._step, 0)

    def _prepare(self, table: Any, seen: Any) -> None:
        screen = self.screen
        markup = coloured_status(seen.status, table.seat_looks(), seen.to_move)
        fit = screen.status_line.fit_ahead(markup)
        if fit is not None:
            self._render_status(markup, *fit)
        lines = list(seen.table_lines)
        screen.measure_lines_ahead(lines)
        self._render_lines(lines)
        if screen.board is not None:
            screen.board.prepare_ahead(seen.snapshot, seen.events, seen.described)

    def _render_status(self, markup: str, font_size: int, max_lines: int) -> None:
        """The status line as the status label will render it, into that label's own looks
        (as many kept as it keeps: the oldest give way)."""
        label = self.screen.ids.status
        probe = self._status_probe
        if probe is None:
            probe = self._status_probe = RememberedLabel()
        probe._looks = label._looks  # its looks are the label's
        probe.looks_kept = label.looks_kept
        for name in CHANGING_OPTIONS:  # (the others are the same in every label)
            setattr(probe, name, getattr(label, name))
        probe.text, probe.font_size, probe.max_lines = markup, font_size, max_lines
        _rendered(probe)

    def _render_lines(self, lines: list[str]) -> None:
        """Each line as a table line of the action area renders it, into the looks the lines
        keep together (:attr:`InstructionLine.shared_looks`)."""
        width = self._lines_width()
        if width is None:
            return
        probe = self._probe
        if probe is None:
            probe = self._probe = InstructionLine()
        probe.width = width
        for line in lines:
            probe.text = line
            _rendered(probe)

    def _lines_width(self) -> float | None:
        """The width of the action area's table lines (None while none is laid out)."""
        for widget in self.screen.ids.action_area.walk(restrict=True):
            if isinstance(widget, InstructionLines) and widget.width > 1:
                return float(widget.width)
        return None


def _rendered(probe: RememberedLabel) -> None:
    """``probe``'s text rendered now into its looks, the pixels too (Kivy renders a label's
    pixels at its first draw: the look keeps them), and no texture update left due; the
    probe, never shown, keeps no texture."""
    probe.texture_update()
    if probe.texture is not None:
        probe.texture.bind()
    probe._trigger_texture.cancel()
    probe.let_texture_go()


__all__ = ["FACES", "STEP_SECONDS", "TextsAhead"]
