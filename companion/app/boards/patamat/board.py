"""The Pat a Mat board: the track from the board file, pawns and cars, and an info panel.

The track is drawn where the board file puts its fields (``x``, ``y``); a file without positions
is laid out automatically: the main route (START … CÍL along the white arrows) snakes through
every other row of a grid, START takes a 2 × 2 block for the pawns waiting there, and branch
fields (shortcuts, detours) take free cells of the rows in between, near their fork and merge.
Below the track an info panel shows, by phase: the car types to place (tap one, then a field),
the roll-off, or the traffic light, what to change on the table and a legend of the cars.

Nothing is tapped after a roll: the app plays the move, the pawn runs along its path and the
panel says what to do on the board. A tractor or rusty-car turn (``go``) is offered as a preview
(OK in the action area, or a tap on the pawn); a car choice is the play screen's big buttons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kivy.animation import Animation
from kivy.graphics import (
    Canvas,
    Color,
    Ellipse,
    Line,
    Quad,
    Rectangle,
    RoundedRectangle,
    Triangle,
)
from kivy.properties import NumericProperty, StringProperty

from companion.app.boards.base import Board
from companion.app.boards.patamat import panel_words
from companion.app.boards.patamat.cars import CAR_COUNTS, CAR_LOOK, CAR_TYPES, LETTER, NOUN
from companion.app.boards.patamat.fix_mode import PatamatFixMode, PatamatFixPanel
from companion.app.boards.patamat.last_move import LastMove, lit_lamp
from companion.app.boards.patamat.texts import INSTRUCTION_COLOUR, BoardTexts
from companion.app.boards.patamat.track import CAR_SPOTS, LAMPS, TrackPainter
from companion.geometry.patamat import (
    BACKGROUND,
    PAWN_SHARE,
    SELECTED_COLOUR,
    Layout,
    layout_board,
    waiting_spot,
)
from companion.i18n import translator

DOMAIN = "patamat"
PANEL_COLOUR = (0.09, 0.10, 0.12, 1)
HINT_COLOUR = (0.35, 0.85, 1.0, 1)
"""The coach's placement: a frame no field, lamp or car type has."""
STEP_SECONDS = 0.09
MAX_ANIMATION_SECONDS = 0.9
PANEL_PAD = 8
"""The panel's margin around its texts (px)."""


# -- the widget ------------------------------------------------------------------------------------


