"""The Crash by Crash build guide (issue #8): which tile to lay on each position, turned how far.

While the game is in its set-up (before the first placer is chosen) and whenever the players tap
"Build guide" in the strip, each of the 25 tile positions carries a card with its tile id and
its clockwise turn ("X07 ↻180°", "F03 ↻120°"); a flower's star field gets a gold ring, so the
star petal shows which way the physical tile goes. The layout is the match's ``tiles`` option
(shuffled by the new-game screen, or the reference layout), checked against the values on the
board (``companion.app.crash_layout_setup.guide_placement``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle

from companion.app.boards.batch import Shapes
from companion.app.boards.crash.hex import HexGrid, fill_hex, outline_hex
from companion.games.crash.board import DIRECTION_INDEX, FIELD_NAMES, GEOMETRY, NEIGHBOURS
from companion.table.crash_setup import (
    edited_placement,
    guide_label,
    guide_placement,
    layout_fix,
    rotation_count,
    tile_choices,
    turn_degrees,
)

SYMBOL_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
"""Has ↻ and ★ (Roboto has neither); the default font when it is missing."""
X_CARD = (0.10, 0.12, 0.16, 0.88)
FLOWER_CARD = (0.30, 0.10, 0.30, 0.88)
CARD_EDGE = (1, 0.92, 0.6, 1)
STAR_RING = (0.98, 0.78, 0.10, 1)
STAR_SHIFT = 0.45
"""A flower's card moves this part of a field's width away from its star petal."""


class GuidePainter:
    """Paints the guide's cards over the hexes; keeps only text textures and the labels."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self._textures: dict[tuple[str, int], Any] = {}
        self.placement: dict[str, tuple[str, int] | None] = {}
        self.editing = ""
        """The tile position being edited (its tile id is ``chosen``), "" when none."""
        self.chosen = ""
        self.labels: dict[str, str] = {}
        """Per tile position, the text of its card (what the test reads back)."""
        self.stars: dict[str, str] = {}
        """Per flower position with a star, its star field (the star petal as laid): ringed,
        and the card moves off it a little so the ring shows which way the tile goes."""

    def update(self, snapshot: dict[str, Any]) -> None:
        fields = snapshot["state"]["fields"]
        values = [GEOMETRY.value_names.index(field["colour"]) for field in fields]
        placement = guide_placement(snapshot.get("options") or {}, values)
        self.placement = placement
        self.labels = {position: guide_label(position, entry)
                       for position, entry in placement.items()}
        self.stars = {}
        for position, entry in placement.items():
            tile = GEOMETRY.tile_index(position)
            star = GEOMETRY.catalogue[entry[0]].get("star") if entry else None
            if entry is None or tile not in GEOMETRY.flower_tiles or not star:
                continue
            direction = (DIRECTION_INDEX[str(star).upper()] + entry[1]) % 6
            self.stars[position] = FIELD_NAMES[NEIGHBOURS[GEOMETRY.centre_of[tile]][direction]]

    def _texture(self, text: str, size: int) -> Any:
        key = (text, size)
        if key not in self._textures:
            font = {"font_name": str(SYMBOL_FONT)} if SYMBOL_FONT.exists() else {"bold": True}
            label = CoreLabel(text=text, font_size=size, color=(1, 1, 1, 1), **font)
            label.refresh()
            self._textures[key] = label.texture
        return self._textures[key]

    def paint(self, grid: HexGrid) -> None:
        # the star rings first: the cards cover their inner half, never the other way round
        Color(*STAR_RING)
        for name in self.stars.values():
            fill_hex(grid, name, 0.5)
            outline_hex(grid, name, 3, 0.92)
        cards = []
        fills = Shapes()  # the cards' backs: one draw call per colour (cards never overlap)
        for tile, position in enumerate(GEOMETRY.tile_names):
            names = [FIELD_NAMES[field] for field in GEOMETRY.tile_fields[tile]]
            points = [grid.centre(name) for name in names]
            cx = sum(x for x, _y in points) / len(points)
            cy = sum(y for _x, y in points) / len(points)
            if position in self.stars:
                sx, sy = grid.centre(self.stars[position])
                cx, cy = cx - STAR_SHIFT * (sx - cx), cy - STAR_SHIFT * (sy - cy)
            label = self.labels.get(position, "?")
            tile_id, _space, turn = label.partition(" ")
            top, bottom = self._texture(tile_id, 24), self._texture(turn, 20) if turn else None
            width = max(top.width, bottom.width if bottom else 0) + 12
            height = top.height + (bottom.height if bottom else 0) + 8
            fills.kivy_rounded_rectangle(FLOWER_CARD if tile in GEOMETRY.flower_tiles
                                         else X_CARD, cx - width / 2, cy - height / 2, width,
                                         height, 8)
            cards.append((cx, cy, width, height, top, bottom))
        fills.draw()
        for cx, cy, width, height, top, bottom in cards:
            Color(*CARD_EDGE)
            Line(rounded_rectangle=(cx - width / 2, cy - height / 2, width, height, 8), width=1.2)
            Color(1, 1, 1, 1)
            y = cy + height / 2 - 4 - top.height
            Rectangle(texture=top, size=top.size, pos=(cx - top.width / 2, y))
            if bottom is not None:
                Rectangle(texture=bottom, size=bottom.size,
                          pos=(cx - bottom.width / 2, y - bottom.height))

    # -- the tile editor: tap a position → its tile → its turn → ``fix`` (undoable) -----------

    def edit(self, x: float, y: float) -> None:
        """A tap on the guide: pick the tile laid on the position under the finger."""
        board = self.board
        field = board.grid().field_at(x, y)
        if field is None:
            return
        self.editing = GEOMETRY.tile_names[GEOMETRY.tile_of[FIELD_NAMES.index(field)]]
        self.chosen = ""
        _ = board.tr
        current = self.placement.get(self.editing)
        choices = [(tile_id, tile_id, "yellow" if current and current[0] == tile_id else "grey",
                    True) for tile_id in tile_choices(self.editing)]
        self._show(_("Which tile lies on {position}?").format(position=self.editing),
                   choices)

    def _show(self, title: str, choices: list[tuple[str, str, str, bool]]) -> None:
        self.board.controls.show_choices("tile", title, choices, self._picked)

    def _picked(self, key: str) -> None:
        board = self.board
        _ = board.tr
        if not self.chosen:
            self.chosen = key
            turns = [(str(r), f"{turn_degrees(self.editing, r)}\u00b0", "grey", True)
                     for r in range(rotation_count(self.editing))]
            self._show(_("{tile} on {position}: turned clockwise by").format(
                tile=key, position=self.editing), turns)
            return
        placement = edited_placement(self.placement, self.editing, self.chosen, int(key))
        self.editing = self.chosen = ""
        board.controls.close_picker(redraw=False)
        try:
            line = layout_fix(board._st["position"], placement)
        except ValueError:
            board.controls.update_strip()
            return
        board.host.send(line)


__all__ = ["GuidePainter"]
