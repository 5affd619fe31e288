"""The Crash by Crash board: 188 hex fields, bells, holes, the operator and the cars.

The players tap only what they did; the engine works out every push, pull, bell and point.

- Placing a car: tap a green field → the legal push arrows appear around it → tap one → the
  strip offers the allowed batteries (0/1/2) → the board shows the result as a preview (cars
  moved, pulled, pushed off) → OK, or a second tap on the same arrow, places it.
- The magnetic car: "Magnet" in the strip (or "Magnet here" after tapping a field) → field.
- The operator: tap him (or "Operator") → tap his steps one by one; after 2 steps the preview
  appears (OK moves him 2 steps), two more taps make it 4.
- Cards: "Card" → the 13 kinds (only playable ones enabled) → their targets on the board.
- Swap, pass, the set-up (first placer, operator start, display, starting cars) and the display
  refill at the end of a turn: buttons in the strip or the card picker.

What each tap means in the current step, and the input it builds, is the Kivy-free part
``tap_state`` (``board.tap_state``); the board finds the field or arrow under the finger and does
what the tap's step says. The per-field queries of ``companion.games.crash.queries`` answer each
tap on the position the snapshot carries; ``legal()`` (thousands of lines) is asked only where it
is short (set-up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Canvas
from kivy.properties import BooleanProperty, NumericProperty

from companion.app.boards.base import Board
from companion.app.boards.crash.controls import CrashControls
from companion.app.boards.crash.draw import BoardPainter
from companion.app.boards.crash.fix_mode import CrashFixMode, CrashFixPanel
from companion.app.boards.crash.guide import GuidePainter
from companion.app.boards.crash.panels import CrashPicker, CrashStrip
from companion.app.boards.crash.tap_state import Position, Step, TapState
from companion.games.crash import queries
from companion.games.crash.board import DIRECTION_INDEX, FIELD_NAMES
from companion.games.crash.position import read_position
from companion.games.crash.state import CrashState
from companion.geometry.crash import HexGrid, move_chains

STRIP_HEIGHT = 52
MOVE_SECONDS = 0.3
MAX_MOTION_SECONDS = 1.5
PREPARE_PICKER_SECONDS = 0.1
"""Just after the board is shown, its card picker and target shapes are made while the table
is idle."""
ARROW_DISTANCE = 2.1
"""Arrow buttons sit this many field widths from the field's centre."""
ARROW_RADIUS = 27
"""A 54 px target per arrow."""
MOVE_ACTIONS = ("place", "magnet", "operator", "card", "swap", "pass")
SETUP_ACTIONS = ("first", "operator-start", "init")
"""The inputs the coach's hint can show on the board (as the players' own taps would)."""


