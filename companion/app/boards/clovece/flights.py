"""The pieces' flights after an input on the Člověče board: the piece just moved by a tap, then
the captured ones going home, each along its path in its share of the animation, and the
places they land on, hidden until they arrive.

Kivy-free: :meth:`Flights.plan` reads them from the position before and after, the input the
board sent and the input's events; the board animates ``move_progress`` from 0 to 1 and draws
each piece along its path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.geometry.clovece import COLOURS, Layout, flight_path

Flight = tuple[str, list[tuple[float, float]], float, float]
"""(colour, path, begins, ends): ``begins`` and ``ends`` are shares of the whole animation."""


@dataclass(frozen=True, slots=True)
class Flights:
    """The flights of one input, and the places (``("field", n)``, ``("home", (seat, i))``,
    ``("goal", (seat, slot))``) whose piece is hidden while they fly."""

    paths: tuple[Flight, ...] = ()
    hidden: frozenset[tuple[str, Any]] = field(default_factory=frozenset)

    @classmethod
    def plan(cls, layout_now: Callable[[], Layout], previous: dict[str, Any],
             previous_legal: Sequence[dict[str, Any]], state: dict[str, Any], sent: str,
             events: Sequence[str]) -> Flights:
        """The piece just moved by a tap (``sent``: the input the board sent, "" when it came
        from elsewhere), then the captured ones going home: their paths. ``layout_now``: the
        board's layout, asked only when something may fly."""
        flights: list[Flight] = []
        hidden: set[tuple[str, Any]] = set()
        if not previous or not events and not sent:
            return cls()
        layout = layout_now()
        labels = [seat["seat"] for seat in state["seats"]]
        moved = next((a for a in previous_legal if a["input"] == sent), None)
        starts = 0.0
        mover = str(previous.get("current"))
        if moved is not None and mover in labels:
            path = flight_path(layout, previous, moved, int(mover[1:]))
            if len(path) > 1:
                flights.append((moved["colour"] or "", path, 0.0, 1.0))
                starts = 1.0
                if moved["to_slot"]:
                    hidden.add(("goal", (int(mover[1:]), moved["to_slot"] - 1)))
                elif moved["to_field"] is not None:
                    hidden.add(("field", moved["to_field"]))
        for event in events:
            words = event.split()
            if words[0] != "capture":
                continue
            colour, spot = words[1].split("@")
            seat = int(words[3][1:])
            path = [layout.fields[int(spot)], layout.homes[seat][COLOURS.index(colour)]]
            flights.append((colour, path, starts, starts + 1.0))
            hidden.add(("home", (seat, COLOURS.index(colour))))
        if flights:
            total = max(end for *_rest, end in flights)
            flights = [(c, p, s / total, e / total) for c, p, s, e in flights]
        return cls(tuple(flights), frozenset(hidden))


__all__ = ["Flight", "Flights"]
