"""PAC-MAN's "Fix the position" by taps: the figures and dots as they are on the table (no Kivy).

A tap on a figure picks it up, a tap on a square puts it there; a ghost put on the strip beside
the board is eaten (off the board), one picked from the strip comes back. A tap on a dot with
nothing picked up takes it away (eaten), a tap on one of the layout's dot squares puts it back.
Lives and who moves next are set on the fix panel. ``position()`` writes the position
notation (Part E) for the engine's ``fix`` input, which checks it (R33, R45, …) and refuses it
with the rule, losing nothing. Ghosts have not moved yet in a ghost phase after a fix.
"""

from __future__ import annotations

from typing import Any

GHOSTS = ("blinky", "pinky", "inky", "clyde")
STRIP = "strip"
"""The place of eaten ghosts, beside the board."""


class PacmanFix:
    """The position being fixed; ``message`` says why the last tap changed nothing."""

    def __init__(self, state: dict[str, Any], position: str,
                 dot_squares: set[str] | None = None, most_lives: int = 0) -> None:
        clauses = [clause.strip() for clause in position.split("|")]
        self.layout_clause = next(c for c in clauses if c.startswith("layout "))
        self.walls_clause = next(c for c in clauses if c.startswith("walls "))
        self.pacman: str = state["pacman_square"]
        self.ghosts: dict[str, str | None] = {g: state["ghosts"][g]["square"] for g in GHOSTS}
        self.dots: set[str] = set(state["dots_remaining"])
        self.dot_squares = set(dot_squares or ()) | self.dots
        """Where a dot may be put back: the layout's dot squares."""
        self.lives: int = state["lives"]
        self.most_lives = most_lives
        """The layout's lives (0: unknown, the engine checks)."""
        self.phase: str = state["phase"] if state["phase"] in ("pacman", "ghosts") else "pacman"
        self.selected = ""
        """"pacman", a ghost's name, or "" when nothing is picked up."""
        self.message = ""

    # -- taps --------------------------------------------------------------------------------------

    def figure_at(self, square: str) -> str:
        if square == STRIP:
            return ""
        if self.pacman == square:
            return "pacman"
        return next((ghost for ghost in GHOSTS if self.ghosts[ghost] == square), "")

    def tap(self, square: str) -> None:
        """A tap on a square (or on the strip of eaten ghosts, ``STRIP``)."""
        self.message = ""
        if self.selected:
            self._put(square)
            return
        figure = self.figure_at(square)
        if figure:
            self.selected = figure
        elif square in self.dots:
            self.dots.discard(square)
        elif square in self.dot_squares:
            self.dots.add(square)
        else:
            self.message = "Tap a figure first, then the square where it stands"

    def pick_eaten(self, ghost: str) -> None:
        """A tap on an eaten ghost in the strip: it is picked up, to be put back on a square."""
        self.message = ""
        if self.ghosts.get(ghost, "") is None:
            self.selected = ghost

    def _put(self, square: str) -> None:
        figure, self.selected = self.selected, ""
        if square == STRIP:
            if figure == "pacman":
                self.message = "PAC-MAN is never off the board"
            else:
                self.ghosts[figure] = None
            return
        other = self.figure_at(square)
        if other and other != figure:
            self.message = "Another figure stands there"
            return
        if figure == "pacman":
            self.pacman = square
            self.dots.discard(square)  # where he stands, he has eaten the dot
        else:
            self.ghosts[figure] = square

    def change_lives(self, delta: int) -> None:
        """At least one (a game without lives is over), at most the layout's."""
        self.lives = max(1, self.lives + delta)
        if self.most_lives:
            self.lives = min(self.most_lives, self.lives)

    def next_phase(self) -> None:
        self.phase = "ghosts" if self.phase == "pacman" else "pacman"

    # -- what the board shows and sends ------------------------------------------------------------

    def as_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` (a snapshot's) with the figures and dots where the fix has put them."""
        ghosts = {g: {**state["ghosts"][g], "square": self.ghosts[g], "frenzy": False}
                  for g in GHOSTS}
        return {**state, "pacman_square": self.pacman, "ghosts": ghosts,
                "dots_remaining": self._dots_in_order(), "lives": self.lives, "phase": self.phase,
                "ghosts_to_move": [], "ghost_destinations": {}, "pacman_moves": {}}

    def _dots_in_order(self) -> list[str]:
        """Row by row, as the notation writes them (a1 i1 a9 i9)."""
        return sorted(self.dots, key=lambda square: (int(square[1:]), square[0]))

    def position(self) -> str:
        fields = ["pacman", self.layout_clause, f"phase {self.phase}",
                  f"pacman {self.pacman} lives {self.lives}",
                  "dots " + (" ".join(self._dots_in_order()) or "-")]
        fields += [f"{ghost} {self.ghosts[ghost] or '-'}" for ghost in GHOSTS]
        fields += ["moved -", self.walls_clause]
        return " | ".join(fields)


__all__ = ["GHOSTS", "STRIP", "PacmanFix"]
