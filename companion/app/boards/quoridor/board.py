"""The Quoridor board: 9 × 9 squares, walls in the grooves, pawns in colour and letter.

Where everything goes, and what a tap means, is :mod:`companion.geometry.quoridor` (row 1 at the
top, as the rules' diagrams, so seat e9 starts at the bottom edge). A tap on a highlighted
square moves there; a tap near a groove previews a wall there, a second tap on it (or OK)
places it, a tap elsewhere cancels. In fix mode pawns and walls are edited freely and Done
sends ``fix <position>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Canvas, Color, Ellipse, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app.boards.base import Board
from companion.app.boards.batch import Shapes
from companion.games.quoridor.board import parse_wall, wall_conflict
from companion.geometry.quoridor import (
    BAD_PREVIEW_COLOUR,
    BOARD_COLOUR,
    DESTINATION_DOT,
    FIXING_BOARD_COLOUR,
    LABEL_COLOUR,
    LABEL_FONT,
    PAWN_SIZE,
    PREVIEW_COLOUR,
    SQUARE_COLOUR,
    SQUARE_NAMES,
    WALL_COLOUR,
    Grid,
)

MOVE_ANIMATION_SECONDS = 0.3


class QuoridorBoard(Board):
    supports_fix = True

    is_pawn_selected = BooleanProperty(False)
    """The player tapped their own pawn: its destinations are shown strongly."""
    move_progress = NumericProperty(1.0)
    """0 → 1 while the last pawn move is animated."""

    fix_pawns = ListProperty([])
    fix_walls = ListProperty([])
    fix_walls_left = ListProperty([])
    fix_turn = NumericProperty(0)
    fix_selected = NumericProperty(-1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._state: dict[str, Any] = {}
        self._to_move: int | None = None
        self._legal: set[str] = set()
        self._moving: tuple[int, str, str] | None = None
        self._letters: dict[tuple[str, int, bool], Any] = {}
        self._labels: list[tuple[str, int, float, float, float, float]] = []
        self._grid_of: tuple[tuple[float, float, float, float], Grid] | None = None
        self._canvases: tuple[Canvas, Canvas, Canvas] | None = None
        self._keys: dict[str, Any] = {}
        """What the board's layers were last painted with (see :meth:`_redraw`)."""
        self._refreshing = False
        """True inside refresh(): the properties it sets do not each redraw the board."""
        self.bind(pos=self._redraw, size=self._redraw, preview=self._redraw,
                  is_pawn_selected=self._redraw, move_progress=self._redraw)

    # -- Board interface -------------------------------------------------------------------------

    def refresh(self, events: Sequence[str] = ()) -> None:
        if self.host is None:
            return
        snapshot = self.host.snapshot()
        previous = {seat["seat"]: seat["pawn"] for seat in self._state.get("seats", [])}
        self._state = snapshot["state"]
        self._to_move = snapshot.get("to_move")
        self._legal = set(self.host.legal()) if self.is_interactive else set()
        moving = None
        for event in events:
            parts = event.split()
            if parts[0] == "move" and parts[1] in previous and previous[parts[1]] != parts[2]:
                seat = [s["seat"] for s in self._state["seats"]].index(parts[1])
                moving = (seat, previous[parts[1]], parts[2])
        self._moving = moving
        self.hint = self.host.tr("Tap a square to move, a groove for a wall")
        self._refreshing = True  # the properties set below would each redraw: draw once
        try:
            self.preview = ""
            self.is_pawn_selected = False
            Animation.cancel_all(self, "move_progress")
            self.move_progress = 0.0 if moving is not None else 1.0
        finally:
            self._refreshing = False
        self._redraw()
        if moving is not None:
            Animation(move_progress=1.0, d=MOVE_ANIMATION_SECONDS, t="out_quad").start(self)

    def is_choosing(self) -> bool:
        return bool(self.preview) or self.is_pawn_selected

    def can_preview(self, line: str) -> bool:
        """A wall or a step can be shown on the board (the coach's hint) before it is played."""
        return line in self._legal and len(line) in (2, 3)

    def begin_fix(self) -> None:
        seats = self._state["seats"]
        self.fix_pawns = [seat["pawn"] for seat in seats]
        self.fix_walls = list(self._state["walls_on_board"])
        self.fix_walls_left = [seat["walls_left"] for seat in seats]
        names = [seat["seat"] for seat in seats]
        self.fix_turn = names.index(self._state["to_move"]) if self._state["to_move"] else 0
        self.fix_selected = -1
        self.preview = ""
        self.is_fixing = True
        self._redraw()

    def fix_position(self) -> str:
        seats = self._state["seats"]
        fields = [f"quoridor {len(seats)}", f"turn {seats[self.fix_turn]['seat']}"]
        for seat, info in enumerate(seats):
            fields.append(f"{info['seat']} {self.fix_pawns[seat]} {self.fix_walls_left[seat]}")
        fields.append("walls " + (" ".join(self.fix_walls) or "-"))
        if not self._state.get("options", {}).get("sidestep_when_pawn_behind", True):
            fields.append("sidestep off")
        return " | ".join(fields)

    def end_fix(self) -> None:
        self.fix_selected = -1
        super().end_fix()

    def fix_panel(self) -> Widget | None:
        panel = QuoridorFixPanel(board=self)
        looks = self.host.seat_looks() if self.host is not None else []
        for seat, look in enumerate(looks):
            panel.ids.seats.add_widget(QuoridorFixSeat(board=self, seat=seat, look=look))
        return panel

    def change_walls_left(self, seat: int, delta: int) -> None:
        """The fix panel's −/+ for one seat's walls in hand."""
        values = list(self.fix_walls_left)
        values[seat] = max(0, values[seat] + delta)
        self.fix_walls_left = values

    def next_fix_turn(self) -> None:
        self.fix_turn = (self.fix_turn + 1) % len(self.fix_pawns)

    # -- touch -----------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.host is None or not self.is_interactive:
            return False
        target = self._target_at(*touch.pos)
        if target is None:
            return True
        kind, name = target
        if self.is_fixing:
            self._fix_tap(kind, name)
        else:
            self._play_tap(kind, name)
        return True

    def preview_is_refused(self) -> bool:
        return len(self.preview) == 3 and self.preview not in self._legal

    def confirm_preview(self) -> bool:
        """Play the previewed wall or step. It is sent while still shown: the new position's
        :meth:`refresh` takes the preview away and draws the board once (clearing it first
        drew the old position and laid the action area out for it, only to do both again)."""
        if self.preview_is_refused():  # drawn red, the action area says why: not played
            return False
        line = self.preview
        is_played = bool(line) and self.host is not None and self.host.send(line)
        self.preview = ""  # refused by the table (e.g. the card): taken away all the same
        return is_played

    def _play_tap(self, kind: str, name: str) -> None:
        if self.preview:
            if name == self.preview:  # a wall previewed, or the coach's square tapped again
                self.confirm_preview()
                return
            was_hint = len(self.preview) == 2  # a hinted step does not hold the next tap up
            self.preview = ""
            if kind != "wall" and not was_hint:
                return
        if kind == "wall":
            self.preview = name
            self.is_pawn_selected = False
            return
        if kind == "move":
            self.host.send(name)
            return
        own = self._pawn_of_mover()
        if own is not None and name == own:
            self.is_pawn_selected = not self.is_pawn_selected
            return
        self.host.send(name)  # not a destination: the banner says which rule forbids it

    def _fix_tap(self, kind: str, name: str) -> None:
        if kind == "wall":
            self._toggle_wall(name)
            return
        if name in self.fix_pawns:
            seat = self.fix_pawns.index(name)
            self.fix_selected = -1 if self.fix_selected == seat else seat
        elif self.fix_selected >= 0:
            pawns = list(self.fix_pawns)
            pawns[self.fix_selected] = name
            self.fix_pawns = pawns
            self.fix_selected = -1
        self._redraw()

    def _toggle_wall(self, name: str) -> None:
        walls = list(self.fix_walls)
        wall = parse_wall(name)
        if name in walls:
            walls.remove(name)
        else:
            conflict = wall_conflict(wall, [parse_wall(other) for other in walls])
            if conflict is not None:
                walls.remove(conflict[1].name)  # a tap on a placed wall's groove removes it
            else:
                walls.append(name)
        self.fix_walls = walls
        self._redraw()

    def _target_at(self, x: float, y: float) -> tuple[str, str] | None:
        """What a tap at window-relative (x, y) means: ("move"|"square", sq) or ("wall", name)."""
        tap = self.geometry().tap_at(x, y, self._whole_squares())
        if tap is None:
            return None
        if tap.kind == "square" and tap.name in self._legal:
            return "move", tap.name
        return tap.kind, tap.name

    def _whole_squares(self) -> set[str]:
        """Squares whose whole cell takes the tap: destinations, pawns, a selected pawn's goal."""
        if self.is_fixing:
            return set(SQUARE_NAMES) if self.fix_selected >= 0 else set(self.fix_pawns)
        own = self._pawn_of_mover()
        return self._legal | ({own} if own is not None else set())

    # -- drawing ---------------------------------------------------------------------------------

    def geometry(self) -> Grid:
        """Where the squares, grooves and walls are at the board's present size (worked out
        once per size and place)."""
        frame = (self.x, self.y, self.width, self.height)
        if self._grid_of is None or self._grid_of[0] != frame:
            self._grid_of = (frame, Grid.fit(*frame))
        return self._grid_of[1]

    def _grid(self) -> tuple[float, float, float]:
        grid = self.geometry()
        return grid.left, grid.bottom, grid.pitch

    def _square_rect(self, name: str) -> tuple[float, float, float]:
        return self.geometry().square_rect(name)

    def _redraw(self, *_: Any) -> None:
        """Three layers, each painted again only when what it shows changed: the board (its
        frame, edge names, goal strips, the 81 squares), the walls standing on it (one mesh),
        and on top the destinations, a preview and the pawns."""
        if self._refreshing:
            return
        ground, walls_layer, top = self._layers()
        if not self._state:
            for layer in (ground, walls_layer, top):
                layer.clear()
            self._keys = {}
            return
        grid = self.geometry()
        looks = self.host.seat_looks() if self.host is not None else []
        seats = self._state["seats"]
        walls = tuple(self.fix_walls if self.is_fixing else self._state["walls_on_board"])
        frame = (self.x, self.y, self.width, self.height)
        ground_key = (frame, self.is_fixing, tuple(info["goal"] for info in seats),
                      tuple(tuple(look.colour) for look in looks))
        if self._keys.get("ground") != ground_key:
            self._keys["ground"] = ground_key
            ground.clear()
            with ground:
                self._draw_ground(grid, seats, looks)
        if self._keys.get("walls") != (frame, walls):
            self._keys["walls"] = (frame, walls)
            walls_layer.clear()
            with walls_layer:
                self._draw_standing_walls(walls)
        top.clear()
        with top:
            if not self.is_fixing:
                self._draw_destinations(looks)
            if len(self.preview) == 3:
                is_legal = self.preview in self._legal
                Color(*(PREVIEW_COLOUR if is_legal else BAD_PREVIEW_COLOUR))
                self._draw_wall(self.preview, grid.wall_thickness(is_preview=True))
                Color(*WALL_COLOUR)
                self._draw_wall(self.preview, grid.wall_thickness(is_preview=True), outline=True)
            elif len(self.preview) == 2:  # the coach's hint: the square to step to, ringed
                x, y, side = self._square_rect(self.preview)
                Color(*PREVIEW_COLOUR)
                Line(rectangle=(x + 2, y + 2, side - 4, side - 4), width=max(2.0, side * 0.08))
            self._draw_pawns(seats, looks)

    def _layers(self) -> tuple[Canvas, Canvas, Canvas]:
        if self._canvases is None:
            self.canvas.clear()
            self._canvases = (Canvas(), Canvas(), Canvas())
            for layer in self._canvases:
                self.canvas.add(layer)
        return self._canvases

    def _draw_ground(self, grid: Grid, seats: list[dict[str, Any]], looks: list[Any]) -> None:
        Color(*(FIXING_BOARD_COLOUR if self.is_fixing else BOARD_COLOUR))
        x, y, w, h = grid.frame()
        Rectangle(pos=(x, y), size=(w, h))
        self._draw_labels(grid)
        self._draw_goals(seats, looks, grid)
        squares = Shapes()  # one draw call for the 81 squares
        for name in SQUARE_NAMES:
            x, y, side = grid.square_rect(name)
            squares.rectangle(SQUARE_COLOUR, x, y, side, side)
        squares.draw()

    def _draw_labels(self, grid: Grid) -> None:
        """Row numbers left of the board, column letters below it: the names the lines use."""
        self._labels = []
        Color(*LABEL_COLOUR)
        for label in grid.labels():
            texture = self._letter(label.text, LABEL_FONT, True)
            x, y = label.x - texture.width / 2, label.y - texture.height / 2
            Rectangle(texture=texture, size=texture.size, pos=(x, y))
            self._labels.append((label.text, LABEL_FONT, x, y, *texture.size))

    def drawn_labels(self) -> list[tuple[str, int, float, float, float, float]]:
        """The edge names as last drawn: text, font size and box (x, y, width, height)."""
        return list(self._labels)

    def _draw_goals(self, seats: list[dict[str, Any]], looks: list[Any], grid: Grid) -> None:
        strips = grid.goal_strips()
        for seat, info in enumerate(seats):
            if seat < len(looks) and info["goal"] in strips:
                x, y, w, h = strips[info["goal"]]
                Color(*looks[seat].colour)
                Rectangle(pos=(x, y), size=(w, h))

    def _draw_destinations(self, looks: list[Any]) -> None:
        if self._to_move is None or self._to_move >= len(looks):
            return
        r, g, b, _ = looks[self._to_move].colour
        for name in self._state.get("pawn_destinations", []):
            if name not in self._legal:
                continue
            x, y, side = self._square_rect(name)
            if self.is_pawn_selected:
                Color(r, g, b, 0.45)
                Rectangle(pos=(x, y), size=(side, side))
            dot = side * (0.36 if self.is_pawn_selected else DESTINATION_DOT)
            Color(r, g, b, 0.85 if self.is_pawn_selected else 0.55)
            Ellipse(pos=(x + (side - dot) / 2, y + (side - dot) / 2), size=(dot, dot))

    def _draw_standing_walls(self, names: Iterable[str],
                             colour: Sequence[float] = WALL_COLOUR) -> None:
        """The walls standing on the board in one draw call (up to 20; the same pixels as a
        ``Rectangle`` each)."""
        grid = self.geometry()
        thickness = grid.wall_thickness()
        standing = Shapes()
        for name in names:
            standing.kivy_rectangle(colour, *grid.wall_rect(name, thickness))
        standing.draw()

    def _draw_wall(self, name: str, thickness: float, outline: bool = False) -> None:
        x, y, w, h = self.geometry().wall_rect(name, thickness)
        if outline:
            Line(rectangle=(x, y, w, h), width=1.5)
        else:
            Rectangle(pos=(x, y), size=(w, h))

    def _draw_pawns(self, seats: list[dict[str, Any]], looks: list[Any]) -> None:
        pawns = self.fix_pawns if self.is_fixing else [seat["pawn"] for seat in seats]
        for seat, square in enumerate(pawns):
            if seat >= len(looks):
                continue
            x, y, side = self._square_rect(square)
            if self._moving is not None and self._moving[0] == seat and self.move_progress < 1:
                fx, fy, _ = self._square_rect(self._moving[1])
                t = self.move_progress
                x, y = fx + (x - fx) * t, fy + (y - fy) * t
            diameter = side * PAWN_SIZE
            px, py = x + (side - diameter) / 2, y + (side - diameter) / 2
            is_marked = seat == (self.fix_selected if self.is_fixing else self._to_move)
            if is_marked:
                Color(1, 1, 1, 1)
                Line(circle=(x + side / 2, y + side / 2, diameter / 2 + 3), width=3)
                Color(0, 0, 0, 1)
                Line(circle=(x + side / 2, y + side / 2, diameter / 2 + 6), width=1.5)
            Color(*looks[seat].colour)
            Ellipse(pos=(px, py), size=(diameter, diameter))
            Color(0.05, 0.05, 0.05, 1)
            Line(circle=(x + side / 2, y + side / 2, diameter / 2), width=1.5)
            texture = self._letter(looks[seat].letter, int(diameter * 0.6),
                                   _is_dark(looks[seat].colour))
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, size=texture.size,
                      pos=(x + (side - texture.width) / 2, y + (side - texture.height) / 2))

    def _letter(self, letter: str, size: int, is_on_dark: bool) -> Any:
        key = (letter, size, is_on_dark)
        if key not in self._letters:
            colour = (1, 1, 1, 1) if is_on_dark else (0, 0, 0, 1)
            label = CoreLabel(text=letter, font_size=size, bold=True, color=colour)
            label.refresh()
            self._letters[key] = label.texture
        return self._letters[key]

    def _pawn_of_mover(self) -> str | None:
        if self._to_move is None:
            return None
        return str(self._state["seats"][self._to_move]["pawn"])


class QuoridorFixPanel(BoxLayout):
    """Fix mode's right column: walls in hand per seat and whose turn it is."""

    board = ObjectProperty(None, allownone=True)


class QuoridorFixSeat(BoxLayout):
    board = ObjectProperty(None, allownone=True)
    seat = NumericProperty(0)
    look = ObjectProperty(None, allownone=True)


def _is_dark(colour: Sequence[float]) -> bool:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 0.6
