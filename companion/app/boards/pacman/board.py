"""The PAC-MAN variant's board: the Quoridor grid with fixed walls, four dots and five figures.

Reuses :class:`QuoridorBoard`'s squares and wall drawing; where everything goes is
:mod:`companion.geometry.pacman` (the Quoridor grid, row 1 at the top, and a strip on the right
for eaten ghosts, lives and dots). PAC-MAN phase: his destinations are
highlighted; a tap on one plays it when it eats nothing, else its path is previewed (drawn,
OK or a second tap confirms); when several paths end there with different results they are all
drawn, numbered, and a tap on a path picks it. Ghost phase: the ghosts to move are ringed (a red
glow when in frenzy); tap one, then one of its highlighted destinations. Moves are animated along
their paths; a catch shows the catching move, then everyone sliding back to the start squares.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import NumericProperty, StringProperty

from companion.app.boards.batch import Shapes
from companion.app.boards.pacman import words
from companion.app.boards.pacman.fix_mode import PacmanFixMode, PacmanFixPanel
from companion.app.boards.pacman.last_move import LastMove
from companion.app.boards.pacman.paint import (
    GHOST_COLOURS,
    PACMAN_COLOUR,
    draw_ghost,
    draw_ghost_hint,
    draw_pacman,
)
from companion.app.boards.quoridor.board import QuoridorBoard
from companion.geometry.pacman import (
    DOT_COLOUR,
    DOT_RADIUS,
    EATEN_COLOUR,
    FRAME_COLOUR,
    FRENZY_COLOUR,
    GHOST_SIZE,
    GHOSTS,
    LIFE_SIZE,
    PACMAN_SIZE,
    SQUARE_COLOUR,
    STRIP,
    STRIP_COLOUR,
    TARGET_COLOUR,
    WALL_COLOUR,
    PacmanGeometry,
)
from companion.geometry.quoridor import SQUARE_NAMES, Grid

OPTION_COLOURS = ((1.0, 0.90, 0.0, 1), (0.3, 1.0, 0.45, 1), (0.95, 0.45, 1.0, 1),
                  (1.0, 1.0, 1.0, 1))
"""Path colours when several ways lead to one square: the chosen way is drawn thickest."""

STEP_SECONDS = 0.12
MAX_MOVE_SECONDS = 1.0
RESET_SECONDS = 0.8
CAPTION_SECONDS = 3.5


class PacmanBoard(QuoridorBoard):
    """The Quoridor grid with dots, PAC-MAN and the ghosts, and a strip for the eaten; its own
    fix mode is a part (``fix_mode``) instead of the Quoridor walls' one."""

    supports_fix = True

    selected_ghost = StringProperty("")
    """The ghost tapped in the ghost phase: its destinations are highlighted."""
    option_index = NumericProperty(0)
    """Which of several ways to the tapped destination is previewed."""
    reset_progress = NumericProperty(1.0)
    """0 → 1 while everyone slides back to the start squares after a catch."""
    caption = StringProperty("")
    """A short line drawn over the board (frenzy, catch); "" when none."""
    _refreshing = False  # inside refresh(): the properties it sets do not each redraw

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fix_mode = PacmanFixMode(self, host=lambda: self.host, layout=self.layout,
                                      show_state=self._show_fixed)
        self._destination = ""
        self._options: list[dict[str, Any]] = []
        self._tracks: dict[str, list[str]] = {}
        self._reset_from: dict[str, tuple[float, float]] = {}
        self._vanish: dict[str, tuple[str, int]] = {}
        self._caption_event: Any = None
        self._captions: dict[tuple[str, int], Any] = {}
        self.bind(selected_ghost=self._redraw, option_index=self._redraw,
                  reset_progress=self._redraw, caption=self._redraw)

    # -- Board interface -------------------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        if self.host is None:
            return
        snapshot = self.host.snapshot()
        before = self._state
        self._state = snapshot["state"]
        self._to_move = snapshot.get("to_move")
        self._legal = set(self.host.legal()) if self.is_interactive else set()
        self._refreshing = True  # the properties set below would each redraw: draw once
        try:
            self.preview = ""
            self._destination, self._options = "", []
            to_move = self._state.get("ghosts_to_move", [])
            self.selected_ghost = to_move[0] if len(to_move) == 1 and self.is_interactive else ""
            self._animate(before, events)
            if self.selected_ghost and not self.caption:
                self._set_caption(self._frenzy_text(self.selected_ghost), fade=False)
            self.hint = self._hint()
        finally:
            self._refreshing = False
        self._redraw()
        if self.fix_mode.fix is not None:  # e.g. the language switched while fixing
            self.fix_mode.show_again()

    def choice_label(self, line: str) -> str:
        """The table's words for ``line``; while several ways to the chosen square are drawn,
        which of them this is and how to pick another."""
        if self.host is None:
            return line
        text = super().choice_label(line)
        option = next((o for o in self._options if line in o["paths"]), None)
        if option is not None and len(self._options) > 1:
            text += " " + words.way_text(self._options.index(option) + 1, len(self._options),
                                         self.host.lang)
        return text

    def cancel_preview(self) -> None:
        self._destination, self._options = "", []
        super().cancel_preview()

    def preview_is_refused(self) -> bool:
        """Never: PAC-MAN's previews are drawn from the legal ways only (no walls to place)."""
        return False

    def is_choosing(self) -> bool:
        """A preview, or a ghost picked among several (one alone is picked by the board)."""
        picked = self.selected_ghost and len(self._state.get("ghosts_to_move", [])) > 1
        return bool(self.preview) or bool(picked)

    def can_preview(self, line: str) -> bool:
        """Every input is a move: PAC-MAN's path (drawn) or a ghost's step (an arrow)."""
        return line in self._legal and self.fix_mode.fix is None

    def show_preview(self, line: str) -> None:
        """As after the players' taps: PAC-MAN's destination with this way chosen among the
        ways there, or the ghost selected with its destination marked."""
        name, _colon, rest = line.partition(":")
        self._destination, self._options = "", []
        if name.lower() == "p" and rest != "pass":
            square = rest.split("-")[-1]
            options = self._state.get("pacman_moves", {}).get(square, [])
            index = next((i for i, o in enumerate(options) if line in o["paths"]), None)
            if index is not None:
                self._destination, self._options = square, list(options)
                self.option_index = index
        elif name.lower() != "p":
            self.selected_ghost = name
            self._set_caption(self._frenzy_text(name), fade=False)
        self.preview = line

    # -- fix mode (its part: ``fix_mode``) ---------------------------------------------------------

    def begin_fix(self) -> None:
        self.fix_mode.begin()
        self.preview, self.selected_ghost, self.caption = "", "", ""
        self.is_fixing = True
        self.fix_mode.start()

    def fix_position(self) -> str:
        return self.fix_mode.position()

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self.fix_mode.end()

    def fix_panel(self) -> PacmanFixPanel:
        return PacmanFixPanel(fix_mode=self.fix_mode)

    @property
    def fix_message(self) -> str:
        """What the fix mode says now (the fix panel shows it)."""
        return self.fix_mode.message

    def fix_lives_text(self) -> str:
        """The fix panel's lives (read by the UI tests)."""
        return self.fix_mode.lives_text()

    def fix_phase_text(self) -> str:
        """The label of the fix panel's phase button."""
        return self.fix_mode.phase_text()

    def _show_fixed(self, state: dict[str, Any]) -> None:
        """Draw the position being fixed."""
        self._state = state
        self._redraw()

    # -- touch -----------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.host is None or not self.is_interactive:
            return False
        if self.fix_mode.fix is not None:
            self.fix_mode.tap(*touch.pos)
            return True
        square = self._square_at(*touch.pos)
        if square is None:
            return True
        phase = self._state.get("phase")
        if phase == "pacman":
            self._pacman_tap(square)
        elif phase == "ghosts":
            self._ghost_tap(square)
        return True

    def _pacman_tap(self, square: str) -> None:
        origin = self._state["pacman_square"]
        if self.preview:
            if square == self._destination or (self.preview == "P:pass" and square == origin):
                self.confirm_preview()
                return
            picked = self._option_through(square)
            if picked is not None:
                self.option_index = picked
                self.preview = self._options[picked]["paths"][0]
                return
            self.cancel_preview()
            if square not in self._state.get("pacman_moves", {}):
                return
        if self._legal == {"P:pass"} and square == origin:
            self.preview = "P:pass"
            return
        options = self._state.get("pacman_moves", {}).get(square)
        if not options:
            self.host.send(f"P:{origin}-{square}")  # the banner says which rule forbids it
            return
        only = options[0]
        if len(options) == 1 and square != origin and not (
                only["dots_eaten"] or only["ghosts_eaten"]):
            self.host.send(only["paths"][0])
            return
        self._destination, self._options = square, list(options)
        self.option_index = 0
        self.preview = options[0]["paths"][0]

    def _ghost_tap(self, square: str) -> None:
        ghosts = self._state["ghosts"]
        to_move = self._state["ghosts_to_move"]
        tapped = next((g for g in GHOSTS if ghosts[g]["square"] == square), "")
        if self.preview:  # a pass, or the coach's step: the ghost or its square tapped again
            previewed, self.preview = self.preview, ""
            ghost, _colon, target = previewed.partition(":")
            if square == target or (target == "pass" and tapped == ghost):
                self.host.send(previewed)
                return
        if tapped in to_move:
            if tapped == self.selected_ghost and len(to_move) > 1:
                self.selected_ghost = ""
                self._set_caption("")
                return
            self.selected_ghost = tapped
            self._set_caption(self._frenzy_text(tapped), fade=False)
            if not self._state["ghost_destinations"].get(tapped):
                self.preview = f"{tapped}:pass"
            return
        if self.selected_ghost:
            self.host.send(f"{self.selected_ghost}:{square}")  # rejected: the banner says why
            return
        if tapped:
            self.host.send(f"{tapped}:{square}")  # a ghost that already moved: R43 says so
            return
        self._set_caption(words.ghost_first_text(self.host.lang))

    def _square_at(self, x: float, y: float) -> str | None:
        return self.geometry().square_at(x, y)

    def _option_through(self, square: str) -> int | None:
        """The next other way to the destination whose path passes ``square``."""
        count = len(self._options)
        for shift in range(1, count):
            index = (int(self.option_index) + shift) % count
            if square in self._options[index]["paths"][0][2:].split("-"):
                return index
        return None

    # -- texts -----------------------------------------------------------------------------------

    def _hint(self) -> str:
        return words.hint(self._state, self._legal, self.host.lang if self.host else "en")

    def _frenzy_text(self, ghost: str) -> str:
        return words.frenzy_text(self._state, ghost, self.host.lang if self.host else "en")

    def _set_caption(self, text: str, fade: bool = True) -> None:
        if self._caption_event is not None:
            self._caption_event.cancel()
            self._caption_event = None
        self.caption = text
        if text and fade:
            self._caption_event = Clock.schedule_once(lambda _dt: self._set_caption(""),
                                                      CAPTION_SECONDS)

    # -- animation -------------------------------------------------------------------------------

    def _animate(self, before: dict[str, Any], events: Sequence[str]) -> None:
        Animation.cancel_all(self, "move_progress", "reset_progress")
        self._tracks, self._reset_from, self._vanish = {}, {}, {}
        self._set_caption("")
        if not before or not events:
            self.move_progress = self.reset_progress = 1.0
            return
        move = LastMove.read(events)
        self._tracks, self._vanish = dict(move.tracks), dict(move.vanish)
        seconds = min(MAX_MOVE_SECONDS, max(0.3, move.steps * STEP_SECONDS))
        animation = Animation(move_progress=1.0, d=seconds, t="linear")
        self.move_progress = 0.0
        if move.is_reset:
            self._reset_from = self._pieces_before_reset(before)
            self.reset_progress = 0.0
            animation += Animation(reset_progress=1.0, d=RESET_SECONDS, t="in_out_quad")
        else:
            self.reset_progress = 1.0
        if move.caught:
            self._set_caption(words.caught_text(move.caught,
                                                self.host.lang if self.host else "en"))
        animation.start(self)

    def _pieces_before_reset(self, before: dict[str, Any]) -> dict[str, tuple[float, float]]:
        """Where each piece stood when PAC-MAN was caught (eaten ghosts: in the strip)."""
        where: dict[str, tuple[float, float]] = {"pacman": self._centre(before["pacman_square"])}
        for index, ghost in enumerate(GHOSTS):
            square = before["ghosts"][ghost]["square"]
            track = self._tracks.get(ghost)
            if track:
                square = track[-1]
            where[ghost] = self._centre(square) if square else self._strip_slot(index)
        return where

    def _piece_centre(self, piece: str, square: str) -> tuple[float, float]:
        if self._reset_from and self.reset_progress < 1:
            if self.move_progress < 1 and piece in self._tracks:
                return self._along(self._tracks[piece])
            if self.move_progress < 1:
                return self._reset_from[piece]
            (fx, fy), (tx, ty) = self._reset_from[piece], self._centre(square)
            t = self.reset_progress
            return fx + (tx - fx) * t, fy + (ty - fy) * t
        if piece in self._tracks and self.move_progress < 1:
            return self._along(self._tracks[piece])
        return self._centre(square)

    def _along(self, track: list[str]) -> tuple[float, float]:
        position = self.move_progress * (len(track) - 1)
        index = min(int(position), len(track) - 2)
        (fx, fy), (tx, ty) = self._centre(track[index]), self._centre(track[index + 1])
        t = position - index
        return fx + (tx - fx) * t, fy + (ty - fy) * t

    # -- geometry --------------------------------------------------------------------------------

    def layout(self) -> PacmanGeometry:
        """Where the grid and the strip are at the board's present size."""
        return PacmanGeometry.fit(self.x, self.y, self.width, self.height)

    def geometry(self) -> Grid:
        return self.layout().grid

    def _centre(self, square: str) -> tuple[float, float]:
        return self.geometry().centre(square)

    def _strip_rect(self) -> tuple[float, float, float, float]:
        return self.layout().strip

    def _strip_slot(self, index: int) -> tuple[float, float]:
        """Centre of an eaten ghost's place in the strip (blinky at the top)."""
        return self.layout().strip_slot(index)

    # -- drawing ---------------------------------------------------------------------------------

    def _redraw(self, *_: Any) -> None:
        if self._refreshing:
            return
        self.canvas.clear()
        if not self._state:
            return
        grid = self.geometry()
        state = self._state
        with self.canvas:
            Color(*FRAME_COLOUR)
            x, y, w, h = grid.frame()
            Rectangle(pos=(x, y), size=(w, h))
            self._draw_labels(grid)
            squares = Shapes()  # one draw call for the 81 squares
            for name in SQUARE_NAMES:
                x, y, side = grid.square_rect(name)
                squares.rectangle(SQUARE_COLOUR, x, y, side, side)
            squares.draw()
            self._draw_targets()
            self._draw_standing_walls(state["walls"], WALL_COLOUR)  # the maze's: one call
            for square in state["dots_remaining"]:
                self._draw_dot(square)
            self._draw_paths()
            self._draw_strip()
            self._draw_ghosts()
            self._draw_pacman()
            self._draw_ghost_hint()
            self._draw_caption()

    def _draw_targets(self) -> None:
        state = self._state
        if self.move_progress < 1 or self.reset_progress < 1:
            return
        if state["phase"] == "pacman" and self.is_interactive:
            finals = set(state.get("pacman_moves", {}))
            for square in finals:
                is_chosen = square == self._destination
                self._highlight(square, PACMAN_COLOUR, 0.45 if is_chosen else 0.22)
        elif state["phase"] == "ghosts" and self.selected_ghost:
            for square in state["ghost_destinations"].get(self.selected_ghost, []):
                if square == state["pacman_square"]:
                    self._highlight(square, FRENZY_COLOUR, 0.5)
                else:
                    self._highlight(square, TARGET_COLOUR, 0.3)

    def _highlight(self, square: str, colour: Sequence[float], alpha: float) -> None:
        x, y, side = self._square_rect(square)
        r, g, b = colour[:3]
        Color(r, g, b, alpha)
        Rectangle(pos=(x, y), size=(side, side))
        Color(r, g, b, 0.95)
        Line(rectangle=(x + 2, y + 2, side - 4, side - 4), width=2)

    def _draw_dot(self, square: str) -> None:
        x, y, side = self._square_rect(square)
        cx, cy = x + side / 2, y + side / 2
        glow, radius = side * 0.42, side * 0.27
        Color(DOT_COLOUR[0], DOT_COLOUR[1], DOT_COLOUR[2], 0.25)
        Ellipse(pos=(cx - glow, cy - glow), size=(2 * glow, 2 * glow))
        Color(*DOT_COLOUR)
        Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
        Color(0.55, 0.35, 0.25, 1)
        Line(circle=(cx, cy, radius), width=1.5)

    def _draw_paths(self) -> None:
        if not self._options or not self.preview.startswith("P:"):
            return
        order = [i for i in range(len(self._options)) if i != self.option_index]
        for index in [*order, self.option_index]:
            is_chosen = index == self.option_index
            paths = self._options[index]["paths"]
            shown = self.preview if is_chosen and self.preview in paths else paths[0]
            path = shown[2:].split("-")
            colour = OPTION_COLOURS[index % len(OPTION_COLOURS)]
            shift = (index - (len(self._options) - 1) / 2) * 7
            points: list[float] = []
            for square in path:
                cx, cy = self._centre(square)
                points.extend((cx + shift, cy + shift))
            Color(0, 0, 0, 0.8)
            Line(points=points, width=7 if is_chosen else 4.5, joint="round", cap="round")
            Color(colour[0], colour[1], colour[2], 1 if is_chosen else 0.7)
            Line(points=points, width=5 if is_chosen else 2.5, joint="round", cap="round")
            if len(self._options) > 1:
                self._draw_badge(index, path, colour)

    def _draw_badge(self, index: int, path: list[str], colour: Sequence[float]) -> None:
        """The way's number on a square only it passes (else its middle square)."""
        others = {s for i, o in enumerate(self._options) if i != index
                  for s in o["paths"][0][2:].split("-")}
        own = [s for s in path if s not in others] or [path[len(path) // 2]]
        x, y, side = self._square_rect(own[len(own) // 2])
        radius = side * 0.3
        cx, cy = x + side * 0.75, y + side * 0.75
        Color(*colour)
        Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
        texture = self._letter(str(index + 1), 22, False)
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size,
                  pos=(cx - texture.width / 2, cy - texture.height / 2))

    def _draw_ghost_hint(self) -> None:
        """A ghost's previewed step (the coach's hint): an arrow to the square it goes to."""
        ghost, _colon, target = self.preview.partition(":")
        if ghost not in GHOSTS or target in ("", "pass") or self.move_progress < 1:
            return
        square = self._state["ghosts"][ghost]["square"]
        if square is None:
            return
        _ox, _oy, pitch = self._grid()
        draw_ghost_hint(self._letter, self._centre(square), self._centre(target), pitch * 0.9,
                        GHOST_COLOURS[ghost], ghost)

    def _draw_ghosts(self) -> None:
        state = self._state
        to_move = state.get("ghosts_to_move", [])
        _ox, _oy, pitch = self._grid()
        for index, ghost in enumerate(GHOSTS):
            info = state["ghosts"][ghost]
            square = info["square"]
            if square is None and ghost in self._vanish and self.move_progress < 1:
                vanish_square, step = self._vanish[ghost]
                track = self._tracks.get("pacman", [])
                if self.move_progress * max(1, len(track) - 1) < step:
                    cx, cy = self._centre(vanish_square)
                    draw_ghost(self._letter, cx, cy, pitch * 0.78, GHOST_COLOURS[ghost], ghost)
                continue
            if square is None:
                if self._reset_from and self.reset_progress < 1:
                    continue
                cx, cy = self._strip_slot(index)
                draw_ghost(self._letter, cx, cy, STRIP - 6, EATEN_COLOUR, ghost, is_eaten=True)
                continue
            cx, cy = self._piece_centre(ghost, square)
            size = pitch * GHOST_SIZE
            if ghost in to_move and self.is_interactive and self.move_progress >= 1:
                x, y, side = self._square_rect(square)
                if info["frenzy"]:
                    Color(FRENZY_COLOUR[0], FRENZY_COLOUR[1], FRENZY_COLOUR[2], 0.55)
                    Rectangle(pos=(x, y), size=(side, side))
                    Color(*FRENZY_COLOUR)
                    Line(rectangle=(x + 1, y + 1, side - 2, side - 2), width=2)
                if ghost == self.selected_ghost:
                    Color(1, 1, 1, 1)
                    Line(rectangle=(x - 3, y - 3, side + 6, side + 6), width=3.5)
                else:
                    Color(1, 1, 1, 0.9)
                    Line(circle=(cx, cy, side * 0.5), width=1.2)
            draw_ghost(self._letter, cx, cy, size, GHOST_COLOURS[ghost], ghost)

    def _draw_pacman(self) -> None:
        square = self._state["pacman_square"]
        _ox, _oy, pitch = self._grid()
        cx, cy = self._piece_centre("pacman", square)
        if self._state["phase"] == "pacman" and self.is_interactive and (
                self.reset_progress >= 1 and self.move_progress >= 1):
            Color(1, 1, 1, 1)
            Line(circle=(cx, cy, pitch * 0.47), width=3)
        draw_pacman(self._letter, cx, cy, pitch * PACMAN_SIZE, self._facing())

    def _facing(self) -> float:
        """PAC-MAN looks the way of his last step (right when he has not moved yet)."""
        track = self._tracks.get("pacman")
        if not track or len(track) < 2:
            return 90.0
        (fx, fy), (tx, ty) = self._centre(track[-2]), self._centre(track[-1])
        if abs(tx - fx) >= abs(ty - fy):
            return 90.0 if tx >= fx else 270.0
        return 0.0 if ty > fy else 180.0

    def _draw_strip(self) -> None:
        """Right strip: eaten ghosts (drawn in :meth:`_draw_ghosts`), lives, dots eaten."""
        layout = self.layout()
        x, y, w, h = layout.strip
        Color(*STRIP_COLOUR)
        Rectangle(pos=(x, y), size=(w, h))
        lives = int(self._state["lives"])
        for life in range(max(lives, 3)):
            colour = PACMAN_COLOUR if life < lives else EATEN_COLOUR
            cx, cy = layout.life_centre(life)
            draw_pacman(self._letter, cx, cy, LIFE_SIZE, 90.0, colour, with_letter=False)
        for dot in range(int(self._state["dots_eaten"])):
            cx, cy = layout.eaten_dot_centre(dot)
            Color(*DOT_COLOUR)
            Ellipse(pos=(cx - DOT_RADIUS, cy - DOT_RADIUS), size=(2 * DOT_RADIUS,) * 2)

    def _draw_caption(self) -> None:
        if not self.caption:
            return
        layout = self.layout()
        _left, _y, width, _h = layout.caption_box(0, 1)
        label = self._caption_texture(self.caption, int(width - 12))
        pacman_row = int(self._state["pacman_square"][1:])
        near = self.selected_ghost and self._state["ghosts"][self.selected_ghost]["square"]
        row = int(near[1:]) if near else pacman_row
        left, y, width, height = layout.caption_box(label.height + 10, row)
        Color(0, 0, 0, 0.85)
        Rectangle(pos=(left, y), size=(width, height))
        Color(*FRENZY_COLOUR)
        Line(rectangle=(left, y, width, height), width=2)
        Color(1, 1, 1, 1)
        Rectangle(texture=label, size=label.size,
                  pos=(left + (width - label.width) / 2, y + 5))

    def _caption_texture(self, text: str, width: int) -> Any:
        """Made once per text and width (a redraw per animation frame reuses it)."""
        key = (text, width)
        if key not in self._captions:
            from kivy.core.text import Label as CoreLabel
            self._captions = {} if len(self._captions) > 64 else self._captions
            label = CoreLabel(text=text, font_size=20, bold=True, color=(1, 1, 1, 1),
                              text_size=(width, None), halign="center")
            label.refresh()
            self._captions[key] = label.texture
        return self._captions[key]


__all__ = ["GHOSTS", "PacmanBoard"]
