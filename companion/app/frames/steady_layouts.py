"""Box and grid layouts that skip a pass which would change nothing.

A Kivy layout sets its children's sizes, and every child's size change triggers the layout
again: whenever a pass changes a child's size, a second pass follows in the same frame and
finds everything in place. On the play screen's right column that doubled every layout of a
tap that moves its parts (the scoreboard giving the table lines its room: ~8 passes, ~0.7 ms
on this machine). A steady layout remembers what its last pass left (its own size, position,
padding, spacing…, its children and their sizes and hints) and does nothing when it is asked
again with all of that unchanged: a pass over the very state it produced would produce it
again. A steady box that only moved (the same size, children and sizes) moves its children
by as much, as its pass would. Anything else (a child's size changed by its own content, a
new child, another size of its own) lays it out as before.

The classes register under their names with Kivy's Factory, for the kv files."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout


def _children_inputs(layout: Any) -> list[Any]:
    """What a layout reads of its children, read property by property (a pair such as
    ``size`` costs ~4 µs to read, its two numbers ~0.1 µs; a hint's order of keys changed
    counts as a change: one pass more, never one less)."""
    return [(id(child), child.width, child.height, child.size_hint_x, child.size_hint_y,
             child.size_hint_min_x, child.size_hint_min_y, child.size_hint_max_x,
             child.size_hint_max_y, *child.pos_hint.items()) for child in layout.children]


class SteadyBoxLayout(BoxLayout):
    """A :class:`BoxLayout` that skips a pass which would change nothing (module docs)."""

    _left_as: tuple[Any, ...] | None = None

    def _layout_inputs(self) -> tuple[Any, ...]:
        return (self.width, self.height, self.x, self.y, *self.padding, self.spacing,
                self.orientation, _children_inputs(self))

    def do_layout(self, *args: Any) -> None:
        left = self._left_as
        if left is not None:
            now = self._layout_inputs()
            if now == left:
                return
            if now[:2] == left[:2] and now[4:] == left[4:]:  # moved, nothing else changed
                _shift_children(self, now[2] - left[2], now[3] - left[3])
                self._left_as = now
                return
        super().do_layout(*args)
        self._left_as = self._layout_inputs()


def _shift_children(layout: Any, dx: float, dy: float) -> None:
    """Move the children by the layout's own move: where a pass would put them, as a box
    places its children at its own position plus what their sizes add up to (a score row
    taken back into the scoreboard is placed without laying its parts out again)."""
    for child in layout.children:
        child.pos = (child.x + dx, child.y + dy)


class SteadyGridLayout(GridLayout):
    """A :class:`GridLayout` that skips a pass which would change nothing (module docs)."""

    _left_as: tuple[Any, ...] | None = None

    def _layout_inputs(self) -> tuple[Any, ...]:
        return (self.width, self.height, self.x, self.y, *self.padding, *self.spacing,
                self.orientation, self.cols, self.rows, self.col_default_width,
                self.row_default_height, self.col_force_default, self.row_force_default,
                tuple(sorted(self.cols_minimum.items())),
                tuple(sorted(self.rows_minimum.items())), _children_inputs(self))

    def do_layout(self, *args: Any) -> None:
        if self._left_as is not None and self._layout_inputs() == self._left_as:
            return
        super().do_layout(*args)
        self._left_as = self._layout_inputs()


__all__ = ["SteadyBoxLayout", "SteadyGridLayout"]
