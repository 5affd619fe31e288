"""A layer of colours, lines and triangles that a redraw changes in place.

A layer painted anew at each change (the arrows and crosses of what the last action moved)
would make new instructions and let go of the last ones: each vertex instruction, once drawn,
hands its batch and buffer back to the GL through the clock when it is freed, and each one added
to or taken from the canvas flags the canvases up to the window's. Here the layer keeps its
instructions and the next painting walks them in order: an instruction of the same kind is given
its new colour or points (and width) in place; from the first one of another kind on, the rest
is taken out and kept aside, and the instructions after it are those kept aside, given their new
values and added again, else made anew; those left over at the end are taken out and kept aside
too (a step that shows no events does not free the instructions the next one shows). The pixels
are those of new instructions with the same values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.graphics import Canvas, Color, Line, Triangle


class KeptInstructions:
    """The instructions shown in one layer (its canvas holds nothing else)."""

    def __init__(self, layer: Canvas) -> None:
        self.layer = layer
        self._shown: list[Any] = []
        self._aside: dict[type, list[Any]] = {Color: [], Line: [], Triangle: []}
        """Instructions taken out of the layer, to be shown again before any is made."""
        self._at = 0
        self.made = 0
        """How many instructions were made for the layer (not those changed in place)."""

    def begin(self) -> None:
        """Start painting the layer from its first instruction."""
        shown = self._shown
        if shown and not any(child is shown[-1] for child in self.layer.children):
            self.clear()  # emptied by someone else (a vertex instruction's children include
            # its texture binding: the lists do not compare)
        self._at = 0

    def end(self) -> None:
        """The instructions not painted this time taken out of the layer."""
        for instruction in self._shown[self._at:]:
            self.layer.remove(instruction)
            self._aside[type(instruction)].append(instruction)
        del self._shown[self._at:]

    def clear(self) -> None:
        self.layer.clear()
        self._shown = []
        self._at = 0

    def colour(self, rgba: Sequence[float]) -> None:
        kept = self._kept(Color)
        if kept is None:
            self._add(Color(*rgba), is_made=True)
        elif list(kept.rgba) != list(rgba):
            kept.rgba = rgba

    def line(self, points: list[float], width: float, close: bool = False) -> None:
        kept = self._kept(Line)
        if kept is None:
            self._add(Line(points=points, width=width, close=close), is_made=True)
            return
        if kept.width != width:
            kept.width = width
        if kept.close != close:
            kept.close = close
        kept.points = points

    def triangle(self, points: list[float]) -> None:
        kept = self._kept(Triangle)
        if kept is None:
            self._add(Triangle(points=points), is_made=True)
        else:
            kept.points = points

    def _kept(self, kind: type) -> Any:
        """The next instruction shown, when it is a ``kind``; else one kept aside, added back;
        else None (to be made). An instruction of another kind is taken out with those after
        it."""
        at = self._at
        if at < len(self._shown):
            instruction = self._shown[at]
            if type(instruction) is kind:
                self._at = at + 1
                return instruction
            self.end()
        aside = self._aside[kind]
        if aside:
            instruction = aside.pop()
            self._add(instruction, is_made=False)
            return instruction
        return None

    def _add(self, instruction: Any, is_made: bool) -> None:
        self.layer.add(instruction)
        self._shown.append(instruction)
        self._at += 1
        self.made += is_made


__all__ = ["KeptInstructions"]
