"""The coach's hint on the Crash by Crash board: the suggested action shown as its preview.

A mixin of :class:`~companion.app.boards.crash.CrashBoard`. The board is put where the players'
own taps would have brought it (the field selected, the push arrow and batteries chosen, the
operator's steps, the card's targets), then the action is previewed as after those taps: the
cars moved, the points; a second tap on the same field or arrow, or OK, plays it, and any
other tap is ordinary play. Set-up: the field of the operator's start or a starting car is
framed, the first placer's button in the strip marked. The table's cards (the display, a
refill, a four-player discard) are no one's choice: there is no hint for them; the cards
drawn at the end of a turn are the play screen's choice buttons (the hinted one marked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.crash import queries

MOVE_ACTIONS = ("place", "magnet", "operator", "card", "swap", "pass")
SETUP_ACTIONS = ("first", "operator-start", "init")


class CrashHint:
    """``can_preview`` / ``show_preview`` of the Crash board (mixed into CrashBoard)."""

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is CrashBoard's

    def can_preview(self, line: str) -> bool:
        if self._state is None or not self.is_interactive or self.is_fixing:
            return False
        head = line.split()[0] if line.split() else ""
        if self._awaiting == "setup":
            return head in SETUP_ACTIONS and line in self.host.legal()
        if self._awaiting == "move":  # legal() has thousands of lines: ask the preview
            return head in MOVE_ACTIONS and bool(queries.preview(self.game, line).get("ok"))
        return False

    def show_preview(self, line: str) -> None:
        self._reset()
        words = line.split()
        head = words[0]
        if head == "first":  # only the strip's button: the build guide covers the hexes
            self.preview = line
            self._update_strip()
            return
        if head in ("init", "operator-start"):
            self.selected = words[1]
        elif head == "magnet":  # as after "Magnet" and a tap on the field
            self.mode = "magnet"
            self.selected = words[1]
            self.targets = set(queries.legal_placement_fields(self.game, "magnet"))
        elif head == "place":
            field = words[1]
            push = next((word[5:] for word in words if word.startswith("push=")), "")
            self.selected = field
            self.directions = queries.push_directions(self.game, field)
            self.first_push = push.split(",")[0] if "," in push else ""
            self.direction = push
            self.batteries = int(next((word[4:] for word in words if word.startswith("bat=")),
                                      "0"))
            self.mode = "battery"
        elif head == "operator":
            self.mode = "operator"
            self.steps = words[1:]
        elif head == "card":
            self.card = words[1]
            self.card_args = words[2:]
            self._card_lines = queries.card_targets(self.game, self.card)
            self.mode = "card" if self.card_args else self.mode
            self.targets = set()
        self._set_preview(line)
        if head == "operator":  # two more steps may follow, as after the players' own taps
            self._operator_targets()


__all__ = ["CrashHint"]
