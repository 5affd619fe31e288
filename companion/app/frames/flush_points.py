"""Flush points: a frame reaches a software GL in parts, so it never holds all of it at once.

Mesa's llvmpipe (the software rasteriser of a machine without a GPU driver: CI, this
development machine, a Pi without its driver) keeps every draw call of a frame in memory
("the scene", ~37 kB a draw call, ``benchmarks/README.md``) until the frame is rasterized,
and frees a rasterized scene only when it takes the scene up again for new draws; while a
scene is still being rasterized it starts another (and keeps it). So a frame of ~200 draw
calls held 7-12 MB for a moment, and that moment was the app's peak. A :class:`FlushPoint`
in a canvas waits, where it is drawn, until the draws before it are rasterized
(``glFinish``): the next draws then reuse that scene and its memory, and a frame holds one
part's commands at most. The pixels are the same (the same draws in the same order); the
rasteriser's threads do the same work, only in parts.

A GPU keeps its command lists in the GPU's memory, and a wait mid-frame would cost a tiled
GPU (the Pi's VideoCore) a store and a reload of the whole frame: there the points do nothing
(the GL's renderer is read once, at the first point drawn).

Where the points go: :func:`flush_after` puts one after a widget (the play screen's parts), and
:func:`keep_in_parts` has a widget's canvas split by the count of its draw calls before every
frame in which it changed (a board: its layers hold up to ~80 draw calls each).
:func:`draw_runs` counts the draw calls between the points, in drawing order.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from kivy.graphics import Callback, InstructionGroup
from kivy.graphics.instructions import VertexInstruction
from kivy.graphics.opengl import glFinish

from companion.app.frames.software_gl import gl_is_software

MOST_DRAWS = 30
"""The most draw calls a part of a frame holds (at ~37 kB each under llvmpipe: ~1.1 MB)."""


def _flush(_instruction: Any) -> bool:
    if gl_is_software():
        glFinish()
    return True  # done: the point asks for no frame of its own


class FlushPoint(Callback):
    """A point in a canvas where the draws before it are rasterized before any after it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(_flush, **kwargs)


def flush_after(widget: Any) -> FlushPoint:
    """A flush point after everything the widget and its children draw (its ``canvas.after``),
    added once: the same point again when it has one."""
    after = widget.canvas.after
    for instruction in after.children:
        if isinstance(instruction, FlushPoint):
            return instruction
    point = FlushPoint()
    after.add(point)
    return point


def draw_runs(group: Any) -> list[int]:
    """The draw calls (vertex instructions) between the flush points of a canvas tree, in the
    order Kivy draws it: one count before the first point, one after each."""
    runs = [0]

    def walk(instruction: Any) -> None:
        if isinstance(instruction, FlushPoint):
            runs.append(0)
        elif isinstance(instruction, VertexInstruction):
            runs[-1] += 1
        elif isinstance(instruction, InstructionGroup):  # canvases, their before and after
            for child in instruction.children:
                walk(child)

    walk(group)
    return runs


_DRAW, _GROUP, _POINT, _OTHER = range(4)
_KINDS: dict[type, int] = {}
"""Each instruction class's kind, looked up once: the pass runs before every frame."""


def _kind(cls: type) -> int:
    if issubclass(cls, FlushPoint):
        kind = _POINT
    elif issubclass(cls, VertexInstruction):
        kind = _DRAW
    elif issubclass(cls, InstructionGroup):
        kind = _GROUP
    else:
        kind = _OTHER
    _KINDS[cls] = kind
    return kind


class Splitter:
    """Places flush points in a canvas tree wherever more than ``most`` draw calls would come
    between two (the points already there kept), again after every change of the tree.

    What it counted in a group is kept: a group Kivy has not flagged as changed since it was
    drawn (``needs_redraw``) is not walked again when what it holds cannot need a new point
    (a board's layers that stayed as they were; ~0.15 ms a frame walked whole).
    """

    def __init__(self, most: int = MOST_DRAWS) -> None:
        self.most = most
        self._counted: dict[int, tuple[Any, int, int, int, bool]] = {}
        """By id: the group, its draw calls, those before its first point and after its last,
        whether it holds a point (only the groups met in the last pass: no dead one kept)."""

    def split(self, group: Any) -> int:
        """Flush points into ``group``'s tree where a run of draws would pass ``most``; how many
        were added."""
        most = self.most
        kinds = _KINDS
        old, counted = self._counted, {}
        places: list[tuple[Any, int]] = []
        """Where a point goes: the group and the index of the draw it goes before."""
        run = 0

        def walk(parent: Any) -> tuple[int, int, bool]:
            """Walks ``parent``'s children: their draws, those before the first point, whether
            one is among them (``run``: the draws since the last point, at the end)."""
            nonlocal run
            draws = 0
            before_point = -1
            for index, instruction in enumerate(parent.children):
                cls = type(instruction)
                kind = kinds.get(cls)
                if kind is None:
                    kind = _kind(cls)
                if kind == _DRAW:
                    if run == most:
                        places.append((parent, index))
                        if before_point < 0:
                            before_point = draws
                        run = 0
                    run += 1
                    draws += 1
                elif kind == _GROUP:
                    known = old.get(id(instruction))
                    if (known is not None and known[0] is instruction
                            and not instruction.needs_redraw and run + known[2] <= most):
                        run = known[3] if known[4] else run + known[1]  # as it was counted
                    else:
                        inner, first, has_point = walk(instruction)
                        known = (instruction, inner, first, run if has_point else inner,
                                 has_point)
                    counted[id(instruction)] = known
                    if known[4] and before_point < 0:
                        before_point = draws + known[2]
                    draws += known[1]
                elif kind == _POINT:
                    if before_point < 0:
                        before_point = draws
                    run = 0
            has_point = before_point >= 0
            return draws, before_point if has_point else draws, has_point

        walk(group)
        self._counted = counted
        for parent, index in reversed(places):  # the later first: earlier indexes stay right
            parent.insert(index, FlushPoint())
        return len(places)


_kept_in_parts: WeakKeyDictionary[Any, Splitter] = WeakKeyDictionary()
_watching: list[bool] = []
"""Whether the window's ``on_draw`` has the split bound (once, whatever widgets come and go)."""


def keep_in_parts(widget: Any) -> None:
    """Before every frame in which the widget's canvas changed (and it is in the window), flush
    points go into it wherever more than :data:`MOST_DRAWS` draw calls would come between two."""
    if not _watching:
        from kivy.core.window import Window

        Window.fbind("on_draw", _split_changed)
        _watching.append(True)
    _kept_in_parts[widget] = Splitter()


def _split_changed(*_: Any) -> None:
    if not gl_is_software():  # a GPU: the points would do nothing, so none are placed
        return
    for widget, splitter in list(_kept_in_parts.items()):
        if widget.canvas.needs_redraw and widget.get_root_window() is not None:
            splitter.split(widget.canvas)
