"""Drawing many shapes with few draw calls: shapes of one colour become one ``Mesh``.

Every Kivy vertex instruction (``Line``, ``Ellipse``, ``Rectangle``…) is a draw call of its
own with its own vertex buffers. A board of 188 hexes drawn field by field is ~1,800 draw
calls; each costs the GL driver memory (about 40 kB under Mesa's software rasteriser) and
time on every frame. Collect a layer's shapes in a ``Shapes`` and its texts in a ``Glyphs``,
then ``draw()`` them inside the layer's canvas: one mesh per colour, one per text texture.

Only ``draw()`` touches Kivy; the geometry is plain Python (and tested as such).
Shapes of one batch are drawn colour by colour (in the order each colour was first used), so
put shapes that must lie on top of others of another colour into a later batch.

The meshes' vertices are kept as C floats (``array("f")``) and their indices as C shorts
(``array("H")``), as the mesh holds them: Kivy's ``Mesh`` keeps the very object it is given
beside its own copy in C floats, so a list of Python floats (32 bytes a number against 4)
stayed alive in every mesh of every board's canvas, and in the boards' shapes worked out ahead
(Crash by Crash: ~2.5 MB). The values are the same: Kivy rounds a list's numbers to C floats
at the same point (nothing is computed from a stored vertex), so the pixels are too.
"""

from __future__ import annotations

import math
import struct
from array import array
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

Colour = tuple[float, ...]
Point = tuple[float, float]
MAX_VERTICES = 65_535
"""Kivy's meshes index their vertices with 16 bits."""
Vertices = array  # of C floats ("f"): x, y, u, v for each vertex
Indices = array  # of C unsigned shorts ("H"): three a triangle


def vertex_array(values: Iterable[float] = ()) -> Vertices:
    """Vertices (x, y, u, v, …) as a mesh holds them: C floats."""
    return array("f", values)


def index_array(values: Iterable[int] = ()) -> Indices:
    """A mesh's indices as it holds them: C unsigned shorts (:data:`MAX_VERTICES`)."""
    return array("H", values)


def _append(mesh: Vertices, values: Sequence[float]) -> None:
    """``values`` at the end of ``mesh``: an array's copied whole, a list's converted in one
    go (``array.extend`` of a list appends its numbers one by one: a fifth slower for a
    board's 81 rounded squares than the list Kivy converted at once)."""
    if isinstance(values, list):
        mesh.fromlist(values)
    else:
        mesh.extend(values)


