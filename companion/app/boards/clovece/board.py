"""The Člověče board: the 40-field cross for 2–4 players, a hexagonal ring for 5–6.

Pieces are drawn in their logical colour (R, Y, G, B) with a letter, never by colour alone;
seats own only their home and goal (tinted in the seat's colour, with the player's letter).
After a roll the movable pieces pulse for a while, then stay ringed; a tap on one (or near it)
plays its input. Where one tap could mean several inputs (two colours on one field) big
buttons ask which. The turn's rolls are drawn in order, the one in use ringed, used ones
ticked, lost ones crossed out. What to do on the table after a turn ended (captures, lost
rolls) is shown on a card over the board, because the action area then shows the die.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Canvas, Color, Ellipse, Line, Rectangle
from kivy.properties import NumericProperty

from companion.app.boards.base import Board
from companion.app.boards.clovece.corrections import FixModel
from companion.app.boards.clovece.fix_mode import CloveceFixMode, CloveceFixPanel
from companion.app.boards.clovece.flights import Flights
from companion.app.boards.clovece.paint import (
    GLOW_COLOUR,
    SEGMENTS,
    TextCache,
    draw_dice,
    draw_hint_frame,
    draw_hint_way,
    draw_houses,
    draw_piece,
    draw_selection,
    draw_track,
    ink,
)
from companion.app.boards.clovece.taps import Position, mover_of
from companion.app.widgets.common import BigButton, BoardChoices
from companion.games.clovece.choices import seat_name
from companion.geometry.clovece import (
    BOARD_COLOUR,
    COLOURS,
    PIECE_LETTERS,
    Layout,
    along,
    cross_layout,
    movable_spots,
    ring_layout,
)
from companion.i18n import translator

DOMAIN = "clovece"
PULSE_SECONDS = 0.8
"""One pulse: the rings fade out and back in."""
PULSE_FOR_SECONDS = 2.4
"""Movable pieces pulse this long after a change, then stay ringed (the Pi may idle)."""
PULSE_TICK = 1 / 8
"""The pulse changes only the rings' shared colour's alpha, a few times a second."""
MOVE_SECONDS = 0.35
"""Events the status line, the choice buttons or the player's own action already tell."""


