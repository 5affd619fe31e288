"""What the Pat a Mat board reads of the input just played: the path a pawn ran, the pawns it
bumped back, the traffic light's lamp it lit.

Kivy-free: a :class:`LastMove` is read from the input's events and where the pawns stood before
it; the board runs the pawn along ``trail``, draws the trail and the light from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LastMove:
    """The last input's move: ``trail`` the fields the ``mover``'s pawn ran through (from where
    it stood), ``bumps`` (pawn, from field, to field) of the pawns sent back, ``light`` the
    lamp lit ("" when none)."""

    trail: tuple[str, ...] = ()
    mover: str = ""
    bumps: tuple[tuple[str, str, str], ...] = ()
    light: str = ""

    @classmethod
    def read(cls, events: Sequence[str], before: Mapping[str, str]) -> LastMove:
        """The move in ``events``; ``before``: each pawn's field before the input."""
        trail: list[str] = []
        mover = ""
        bumps: list[tuple[str, str, str]] = []
        for event in events:
            words = event.split()
            if words[0] == "move" and len(words) >= 5 and words[4] != "-":
                path = words[4].split(">")
                origin = before.get(words[1])
                trail = ([origin] if origin and origin != path[0] else []) + path
                mover = words[1]
            elif words[0] == "bump" and len(words) == 4:
                bumps.append((words[1], words[2], words[3]))
        return cls(tuple(trail), mover, tuple(bumps), lit_lamp(events))


def lit_lamp(events: Sequence[str]) -> str:
    """The traffic light's lamp an input's events light ("" when none)."""
    lit = ""
    for event in events:
        words = event.split()
        if words[0] == "light" and len(words) == 4:
            lit = words[3]
    return lit


__all__ = ["LastMove", "lit_lamp"]