class Shapes:
    """Filled triangles grouped by colour; ``draw()`` emits one mesh per colour."""

    def __init__(self) -> None:
        self._meshes: dict[Colour, list[tuple[Vertices, Indices]]] = {}

    def _room(self, colour: Sequence[float], vertices: int) -> tuple[Vertices, Indices]:
        chunks = self._meshes.setdefault(tuple(colour), [])
        if not chunks or len(chunks[-1][0]) // 4 + vertices > MAX_VERTICES:
            chunks.append((vertex_array(), index_array()))
        return chunks[-1]

    def triangles(self, colour: Sequence[float], points: Sequence[Point],
                  indices: Iterable[int]) -> None:
        """Triangles over ``points`` (three indices into ``points`` each)."""
        self._add(colour, [value for x, y in points for value in (x, y, 0.0, 0.0)], indices)

    def _add(self, colour: Sequence[float], vertices: Sequence[float],
             indices: Iterable[int]) -> None:
        """Triangles over ``vertices`` already laid out as the mesh wants them (x, y, u, v…)."""
        mesh_vertices, mesh_indices = self._room(colour, len(vertices) // 4)
        first = len(mesh_vertices) // 4
        _append(mesh_vertices, vertices)
        mesh_indices.fromlist([first + index for index in indices])

    def add_vertices(self, colour: Sequence[float], vertices: Sequence[float],
                     indices: Sequence[int]) -> None:
        """Triangles over ``vertices`` laid out as the mesh wants them (x, y, u, v…), with
        ``indices`` into them: a shape worked out once (see :meth:`meshes`) added again."""
        self._add(colour, vertices, indices)

    def polygon(self, colour: Sequence[float], corners: Sequence[Point]) -> None:
        """A convex polygon, filled."""
        fan = [index for corner in range(1, len(corners) - 1)
               for index in (0, corner, corner + 1)]
        self.triangles(colour, corners, fan)

    def rectangle(self, colour: Sequence[float], x: float, y: float, w: float, h: float) -> None:
        self.polygon(colour, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])

    def disc(self, colour: Sequence[float], cx: float, cy: float, radius: float,
             segments: int = 32) -> None:
        self.polygon(colour, circle_points(cx, cy, radius, segments))

    def ring(self, colour: Sequence[float], cx: float, cy: float, radius: float, width: float,
             segments: int = 32) -> None:
        """A circle's outline ``width`` wide, centred on ``radius``."""
        self._band(colour, circle_points(cx, cy, radius + width / 2, segments),
                   circle_points(cx, cy, max(0.0, radius - width / 2), segments))

    def outline(self, colour: Sequence[float], corners: Sequence[Point], width: float) -> None:
        """The outline of a convex polygon, ``width`` wide and centred on its edges, mitred at
        the corners: one band of quads (a hex's outline is one call, not six segments)."""
        self._add(colour, *outline_vertices(corners, width))

    def repeated(self, colour: Sequence[float], chunks: Sequence[Sequence[float]],
                 indices: Sequence[int]) -> None:
        """One shape at many places, as :meth:`_add` of each chunk would add it: ``chunks``
        are the places' vertices (as the mesh wants them, as many in each; see
        :func:`outline_vertices`, :func:`polygon_vertices`), ``indices`` the shape's triangles
        within one chunk. The indices of all places are one slice of a template (a board
        outlines ~45 fields a position; one by one, each field's indices were offset anew)."""
        if not chunks:
            return
        per_chunk = len(chunks[0]) // 4
        if per_chunk * len(chunks) > MAX_VERTICES:
            for chunk in chunks:
                self._add(colour, chunk, indices)
            return
        mesh_vertices, mesh_indices = self._room(colour, per_chunk * len(chunks))
        first = len(mesh_vertices) // 4
        for chunk in chunks:
            _append(mesh_vertices, chunk)
        template = _repeated_indices(tuple(indices), per_chunk, len(chunks))
        if first == 0:
            mesh_indices.extend(template)
        else:
            mesh_indices.fromlist([first + index for index in template])

    def kivy_rectangle(self, colour: Sequence[float], x: float, y: float, w: float,
                       h: float) -> None:
        """A rectangle exactly as Kivy's ``Rectangle`` draws it (the same pixels)."""
        self.polygon(colour, kivy_rectangle_corners(x, y, w, h))

    def kivy_ellipse(self, colour: Sequence[float], x: float, y: float, w: float, h: float,
                     segments: int = 0, angle_start: float = 0.0,
                     angle_end: float = 360.0) -> None:
        """An ellipse (or a slice of it) in the box (x, y, w, h) exactly as Kivy's
        ``Ellipse`` draws it (the same pixels): its centre and rim, a fan of triangles."""
        self.polygon(colour, kivy_ellipse_fan(x, y, w, h, segments, angle_start, angle_end))

    def kivy_rounded_rectangle(self, colour: Sequence[float], x: float, y: float, w: float,
                               h: float, radius: float, segments: int = 10) -> None:
        """A rounded rectangle exactly as Kivy's ``RoundedRectangle(radius=[radius])`` draws
        it (the same pixels)."""
        points = kivy_rounded_rectangle_fan(x, y, w, h, radius, segments)
        fan = [index for corner in range(1, len(points) - 1)
               for index in (0, corner, corner + 1)]
        self.triangles(colour, points, [*fan, 0, len(points) - 1, 1] if points else [])

    def _band(self, colour: Sequence[float], outer: list[Point], inner: list[Point]) -> None:
        """The closed band between two rings of as many points (two triangles a side)."""
        self.triangles(colour, outer + inner, _band_indices(len(outer)))

    def polyline(self, colour: Sequence[float], points: Sequence[Point], width: float,
                 close: bool = False) -> None:
        """Straight segments ``width`` wide, each a quad lengthened by half the width at both
        ends so corners are filled."""
        ends = list(points) + ([points[0]] if close and len(points) > 2 else [])
        half = width / 2
        for (x1, y1), (x2, y2) in zip(ends, ends[1:], strict=False):
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            ux, uy = (x2 - x1) / length * half, (y2 - y1) / length * half
            self.polygon(colour, [(x1 - ux + uy, y1 - uy - ux), (x2 + ux + uy, y2 + uy - ux),
                                  (x2 + ux - uy, y2 + uy + ux), (x1 - ux - uy, y1 - uy + ux)])

    def draw(self) -> None:
        """Emit the meshes into the canvas being built (inside ``with canvas:``). The meshes
        hold this batch's arrays: add nothing to it afterwards."""
        from kivy.graphics import Color, Mesh  # here: the geometry above needs no Kivy

        for colour, vertices, indices in self.meshes():
            Color(*colour)
            Mesh(vertices=vertices, indices=indices, mode="triangles")

    def meshes(self) -> list[tuple[Colour, Vertices, Indices]]:
        """(colour, vertices as x, y, u, v, …, triangle indices): one draw call each."""
        return [(colour, vertices, indices) for colour, chunks in self._meshes.items()
                for vertices, indices in chunks]


