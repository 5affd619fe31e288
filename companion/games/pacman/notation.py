"""The PAC-MAN position notation (Part E): written and parsed back identically.

``pacman | layout <name> | phase ghosts | pacman c5 lives 3 | dots a9 i1 i9 | blinky c8 |
pinky e5 | inky - | clyde c7 | moved blinky | walls d5v`` and, when finished,
``| winner pacman`` or ``| winner ghosts``.
"""

from __future__ import annotations

from typing import Any, NoReturn, cast

from companion.engine.errors import IllegalInput
from companion.games.pacman.layout import GHOST_NAMES, Layout
from companion.games.pacman.state import PacmanState, Phase, Winner
from companion.games.quoridor.board import (
    SQUARE_PATTERN,
    WALL_PATTERN,
    parse_wall,
    square_index,
    square_name,
)

PHASES = ("pacman", "ghosts", "over")


def format_position(state: PacmanState) -> str:
    fields = [
        "pacman",
        f"layout {state.layout.name}",
        f"phase {state.phase}",
        f"pacman {square_name(state.pacman)} lives {state.lives}",
        "dots " + (" ".join(square_name(dot) for dot in state.dots) or "-"),
    ]
    for ghost, square in zip(GHOST_NAMES, state.ghosts):
        fields.append(f"{ghost} {'-' if square is None else square_name(square)}")
    fields.append("moved " + (" ".join(GHOST_NAMES[ghost] for ghost in state.moved) or "-"))
    fields.append("walls " + (" ".join(wall.name for wall in state.layout.walls) or "-"))
    if state.winner is not None:
        fields.append(f"winner {state.winner}")
    return " | ".join(fields)


def parse_position(
    text: str, layout: Layout, players: int, owners: tuple[int, int, int, int]
) -> PacmanState:
    """Read a position of ``layout``; anything malformed or impossible raises IllegalInput."""
    fields = [field.strip() for field in text.strip().split("|")]
    if len(fields) not in (11, 12) or fields[0].lower() != "pacman":
        _bad("it must read 'pacman | layout <name> | phase … | pacman … | dots … | blinky … | "
             "pinky … | inky … | clyde … | moved … | walls …', with '| winner …' at the end")
    key, _, name = fields[1].partition(" ")
    if key.lower() != "layout" or _plain(name) != _plain(layout.name):
        raise IllegalInput(
            "Q3", "position: it belongs to the layout {name!r}, not to {layout!r}",
            name=name.strip(), layout=layout.name,
        )
    rest = [field.lower() for field in fields[2:]]
    phase = _value(rest[0], "phase")
    if phase not in PHASES:
        _bad("the phase must be pacman, ghosts or over, not {value!r}", value=phase)
    pacman, lives = _pacman_field(rest[1])
    dots = _dots(rest[2], layout)
    ghosts = tuple(_ghost_field(rest[3 + ghost], ghost) for ghost in range(len(GHOST_NAMES)))
    moved = _moved(rest[7])
    _walls(rest[8], layout)
    winner: str | None = None
    if len(rest) == 10:
        winner = _value(rest[9], "winner")
        if winner not in ("pacman", "ghosts"):
            _bad("the winner must be pacman or ghosts, not {value!r}", value=winner)
    state = PacmanState(
        layout=layout,
        players=players,
        owners=owners,
        phase=cast(Phase, phase),
        pacman=pacman,
        lives=lives,
        dots=dots,
        ghosts=(ghosts[0], ghosts[1], ghosts[2], ghosts[3]),
        moved=moved,
        winner=cast("Winner | None", winner),
    )
    _check(state)
    return state


# -- private helpers ---------------------------------------------------------------------------


