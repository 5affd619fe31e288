"""What the players read about Quoridor, in Czech and English."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import Match
from companion.games.quoridor.board import COLUMNS, SIZE, WALL_PATTERN, parse_wall, square_index
from companion.i18n import translator


def status_line(match: Match, lang: str) -> str:
    _ = translator("quoridor", lang)
    outcome = match.outcome
    if outcome is not None:
        if outcome.reason == "draw":
            return _("The game is a draw")
        return _("{name} wins!").format(name=match.names[outcome.winners[0]])
    seat = match.to_move
    assert seat is not None
    name = match.names[seat]
    legal = match.legal()
    if legal == ["pass"]:
        return _("{name}: no move is possible, pass").format(name=name)
    if match.state.walls_left[seat] == 0:
        return _("{name}: move your pawn (no walls left)").format(name=name)
    return _("{name}: move or place a wall").format(name=name)


def describe(events: Sequence[str], match: Match, lang: str) -> list[str]:
    _ = translator("quoridor", lang)
    seats = [seat.name for seat in match.state.seats]
    lines: list[str] = []
    for event in events:
        kind, *args = event.split()
        if kind == "move":
            name = match.names[seats.index(args[0])]
            lines.append(_("{name}: move your pawn to {square}").format(name=name, square=args[1]))
        elif kind == "wall":
            name = match.names[seats.index(args[0])]
            lines.append(_("{name}: place a wall {where}").format(
                name=name, where=wall_words(args[1], lang)))
        elif kind == "pass":
            name = match.names[seats.index(args[0])]
            lines.append(_("{name} cannot move and passes").format(name=name))
        elif kind == "win":
            name = match.names[seats.index(args[0])]
            lines.append(_("{name} reached the goal and wins!").format(name=name))
        elif kind == "draw":
            lines.append(_("Nobody can move: the game is a draw"))
        elif kind == "fix":
            lines.append(_("The position was corrected to match the table"))
    return lines


def wall_words(name: str, lang: str) -> str:
    """Where a wall lies, in the squares' names the board shows: ``e3h`` → "between rows 3
    and 4, columns e–f" (never the notation, which only its author reads)."""
    if not WALL_PATTERN.match(name):
        return name
    _ = translator("quoridor", lang)
    wall = parse_wall(name)
    first, second = COLUMNS[wall.column], COLUMNS[min(wall.column + 1, SIZE - 1)]
    if wall.is_horizontal:
        return _("between rows {row} and {next}, columns {columns}").format(
            row=wall.row + 1, next=wall.row + 2, columns=f"{first}–{second}")
    return _("between columns {column} and {next}, rows {rows}").format(
        column=first, next=second, rows=f"{wall.row + 1}–{wall.row + 2}")


def picture(match: Match) -> str:
    """The board as text, row 1 at the top as in the spec's diagrams."""
    snapshot = match.snapshot()["state"]
    pawns = {
        square_index(seat["pawn"]): str(index + 1)
        for index, seat in enumerate(snapshot["seats"])
    }
    walls = [parse_wall(name) for name in snapshot["walls_on_board"]]
    below: set[tuple[int, int]] = set()  # (column, row): wall under the square (towards row+1)
    right: set[tuple[int, int]] = set()
    for wall in walls:
        if wall.is_horizontal:
            below.update({(wall.column, wall.row), (wall.column + 1, wall.row)})
        else:
            right.update({(wall.column, wall.row), (wall.column, wall.row + 1)})
    lines = ["    " + "   ".join("abcdefghi")]
    for row in range(SIZE):
        cells = []
        for column in range(SIZE):
            cells.append(pawns.get(row * SIZE + column, "."))
            if column < SIZE - 1:
                cells.append(" | " if (column, row) in right else "   ")
        lines.append(f"{row + 1:>2}  " + "".join(cells))
        if row < SIZE - 1:
            grooves = ("---" if (column, row) in below else "   " for column in range(SIZE))
            lines.append(("    " + " ".join(grooves)).rstrip())
    return "\n".join(lines)