class Glyphs:
    """Text textures placed many times; ``draw()`` emits one textured mesh per texture and
    tint."""

    def __init__(self) -> None:
        self._quads: dict[tuple[int, Colour], tuple[Any, Vertices, Indices]] = {}

    def place(self, texture: Any, cx: float, cy: float,
              tint: Sequence[float] = (1, 1, 1, 1)) -> None:
        """``texture`` centred on (cx, cy), multiplied by ``tint``."""
        key = (id(texture), tuple(tint))
        _texture, vertices, indices = self._quads.setdefault(
            key, (texture, vertex_array(), index_array()))
        first = len(vertices) // 4
        vertices.extend(glyph_quad(texture, cx, cy))
        indices.fromlist([first + index for index in QUAD_INDICES])

    def repeated(self, texture: Any, quads: Sequence[Sequence[float]],
                 tint: Sequence[float] = (1, 1, 1, 1)) -> None:
        """``texture`` at many places, as :meth:`place` at each would put it: ``quads`` are
        the places' vertices (:func:`glyph_quad`, worked out once per place by a caller that
        places the same texts again: a board's values at every repaint)."""
        if not quads:
            return
        key = (id(texture), tuple(tint))
        _texture, vertices, indices = self._quads.setdefault(
            key, (texture, vertex_array(), index_array()))
        first = len(vertices) // 4
        for quad in quads:
            _append(vertices, quad)
        template = _repeated_indices(QUAD_INDICES, 4, len(quads))
        if first == 0:
            indices.extend(template)
        else:
            indices.fromlist([first + index for index in template])

    def draw(self) -> None:
        from kivy.graphics import Color, Mesh

        for texture, tint, vertices, indices in self.meshes():
            Color(*tint)
            Mesh(vertices=vertices, indices=indices, mode="triangles", texture=texture)

    def meshes(self) -> list[tuple[Any, Colour, Vertices, Indices]]:
        """(texture, tint, vertices, indices): one draw call each."""
        return [(texture, tint, vertices, indices)
                for (_id, tint), (texture, vertices, indices) in self._quads.items()]


QUAD_INDICES = (0, 1, 2, 2, 3, 0)
"""A text's quad as two triangles."""


def glyph_quad(texture: Any, cx: float, cy: float) -> Vertices:
    """The vertices (x, y, u, v…) of ``texture`` centred on (cx, cy)."""
    w, h = texture.size
    x, y = cx - w / 2, cy - h / 2
    u = texture.tex_coords
    return vertex_array((x, y, u[0], u[1], x + w, y, u[2], u[3],
                         x + w, y + h, u[4], u[5], x, y + h, u[6], u[7]))


