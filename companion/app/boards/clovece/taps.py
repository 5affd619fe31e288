"""What a tap on the Člověče board means: the legal inputs of the piece tapped (or of the
field, home or goal under the finger), whether a tap answers the coach's hint, and the way a
piece's move takes.

Kivy-free: a :class:`Position` is the board's layout (:mod:`companion.geometry.clovece`), the
snapshot's state, the legal inputs and the seat to act; the board makes one for a tap and asks
it, then plays the one input it means, or asks "Which piece?" among several.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.geometry.clovece import (
    COLOURS,
    Layout,
    element_at,
    flight_path,
    lines_of,
    movable_spots,
)

TOUCH_REACH = 30
"""A tap this close (px) to a movable piece means that piece, however small it is drawn."""

Point = tuple[float, float]


def mover_of(snapshot: Mapping[str, Any]) -> int | None:
    """The S-number of the seat expected to act now (the roll-off roller included)."""
    to_move = snapshot.get("to_move")
    seats = (snapshot.get("state") or {}).get("seats", [])
    if to_move is None or to_move >= len(seats):
        return None
    return int(seats[to_move]["seat"][1:])


@dataclass(frozen=True, slots=True)
class Position:
    """The board a tap is on: where everything is drawn, the state, the legal inputs and the
    seat to act (its S-number, None when nobody is to)."""

    layout: Layout
    state: dict[str, Any]
    legal: list[str]
    mover: int | None

    def lines_for_tap(self, x: float, y: float) -> list[str]:
        """The legal inputs a tap at (x, y) means; else the one input whose rejection
        explains."""
        layout, state, legal = self.layout, self.state, self.legal
        movable = movable_spots(layout, state, legal, self.mover)
        near = sorted((math.dist((x, y), (px, py)), key) for key, (px, py) in movable.items())
        reach = max(TOUCH_REACH, layout.field_radius * 1.2)
        near = [(distance, key) for distance, key in near if distance <= reach]
        if near:
            keys = [key for distance, key in near if distance <= near[0][0] + 6]
            return [line for key in keys for line in lines_of(state, legal, key)]
        target = element_at(layout, x, y)
        if target is None:
            return []
        kind, where = target
        if kind == "field":
            colours = [p["colour"] for p in state["track"] if p["field"] == where]
            if len(set(colours)) > 1:
                return [f"move {where} {colours[-1]}"]
            return [f"move {where}"]
        mover = self.mover
        if mover is None or where[0] != mover:
            return []
        if kind == "home":
            return [f"enter {COLOURS[where[1]]}"]
        return [f"goal-move {where[1] + 1}"]

    def is_hint_tap(self, hinted: str, lines: Sequence[str], x: float, y: float) -> bool:
        """A tap on the hinted piece, or on where it lands unless a movable piece is there."""
        if hinted in lines:
            return True
        way = self.hint_way(hinted)
        if not way or lines and all(line in self.legal for line in lines):
            return False  # a movable piece tapped: that piece
        return math.dist((x, y), way[-1]) <= max(TOUCH_REACH, self.layout.field_radius * 1.2)

    def action(self, line: str) -> dict[str, Any] | None:
        """The snapshot's entry of a piece's legal move (None for other inputs)."""
        return next((a for a in self.state.get("legal", []) if a["input"] == line), None)

    def hint_way(self, line: str) -> list[Point]:
        """The points the piece of ``line`` passes, from where it stands to where it lands."""
        action, mover = self.action(line), self.mover
        if action is None or mover is None:
            return []
        return flight_path(self.layout, self.state, action, mover)


__all__ = ["TOUCH_REACH", "Position", "mover_of"]
