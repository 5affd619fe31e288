"""Painting the Crash by Crash board on the canvas: fields, tiles, holes, bells, cars, operator,
the targets of the current step, and what the last (or previewed) action moved.

Reads what it paints from the board widget and its taps' state (``board.tap_state``: what is
shown, the targets, the field selected, the operator's steps); keeps no state except cached
text textures, shapes and the static layer's canvases. Two layers: the static board
(background, hexes, values, holes, tile borders), painted again only when the geometry or the
holes change, and everything that moves (bells, cars, the operator, targets, arrows), painted
on every redraw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.graphics import Canvas, Color, Ellipse, Line

from companion.app.boards.batch import (
    Glyphs,
    Shapes,
    Vertices,
    glyph_quad,
    outline_vertices,
    polygon_vertices,
)
from companion.app.boards.crash.hex import (
    MOVE_COLOUR,
    OFF_COLOUR,
    SEGMENTS,
    SELECTED_COLOUR,
    TARGET_COLOUR,
    HexGrid,
    Texts,
    draw_arrow,
    draw_bell,
    draw_bells,
    draw_car,
    draw_operator,
    outline_hex,
)
from companion.app.boards.crash.shown_fields import ShownFields, StaticField
from companion.app.boards.crash.static_layer import (
    StaticShapes,
    cover_batch,
    layers_ahead,
    static_batches,
    value_text_colour,
)
from companion.app.boards.mesh_layer import MeshLayer
from companion.games.crash.board import DIRECTION_INDEX, FIELD_NAMES, GEOMETRY
from companion.geometry.crash import (
    LABEL_COLOUR,
    LABEL_FONT,
    PIECE_SHARE,
    VALUE_FONT,
)

STRONG_OUTLINE = 2.4
"""A target's outline while a step is chosen (and at the set-up); else a subtle one."""
SUBTLE_OUTLINE = 1.6
FILL_WIDTH = 0.0
"""A target's fill has no width: its shapes are kept under this one."""
TARGET_SHAPES = (("outline", STRONG_OUTLINE), ("outline", SUBTLE_OUTLINE), ("fill", FILL_WIDTH))
Label = tuple[str, int, float, float, float, float]
"""An edge name as drawn: its text, font size and box (x, y, width, height)."""
STATIC_LAYERS_SHOWN_KEPT = 2
"""The static layers last shown that are kept (with those planned ahead): the position's
and a preview's (an evaluation previewed, then cancelled)."""