def _check(state: PacmanState) -> None:
    """The position must be one legal play can reach (R33, R39, R45, R48–R51)."""
    layout = state.layout
    if (state.phase == "over") != (state.winner is not None):
        _bad("a finished game (phase over) names its winner, and only a finished game does")
    if state.lives > layout.lives:
        _bad("PAC-MAN has {lives} lives, more than the layout's {most}",
             lives=state.lives, most=layout.lives)
    if (state.lives == 0) != (state.winner == "ghosts"):
        _bad("the ghosts win exactly when PAC-MAN has no lives left")
    if (not state.dots) != (state.winner == "pacman"):
        _bad("PAC-MAN wins exactly when no dots are left")
    if state.pacman in state.dots:
        _bad("PAC-MAN stands on the dot {square}, which he would have eaten",
             square=square_name(state.pacman))
    for ghost, square in enumerate(state.ghosts):
        if square is None:
            continue
        name = GHOST_NAMES[ghost]
        if square in state.dots:
            raise IllegalInput("R45", "position: {ghost} stands on the dot {square}",
                               ghost=name, square=square_name(square))
        for other in range(ghost):
            if state.ghosts[other] == square:
                raise IllegalInput("R45", "position: {ghost} and {other} share the square "
                                   "{square}", ghost=GHOST_NAMES[other], other=name,
                                   square=square_name(square))
        if square == state.pacman and state.winner != "ghosts":
            _bad("{ghost} stands on PAC-MAN's square {square} but the game is not over",
                 ghost=name, square=square_name(square))
    for ghost in state.moved:
        if state.ghosts[ghost] is None:
            _bad("{ghost} is off the board, so it cannot have moved", ghost=GHOST_NAMES[ghost])
    if state.moved and state.phase != "ghosts":
        _bad("ghosts are listed as moved outside the ghost phase")
    if state.phase == "ghosts" and not state.ghosts_to_move:
        _bad("in the ghost phase at least one ghost on the board is still to move")


def _plain(text: str) -> str:
    return " ".join(text.split()).lower()


def _value(field: str, key: str) -> str:
    parts = field.split()
    if len(parts) != 2 or parts[0] != key:
        _bad("the field {field!r} must read '{key} <value>'", field=field, key=key)
    return parts[1]


def _square(text: str) -> int:
    if not SQUARE_PATTERN.match(text):
        _bad("{value!r} is not a square like e7", value=text)
    return square_index(text)


def _pacman_field(field: str) -> tuple[int, int]:
    parts = field.split()
    if len(parts) != 4 or parts[0] != "pacman" or parts[2] != "lives" or not parts[3].isdigit():
        _bad("the field {field!r} must read 'pacman <square> lives <n>'", field=field)
    return _square(parts[1]), int(parts[3])


def _dots(field: str, layout: Layout) -> tuple[int, ...]:
    parts = field.split()
    if not parts or parts[0] != "dots":
        _bad("the field {field!r} must read 'dots <squares>' or 'dots -'", field=field)
    names = [] if parts[1:] == ["-"] else parts[1:]
    squares = [_square(name) for name in names]
    for square in squares:
        if square not in layout.dots:
            _bad("{square} is not a dot of the layout", square=square_name(square))
    if len(set(squares)) != len(squares):
        _bad("a dot is listed twice")
    return tuple(dot for dot in layout.dots if dot in squares)


def _ghost_field(field: str, ghost: int) -> int | None:
    name = _value(field, GHOST_NAMES[ghost])
    return None if name == "-" else _square(name)


def _moved(field: str) -> tuple[int, ...]:
    parts = field.split()
    if not parts or parts[0] != "moved":
        _bad("the field {field!r} must read 'moved <ghosts>' or 'moved -'", field=field)
    names = [] if parts[1:] == ["-"] else parts[1:]
    for name in names:
        if name not in GHOST_NAMES:
            _bad("there is no ghost {value!r} (ghosts: blinky, pinky, inky, clyde)", value=name)
    if len(set(names)) != len(names):
        _bad("a ghost is listed twice as moved")
    return tuple(GHOST_NAMES.index(name) for name in names)


def _walls(field: str, layout: Layout) -> None:
    parts = field.split()
    if not parts or parts[0] != "walls":
        _bad("the field {field!r} must read 'walls <walls>' or 'walls -'", field=field)
    names = [] if parts[1:] == ["-"] else parts[1:]
    for name in names:
        if not WALL_PATTERN.match(name):
            _bad("{value!r} is not a wall like e3h", value=name)
    walls = {parse_wall(name) for name in names}
    if walls != set(layout.walls) or len(names) != len(layout.walls):
        _bad("the walls are not those of the layout (the walls are fixed)")


def _bad(template: str, **params: Any) -> NoReturn:
    raise IllegalInput("E", "position: " + template, **params)
