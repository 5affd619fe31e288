"""The patamat board as SVG (being drawn: for now the position's line, so that the page works)."""

from __future__ import annotations

from typing import Any

from companion.web.svg.drawing import Drawing
from companion.web.svg.scene import Scene


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    drawing = Drawing(480, 480, label=scene.label, background="#1b1f27")
    drawing.text(240, 240, str(snapshot.get("position", ""))[:60], 14, fill="#e6e8ef")
    return drawing.svg()


__all__ = ["draw"]
