"""The companion's player for the PAC-MAN variant (rules/quoridor.md, Part C): both sides.

PAC-MAN's moves are judged by what they leave: dots eaten, lives, ghosts off the board, the
walk to the nearest dot, and above all whether a ghost could step onto him in the ghost phase
that follows (the game's own ``ghost_destinations``, frenzy included). Ghosts are judged from
the other side of the same measure: the ghosts' side wants PAC-MAN's best answer to be poor.

- **PAC-MAN, easy**: eats a dot he can reach, keeps away from ghosts right next to him, and
  otherwise wanders towards a dot with a good deal of chance in it (no eye for frenzy).
- **PAC-MAN, normal**: every distinct move (final square, dots and ghosts eaten) judged as
  above, the ghosts' reply checked exactly.
- **PAC-MAN, strong**: also plays the ghosts' reply out (with the normal ghosts' rule) and
  judges his best next move from there: he sees a trap a round ahead and baits ghosts into the
  reach of a dot's bonus.
- **Ghosts, easy**: catch PAC-MAN when he is next to them, otherwise mostly step towards him.
- **Ghosts, normal**: catch when they can; otherwise close in on PAC-MAN without standing in a
  dot's bonus reach, spread out, and keep him in sight for the frenzy.
- **Ghosts, strong**: try each move of their own ghosts, finish the ghost phase with the normal
  rule, and keep the move after which PAC-MAN's best answer is worst for him.

Everything is plain counting (no clock-dependent search), so the same position, level and seed
give the same input; the time budget only cuts the strong levels short on a slow machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from companion.engine.strategy import Turn
from companion.games.pacman.ghosts import ghost_destinations
from companion.games.pacman.layout import GHOST_NAMES
from companion.games.pacman.paths import PacmanPath, legal_paths
from companion.games.pacman.state import BONUS_STEPS, NORMAL_STEPS, PacmanState, sees
from companion.games.quoridor.board import SQUARES, Openings, square_index, square_name

WIN = 100_000.0
DOT = 1_000.0
LIFE = 700.0
GHOST_OFF = 60.0
#: What one step nearer the nearest dot is worth to PAC-MAN.
APPROACH = 20.0
#: What a ghost standing close to PAC-MAN costs him (it narrows his way), per ghost.
CROWDED = 8.0
#: Ghosts within this many steps of PAC-MAN count as crowding him.
CROWD_RANGE = 3
#: How much of the played-out next round counts against the move itself (strong PAC-MAN).
LOOKAHEAD_WEIGHT = 0.5
#: How many of his best-looking moves strong PAC-MAN plays a round further.
LOOKAHEAD_MOVES = 10
#: Easy PAC-MAN's noise, in points (about this many steps of approach, at most).
EASY_NOISE = 3 * APPROACH
EASY_GHOST_CHASE = 0.6
# The normal ghosts' rule, in steps: a square in a dot's bonus reach, beside another ghost,
# in PAC-MAN's line of sight.
BONUS_DANGER = 4.0
NEIGHBOUR = 0.5
IN_SIGHT = 0.5


def choose(turn: Turn) -> str:
    state: PacmanState = turn.state
    if state.phase == "pacman":
        return _pacman(turn)
    return _ghosts(turn)


# -- PAC-MAN -------------------------------------------------------------------------------------


def _pacman(turn: Turn) -> str:
    state: PacmanState = turn.state
    moves = distinct_moves(state)
    if not moves:
        return "P:pass"  # R42
    if turn.level == "easy":
        return turn.best(
            [move.text for move in moves],
            lambda line: easy_value(turn.after(line)) + turn.rng.random() * EASY_NOISE,
        )
    values = {move.text: pacman_value(turn, turn.after(move.text)) for move in moves}
    if turn.level == "normal":
        return turn.best(list(values), values.__getitem__)
    ranked = sorted(values, key=lambda line: -values[line])
    for line in ranked[:LOOKAHEAD_MOVES]:
        if turn.budget.expired():
            break
        after = turn.after(line)
        if after.phase != "ghosts" or values[line] <= -WIN / 2:
            continue
        played = finish_ghost_phase(turn, after)
        if played.phase == "pacman" and played.lives == after.lives:
            later = best_pacman_value(turn, played)
            values[line] += LOOKAHEAD_WEIGHT * (later - values[line])
    return turn.best(list(values), values.__getitem__)


def distinct_moves(state: PacmanState) -> list[PacmanPath]:
    """One path per distinct result (R54: final square, ghosts and dots eaten): the first."""
    moves: dict[tuple[object, ...], PacmanPath] = {}
    for path in legal_paths(state):
        moves.setdefault(path.result, path)
    return list(moves.values())


def pacman_value(turn: Turn, state: PacmanState) -> float:
    """How good ``state`` (just after PAC-MAN's move) is for PAC-MAN; a catch is played out."""
    if state.winner is not None:
        return WIN if state.winner == "pacman" else -WIN
    if state.phase == "ghosts":
        catch = catching_line(state)
        if catch is not None:
            if state.lives <= 1:
                return -WIN
            return position_value(turn.after(catch, state))
    return position_value(state)


def best_pacman_value(turn: Turn, state: PacmanState) -> float:
    """PAC-MAN's best answer in ``state`` (his phase), by :func:`pacman_value`."""
    if state.winner is not None:
        return WIN if state.winner == "pacman" else -WIN
    moves = distinct_moves(state)
    if not moves:
        return pacman_value(turn, turn.after("P:pass", state))
    return max(pacman_value(turn, turn.after(move.text, state)) for move in moves)


def position_value(state: PacmanState) -> float:
    """Dots, lives, ghosts off the board, the walk to the nearest dot, ghosts close by."""
    if state.winner is not None:
        return WIN if state.winner == "pacman" else -WIN
    distance = distances(state.layout.openings)[state.pacman]
    value = DOT * state.dots_eaten + LIFE * state.lives
    value += GHOST_OFF * sum(1 for square in state.ghosts if square is None)
    if state.dots:
        value -= APPROACH * min(distance[dot] for dot in state.dots)
    value -= CROWDED * sum(
        1 for square in state.ghosts if square is not None and distance[square] <= CROWD_RANGE
    )
    return value


def easy_value(state: PacmanState) -> float:
    """Easy PAC-MAN: dots and lives; a ghost next to him is the only danger he sees."""
    if state.winner is not None:
        return WIN if state.winner == "pacman" else -WIN
    distance = distances(state.layout.openings)[state.pacman]
    value = DOT * state.dots_eaten
    if state.phase == "ghosts" and any(
        square is not None and distance[square] == 1 for square in state.ghosts
    ):
        value -= LIFE
    if state.dots:
        value -= APPROACH * min(distance[dot] for dot in state.dots)
    return value


def catching_line(state: PacmanState, lines: Iterable[str] | None = None) -> str | None:
    """A ghost move that catches PAC-MAN in this ghost phase, if one can (among ``lines``).

    Frenzy included: the game's ``ghost_destinations`` knows who sees PAC-MAN.
    """
    for ghost in state.ghosts_to_move:
        if state.pacman in ghost_destinations(state, ghost):
            line = f"{GHOST_NAMES[ghost]}:{square_name(state.pacman)}"
            if lines is None or line in lines:
                return line
    return None


# -- ghosts --------------------------------------------------------------------------------------


def _ghosts(turn: Turn) -> str:
    state: PacmanState = turn.state
    lines = own_lines(turn)
    catch = catching_line(state, lines)
    if catch is not None and (turn.level != "easy" or _is_next_to_pacman(state, catch)):
        return catch  # even an easy ghost right beside PAC-MAN sees that
    if turn.level == "easy":
        return _easy_ghost(turn, lines)
    if turn.level == "normal" or len(lines) == 1:
        return turn.best(lines, lambda line: -ghost_move_cost(state, line))

    def outlook(line: str) -> float:
        """PAC-MAN's best answer after this move and the rest of the phase (ghosts minimise)."""
        after = finish_ghost_phase(turn, turn.after(line))
        if after.phase != "pacman":
            return position_value(after)
        pressure = sum(
            distances(after.layout.openings)[after.pacman][square]
            for square in after.ghosts
            if square is not None
        )
        return best_pacman_value(turn, after) + pressure * 0.01

    ranked = sorted(lines, key=lambda line: ghost_move_cost(state, line))
    values: dict[str, float] = {}
    for line in ranked:
        if values and turn.budget.expired():
            break
        values[line] = outlook(line)
    return turn.best(list(values), lambda line: -values[line])


def own_lines(turn: Turn) -> list[str]:
    """The legal ghost inputs for the ghosts this seat owns (all of them if it owns none now)."""
    state: PacmanState = turn.state
    legal = turn.legal()
    own = {GHOST_NAMES[ghost] for ghost in state.ghosts_to_move if state.owners[ghost] == turn.seat}
    lines = [line for line in legal if line.split(":")[0] in own]
    return lines or legal


def _is_next_to_pacman(state: PacmanState, line: str) -> bool:
    ghost = state.ghosts[GHOST_NAMES.index(line.split(":")[0])]
    return ghost is not None and state.pacman in state.layout.openings.neighbours(ghost)


def _easy_ghost(turn: Turn, lines: list[str]) -> str:
    state: PacmanState = turn.state
    distance = distances(state.layout.openings)[state.pacman]
    rng = turn.rng
    if rng.random() < EASY_GHOST_CHASE:
        return turn.best(lines, lambda line: -_line_distance(line, distance))
    return rng.choice(lines)


def _line_distance(line: str, distance: tuple[int, ...]) -> float:
    target = line.split(":")[1]
    if target == "pass":
        return 99.0
    return float(distance[square_index(target)])


def ghost_move_cost(state: PacmanState, line: str) -> float:
    """The normal ghosts' rule for one move, in steps (lower is better for the ghosts)."""
    name, target = line.split(":")
    ghost = GHOST_NAMES.index(name)
    here = state.ghosts[ghost]
    square = here if target == "pass" else square_index(target)
    assert square is not None
    table = distances(state.layout.openings)
    pacman = state.pacman
    if square == pacman:
        return -WIN
    cost = float(table[pacman][square])
    if any(
        table[pacman][dot] <= NORMAL_STEPS and table[dot][square] <= BONUS_STEPS
        for dot in state.dots
    ):
        cost += BONUS_DANGER
    others = [
        where for other, where in enumerate(state.ghosts) if other != ghost and where is not None
    ]
    cost += NEIGHBOUR * sum(1 for where in others if table[where][square] <= 1)
    if sees(state.layout, square, pacman):
        cost -= IN_SIGHT
    return cost


def model_ghost_line(turn: Turn, state: PacmanState) -> str:
    """The normal ghosts' choice for whichever ghost of the phase: used to play a phase out."""
    catch = catching_line(state)
    if catch is not None:
        return catch
    lines = turn.legal(state)
    return min(lines, key=lambda line: (ghost_move_cost(state, line), line))


def finish_ghost_phase(turn: Turn, state: PacmanState) -> PacmanState:
    """The state once every ghost still to move has moved by the normal ghosts' rule."""
    while state.phase == "ghosts":
        state = turn.after(model_ghost_line(turn, state), state)
    return state


@lru_cache(maxsize=8)
def distances(openings: Openings) -> tuple[tuple[int, ...], ...]:
    """Steps between every two squares through the fixed walls (pieces ignored)."""
    table: list[tuple[int, ...]] = []
    for source in range(SQUARES):
        found = [SQUARES] * SQUARES
        found[source] = 0
        frontier = [source]
        while frontier:
            following: list[int] = []
            for square in frontier:
                for near in openings.neighbours(square):
                    if found[near] == SQUARES:
                        found[near] = found[square] + 1
                        following.append(near)
            frontier = following
        table.append(tuple(found))
    return tuple(table)


