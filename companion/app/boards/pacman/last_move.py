"""What the PAC-MAN board reads of the input just played: the path each figure ran, where on
PAC-MAN's path each eaten ghost vanished, who caught him, and whether everyone goes back to
the start squares.

Kivy-free: a :class:`LastMove` is read from the input's events; the board runs the figures
along ``tracks`` and slides them back after a catch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class LastMove:
    """The last input's moves: ``tracks`` the squares each figure ran through ("pacman" or a
    ghost's letter), ``vanish`` each eaten ghost's square and its step on PAC-MAN's path,
    ``caught`` the ghost that caught PAC-MAN ("" when none), ``is_reset`` everyone back to
    the start squares."""

    tracks: Mapping[str, list[str]] = field(default_factory=dict)
    vanish: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    caught: str = ""
    is_reset: bool = False

    @classmethod
    def read(cls, events: Sequence[str]) -> LastMove:
        tracks: dict[str, list[str]] = {}
        vanish: dict[str, tuple[str, int]] = {}
        caught = ""
        for event in events:
            kind, _space, rest = event.partition(" ")
            words = rest.split()
            if kind == "pacman":
                tracks["pacman"] = words[0].split("-")
            elif kind == "ghost":
                tracks[words[0]] = words[1].split("-")
            elif kind == "eat":
                path = tracks.get("pacman", [])
                vanish[words[0]] = (words[1], path.index(words[1]) if words[1] in path else 0)
            elif kind == "caught":
                caught = words[0]
        return cls(tracks, vanish, caught, "reset" in events)

    @property
    def steps(self) -> int:
        """The longest track's steps (0 when nothing moved)."""
        return max((len(track) - 1 for track in self.tracks.values()), default=0)


__all__ = ["LastMove"]