class BoardPainter:
    def __init__(self, board: Any) -> None:
        self.board = board
        self.texts = Texts()
        self._static_shapes: StaticShapes | None = None
        self._value_quads: dict[tuple[int, float, float], Vertices] = {}
        """Each value's quad on its field, worked out once per grid (a hole that opens
        repaints the static layer: the other values are where they were)."""
        self._field_canvases: dict[str, tuple[tuple[Any, ...], Canvas]] = {}
        self._bells: tuple[Any, Canvas] | None = None
        """The bells standing still (what they are drawn for, and their canvas: the pieces
        layer's first, under every field's car and operator)."""
        self._static_canvases: dict[tuple[Any, ...], tuple[Canvas, list[Label]]] = {}
        """The static layer's canvases by their key (:meth:`static_key`), each with its edge
        names (:attr:`labels`): the one shown, and those made ahead for the holes the next
        input may open (:meth:`make_static_ahead`)."""
        self._static_due: list[tuple[Any, ...]] = []
        """The static layers planned ahead and not painted yet."""
        self._static_planned: list[tuple[Any, ...]] = []
        self._static_shown: list[tuple[Any, ...]] = []
        """The keys of the static layers last shown, the latest last."""
        self._target_shape_cache: dict[tuple[HexGrid, str, float],
                                  dict[str, tuple[Vertices, list[int]]]] = {}
        self.labels: list[Label] = []
        """The edge names as last drawn: text, font size and box (x, y, width, height)."""
        self._shown_fields = ShownFields()
        self.mesh_layers: dict[str, MeshLayer] = {}
        """The layers of meshes changed in place: the covers and the targets."""

    def shown_fields(self) -> ShownFields:
        """The fields shown now, with what the layers read of them: read again only where
        they changed since the last redraw."""
        self._shown_fields.update(self.board.tap_state.shown.fields)
        return self._shown_fields

    def static_key(self) -> tuple[Any, ...]:
        """What the static layer depends on: the geometry and each field's hole and value."""
        board = self.board  # x, y, width, height: a list property made a tuple costs ~4 µs
        return ((board.x, board.y), (board.width, board.height), board.grid(),
                self.shown_fields().static)

    def paint_static(self, layer: Canvas) -> None:
        """The board without anything that moves, into ``layer``: every value is shown
        (``paint`` covers those under a car, a bell or the operator). Its canvas was made
        ahead when a hole opened that the painter expected (:meth:`make_static_ahead`)."""
        key = self.static_key()
        made = self._static_canvases.get(key)
        if made is None:
            made = self._static_canvases[key] = self._static_canvas(key)
        canvas, self.labels = made
        layer.clear()
        layer.add(canvas)
        if key in self._static_shown:
            self._static_shown.remove(key)
        self._static_shown = [*self._static_shown, key][-STATIC_LAYERS_SHOWN_KEPT:]
        self._keep_static(self._static_shown + self._static_planned)

    def plan_static_ahead(self) -> None:
        """Plan the static layers the next input may need, one for each tile a bell stands on
        (an evaluation takes it away: a hole repaints the whole layer, ~1–2 ms in a tap); each
        is painted into a canvas of its own by :meth:`make_static_ahead`. The canvases kept
        are these and the last shown."""
        key = self.static_key()
        geometry, fields = key[:3], key[3]
        shown = self.shown_fields().fields
        bells = [shown[number]["name"] for number in self._shown_fields.bells
                 if not shown[number]["hole"]]
        self._static_planned = [(*geometry, ahead) for ahead in layers_ahead(fields, bells)]
        self._keep_static(self._static_shown + self._static_planned)
        self._static_due = [due for due in self._static_planned
                            if due not in self._static_canvases]

    def make_static_ahead(self) -> bool:
        """Paint one of the static layers planned (:meth:`plan_static_ahead`); whether more are
        due."""
        if self._static_due:
            key = self._static_due.pop(0)
            self._static_canvases[key] = self._static_canvas(key)
        return bool(self._static_due)

    def _keep_static(self, keys: list[tuple[Any, ...]]) -> None:
        """Let go of the static layers not in ``keys`` (which hold the one shown), and of their
        meshes at once: a canvas and its instructions refer to each other, so only the cycle
        collector would free them, and each holds its vertices twice (~0.2 MB a layer)."""
        for key in [key for key in self._static_canvases if key not in keys]:
            canvas, _labels = self._static_canvases.pop(key)
            canvas.clear()

    def _static_canvas(self, key: tuple[Any, ...]) -> tuple[Canvas, list[Label]]:
        """The static layer of ``key`` (:meth:`static_key`) in a canvas of its own, and its
        edge names. Batched: a handful of draw calls, from shapes worked out once per grid
        (``static_layer``)."""
        grid: HexGrid = key[2]
        fields: tuple[StaticField, ...] = key[3]
        shapes = self._shapes(grid)
        (x, y), (width, height) = key[0], key[1]
        side = min(width, height)
        fills, lines, shown_values = static_batches(
            shapes, fields, (x + (width - side) / 2, y + (height - side) / 2, side,
                                          side))
        values = Glyphs()
        textures: dict[int, Any] = {}
        quads: dict[int, list[Vertices]] = {}  # per value, in the fields' order
        value_quads = self._value_quads
        for value, colour, cx, cy in shown_values:
            texture = textures.get(value)
            if texture is None:
                texture = textures[value] = self.texts.texture(
                    str(value), VALUE_FONT, colour=value_text_colour(colour))
                quads[value] = []
            quad_key = (id(texture), cx, cy)
            quad = value_quads.get(quad_key)
            if quad is None:
                quad = value_quads[quad_key] = glyph_quad(texture, cx, cy)
            quads[value].append(quad)
        for value, texture in textures.items():
            values.repeated(texture, quads[value])
        labels: list[Label] = []
        for text, label_x, label_y in grid.labels():
            texture = self.texts.texture(text, LABEL_FONT, colour=(1, 1, 1, 1))
            values.place(texture, label_x, label_y, LABEL_COLOUR)
            labels.append((text, LABEL_FONT, label_x - texture.width / 2,
                           label_y - texture.height / 2, *texture.size))
        canvas = Canvas()
        with canvas:
            fills.draw()
            values.draw()
            lines.draw()
        return canvas, labels

    def _shapes(self, grid: HexGrid) -> StaticShapes:
        """The fields' shapes on ``grid`` (worked out once per grid)."""
        if self._static_shapes is None or self._static_shapes.grid != grid:
            self._static_shapes = StaticShapes(grid)
            self._value_quads = {}
        return self._static_shapes

    def covers_key(self) -> tuple[Any, ...]:
        return (self.board.grid(), self.shown_fields().covered)

    def paint_covers(self, layer: Canvas) -> None:
        """Hide the value of each field under a car, a bell or the operator (the covers' shapes
        are the grid's, worked out once: a move picks them anew, and gives the meshes shown
        their new vertices)."""
        shown = self.shown_fields()
        covers = cover_batch(self._shapes(self.board.grid()),
                             [shown.fields[number] for number in shown.covered])
        self._mesh_layer("covers", layer).show(covers.meshes())

    def _mesh_layer(self, name: str, layer: Canvas) -> MeshLayer:
        """The meshes shown in ``layer`` (the covers, the targets), kept from one redraw to the
        next."""
        meshes = self.mesh_layers.get(name)
        if meshes is None or meshes.layer is not layer:
            meshes = self.mesh_layers[name] = MeshLayer(layer)
        return meshes

    def targets_key(self) -> tuple[Any, ...]:
        board = self.board
        tap = board.tap_state
        if not tap.targets or (board.preview and tap.mode != "operator"):
            return (board.grid(),)
        is_strong = tap.mode in ("magnet", "operator", "card") or board._awaiting == "setup"
        return (board.grid(), is_strong, tuple(sorted(tap.targets)))

    def paint_targets(self, layer: Canvas) -> None:
        self._mesh_layer("targets", layer).show(self._targets(self.board.grid()).meshes())

    def paint_events(self) -> None:
        """What the last (or previewed) action moved: under the pieces."""
        self._events(self.board.grid())

    def update_pieces(self, layer: Canvas) -> None:
        """Bells, cars and the operator on their fields: the bells in one canvas under the
        rest (three draw calls for them all), then one small canvas per field with a car or
        the operator in ``layer``; each made again only when what it shows changed (not
        while a piece flies to it)."""
        board = self.board
        grid: HexGrid = board.grid()
        looks = board.host.seat_looks() if board.host is not None else []
        hidden = {where for where, _x, _y in board.moving_pieces()}
        self._update_bells(layer, grid, hidden)
        wanted: dict[str, tuple[Any, ...]] = {}
        fields: dict[str, Mapping[str, Any]] = {}
        shown = self.shown_fields()
        for number in shown.pieces:  # the fields with a car or the operator, in their order
            field = shown.fields[number]
            car = field["car"]
            if field["name"] not in hidden:
                seat = 0 if car and car["side"] == "A" else 1
                look = looks[seat] if car and seat < len(looks) else None
                wanted[field["name"]] = (
                    grid, field["operator"],
                    (car["side"], car["magnet"]) if car else None,
                    (tuple(look.colour), look.letter) if look is not None else None)
                fields[field["name"]] = field
        for name, (key, canvas) in list(self._field_canvases.items()):
            if wanted.get(name) != key:
                layer.remove(canvas)
                canvas.clear()  # its instructions let go of it: freed now, not by the collector
                del self._field_canvases[name]
        for name, key in wanted.items():
            if name not in self._field_canvases:
                canvas = Canvas()
                with canvas:
                    self._pieces(grid, fields[name], looks, with_bell=False)
                layer.add(canvas)
                self._field_canvases[name] = (key, canvas)

    def _update_bells(self, layer: Canvas, grid: HexGrid, hidden: set[str]) -> None:
        size = min(grid.w, 2 * grid.radius) * PIECE_SHARE
        shown = self.shown_fields()
        names = [shown.fields[number]["name"] for number in shown.bells]
        places = tuple((*grid.centre(name), size) for name in names if name not in hidden)
        key = (grid, places)
        if self._bells is not None and self._bells[0] == key:
            return
        if self._bells is None:
            self._bells = (key, Canvas())
            layer.insert(0, self._bells[1])
        canvas = self._bells[1]
        self._bells = (key, canvas)
        canvas.clear()
        with canvas:
            draw_bells(places)

    def forget_pieces(self, layer: Canvas) -> None:
        layer.clear()
        for _key, canvas in self._field_canvases.values():
            canvas.clear()
        self._field_canvases.clear()
        if self._bells is not None:
            self._bells[1].clear()
        self._bells = None

    def paint(self) -> None:
        """Over the pieces: the operator in a hole, pieces on their way, points, the selected
        field, the operator's path."""
        board = self.board
        grid: HexGrid = board.grid()
        tap = board.tap_state
        fields = tap.shown.fields
        looks = board.host.seat_looks() if board.host is not None else []
        moving = board.moving_pieces()
        hidden = {where for where, _x, _y in moving}
        by_name = {field["name"]: field for field in fields} if moving else {}
        self._operator_in_hole(grid, hidden)
        for where, x, y in moving:
            if where in by_name:
                self._pieces(grid, by_name[where], looks, (x, y))
            elif where.upper().startswith("HT"):
                draw_operator(self.texts, x, y, min(grid.w, 2 * grid.radius) * 0.74)
        self._evaluation_badges(grid)
        if tap.selected:
            Color(*SELECTED_COLOUR)
            outline_hex(grid, tap.selected, 3.0, 1.05)
        self._operator_path(grid)

    # -- layers ----------------------------------------------------------------------------------

    def _targets(self, grid: HexGrid) -> Shapes:
        """Where a tap does something now: strong while a step is chosen, subtle otherwise."""
        board = self.board
        tap = board.tap_state
        targets = Shapes()
        if not tap.targets or (board.preview and tap.mode != "operator"):
            return targets
        r, g, b, _ = TARGET_COLOUR
        is_strong = tap.mode in ("magnet", "operator", "card") or board._awaiting == "setup"
        names = list(tap.targets)
        outlines = self._target_shapes(grid, names, "outline",
                                       STRONG_OUTLINE if is_strong else SUBTLE_OUTLINE)
        targets.repeated((r, g, b, 0.95 if is_strong else 0.8),
                         [vertices for vertices, _ in outlines], outlines[0][1])
        if is_strong:
            fills = self._target_shapes(grid, names, "fill", FILL_WIDTH)
            targets.repeated((r, g, b, 0.35), [vertices for vertices, _ in fills], fills[0][1])
        return targets

    def prepare_targets(self, grid: HexGrid) -> None:
        """Work out every field's target shapes on ``grid`` ahead (strong and subtle outlines,
        fills), so no tap works out a field's the first time it is a target."""
        names = list(FIELD_NAMES)
        for kind, width in TARGET_SHAPES:
            self._target_shapes(grid, names, kind, width)

    def _target_shapes(self, grid: HexGrid, names: list[str], kind: str,
                       width: float) -> list[tuple[Vertices, list[int]]]:
        """The targets' outlines (``width`` wide) or fills on ``names``, as mesh vertices and
        triangles: each field's worked out once per grid (the targets change at every
        position, the fields' shapes do not)."""
        key = (grid, kind, width)
        shapes = self._target_shape_cache.get(key)
        if shapes is None:
            if len(self._target_shape_cache) > 8:
                self._target_shape_cache.clear()
            shapes = self._target_shape_cache[key] = {}
        for name in names:
            if name not in shapes:
                shapes[name] = (outline_vertices(grid.corners(name, 0.84), width)
                                if kind == "outline"
                                else polygon_vertices(grid.corners(name, 0.82)))
        return [shapes[name] for name in names]

    def _pieces(self, grid: HexGrid, field: Mapping[str, Any], looks: list[Any],
                at: tuple[float, float] | None = None, with_bell: bool = True) -> None:
        cx, cy = at or grid.centre(field["name"])
        size = min(grid.w, 2 * grid.radius) * PIECE_SHARE
        if field["bell"] and with_bell:
            draw_bell(cx, cy, size)
        if field["operator"]:
            draw_operator(self.texts, cx, cy, size)
        car = field["car"]
        if car:
            seat = 0 if car["side"] == "A" else 1
            look = looks[seat] if seat < len(looks) else None
            colour = look.colour if look else ((0.86, 0.16, 0.16, 1) if seat == 0
                                               else (0.15, 0.42, 0.95, 1))
            letter = look.letter if look else car["side"]
            draw_car(self.texts, cx, cy, size, colour, letter, car["magnet"])

    def _operator_in_hole(self, grid: HexGrid, hidden: set[str]) -> None:
        where = self.board.tap_state.shown.operator
        if where and where.upper().startswith("HT") and where not in hidden:
            point = self.point(grid, where)
            if point is not None:
                draw_operator(self.texts, *point, min(grid.w, 2 * grid.radius) * 0.74)

    def _events(self, grid: HexGrid) -> None:
        """Arrows for what moved (yellow), red crosses where a car left the board."""
        for event in self.board.tap_state.shown.events:
            parts = event.split()
            kind = parts[0]
            if kind in ("move", "pull", "op") and ">" in parts[1]:
                source, target = parts[1].split(">")
                ends = [self.point(grid, source), self.point(grid, target)]
                if None in ends:
                    continue
                (x1, y1), (x2, y2) = ends  # type: ignore[misc]
                Color(0.05, 0.05, 0.05, 0.9)
                draw_arrow(x1, y1, x2, y2, 4.5, 15)
                Color(*(MOVE_COLOUR if kind != "op" else (0.9, 0.9, 0.9, 1)))
                draw_arrow(x1, y1, x2, y2, 2.5, 12)
            elif kind in ("off", "back") and len(parts) >= 3:
                point = self.point(grid, parts[2])
                if point is None:
                    continue
                x, y = point
                half = grid.w * 0.38
                Color(*OFF_COLOUR)
                Line(points=[x - half, y - half, x + half, y + half], width=3)
                Line(points=[x - half, y + half, x + half, y - half], width=3)
            elif kind in ("place", "ring") and len(parts) >= 2:
                name = parts[-1]
                if name in FIELD_NAMES:
                    Color(*MOVE_COLOUR)
                    outline_hex(grid, name, 3.0, 1.0)

    def _evaluation_badges(self, grid: HexGrid) -> None:
        """After an evaluation: each scoring car's points (+3) next to it."""
        for event in self.board.tap_state.shown.events:
            parts = event.split()
            if parts[0] != "evalcar" or parts[2] not in FIELD_NAMES:
                continue
            cx, cy = grid.centre(parts[2])
            x, y = cx + grid.w * 0.30, cy + grid.radius * 0.45
            Color(0.05, 0.05, 0.05, 1)
            Ellipse(pos=(x - 12, y - 12), size=(24, 24), segments=SEGMENTS)
            Color(0.98, 0.78, 0.10, 1)
            Ellipse(pos=(x - 10.5, y - 10.5), size=(21, 21), segments=SEGMENTS)
            self.texts.draw(f"+{parts[3]}", x, y, 15, colour=(0, 0, 0, 1))

    def arrows(self, radius: float) -> None:
        """Big round arrow buttons, see-through so the car about to be hit stays visible."""
        board = self.board
        tap = board.tap_state
        grid = board.grid()
        cx, cy = grid.centre(tap.selected)
        chosen = tap.chosen_arrows()
        for key, (ax, ay) in board.arrow_centres().items():
            ux, uy = grid.direction_vector(tap.selected, DIRECTION_INDEX[key])
            Color(0.05, 0.05, 0.05, 0.8)
            Line(points=[cx, cy, ax - ux * radius, ay - uy * radius], width=1.5)
            Color(*((1.0, 0.55, 0.0, 0.85) if key in chosen else (0.98, 0.98, 0.98, 0.72)))
            Ellipse(pos=(ax - radius, ay - radius), size=(2 * radius,) * 2, segments=SEGMENTS)
            Color(0.05, 0.05, 0.05, 1)
            Line(circle=(ax, ay, radius), width=2)
            draw_arrow(ax - ux * 15, ay - uy * 15, ax + ux * 17, ay + uy * 17, 3, 13)

    def _operator_path(self, grid: HexGrid) -> None:
        board = self.board
        steps = board.tap_state.steps
        if not steps:
            return
        start = board._st.get("operator")
        found = [self.point(grid, start)] + [self.point(grid, step.split("/")[0])
                                              for step in steps]
        points = [p for p in found if p is not None]
        Color(*SELECTED_COLOUR)
        for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
            draw_arrow(x1, y1, x2, y2, 3, 12)
        for number, (x, y) in enumerate(points[1:], start=1):
            Color(0.05, 0.05, 0.05, 1)
            Ellipse(pos=(x - 11, y - 11), size=(22, 22), segments=SEGMENTS)
            self.texts.draw(str(number), x, y, 16, colour=(1, 0.7, 0.2, 1))

    def point(self, grid: HexGrid, where: str | None) -> tuple[float, float] | None:
        """The centre of a field, or of a hole (``Ht32``)."""
        if not where:
            return None
        if where in FIELD_NAMES:
            return grid.centre(where)
        if where.upper().startswith("HT"):
            tile = where[1:].lower()
            if tile in GEOMETRY.tile_names:
                fields = GEOMETRY.tile_fields[GEOMETRY.tile_names.index(tile)]
                xs = [grid.centre(FIELD_NAMES[i]) for i in fields]
                return (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
        return None


__all__ = ["BoardPainter"]
