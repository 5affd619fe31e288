"""What every game's SVG gets besides the snapshot: the seats' looks, this seat's legal inputs,
the last input and the language."""

from __future__ import annotations

from dataclasses import dataclass

from companion.web.svg.drawing import Look


@dataclass(frozen=True)
class Scene:
    """The options of one drawing (``board_svg``'s keyword arguments, made ready)."""

    looks: list[Look]
    legal: frozenset[str]
    last: str | None
    lang: str
    label: str = ""


__all__ = ["Scene"]