def outline_vertices(corners: Sequence[Point], width: float) -> tuple[Vertices, list[int]]:
    """:meth:`Shapes.outline`'s band of a convex polygon: its vertices as the mesh wants them
    and its triangles (for :meth:`Shapes.repeated`; callers only read them).
    A board that outlines the same fields at every redraw keeps the bands it needs (Crash by
    Crash's static layer and targets, per grid); kept here too, each polygon's corners were
    kept twice more as the key (~0.5 MB for Crash's 188 fields)."""
    count = len(corners)
    half = width / 2
    outer: list[Point] = []
    inner: list[Point] = []
    cx = sum(x for x, _y in corners) / count
    cy = sum(y for _x, y in corners) / count
    for number, (x, y) in enumerate(corners):
        bx, by = corners[number - 1]
        ax, ay = corners[(number + 1) % count]
        # outward normals of the two edges meeting here
        n1 = _outward(bx, by, x, y, cx, cy)
        n2 = _outward(x, y, ax, ay, cx, cy)
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        scale = half / max(1e-6, (mx * n1[0] + my * n1[1]))
        outer.append((x + mx * scale, y + my * scale))
        inner.append((x - mx * scale, y - my * scale))
    return (vertex_array([value for x, y in outer + inner for value in (x, y, 0.0, 0.0)]),
            _band_indices(count))


def polygon_vertices(corners: Sequence[Point]) -> tuple[Vertices, list[int]]:
    """:meth:`Shapes.polygon`'s filled convex polygon: its vertices as the mesh wants them
    and its triangles (a fan, one list per number of corners: callers only read it)."""
    return (vertex_array([value for x, y in corners for value in (x, y, 0.0, 0.0)]),
            _fan_indices(len(corners)))


@lru_cache(maxsize=64)
def _fan_indices(count: int) -> list[int]:
    """The triangles of a fan over ``count`` points (a convex polygon from its first corner)."""
    return [index for corner in range(1, count - 1) for index in (0, corner, corner + 1)]


_INDEX_TEMPLATES: dict[tuple[tuple[int, ...], int], Indices] = {}
"""Per shape (its triangles, its vertices): the triangles of as many copies of it as were
asked for so far, laid one after another (:func:`_repeated_indices`)."""


def _repeated_indices(indices: tuple[int, ...], per_chunk: int, chunks: int) -> Indices:
    """The triangles of ``chunks`` copies of a shape of ``per_chunk`` vertices laid one after
    another: a slice of the shape's template (one kept per shape, grown when more are
    asked for)."""
    key = (indices, per_chunk)
    template = _INDEX_TEMPLATES.get(key, index_array())
    if len(template) < chunks * len(indices):
        template = _INDEX_TEMPLATES[key] = index_array(
            number * per_chunk + index for number in range(chunks) for index in indices)
    return template[:chunks * len(indices)]


@lru_cache(maxsize=64)
def _band_indices(count: int) -> list[int]:
    """The triangles of a closed band between two rings of ``count`` points each."""
    indices = []
    for number in range(count):
        following = (number + 1) % count
        indices += [number, following, count + number,
                    following, count + following, count + number]
    return indices