class CrashBoard(Board):
    """The hexes and the input the players' taps are building; its parts: the input's state
    (``tap_state``), the painters (``painter``, ``guide``), the strip and picker (``controls``)
    and ``fix_mode``."""

    supports_fix = True
    """Fixing goes through the position text (``fix <position>``, with ``fix put A e5`` …)."""
    fixes_live = True

    guide_shown = BooleanProperty(False)
    """The build guide (tile id and turn on each tile position) covers the hexes: at the start
    of the set-up, and while "Build guide" in the strip is on (a new position resets it)."""

    move_progress = NumericProperty(0.0)
    """0 → number of move chains while the last action's moves are animated, one after another."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._snap: dict[str, Any] = {}
        self._st: dict[str, Any] = {}
        self._state: CrashState | None = None
        self._position = ""
        self._awaiting = ""
        self.last_events: tuple[str, ...] = ()
        self.chains: list[list[str]] = []
        self._moving_of: tuple[tuple[Any, ...], list[tuple[str, float, float]]] | None = None
        """The pieces on their way last worked out, with what they were worked out for (the
        chains' list itself, the animation's moment, the preview and the grid)."""
        self._tap_position = Position(None)
        """The position the taps are on (made again when the input starts again)."""
        self.tap_state = TapState()
        """The input the players' taps are building (its part: ``tap_state``)."""
        self._answers: dict[tuple[str, str], Any] = {}
        self._grid_of: tuple[tuple[float, float, float, float], HexGrid] | None = None
        self.painter = BoardPainter(self)
        self.guide = GuidePainter(self)
        self._guide_layer = Canvas()
        self.canvas.add(self._guide_layer)
        painter = self.painter
        self._layers = [
            (Canvas(), painter.static_key, painter.paint_static),
            (Canvas(), painter.covers_key, painter.paint_covers),
            (Canvas(), painter.targets_key, painter.paint_targets),
        ]
        """Painted again (into the layer given, which holds what they painted last) only when
        their key changes: the board without what moves (hexes, values, holes, tile borders),
        the covers of the values under pieces, the targets."""
        self._layer_keys: list[tuple[Any, ...]] = [(), (), ()]
        self._is_static_ahead_due = False
        self._is_static_ahead_planned = False
        self._events_layer = Canvas()
        """What the last (or previewed) action moved (arrows, crosses): painted again only
        when those events or the grid change (not at each moment of an animation, nor at a
        tap that only selects)."""
        self._events_key: tuple[Any, ...] | None = None
        self._pieces_layer = Canvas()
        """Bells, cars, the operator: a canvas per field, made again where it changed."""
        self._dynamic_layer = Canvas()
        """Pieces on their way, points, the selection, push arrows: painted on every redraw."""
        for layer, _key, _paint in self._layers:
            self.canvas.before.add(layer)
        for layer in (self._events_layer, self._pieces_layer, self._dynamic_layer):
            self.canvas.before.add(layer)
        self.controls = CrashControls(self)
        self.fix_mode = CrashFixMode(snapshot=lambda: self._snap, send=self._send, tr=self.tr,
                                     show_pick=self._show_fix_pick)
        self._is_motion_reset = False
        """The refresh is setting ``move_progress`` back to 0: no redraw for it (the refresh
        redraws once, with the new position)."""
        self.bind(pos=self._layout, size=self._layout, preview=self._on_preview,
                  move_progress=self._on_move_progress)
        Clock.schedule_once(self._prepare, PREPARE_PICKER_SECONDS)

    def _prepare(self, *_: Any) -> None:
        """While the table is idle just after the board is shown: the card picker, the strip's
        first buttons and every field's target shapes (the set-up's first targets are ~100
        fields, each worked out the first time it is a target)."""
        self.controls.prepare_picker()
        if self.is_interactive:
            self.painter.prepare_targets(self.grid())

    # -- Board interface -------------------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        if self.host is None:
            return
        self._snap = self.host.snapshot()
        self._st = self._snap["state"]
        self._awaiting = str(self._snap.get("awaiting", ""))
        if self._st["position"] != self._position:
            self._position = self._st["position"]
            players = len(self._snap.get("names", [])) or 2
            self._state = read_position(self._position, players)
            self.guide_shown = (self.is_interactive and self._awaiting == "setup"
                                and self._st.get("setup_stage") == "first")
        if self.guide_shown:
            self.guide.update(self._snap)
        self.last_events = tuple(events)
        Animation.cancel_all(self, "move_progress")
        self.chains = move_chains(events)
        self._is_motion_reset = True  # the last moves' animation is over (or cut short):
        try:  # not drawn again at its start with the new moves over the old position
            self.move_progress = 0.0
        finally:
            self._is_motion_reset = False
        self._reset()
        if self.chains:
            seconds = min(MAX_MOTION_SECONDS, MOVE_SECONDS * len(self.chains))
            Animation(move_progress=float(len(self.chains)), d=seconds).start(self)

    def _on_move_progress(self, *_: Any) -> None:
        if not self._is_motion_reset:
            self.redraw()

    def moving_pieces(self) -> list[tuple[str, float, float]]:
        """While animating: (final field or hole, x, y) of each piece on its way there. Worked
        out once for a moment of the animation (a redraw asks for them twice: the pieces
        layer hides them, the moving layer draws them); read only."""
        key = (self.chains, self.move_progress, self.preview, self.grid())
        moving = self._moving_of
        if moving is None or moving[0][0] is not key[0] or moving[0][1:] != key[1:]:
            moving = self._moving_of = (key, self._moving_now())
        return moving[1]

    def _moving_now(self) -> list[tuple[str, float, float]]:
        if not self.chains or self.move_progress >= len(self.chains) or self.preview:
            return []
        pieces = []
        for number, chain in enumerate(self.chains):
            points = [self.painter.point(self.grid(), where) for where in chain]
            if None in points:
                continue
            t = min(max(self.move_progress - number, 0.0), 1.0) * (len(points) - 1)
            step = min(int(t), len(points) - 2)
            (x1, y1), (x2, y2) = points[step], points[step + 1]  # type: ignore[misc]
            f = t - step
            pieces.append((chain[-1], x1 + (x2 - x1) * f, y1 + (y2 - y1) * f))
        return pieces

    def choice_label(self, line: str) -> str:
        """The input previewed on the board with what it does (:meth:`preview_text`); any
        other in the table's words ("Lambada + blind", "Car on e4, push E": the game's
        ``choices.py``, which the phones read too)."""
        if self.host is None:
            return line
        if self.preview and line == self.preview:
            return self.preview_text()
        return super().choice_label(line)

    # -- the coach's hint: the suggested action shown as its preview -----------------------------
    # The board is put where the players' own taps would have brought it (the field selected,
    # the push arrow and batteries chosen, the operator's steps, the card's targets), then the
    # action is previewed as after those taps: the cars moved, the points; a second tap on the
    # same field or arrow, or OK, plays it, and any other tap is ordinary play. Set-up: the field
    # of the operator's start or a starting car is framed, the first placer's button in the
    # strip marked. The table's cards (the display, a refill, a four-player discard) are no
    # one's choice: there is no hint for them; the cards drawn at the end of a turn are the play
    # screen's choice buttons (the hinted one marked).

    def is_choosing(self) -> bool:
        return bool(self.preview) or bool(self.tap_state.selected)

    def can_preview(self, line: str) -> bool:
        if self._state is None or not self.is_interactive or self.is_fixing:
            return False
        head = line.split()[0] if line.split() else ""
        if self._awaiting == "setup":
            return head in SETUP_ACTIONS and line in self.legal_lines()
        if self._awaiting == "move":  # legal() has thousands of lines: ask the preview
            return head in MOVE_ACTIONS and bool(queries.preview(self.game, line).get("ok"))
        return False

    def show_preview(self, line: str) -> None:
        self._reset()
        self._take(self.tap_state.hinted(self._tap_position, line))

    # -- fix mode (its part: ``fix_mode``) ---------------------------------------------------------

    def begin_fix(self) -> None:
        self.controls.close_picker(redraw=False)
        self.preview = ""
        self.is_fixing = True
        self.fix_mode.begin()
        self._reset()

    def fix_position(self) -> str:
        return str(self._snap.get("position", ""))

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done or Cancel (Board.end_fix), then the match is drawn again
            self.fix_mode.end()

    def fix_panel(self) -> CrashFixPanel:
        return CrashFixPanel(fix_mode=self.fix_mode)

    @property
    def live_fixes(self) -> int:  # type: ignore[override]
        return self.fix_mode.live_fixes

    @property
    def fix_message(self) -> str:
        """What the fix mode says now (the fix panel shows it)."""
        return self.fix_mode.message

    def fix_car_text(self) -> str:
        """The label of the fix panel's button: the car a tap on an empty field puts there."""
        return self.fix_mode.car_text()

    def _send(self, line: str) -> bool:
        return self.host is not None and bool(self.host.send(line))

    def _show_fix_pick(self, field: str) -> None:
        """The fix mode picked up the car on ``field`` ("": nothing, or put it down)."""
        self.tap_state = replace(self.tap_state, selected=field)
        self.redraw()

    # -- its controls (their part: ``controls``): words, the strip, the picker ------------------

    def tr(self, text: str) -> str:
        return self.controls.tr(text)

    def card_label(self, kind: str) -> str:
        return self.controls.card_label(kind)

    def preview_text(self) -> str:
        """What the previewed input does, for the action area above OK / Cancel."""
        return self.controls.preview_text()

    @property
    def strip(self) -> CrashStrip:
        return self.controls.strip

    @property
    def picker(self) -> CrashPicker | None:
        """The card picker while it covers the hexes."""
        return self.controls.picker

    @property
    def picker_purpose(self) -> str:
        return self.controls.picker_purpose

    @property
    def game(self) -> CrashState:
        """The position shown, as the rules' state (for the per-field queries)."""
        assert self._state is not None
        return self._state

    def cached(self, name: str, query: Any) -> Any:
        """``query(game)``, asked once per position (the board redraws more often than that)."""
        key = (name, self._position)
        if key not in self._answers:
            if len(self._answers) > 8:
                self._answers.clear()
            self._answers[key] = query(self.game)
        return self._answers[key]

    def legal_lines(self) -> tuple[str, ...]:
        """The position's legal lines (``host.legal()``), asked once per position: the set-up's
        and the end of a turn's are short, but read several times an input (the targets, the
        card picker, what the choice is)."""
        return tuple(self.cached("legal", lambda _game: tuple(self.host.legal())))

    # -- the taps (their state machine's part: ``tap_state``) ----------------------------------

    def _reset(self) -> None:
        """Back to the start of an input: no selection, targets of the current stage."""
        self._tap_position = Position(
            self._state, self._st.get("fields", ()), self._st.get("operator"), self._awaiting,
            self._st.get("setup_stage"), self.last_events,
            frozenset() if self.is_fixing else self._idle_targets())
        self.tap_state = TapState.start(self._tap_position)
        if self.preview:
            self.preview = ""
        self.controls.close_picker(redraw=False)
        # The card picker offers the end-of-turn choices (up to ~2,200 card combinations):
        # the play screen must not build a button for each of them.
        self.handles_choices = False
        if not self.is_interactive or self.is_fixing:
            pass
        elif self._awaiting == "setup" and self._st.get("setup_stage") == "display":
            self.controls.open_picker("display", redraw=False)
        elif self._awaiting == "choice" and self._choice_head() in ("refill", "draw4"):
            self.handles_choices = True
            self.controls.open_picker(self._choice_head(), redraw=False)
        self.controls.update_strip()
        self.redraw()

    def _take(self, step: Step) -> None:
        """Where a tap brought the input: its state, then the preview, the input played, the
        strip and the board drawn, as the step says."""
        if step.is_confirm:
            self.confirm_preview()
            return
        self.tap_state = step.state
        if step.preview is not None:
            self.preview = step.preview
        if step.send:
            self.host.send(step.send)
            if step.is_reset:
                self._reset()
            return
        if step.is_strip_changed:
            self.controls.update_strip()
        if step.is_board_changed:
            self.redraw()

    def _idle_targets(self) -> frozenset[str]:
        if self._state is None or not self.is_interactive:
            return frozenset()
        if self._awaiting == "setup":
            stage = self._st.get("setup_stage")
            if stage in ("operator", "init"):
                return frozenset(line.split()[1] for line in self.legal_lines())
            return frozenset()
        if self._awaiting == "move":
            return frozenset(self.cached("placement", queries.legal_placement_fields))
        return frozenset()

    def first_legal_line(self) -> str:
        """The position's first legal line ("" when none), asked once per position without
        the others: what the end of a turn asks and a refill's entries need only it, and a
        refill or the display has up to ~2,200 lines."""
        return str(self.cached("first line", lambda game: queries.first_legal_line(game) or ""))

    def _choice_head(self) -> str:
        """What the end of the turn asks: draw (2p), draw4 (4p discards) or refill."""
        line = self.first_legal_line()
        return line.split()[0] if line else ""

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.host is None or not self.is_interactive:
            return False
        if self.controls.picker is not None or self.controls.strip.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        if self.guide_shown and not self.is_fixing:  # set-up: a tap edits a tile position
            if self._awaiting == "setup":
                self.guide.edit(x=touch.pos[0], y=touch.pos[1])
            else:
                self.toggle_guide()
            return True
        x, y = touch.pos
        if self.is_fixing:
            field = self.grid().field_at(x, y, set(FIELD_NAMES))
            if field is not None:
                self.fix_mode.tap(field)
            return True
        if self.tap_state.mode in ("direction", "battery") and self._arrow_tap(x, y):
            return True
        field = self.grid().field_at(x, y, self.tap_state.tappable_fields(self._tap_position))
        if field is not None:
            self._take(self.tap_state.tap_field(self._tap_position, field, self.preview))
        return True

    def _arrow_tap(self, x: float, y: float) -> bool:
        for key, (ax, ay) in self.arrow_centres().items():
            if (x - ax) ** 2 + (y - ay) ** 2 <= (ARROW_RADIUS + 6) ** 2:
                self.tap_arrow(key)
                return True
        return False

    # the strip's and the picker's buttons

    def tap_arrow(self, key: str) -> None:
        """An arrow: choose it; the chosen one again confirms; Double Hit takes two."""
        self._take(self.tap_state.tap_arrow(self._tap_position, key, self.preview))

    def choose_direction(self, key: str) -> None:
        self._take(self.tap_state.choose_direction(self._tap_position, key))

    def choose_batteries(self, count: int) -> None:
        self._take(self.tap_state.choose_batteries(self._tap_position, count))

    def place_magnet_here(self) -> None:
        self._take(self.tap_state.place_magnet_here(self._tap_position))

    def start_magnet(self) -> None:
        self._take(self.tap_state.start_magnet(self._tap_position))

    def start_operator(self) -> None:
        self._take(self.tap_state.start_operator(self._tap_position))

    def add_step(self, token: str) -> None:
        self._take(self.tap_state.add_step(self._tap_position, token))

    def undo_step(self) -> None:
        self._take(self.tap_state.undo_step(self._tap_position))

    def start_card(self, kind: str) -> None:
        """A card kind picked: its targets, or (a card without any) its preview."""
        self._take(self.tap_state.start_card(self._tap_position, kind))

    def set_preview(self, line: str) -> None:
        self._take(self.tap_state.previewing(self._tap_position, line))

    def _on_preview(self, *_: Any) -> None:
        """The strip follows the preview (cancel_preview() → refresh() resets the rest)."""
        if self._st:
            self.controls.update_strip()

    # -- geometry and drawing --------------------------------------------------------------------

    def grid(self) -> HexGrid:
        """Where the fields are now: made again only when the board moved or was resized (the
        same grid keeps the centres it worked out)."""
        box = (self.x, self.y, self.width, self.height)
        if self._grid_of is None or self._grid_of[0] != box:
            side = min(self.width, self.height)
            x = self.x + (self.width - side) / 2
            y = self.y + (self.height - side) / 2 + STRIP_HEIGHT
            self._grid_of = (box, HexGrid.fit(x, y, side, side - STRIP_HEIGHT))
        return self._grid_of[1]

    def drawn_labels(self) -> list[tuple[str, int, float, float, float, float]]:
        """The edge names as last drawn: text, font size and box (x, y, width, height)."""
        return list(self.painter.labels)

    def field_centre(self, name: str) -> tuple[float, float]:
        return self.grid().centre(name)

    def arrow_centres(self) -> dict[str, tuple[float, float]]:
        """Where the arrow buttons of the selected field are (kept inside the hexes)."""
        tap = self.tap_state
        if not tap.selected or tap.mode not in ("direction", "battery"):
            return {}
        grid = self.grid()
        cx, cy = grid.centre(tap.selected)
        side = min(self.width, self.height)
        left = self.x + (self.width - side) / 2
        bottom = self.y + (self.height - side) / 2 + STRIP_HEIGHT
        centres = {}
        for key in tap.arrow_keys():
            ux, uy = grid.direction_vector(tap.selected, DIRECTION_INDEX[key])
            distance = ARROW_DISTANCE * grid.w
            ax = min(max(cx + ux * distance, left + ARROW_RADIUS), left + side - ARROW_RADIUS)
            ay = min(max(cy + uy * distance, bottom + ARROW_RADIUS),
                     bottom + side - STRIP_HEIGHT - ARROW_RADIUS)
            centres[key] = (ax, ay)
        return centres

    def _make_static_ahead_after_frame(self, plan: bool = True) -> None:
        """The static layers the next input may need are painted after the frames that follow,
        one a frame, while the players look at the board (scheduled from the frame, outside
        the clock's tick: it runs first in the next, before any input that came meanwhile).
        ``plan``: the static layer changed, the layers wanted are planned anew."""
        from kivy.core.window import Window

        if plan:
            self._is_static_ahead_planned = False
        if not self._is_static_ahead_due:
            self._is_static_ahead_due = True
            Window.bind(on_flip=self._on_frame_for_static_ahead)

    def _on_frame_for_static_ahead(self, *_: Any) -> None:
        from kivy.core.window import Window

        Window.unbind(on_flip=self._on_frame_for_static_ahead)
        Clock.schedule_once(self._make_static_ahead, 0)

    def _make_static_ahead(self, *_: Any) -> None:
        self._is_static_ahead_due = False
        if not self._st:
            return
        if self.get_root_window() is None:  # not on the screen now: after a frame that shows it
            self._make_static_ahead_after_frame(plan=False)
            return
        if not self._is_static_ahead_planned:
            self._is_static_ahead_planned = True
            self.painter.plan_static_ahead()
        if self.painter.make_static_ahead():
            self._make_static_ahead_after_frame(plan=False)

    def _layout(self, *_: Any) -> None:
        self.place_controls()
        self.redraw()

    def place_controls(self) -> None:
        """The strip under the hexes and the card picker over them, in the board's square."""
        side = min(self.width, self.height)
        x = self.x + (self.width - side) / 2
        y = self.y + (self.height - side) / 2
        self.controls.strip.pos = (x, y)
        self.controls.strip.size = (side, STRIP_HEIGHT)
        if self.controls.picker is not None:
            x, y, width, height = self.picker_box()
            self.controls.picker.pos = (x, y)
            self.controls.picker.size = (width, height)

    def picker_box(self) -> tuple[float, float, float, float]:
        """Where the card picker covers the hexes: x, y, width, height."""
        side = min(self.width, self.height)
        return (self.x + (self.width - side) / 2,
                self.y + (self.height - side) / 2 + STRIP_HEIGHT, side, side - STRIP_HEIGHT)

    def toggle_guide(self) -> None:
        self.guide_shown = not self.guide_shown
        if self.guide_shown and self._snap:
            self.guide.update(self._snap)
        self.controls.update_strip()
        self.redraw()

    def redraw(self, *_: Any) -> None:
        self._guide_layer.clear()
        if self.guide_shown and self._st:
            with self._guide_layer:
                self.guide.paint(self.grid())
        self._dynamic_layer.clear()
        for number, (layer, key_of, paint) in enumerate(self._layers):
            key = key_of() if self._st else ()
            if key != self._layer_keys[number]:
                self._layer_keys[number] = key
                if self._st:
                    paint(layer)  # what the layer held: let go of, or kept and changed
                    if number == 0:  # the static layer: the next holes' after the frame
                        self._make_static_ahead_after_frame()
                else:
                    layer.clear()
        if not self._st:
            self._events_layer.clear()
            self._events_key = None
            self.painter.forget_pieces(self._pieces_layer)
            return
        self._update_events()
        self.painter.update_pieces(self._pieces_layer)
        with self._dynamic_layer:
            self.painter.paint()
            if self.tap_state.mode in ("direction", "battery"):
                self.painter.arrows(ARROW_RADIUS)

    def _update_events(self) -> None:
        """The events layer painted again when what it shows changed: the events shown (the
        last action's or the preview's) on this grid; its colours and shapes come from them
        alone."""
        key = (self.grid(), self.tap_state.shown.events)
        if key == self._events_key:
            return
        self._events_key = key
        self._events_layer.clear()
        with self._events_layer:
            self.painter.paint_events()


__all__ = ["CrashBoard"]