class PatamatBoard(Board):
    """The track, pawns, cars and the info panel; its parts: ``track`` (the track's painter),
    ``texts`` (its texts as textures) and ``fix_mode``; what it reads of the last input
    (:class:`~companion.app.boards.patamat.last_move.LastMove`) and what its panel says
    (:mod:`~companion.app.boards.patamat.panel_words`) are Kivy-free."""

    anim_progress = NumericProperty(1.0)
    """0 → 1 while the last move runs along its path."""
    selected_kind = StringProperty("")
    """Set-up: the car type the next tapped field gets."""
    _refreshing = False
    """True inside refresh(): the properties it sets do not each redraw the board."""
    _canvases: tuple[Canvas, ...] | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._state: dict[str, Any] = {}
        self._fields: dict[str, dict[str, Any]] = {}
        self._layout: Layout | None = None
        self._layout_key: Any = None
        self._last = LastMove()
        """The input just played: the path its pawn ran, the pawns bumped, the lamp lit."""
        self._instructions: list[str] = []
        self._buttons: list[tuple[str, tuple[float, float, float, float]]] = []
        self._keys: dict[str, Any] = {}
        """What each layer was last painted with (see :meth:`_layer_keys`)."""
        self._legend_place: tuple[float, float, float, float] | None = None
        self.texts = BoardTexts()
        self.track = TrackPainter(place=self._place, text=self.texts.draw)
        self.fix_mode = PatamatFixMode(self, place=self._place, field_at=self._field_at,
                                       tr=self._t, host=lambda: self.host,
                                       show_state=self._show_fixed)
        self.bind(pos=self._redraw, size=self._redraw, anim_progress=self._redraw,
                  selected_kind=self._on_selected_kind, preview=self._redraw)

    # -- Board interface -------------------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        if self.host is None:
            return
        snapshot = self.host.snapshot()
        before = {name: pawn["field"] for name, pawn in self._state.get("pawns", {}).items()}
        self._state = snapshot["state"]
        board = self._state["board"]
        if self._layout_key != board["sha"]:
            self._fields = {spot["id"]: spot for spot in board["fields"]}
            self._layout = layout_board(self._fields, board["start"], board["finish"])
            self._layout_key = board["sha"]
        shown = tuple(events) or tuple(getattr(self.host, "last_events", ()) or ())
        self._last = LastMove.read(shown, before)
        describe = getattr(self.host, "describe", None)
        self._instructions = list(describe(shown)) if callable(describe) and shown else []
        expect = self._state["expect"]
        left = [kind for kind in CAR_TYPES if kind in (expect["legal"] or {}).get("types", [])] \
            if expect["want"] == "place" else []
        self._refreshing = True  # the properties set below would each redraw: draw once
        try:
            if left and self.selected_kind not in left:
                self.selected_kind = left[0]
            self.hint = self._hint()
            self.preview = "go" if self.is_interactive and "go" in self.host.legal() else ""
            Animation.cancel_all(self, "anim_progress")
            is_moving = bool(events and self._last.trail)
            self.anim_progress = 0.0 if is_moving else 1.0
        finally:
            self._refreshing = False
        self._redraw()
        self.texts.forget_ahead()  # the input came: what it shows is drawn, the rest let go
        if self.fix_mode.fix is not None:  # e.g. the language switched while fixing
            self.fix_mode.rebase(self._state)
        elif is_moving:
            seconds = min(MAX_ANIMATION_SECONDS, STEP_SECONDS * (len(self._last.trail) + 2))
            Animation(anim_progress=1.0, d=seconds, t="linear").start(self)

    def cancel_preview(self) -> None:
        """A ``go`` cannot be cancelled (the rules leave no other input): keep offering it."""
        self.refresh()

    def can_preview(self, line: str) -> bool:
        """A car's placement (its field framed, the car drawn there) or ``go``; a car choice is
        the play screen's choice buttons."""
        if self.host is None or self.fix_mode.fix is not None or not self._state:
            return False
        return line.split()[0] in ("place", "go") and line in self.host.legal()

    def show_preview(self, line: str) -> None:
        """A placement as after the players' taps: its car type selected, its field framed."""
        words = line.split()
        if words[0] == "place":
            self.selected_kind = words[1]
        self.preview = line

    def field_centre(self, field_id: str) -> tuple[float, float]:
        """Where a field is drawn, in the board's parent coordinates (for taps and tests)."""
        x, y, _ = self._place(field_id)
        return x, y

    def kind_button_centre(self, kind: str) -> tuple[float, float]:
        for name, (x, y, w, h) in self._buttons:
            if name == kind:
                return x + w / 2, y + h / 2
        raise LookupError(kind)

    # -- fix mode (its part: ``fix_mode``) ---------------------------------------------------------

    @property
    def supports_fix(self) -> bool:  # type: ignore[override]
        """By taps during play; in the set-up and the roll-off the position is typed."""
        return bool(self._state) and self._state.get("phase") == "play"

    def begin_fix(self) -> None:
        self.fix_mode.begin(self._state)
        self.preview = ""
        self.is_fixing = True
        self.fix_mode.show("start")

    def fix_position(self) -> str:
        return self.fix_mode.position()

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self.fix_mode.end()

    def fix_panel(self) -> PatamatFixPanel:
        return self.fix_mode.panel()

    @property
    def fix_message(self) -> str:
        """What the fix mode says now (the fix panel shows it)."""
        return self.fix_mode.message

    def fix_turn_text(self) -> str:
        """The label of the fix panel's turn button."""
        return self.fix_mode.turn_text()

    @property
    def _fix_overlay(self) -> Any:
        """The fix mode's "which one?" overlay, None when not shown (the UI tests tap it)."""
        return self.fix_mode.overlay

    def _show_fixed(self, state: dict[str, Any]) -> None:
        """Draw the position being fixed."""
        self._state = state
        self._redraw()

    # -- touch -----------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.host is None or not self.is_interactive:
            return False
        if not self._state or self._layout is None:
            return True
        if self.fix_mode.fix is not None:
            if self.fix_mode.overlay is None or not super().on_touch_down(touch):  # its buttons
                self.fix_mode.tap(touch.x, touch.y)
            return True
        for kind, (x, y, w, h) in self._buttons:
            if x <= touch.x <= x + w and y <= touch.y <= y + h:
                self.selected_kind = kind
                return True
        field_id = self._field_at(touch.x, touch.y)
        if field_id is None:
            return True
        want = self._state["expect"]["want"]
        if want == "place":
            self.host.send(f"place {self.selected_kind or 'kart'} {field_id}")
        elif want == "go" and field_id == self._pawn_field(self._state.get("turn")):
            self.confirm_preview()
        return True

    def _on_selected_kind(self, *_: Any) -> None:
        if self.preview.startswith("place ") and self.preview.split()[1] != self.selected_kind:
            self.preview = ""  # another car type tapped: the coach's placement is off
        if self._state:
            self.hint = self._hint()
        self._redraw()

    def _field_at(self, x: float, y: float) -> str | None:
        best, distance = None, math.inf
        for field_id in self._fields:
            cx, cy, side = self._place(field_id)
            gap = math.dist((x, y), (cx, cy))
            if gap <= side * 0.62 and gap < distance:
                best, distance = field_id, gap
        return best

    # -- reading the position --------------------------------------------------------------------

    def _hint(self) -> str:
        return panel_words.hint(self._state, self.selected_kind, self._name, self._t)

    def _name(self, token: str) -> str:
        players = self._state.get("players", [])
        if self.host is not None and token in players:
            looks = self.host.seat_looks()
            seat = players.index(token)
            if seat < len(looks):
                return str(looks[seat].name)
        return token

    def _pawn_field(self, token: str | None) -> str | None:
        pawn = self._state.get("pawns", {}).get(token or "")
        return pawn["field"] if pawn else None

    def _t(self, message: str) -> str:
        return translator(DOMAIN, self.host.lang if self.host is not None else "en")(message)

    # -- geometry --------------------------------------------------------------------------------

    def _frame(self) -> tuple[float, float, float]:
        side = min(self.width, self.height)
        return self.x + (self.width - side) / 2, self.y + (self.height - side) / 2, side

    def _place(self, field_id: str) -> tuple[float, float, float]:
        """(centre x, centre y, side) of a field in parent coordinates."""
        ox, oy, size = self._frame()
        assert self._layout is not None
        ux, uy = self._layout.centres[field_id]
        is_start = field_id == self._state["board"]["start"]
        side = self._layout.start_side if is_start else self._layout.side
        return ox + ux * size, oy + size - uy * size, side * size

    # -- drawing ---------------------------------------------------------------------------------

    def _redraw(self, *_: Any) -> None:
        """Each layer is painted again only when what it shows changed (:meth:`_layer_keys`):
        the track (background, edges, fields) when the board or its frame changes, the cars
        on the track when a car moves, the trail and the pawns when a pawn moves (or runs
        along its path), the panel when its texts or buttons change, its legend of the cars
        when its place changes. What did not change keeps its Kivy instructions."""
        if self._refreshing:
            return
        layers = self._layers()
        if not self._state or self._layout is None or self.host is None:
            for layer in layers:
                layer.clear()
            self._keys = {}
            self._buttons = []
            return
        ground, trail, fields, top, cars, panel, legend = layers
        ox, oy, size = self._frame()
        looks = self.host.seat_looks()
        self.texts.next_redraw()
        keys = self._layer_keys(looks)
        if self._changed("track", keys):
            ground.clear()
            fields.clear()
            with ground:
                Color(*BACKGROUND)
                Rectangle(pos=(ox, oy), size=(size, size))
                self.track.draw_edges(self._fields)
            with fields:
                self.track.draw_fields(self._fields)
        if self._changed("trail", keys):
            trail.clear()
            with trail:
                self._draw_trail(looks)
        if self._changed("pawns", keys):
            top.clear()
            with top:
                self._draw_last_step()
                self._draw_pawns(looks)
        if self._changed("cars", keys):
            cars.clear()
            with cars:
                self._draw_cars()
        if self._changed("panel", keys):
            panel.clear()
            self._buttons = []
            with panel:
                self._draw_placement_hint()
                self._legend_place = self._draw_panel(ox, oy, size,
                                                      size * (1 - self._layout.panel_top))
        keys["legend"] = (self._legend_place, keys["letters"],
                          tuple(self._t(NOUN[kind]) for kind in CAR_TYPES))
        if self._changed("legend", keys):
            legend.clear()
            if self._legend_place is not None:
                with legend:
                    self._draw_legend(*self._legend_place)

    def _layer_keys(self, looks: list[Any]) -> dict[str, Any]:
        """What each layer shows, as a value: a layer whose key did not change since it was
        last painted is left as it is."""
        state = self._state
        expect = state["expect"]
        track = (self._frame(), self._layout_key)
        letters = tuple(self._letter(kind) for kind in CAR_TYPES)
        cars = tuple(sorted(state["cars"].items()))
        seats = tuple((look.name, tuple(look.colour), look.letter) for look in looks)
        last = self._last
        moving = (self.anim_progress, last.trail, last.mover, last.bumps) \
            if self.anim_progress < 1 else None
        pawns = tuple((name, pawn["field"], bool(pawn.get("light")))
                      for name, pawn in state["pawns"].items())
        return {
            "track": track,
            "letters": letters,
            "trail": (track, last.trail, last.mover, seats),
            "pawns": (track, tuple(state["players"]), pawns, state.get("turn"), seats,
                      last.trail[-1:], moving),
            "cars": (track, cars, letters),
            "panel": (track, letters, cars, seats, self.preview, self.selected_kind, self.hint,
                      tuple(self._instructions), last.light, expect["want"],
                      expect["purpose"], repr(state.get("rolloff")),
                      tuple(self._t(NOUN[kind]) for kind in CAR_TYPES)),
        }

    def _changed(self, layer: str, keys: dict[str, Any]) -> bool:
        """Whether ``layer`` must be painted again (and remember what it will show)."""
        if self._keys.get(layer) == keys[layer]:
            return False
        self._keys[layer] = keys[layer]
        return True

    def _draw_trail(self, looks: list[Any]) -> None:
        trail = self._last.trail
        if len(trail) < 2:
            return
        colour = self._colour_of(self._last.mover, looks)
        points = [coordinate for fid in trail for coordinate in self._place(fid)[:2]]
        Color(colour[0], colour[1], colour[2], 0.75)
        Line(points=points, width=6, joint="round", cap="round")

    def _draw_last_step(self) -> None:
        """The field the last move ended on, framed."""
        trail = self._last.trail
        if trail and trail[-1] in self._fields:
            x, y, side = self._place(trail[-1])
            Color(*SELECTED_COLOUR)
            Line(rounded_rectangle=(x - side / 2 - 2, y - side / 2 - 2, side + 4, side + 4,
                                    side * 0.22), width=2.5)

    def _layers(self) -> tuple[Canvas, ...]:
        """ground (background, edges), trail, fields, top (the last step, pawns), cars, panel
        (a placement's hint, the panel), legend (the cars' legend over the panel)."""
        if self._canvases is None:
            self.canvas.clear()
            self._canvases = tuple(Canvas() for _layer in range(7))
            for layer in self._canvases:
                self.canvas.add(layer)
        return self._canvases

    def _draw_cars(self) -> None:
        by_field: dict[str, list[str]] = {}
        for car, field_id in sorted(self._state["cars"].items(), key=_car_order):
            by_field.setdefault(field_id, []).append(car)
        for field_id, cars in by_field.items():
            x, y, side = self._place(field_id)
            if field_id == self._state["board"]["start"]:
                side = self._layout.side * self._frame()[2] if self._layout else side
                y -= self._place(field_id)[2] / 2 - side / 2
            badge = side * 0.48
            for number, car in enumerate(cars[:4]):
                dx, dy = CAR_SPOTS[number]
                kind = car.rstrip("0123456789")
                label = self._letter(kind) if number < 3 or len(cars) <= 4 else f"+{len(cars) - 3}"
                self.draw_car(kind, x + dx * side * 0.68, y + dy * side * 0.68, badge, label)

    def _draw_placement_hint(self) -> None:
        """A previewed placement (the coach's hint): the field framed thickly, the car on it."""
        words = self.preview.split()
        if len(words) != 3 or words[0] != "place" or words[2] not in self._fields:
            return
        x, y, side = self._place(words[2])
        half = side / 2 + 5
        for colour, width in (((0.02, 0.02, 0.02, 1), 6.5), (HINT_COLOUR, 4.5)):
            Color(*colour)
            Line(rounded_rectangle=(x - half, y - half, 2 * half, 2 * half, side * 0.25),
                 width=width)
        here = sum(1 for field_id in self._state["cars"].values() if field_id == words[2])
        dx, dy = CAR_SPOTS[min(here, len(CAR_SPOTS) - 1)]  # where the new car will be drawn
        self.draw_car(words[1], x + dx * side * 0.68, y + dy * side * 0.68, side * 0.48,
                      self._letter(words[1]))

    def draw_car(self, kind: str, x: float, y: float, size: float, label: str) -> None:
        colour, shape = CAR_LOOK[kind]
        half = size / 2
        outline: list[float]
        if shape == "triangle":
            outline = [x - half * 1.1, y - half * 0.8, x + half * 1.1, y - half * 0.8, x,
                       y + half * 1.1]
        elif shape == "square":
            outline = [x - half, y - half, x + half, y - half, x + half, y + half, x - half,
                       y + half]
        elif shape == "diamond":
            outline = [x, y - half * 1.2, x + half * 1.2, y, x, y + half * 1.2, x - half * 1.2, y]
        else:
            segments = 6 if shape == "hexagon" else 24
            outline = [coordinate for step in range(segments) for coordinate in (
                x + half * 1.05 * math.cos(2 * math.pi * step / segments),
                y + half * 1.05 * math.sin(2 * math.pi * step / segments))]
        Color(*colour)
        if len(outline) == 6:
            Triangle(points=outline)
        elif len(outline) == 8:
            Quad(points=outline)
        else:
            Ellipse(pos=(x - half * 1.05, y - half * 1.05), size=(size * 1.05, size * 1.05),
                    segments=6 if shape == "hexagon" else 24)
        Color(0.05, 0.05, 0.05, 1)
        Line(points=outline, close=True, width=1.3)
        dark = _is_dark(colour)
        self.texts.draw(label, x, y - (half * 0.12 if shape == "triangle" else 0), size * 0.62,
                        size * 1.4, (1, 1, 1, 1) if dark else (0, 0, 0, 1), is_kept=True)

    def _draw_pawns(self, looks: list[Any]) -> None:
        players = self._state["players"]
        start = self._state["board"]["start"]
        waiting = [name for name in players if self._state["pawns"][name]["field"] == start]
        turn = self._state.get("turn")
        for seat, name in enumerate(players):
            if seat >= len(looks):
                continue
            pawn = self._state["pawns"][name]
            x, y, side = self._place(pawn["field"])
            diameter = side * PAWN_SHARE
            if pawn["field"] == start:
                x, y, diameter = self._waiting_spot(waiting.index(name), len(waiting), x, y, side)
            x, y = self._animated(name, x, y)
            if name == turn:
                Color(1, 1, 1, 1)
                Line(circle=(x, y, diameter / 2 + 3), width=2.5)
            Color(*looks[seat].colour)
            Ellipse(pos=(x - diameter / 2, y - diameter / 2), size=(diameter, diameter))
            Color(0.05, 0.05, 0.05, 1)
            Line(circle=(x, y, diameter / 2), width=1.5)
            colour = (1, 1, 1, 1) if _is_dark(looks[seat].colour) else (0, 0, 0, 1)
            self.texts.draw(looks[seat].letter, x, y, diameter * 0.62, diameter, colour)
            if pawn.get("light"):
                Color(*LAMPS["orange"])
                Line(circle=(x, y, diameter / 2 + 6), width=2)

    def _waiting_spot(self, index: int, count: int, x: float, y: float,
                      side: float) -> tuple[float, float, float]:
        largest = self._layout.side * self._frame()[2] * 0.8 if self._layout else side
        return waiting_spot(index, count, x, y, side, largest)

    def _animated(self, name: str, x: float, y: float) -> tuple[float, float]:
        progress = self.anim_progress
        if progress >= 1:
            return x, y
        trail = self._last.trail
        if name == self._last.mover and len(trail) >= 2:
            share = min(1.0, progress / 0.75)
            position = share * (len(trail) - 1)
            step = min(int(position), len(trail) - 2)
            ax, ay, _ = self._place(trail[step])
            bx, by, _ = self._place(trail[step + 1])
            t = position - step
            return ax + (bx - ax) * t, ay + (by - ay) * t
        for victim, origin, _ in self._last.bumps:
            if victim == name:
                share = max(0.0, (progress - 0.75) / 0.25)
                ax, ay, _ = self._place(origin)
                return ax + (x - ax) * share, ay + (y - ay) * share
        return x, y

    def _draw_panel(self, ox: float, oy: float, size: float,
                    height: float) -> tuple[float, float, float, float] | None:
        """The panel under the track; returns where its legend of the cars goes, if it has
        one (drawn in a layer of its own, over the panel)."""
        Color(*PANEL_COLOUR)
        Rectangle(pos=(ox, oy), size=(size, height))
        pad = PANEL_PAD
        expect = self._state["expect"]
        if expect["want"] == "place":
            self._draw_kind_buttons(ox + pad, oy + pad, size - 2 * pad, min(86, height * 0.55))
            top_height = height - min(86, height * 0.55) - 2 * pad
            self._paragraph(self.hint, ox + pad, oy + height - pad, size - 2 * pad, top_height)
            return None
        text = panel_words.paragraph(self._state, self._instructions, self.hint, self._name)
        light = panel_words.shown_lamp(self._state, self._last.light)
        text_left, width, legend = self._paragraph_place(text, light, ox, size, height)
        if light:
            self._draw_light(ox + pad, oy + legend + 8, 44, height - legend - 14, light)
        self._paragraph(text, text_left, oy + height - pad, width, height - legend - 2 * pad)
        return (ox + pad, oy + 4, size - 2 * pad, legend) if legend else None

    def _paragraph_place(self, text: str, light: str, ox: float, size: float,
                         height: float) -> tuple[float, float, float]:
        """The panel's paragraph (under a panel ``height`` tall): its left edge and width (the
        traffic light, when shown, to its left), and the legend's height under it (0: the
        paragraph needs the whole panel)."""
        pad = PANEL_PAD
        text_left = ox + pad + (56 if light else 0)
        width = ox + size - pad - text_left
        legend = min(64, height * 0.38)
        room = height - legend - 2 * pad
        # (a text that fits at 22 px fits at 20: the paragraph's first try answers it alone)
        if text and self.texts.height(text, 22, int(width)) > room \
                and self.texts.height(text, 20, int(width)) > room:
            legend = 0  # a long move (bumps, a flag): the instructions take the whole panel
        return text_left, width, legend

    def prepare_ahead(self, snapshot: dict[str, Any], events: Sequence[str],
                      described: Sequence[str]) -> None:
        """The panel's paragraph a foreseen roll would show, measured at both sizes and
        rendered at the one shown (kept until the next :meth:`refresh`, which takes the one
        due). Only the usual case: a move's words under the track, on this board."""
        state = snapshot["state"]
        expect = state["expect"]
        if (self.host is None or self._layout is None or not described
                or state["board"]["sha"] != self._layout_key or expect["want"] == "place"
                or panel_words.is_rolloff(state)):
            return
        text = "\n".join(described)
        light = panel_words.shown_lamp(state, lit_lamp(events))
        ox, _oy, size = self._frame()
        height = size * (1 - self._layout.panel_top)
        _left, width, legend = self._paragraph_place(text, light, ox, size, height)
        font = self.texts.paragraph_font(text, width, height - legend - 2 * PANEL_PAD)
        self.texts.render_ahead(text, font, int(width))

    def _draw_kind_buttons(self, x: float, y: float, width: float, height: float) -> None:
        placed = [car.rstrip("0123456789") for car in self._state["cars"]]
        slot = width / len(CAR_TYPES)
        for number, kind in enumerate(CAR_TYPES):
            left = CAR_COUNTS[kind] - placed.count(kind)
            bx, bw = x + number * slot + 3, slot - 6
            is_selected = kind == self.selected_kind
            Color(*((0.30, 0.34, 0.22, 1) if is_selected else (0.20, 0.23, 0.28, 1)))
            RoundedRectangle(pos=(bx, y), size=(bw, height), radius=[8])
            if is_selected:
                Color(*SELECTED_COLOUR)
                Line(rounded_rectangle=(bx, y, bw, height, 8), width=2.5)
            badge = min(34, height * 0.42)
            self.draw_car(kind, bx + badge * 0.75, y + height - badge * 0.7, badge,
                          self._letter(kind))
            self.texts.draw(f"{left}×", bx + bw - 24, y + height - badge * 0.7, 22, 44,
                            (1, 1, 1, 1) if left else (0.5, 0.5, 0.5, 1))
            self.texts.draw(self._t(NOUN[kind]), bx + bw / 2, y + (height - badge * 1.3) / 2,
                            18, bw - 4, (0.95, 0.95, 0.95, 1) if left else (0.5, 0.5, 0.5, 1),
                            wrap=True)
            if left:
                self._buttons.append((kind, (bx, y, bw, height)))

    def _draw_legend(self, x: float, y: float, width: float, height: float) -> None:
        rows = (CAR_TYPES[:3], CAR_TYPES[3:])
        row_height = height / 2
        for number, kinds in enumerate(rows):
            cy = y + height - row_height * (number + 0.5)
            slot = width / len(kinds)
            for index, kind in enumerate(kinds):
                badge = row_height * 0.72
                cx = x + index * slot + badge * 0.7
                self.draw_car(kind, cx, cy, badge, self._letter(kind))
                texture = self.texts.texture(self._t(NOUN[kind]), 18, (0.85, 0.88, 0.92, 1),
                                             is_kept=True)
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size,
                          pos=(cx + badge * 0.8, cy - texture.height / 2))

    def _draw_light(self, x: float, y: float, width: float, height: float, lit: str) -> None:
        Color(0.02, 0.02, 0.02, 1)
        RoundedRectangle(pos=(x, y), size=(width, height), radius=[10])
        Color(0.5, 0.5, 0.5, 1)
        Line(rounded_rectangle=(x, y, width, height, 10), width=1.5)
        lamp = min(width - 10, (height - 16) / 3)
        for number, name in enumerate(("red", "orange", "green")):
            r, g, b, _ = LAMPS[name]
            is_lit = name == lit
            Color(r, g, b, 1) if is_lit else Color(r * 0.3, g * 0.3, b * 0.3, 1)
            cy = y + height - 8 - lamp * (number + 0.5) - 2 * number
            Ellipse(pos=(x + (width - lamp) / 2, cy - lamp / 2), size=(lamp, lamp))

    def _paragraph(self, text: str, x: float, top: float, width: float, height: float) -> None:
        if not text:
            return
        font = self.texts.paragraph_font(text, width, height)
        texture = self.texts.texture(text, font, INSTRUCTION_COLOUR, width=int(width))
        Color(1, 1, 1, 1)
        shown = min(texture.height, height)
        region = texture.get_region(0, texture.height - shown, texture.width, shown)
        Rectangle(texture=region, size=(texture.width, shown), pos=(x, top - shown))

    def _letter(self, kind: str) -> str:
        return self._t(LETTER[kind]).split("|")[0]

    def _colour_of(self, token: str, looks: list[Any]) -> tuple[float, ...]:
        players = self._state["players"]
        seat = players.index(token) if token in players else -1
        return tuple(looks[seat].colour) if 0 <= seat < len(looks) else (1, 1, 1, 1)


def _car_order(item: tuple[str, str]) -> tuple[int, str]:
    car = item[0]
    kind = car.rstrip("0123456789")
    return (CAR_TYPES.index(kind) if kind in CAR_TYPES else 9, car)


def _is_dark(colour: Sequence[float]) -> bool:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 0.6