class CloveceBoard(Board):
    """The cross or ring of fields, homes and goals, and the pieces; its fix mode is a part
    (``fix_mode``); what a tap means (:mod:`~companion.app.boards.clovece.taps`) and the
    pieces' flights after an input (:mod:`~companion.app.boards.clovece.flights`) are
    Kivy-free."""

    supports_fix = True
    pulse = NumericProperty(0.0)
    """0 ↔ 1 while the movable pieces pulse."""
    move_progress = NumericProperty(1.0)
    """0 → 1 while the last move (and its captures) fly to their places."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._snapshot: dict[str, Any] = {}
        self._state: dict[str, Any] = {}
        self._legal: list[str] = []
        self._sent: str = ""
        self._flights = Flights()
        """The last input's pieces in flight, and the places hidden until they land."""
        self._glows: list[Line] = []
        self._glow_colour: Color | None = None
        """The one colour instruction all movable pieces' rings share (the pulse fades it)."""
        self._pulse_clock: Any = None
        self._pulse_started = 0.0
        self._badges: list[tuple[float, float, float, int]] = []
        self._texts = TextCache()
        self._numbers: list[tuple[str, int, float, float, float, float]] = []
        self._pulse_stop: Any = None
        self._overlay: Any = None
        self._buttons: list[BigButton] = []
        self._buttons_key: tuple[Any, ...] = ()
        self._canvases: tuple[Canvas, Canvas] | None = None
        self._static_key: tuple[Any, ...] = ()
        self.fix_mode = CloveceFixMode(host=lambda: self.host, layout=self._layout,
                                       tr=self._tr, redraw=self._redraw)
        self.bind(pos=self._redraw, size=self._redraw, move_progress=self._redraw,
                  pulse=self._update_glows, preview=self._redraw)

    # -- Board interface -------------------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        if self.host is None:
            return
        previous = self._state
        previous_legal = self._snapshot_legal()
        self._snapshot = self.host.snapshot()
        self._state = self._snapshot["state"]
        self._legal = list(self.host.legal()) if self.is_interactive else []
        self.preview = ""
        self._close_overlay()
        self.hint = self._tr("Tap a ringed piece to move it")
        self._flights = Flights.plan(self._layout, previous, previous_legal, self._state,
                                     self._sent, events)
        self._sent = ""
        self._start_pulse()
        Animation.cancel_all(self, "move_progress")
        if self._flights.paths:
            self.move_progress = 0.0
            duration = MOVE_SECONDS * max(end for *_rest, end in self._flights.paths)
            Animation(move_progress=1.0, d=duration, t="out_quad").start(self)
        else:
            self.move_progress = 1.0
            self._redraw()

    def is_choosing(self) -> bool:
        return bool(self.preview) or self._overlay is not None

    def can_preview(self, line: str) -> bool:
        """A piece's move (its way drawn) or Pass / End game (the button framed); a gift of a
        captured piece is a choice button of the play screen."""
        if line not in self._legal or self._fix is not None:
            return False
        return line in ("pass", "stop") or self._action(line) is not None

    def show_preview(self, line: str) -> None:
        self._close_overlay()  # "Which piece?" asked before the hint: the hint answers it
        self.preview = line

    def choice_short_label(self, line: str) -> str:
        """Who gets the captured piece: the name (the status line asks the question)."""
        words = line.split()
        match = getattr(self.host, "match", None)
        if not words or words[0] != "give" or match is None:
            return ""
        return seat_name(match, words[-1])

    # -- fix mode (its part: ``fix_mode``) ---------------------------------------------------------

    def begin_fix(self) -> None:
        self._close_overlay()
        self._stop_pulse()
        self.fix_mode.begin(self._state, str(self._snapshot.get("position", "")),
                            self._snapshot.get("to_move"))
        self.preview = ""
        self.is_fixing = True
        self._redraw()

    def fix_position(self) -> str:
        return self.fix_mode.position()

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self.fix_mode.end()

    def fix_panel(self) -> CloveceFixPanel:
        return CloveceFixPanel(fix_mode=self.fix_mode)

    @property
    def fix_message(self) -> str:
        """What the fix mode says now (the fix panel shows it)."""
        return self.fix_mode.message

    @property
    def _fix(self) -> FixModel | None:
        """The position being fixed (drawn instead of the match's), None outside fix mode."""
        return self.fix_mode.fix

    # -- taps ------------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        if super().on_touch_down(touch):  # the overlay's buttons
            return True
        if self.host is None or not self.is_interactive or not self._state:
            return True
        if self._overlay is not None:
            self._close_overlay()
            return True
        if self._fix is not None:
            self.fix_mode.tap(*touch.pos)
            return True
        hinted, self.preview = self.preview, ""
        position = self._position()
        lines = position.lines_for_tap(*touch.pos)
        if hinted and position.is_hint_tap(hinted, lines, *touch.pos):
            self._send(hinted)  # the coach's piece (or where it lands) tapped again
        elif len(lines) == 1:
            self._send(lines[0])
        elif lines:
            self._ask(lines)
        return True

    def send_choice(self, line: str) -> None:
        """One of the overlay's big buttons (or Pass) was tapped."""
        self._close_overlay()
        self._send(line)

    def ask_stop(self) -> None:
        """Stop ends the game for good: the first tap previews it, a second tap or OK confirms."""
        self._close_overlay()
        if self.preview == "stop":
            self.confirm_preview()
        else:
            self.preview = "stop"

    def _send(self, line: str) -> None:
        self._sent = line
        if self.host is not None:
            self.host.send(line)
        self._sent = ""

    def _position(self) -> Position:
        """The board as a tap sees it (:mod:`companion.app.boards.clovece.taps`)."""
        return Position(self._layout(), self._state, self._legal, self._mover())

    def _action(self, line: str) -> dict[str, Any] | None:
        """The snapshot's entry of a piece's legal move (None for other inputs)."""
        return next((a for a in self._state.get("legal", []) if a["input"] == line), None)

    def _hint_way(self, line: str) -> list[tuple[float, float]]:
        """The points the piece of ``line`` passes, from where it stands to where it lands."""
        return self._position().hint_way(line)

    # -- overlay widgets -------------------------------------------------------------------------

    def _ask(self, lines: list[str]) -> None:
        overlay = BoardChoices(board=self, title=self._tr("Which piece?"))
        for line in lines:
            overlay.add_choice(self.choice_label(line),
                               lambda chosen=line: self.send_choice(chosen))
        overlay.add_choice(self._tr("Cancel"), self._close_overlay, tone="quiet", height=52)
        overlay.show_over(self)
        self._overlay = overlay

    def _close_overlay(self) -> None:
        if self._overlay is not None:
            self.remove_widget(self._overlay)
            self._overlay = None

    def _place_buttons(self, layout: Layout) -> None:
        mover = self._mover()
        shown = mover is not None and self.is_interactive and not self.is_fixing
        key = (shown, "pass" in self._legal, "stop" in self._legal,
               self.host.lang if self.host is not None else "en")
        if key != self._buttons_key:  # made again only when they change, else just placed
            self._buttons_key = key
            for button in self._buttons:
                self.remove_widget(button)
            self._buttons = []
            if shown and key[1]:
                self._buttons.append(BigButton(text=self._tr("Pass"), font_size=20,
                                               on_release=lambda _b: self.send_choice("pass")))
            if shown and key[2]:
                self._buttons.append(BigButton(
                    text=self._tr("End game"), font_size=20, tone="danger",
                    on_release=lambda _b: self.ask_stop()))
            for button in self._buttons:
                button.size_hint = (None, None)
                self.add_widget(button)
        if mover is None or not self._buttons:
            return
        wanted = self._buttons
        x, y, w, h = layout.button_boxes[mover]
        gap = 4
        if w >= h * 1.5:  # side by side
            width = (w - gap * (len(wanted) - 1)) / max(1, len(wanted))
            for number, button in enumerate(wanted):
                button.pos, button.size = (x + number * (width + gap), y), (width, h)
        else:
            height = (h - gap * (len(wanted) - 1)) / max(1, len(wanted))
            for number, button in enumerate(wanted):
                button.pos, button.size = (x, y + number * (height + gap)), (w, height)

    # -- motion ----------------------------------------------------------------------------------

    def _start_pulse(self) -> None:
        """Fade the rings' shared colour in and out a few times a second, for a short while;
        then they stay, drawn once (no geometry changes, nothing scheduled afterwards)."""
        self._stop_pulse()
        if self._snapshot.get("awaiting") != "move" or not self.is_interactive:
            return
        self._pulse_started = time.monotonic()
        self._pulse_clock = Clock.schedule_interval(self._pulse_tick, PULSE_TICK)
        self._pulse_stop = Clock.schedule_once(lambda _dt: self._stop_pulse(), PULSE_FOR_SECONDS)

    def _pulse_tick(self, _dt: float) -> None:
        phase = (time.monotonic() - self._pulse_started) / PULSE_SECONDS
        self.pulse = 0.5 + 0.5 * math.cos(2 * math.pi * phase)

    def _stop_pulse(self) -> None:
        for event in (self._pulse_clock, self._pulse_stop):
            if event is not None:
                event.cancel()
        self._pulse_clock = None
        self._pulse_stop = None
        self.pulse = 1.0

    def is_animating(self) -> bool:
        """Whether the board still has something scheduled (a pulse or a piece in flight)."""
        return (self._pulse_clock is not None or self._pulse_stop is not None
                or self.move_progress < 1)

    # -- drawing ---------------------------------------------------------------------------------

    def _redraw(self, *_: Any) -> None:
        """The board itself (track, numbers, houses) is painted again only when its geometry,
        the seats or their looks change; what moves on every redraw."""
        static, dynamic = self._layers()
        dynamic.clear()
        self._glows = []
        self._badges = []
        if not self._state:
            static.clear()
            self._static_key = ()
            return
        layout = self._layout()
        looks = self.host.seat_looks() if self.host is not None else []
        key = (tuple(self.pos), tuple(self.size), self._state["board"]["name"],
               self._state["board"].get("length"), tuple(self._ranks().items()), tuple(looks))
        if key != self._static_key:
            self._static_key = key
            static.clear()
            with static:
                Color(*BOARD_COLOUR)
                side = min(self.width, self.height)
                Rectangle(pos=(self.center_x - side / 2, self.center_y - side / 2),
                          size=(side, side))
                self._numbers = draw_track(self._texts, layout, self._state["board"],
                                           self._ranks(), looks)
                draw_houses(layout, self._ranks(), looks)
        with dynamic:
            if self._fix is not None:  # fix mode: the pieces where the players put them
                self._draw_seats(layout, looks, self._fix.seats[self._fix.turn])
                self._draw_pieces(layout, self._fix.as_state(self._state))
                self._draw_badges()
                draw_selection(layout, self._fix.selected)
            else:
                self._draw_seats(layout, looks, self._mover())
                self._draw_pieces(layout, self._state)
                self._draw_rolls(layout)
                self._draw_glows(layout)
                self._draw_badges()
                self._draw_flights(layout)
        self._place_buttons(layout)
        if self.preview and self._fix is None and self.move_progress >= 1:
            with dynamic:  # the coach's hint (or a Stop waiting for its second tap)
                self._draw_preview(layout)
        if self._overlay is not None:
            self._overlay.center = self.center

    def _draw_preview(self, layout: Layout) -> None:
        if self.preview in ("pass", "stop"):
            shown = [line for line in ("pass", "stop") if line in self._legal]
            if self.preview in shown and len(self._buttons) == len(shown):
                button = self._buttons[shown.index(self.preview)]
                draw_hint_frame(*button.pos, *button.size)
            return
        way = self._hint_way(self.preview)
        if way:
            draw_hint_way(way, max(layout.field_radius, layout.slot_radius) * 1.02)

    def _draw_seats(self, layout: Layout, looks: list[Any], mover: int | None) -> None:
        """The mover's house framed; each player's tag (where the buttons leave room)."""
        ranks = self._ranks()
        for seat, box in layout.home_boxes.items():
            rank = ranks.get(seat)
            look = looks[rank] if rank is not None and rank < len(looks) else None
            if seat == mover:
                corner = box[2] / 2 if "round_homes" in layout.extra else 8
                Color(0.05, 0.05, 0.05, 1)
                Line(rounded_rectangle=(*box, corner), width=3)
            has_buttons = seat == mover and ("pass" in self._legal or "stop" in self._legal)
            if look is not None and not (has_buttons and "names" in layout.extra):
                self._draw_seat_tag(layout, seat, look)

    def _draw_seat_tag(self, layout: Layout, seat: int, look: Any) -> None:
        """A square in the seat's colour with the player's letter (and name where it fits)."""
        tag = layout.slot_radius * 0.95
        cx, cy = layout.extra["tags"][seat]
        Color(*look.colour)
        Rectangle(pos=(cx - tag, cy - tag), size=(2 * tag, 2 * tag))
        Color(0.05, 0.05, 0.05, 1)
        Line(rectangle=(cx - tag, cy - tag, 2 * tag, 2 * tag), width=1.5)
        self._texts.draw(look.letter, int(tag * 1.3), cx, cy, ink(look.colour), bold=True)
        names = layout.extra.get("names")
        if names:
            nx, ny, width = names[seat]
            self._texts.draw(look.name, 20, nx, ny, (0.12, 0.10, 0.08, 1), bold=True,
                             width=width)

    def _draw_pieces(self, layout: Layout, state: dict[str, Any]) -> None:
        letters = PIECE_LETTERS.get(self.host.lang if self.host else "en", PIECE_LETTERS["en"])
        r = max(layout.field_radius, layout.slot_radius) * 1.02
        hidden = self._flights.hidden
        for seat_info in state["seats"]:
            seat = int(seat_info["seat"][1:])
            for colour in seat_info["home"]:
                index = COLOURS.index(colour)
                if ("home", (seat, index)) not in hidden or self.move_progress >= 1:
                    draw_piece(self._texts, colour, letters, *layout.homes[seat][index],
                               layout.slot_radius)
            for slot, colour in enumerate(seat_info["goal"]):
                if colour and (("goal", (seat, slot)) not in hidden
                               or self.move_progress >= 1):
                    draw_piece(self._texts, colour, letters, *layout.goals[seat][slot],
                               layout.slot_radius)
        stacks: dict[int, list[str]] = {}
        for piece in state["track"]:
            stacks.setdefault(piece["field"], []).append(piece["colour"])
        for number, colours in stacks.items():
            if ("field", number) in hidden and self.move_progress < 1:
                colours = colours[:-1]
            x, y = layout.fields[number]
            cx, cy = self.center
            distance = max(1.0, math.dist((x, y), (cx, cy)))
            ux, uy = (cx - x) / distance * r * 0.9, (cy - y) / distance * r * 0.9
            for depth, colour in enumerate(colours):  # older pieces peek out towards the middle
                offset = len(colours) - 1 - depth
                draw_piece(self._texts, colour, letters, x + ux * offset, y + uy * offset, r)
            if len(colours) > 1:
                self._badges.append((x, y, r, len(colours)))

    def _draw_badges(self) -> None:
        """How many pieces share a field, on top of everything (their rings included)."""
        for x, y, r, count in self._badges:
            br = max(10.0, r * 0.55)
            bx = min(max(x + r * 0.85, self.x + br), self.right - br)
            by = min(max(y + r * 0.85, self.y + br), self.top - br)
            Color(0.05, 0.05, 0.05, 1)
            Ellipse(pos=(bx - br, by - br), size=(2 * br, 2 * br), segments=SEGMENTS)
            Color(1, 1, 1, 1)
            Line(circle=(bx, by, br, 0, 360, SEGMENTS), width=1.2)
            self._texts.draw(str(count), int(br * 1.5), bx, by, (1, 1, 1, 1), bold=True)

    def _draw_glows(self, layout: Layout) -> None:
        self._glow_colour = None
        if self.move_progress < 1:
            return
        r = max(layout.field_radius, layout.slot_radius) * 1.02
        captured = self._state.get("pending_capture")
        if captured and captured["field"] < len(layout.fields):
            x, y = layout.fields[captured["field"]]  # the piece waiting for its recipient
            Color(0.85, 0.05, 0.05, 1)
            Line(circle=(x, y, r + 5, 0, 360, SEGMENTS), width=3)
            Line(circle=(x, y, r + 9, 0, 360, SEGMENTS), width=1.5)
        spots = movable_spots(layout, self._state, self._legal, self._mover()).values()
        if not spots:
            return
        self._glow_colour = Color(*GLOW_COLOUR, 1)
        for x, y in spots:
            self._glows.append(Line(circle=(x, y, r + 4, 0, 360, SEGMENTS), width=3))
        self._update_glows()

    def _update_glows(self, *_: Any) -> None:
        """The pulse: only the shared colour's alpha changes (no vertices are rebuilt)."""
        if self._glow_colour is not None:
            self._glow_colour.a = 0.35 + 0.65 * self.pulse

    def _draw_flights(self, layout: Layout) -> None:
        if self.move_progress >= 1:
            return
        letters = PIECE_LETTERS.get(self.host.lang if self.host else "en", PIECE_LETTERS["en"])
        r = max(layout.field_radius, layout.slot_radius) * 1.02
        for colour, path, begin, end in self._flights.paths:
            t = min(1.0, max(0.0, (self.move_progress - begin) / max(1e-6, end - begin)))
            draw_piece(self._texts, colour, letters, *along(path, t), r)

    def _draw_rolls(self, layout: Layout) -> None:
        state = self._state
        if state["phase"] == "rolloff":
            values = dict(zip(state["rolloff"]["group"], state["rolloff"]["rolls"]))
            for label in state["rolloff"]["group"]:
                value = values.get(label)
                draw_dice(self._texts, layout.seat_panels[int(label[1:])],
                           [(str(value) if value is not None else "?", "pending")], -1)
            return
        mover = self._mover()
        if mover is None or not state["rolls"]:
            return
        dice = [(str(roll["value"]), roll["status"]) for roll in state["rolls"]]
        index = state["roll_index"] if state["roll_index"] is not None else -1
        box = layout.turn_panels[mover]
        has_buttons = "pass" in self._legal or "stop" in self._legal
        if has_buttons and box == layout.extra.get("shared_panel"):
            x, y, w, h = box
            box = (x, y + h * 0.45, w, h * 0.55)
        draw_dice(self._texts, box, dice, index)

    # -- geometry --------------------------------------------------------------------------------

    def _layers(self) -> tuple[Canvas, Canvas]:
        """The static board and what moves, in ``canvas.before`` (made on first use)."""
        if self._canvases is None:
            self.canvas.before.clear()
            self._canvases = (Canvas(), Canvas())
            for layer in self._canvases:
                self.canvas.before.add(layer)
        return self._canvases

    def drawn_labels(self) -> list[tuple[str, int, float, float, float, float]]:
        """The field numbers as last drawn: text, font size and box (x, y, width, height)."""
        return list(self._numbers)

    def _layout(self) -> Layout:
        board = self._state["board"]
        side = min(self.width, self.height)
        ox, oy = self.center_x - side / 2, self.center_y - side / 2
        if board["name"] == "board4":
            return cross_layout(ox, oy, side)
        return ring_layout(ox, oy, side, board["length"])

    # -- small helpers ---------------------------------------------------------------------------

    def _ranks(self) -> dict[int, int]:
        """Seat number (S-label) → the match's seat index (rank, K1)."""
        return {int(s["seat"][1:]): rank for rank, s in enumerate(self._state.get("seats", []))}

    def _mover(self) -> int | None:
        """The S-number of the seat expected to act now (the roll-off roller included)."""
        return mover_of(self._snapshot)

    def _snapshot_legal(self) -> list[dict[str, Any]]:
        return list(self._state.get("legal", [])) if self._state else []

    def _tr(self, text: str) -> str:
        lang = self.host.lang if self.host is not None else "en"
        return translator(DOMAIN, lang)(text)

