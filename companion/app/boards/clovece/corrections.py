"""Člověče's "Fix the position" by taps: the pieces as they stand on the table (no Kivy here).

The players tap a piece, then where it really stands: a track field, a goal slot, or a home
(a piece goes home to its own colour's slot, R1). The seat to move is chosen on the fix panel.
``position()`` writes the result in the position notation (rules/clovece.md §5.1) for the
engine's ``fix`` input, which checks it (I1–I3) and refuses it with the rule when the pieces
do not add up, losing nothing. The turn starts afresh: the mover has not rolled yet.

Places are spots as the board names them: ``("field", n)``, ``("home", (seat, colour_index))``,
``("goal", (seat, slot_index))`` with ``seat`` the S-number.
"""

from __future__ import annotations

from typing import Any

from companion.games.clovece.board import COLOURS

Spot = tuple[str, Any]


class FixModel:
    """The position being fixed, edited tap by tap; ``message`` says what the last tap did."""

    def __init__(self, state: dict[str, Any], position: str, to_move: int | None) -> None:
        self.board_clause = position.split(" | ")[0]
        """``board4 seats{S0,S2}`` (or ``board6/60 …``): the board and seats stay as they are."""
        self.places = next((clause for clause in position.split(" | ")
                            if clause.startswith("places{")), "")
        self.seats = [int(seat["seat"][1:]) for seat in state["seats"]]
        self.homes = {seat: set(info["home"]) for seat, info in zip(self.seats, state["seats"],
                                                                     strict=True)}
        self.goals = {seat: list(info["goal"]) for seat, info in zip(self.seats, state["seats"],
                                                                      strict=True)}
        self.track: dict[int, list[str]] = {}
        for piece in state["track"]:  # oldest arrival first
            self.track.setdefault(piece["field"], []).append(piece["colour"])
        self.turn = to_move if to_move is not None and to_move < len(self.seats) else 0
        """The rank (index into ``seats``) of the seat to move after the fix."""
        self.selected: Spot | None = None
        self.message = ""
        """A template of the ``clovece`` domain ({piece}: the board names ``colour``'s piece)."""
        self.colour = ""
        """The colour the message speaks of."""

    # -- taps --------------------------------------------------------------------------------------

    def tap(self, spot: Spot) -> None:
        """A tap on ``spot``: pick up the piece there, put the picked piece there, or let go."""
        self.message, self.colour = "", ""
        if self.selected is None:
            if self.piece_at(spot) is None:
                self.message = "Tap a piece first, then where it stands"
                return
            self.selected = spot
            return
        if spot == self.selected:
            self.selected = None
            return
        colour = self.piece_at(self.selected)
        assert colour is not None
        if not self._can_put(colour, spot):
            return
        self._take(self.selected)
        self._put(colour, spot)
        self.selected = None

    def next_turn(self) -> None:
        """The fix panel's turn button: the next seat in play order."""
        self.turn = (self.turn + 1) % len(self.seats)

    def piece_at(self, spot: Spot) -> str | None:
        """The colour of the piece a tap on ``spot`` picks up (on the track: the latest)."""
        kind, where = spot
        if kind == "field":
            stack = self.track.get(where, [])
            return stack[-1] if stack else None
        seat, index = where
        if seat not in self.homes:
            return None
        if kind == "home":
            return COLOURS[index] if COLOURS[index] in self.homes[seat] else None
        return self.goals[seat][index]

    def _can_put(self, colour: str, spot: Spot) -> bool:
        kind, where = spot
        if kind == "field":
            return True
        seat, index = where
        if seat not in self.homes:
            self.message = "That seat is not in this game"
            return False
        if kind == "home":
            if colour in self.homes[seat]:
                self.message, self.colour = "This home already has {piece}", colour
                return False
            return True
        if self.goals[seat][index] is not None:
            self.message = "That goal slot is taken"
            return False
        return True

    def _take(self, spot: Spot) -> None:
        kind, where = spot
        if kind == "field":
            self.track[where].pop()
            if not self.track[where]:
                del self.track[where]
        elif kind == "home":
            self.homes[where[0]].discard(COLOURS[where[1]])
        else:
            self.goals[where[0]][where[1]] = None

    def _put(self, colour: str, spot: Spot) -> None:
        kind, where = spot
        if kind == "field":
            self.track.setdefault(where, []).append(colour)
        elif kind == "home":
            self.homes[where[0]].add(colour)  # its own colour's slot, whichever was tapped
        else:
            self.goals[where[0]][where[1]] = colour

    # -- what the board shows and sends ------------------------------------------------------------

    def as_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` (a snapshot's) with the pieces where the fix has put them, for drawing."""
        seats = []
        for seat, info in zip(self.seats, state["seats"], strict=True):
            seats.append({**info, "home": [c for c in COLOURS if c in self.homes[seat]],
                          "goal": list(self.goals[seat])})
        track = [{"field": field, "colour": colour, "stamp": 0, "moved": False}
                 for field in sorted(self.track) for colour in self.track[field]]
        return {**state, "seats": seats, "track": track, "legal": [], "rolls": [],
                "pending_capture": None}

    def position(self) -> str:
        """The fixed position in the notation, between turns (the mover rolls next)."""
        clauses = [self.board_clause]
        for seat in self.seats:
            home = ",".join(c for c in COLOURS if c in self.homes[seat])
            goal = ", ".join(f"{slot}:{colour}"
                             for slot, colour in enumerate(self.goals[seat], start=1) if colour)
            clauses.append(f"S{seat} home{{{home}}} goal{{{goal}}}")
        stacks = ", ".join(f"{field}:" + "+".join(self.track[field])
                           for field in sorted(self.track))
        clauses.append(f"track{{{stacks}}}")
        if self.places:
            clauses.append(self.places)
        clauses.append(f"turn S{self.seats[self.turn]}")
        return " | ".join(clauses)


__all__ = ["FixModel", "Spot"]