def _outward(x1: float, y1: float, x2: float, y2: float, cx: float, cy: float) -> Point:
    """The unit normal of the edge (x1, y1)–(x2, y2) pointing away from (cx, cy)."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = (y2 - y1) / length, -(x2 - x1) / length
    if nx * ((x1 + x2) / 2 - cx) + ny * ((y1 + y2) / 2 - cy) < 0:
        nx, ny = -nx, -ny
    return nx, ny


def circle_points(cx: float, cy: float, radius: float, segments: int) -> list[Point]:
    return [(cx + radius * math.cos(2 * math.pi * n / segments),
             cy + radius * math.sin(2 * math.pi * n / segments)) for n in range(segments)]


__all__ = ["QUAD_INDICES", "Glyphs", "Shapes", "circle_points", "glyph_quad"]


def _float32(value: float) -> float:
    """``value`` as a C ``float`` holds it (Kivy keeps its shapes' boxes in floats)."""
    stored: float = struct.unpack("f", struct.pack("f", value))[0]
    return stored


def kivy_rectangle_corners(x: float, y: float, w: float, h: float) -> list[Point]:
    """The corners of Kivy's ``Rectangle(pos=(x, y), size=(w, h))`` as it computes them
    (``kivy/graphics/vertex_instructions.pyx``: in floats), so a mesh of them covers the same
    pixels."""
    x, y, w, h = (_float32(value) for value in (x, y, w, h))
    right, top = _float32(x + w), _float32(y + h)
    return [(x, y), (right, y), (right, top), (x, top)]


def kivy_ellipse_fan(x: float, y: float, w: float, h: float, segments: int = 0,
                     angle_start: float = 0.0, angle_end: float = 360.0) -> list[Point]:
    """The centre and rim points of Kivy's ``Ellipse(pos=(x, y), size=(w, h),
    segments=segments, angle_start=…, angle_end=…)``, computed step for step as Kivy 2.3 does
    (its box and angles in floats, the rim by its rotation recurrence in doubles; no segments:
    one per two degrees), so a fan over them covers the same pixels."""
    x, y, w, h = (_float32(value) for value in (x, y, w, h))
    if w == 0 or h == 0:
        return []
    start, end = _float32(angle_start), _float32(angle_end)
    if segments < 3:
        segments = max(1, int(abs(_float32(end - start)) / 2))
    rx, ry = 0.5 * w, 0.5 * h
    start_radians = start * 0.017453292519943295
    angle_range = -1 * (end * 0.017453292519943295 - start_radians) / segments
    tangential_factor, radial_factor = math.tan(angle_range), math.cos(angle_range)
    rim_x, rim_y = 0.5 * math.sin(start_radians), 0.5 * math.cos(start_radians)
    points: list[Point] = [(x + rx, y + ry)]
    for _step in range(segments + 1):
        points.append((x + (0.5 + rim_x) * w, y + (0.5 + rim_y) * h))
        rim_x, rim_y = rim_x - rim_y * tangential_factor, rim_y + rim_x * tangential_factor
        rim_x *= radial_factor
        rim_y *= radial_factor
    return points


def kivy_rounded_rectangle_fan(x: float, y: float, w: float, h: float, radius: float,
                               segments: int = 10) -> list[Point]:
    """The centre and outline points of Kivy's ``RoundedRectangle(pos=(x, y), size=(w, h),
    radius=[radius], segments=segments)`` (``radius`` > 0), computed step for step as Kivy 2.3
    does: the box in floats, each corner an arc of ``segments`` points by the rotation
    recurrence in doubles, then the point closing the arc. Its fan closes on point 1."""
    x, y, w, h = (_float32(value) for value in (x, y, w, h))
    if w == 0 or h == 0:
        return []
    half_w, half_h = w / 2, h / 2
    rx, ry = min(radius, half_w), min(radius, half_h)
    top, right = _float32(y + h), _float32(x + w)
    centres = [(x + rx, top - ry), (right - rx, top - ry), (right - rx, y + ry), (x + rx, y + ry)]
    points: list[Point] = [(x + half_w, y + half_h)]
    for corner, (px, py) in enumerate(centres):
        dw, dh = ((0, 1), (1, 1), (1, 0), (0, 0))[corner]
        start = (180 - 90 * corner) * 0.017453292519943295
        end = (180 - 90 * corner - 90) * 0.017453292519943295
        theta = (end - start) / segments
        tangential_factor, radial_factor = math.tan(theta), math.cos(theta)
        arc_x, arc_y = math.cos(start), math.sin(start)
        for _step in range(segments):
            points.append((px + arc_x * rx, py + arc_y * ry))
            arc_x, arc_y = arc_x - arc_y * tangential_factor, arc_y + arc_x * tangential_factor
            arc_x *= radial_factor
            arc_y *= radial_factor
        points.append((px * (dw != dh) + x * (dw == dh) + w * (dw * dh),
                       py * (dw == dh) + y * (dw != dh) + h * (dh > dw)))
    return points
