"""The companion's Quoridor player, 2 and 4 players (rules/quoridor.md, Part A).

Every position is judged as a race: each seat's shortest path to its goal edge (the game's own
bitboard breadth-first search, pawns ignored as in R25) turned into the ply on which it would
arrive, given whose turn it is, with walls kept in hand counted as a threat. With two players a
seat's score is how many rounds the other would arrive after it; with four, the log of its chance
to arrive first when arrivals are taken as a little uncertain (so the leader gets blocked). A
seat one step from its goal that one round of play cannot stop (everyone walls a seat about to
win, as long as they hold walls) decides the game outright.

The moves looked at are the pawn steps that shorten the mover's path (sidesteps only when none
does: two careful players would otherwise shuffle for ever) and the few walls across other
seats' shortest paths that gain more than the tempo they cost. Only a wall across a seat's
shortest path can lengthen it, so each candidate is measured for those seats alone.

- **easy** walks a shortest path, now and then steps aside at random, and only sometimes puts
  a wall across the path of an opponent who is ahead: beatable.
- **normal** looks two plies ahead (its move and the next seat's reply), every other seat
  taken to play against it.
- **strong**, 2 players: alpha-beta deepened by whole rounds (to 10 plies) with a
  transposition table and the previous depth's best move first, until its work limit or its
  time is spent (an anytime search: every finished depth leaves an answer). Walls in hand are
  worth more to it than to normal, each further one a little less (it keeps a defence in
  hand instead of spending every wall for one step, and spends the tenth readily); the other
  seat's walls are judged as a plain player spends them, so that the search expects its cheap
  walls too. At the root it also weighs how exposed each seat's path is (:func:`exposure`:
  a few walls in a row that lengthen it by much mean a corridor about to be sealed).
  4 players: :mod:`companion.games.quoridor.crowd` (the others as people who block whoever
  leads alone).

The work limits (positions looked at, divided by the Pi's clock factor
``choose_input(time_scale=…)``) are what bound the search, so the same history gives the same
answer on this machine and on a Pi whose factor is set; the time budget (divided by the same
factor) is a safety valve that cuts a search short only on a machine slower than its factor
says. Successor states are made from the game's own
queries (``pawn_destinations``, ``blocked_wall_slots``, a seat cut off by a wall is found by the
same path lengths the rules use for R25), and the answer is checked by ``rules.apply`` before it
is played. Path lengths are remembered between decisions (fields grown from each goal edge, per
wall layout): a pure function of the walls, so remembering changes the speed, never an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.engine.errors import IllegalInput
from companion.engine.strategy import Turn
from companion.games.quoridor.board import Openings, Wall, square_name
from companion.games.quoridor.crowd import CrowdSearch
from companion.games.quoridor.moves import (
    blocked_wall_slots,
    pawn_destinations,
    shortest_path,
    stepped,
    walls_on_step,
)
from companion.games.quoridor.paths import (
    WALL_OF_BIT,
    exposure,
    forward_steps,
    lengths_with_wall,
    path_walls,
    race_chance,
    seat_steps,
)
from companion.games.quoridor.state import QuoridorState

WIN = 10_000.0
#: A position where a seat one step from its goal cannot be stopped (see Search.threat).
THREAT = WIN / 2
#: What one step nearer the goal is worth besides the race: breaks a stand-off of shuffles.
PROGRESS = 0.05
#: How often easy steps off its shortest path, and how often it tries a wall when behind.
EASY_WANDER = 0.15
EASY_WALL = 0.2
#: The opponent's path squares, from its pawn on, near which easy tries walls.
NEAR_PAWN = 3
#: How many positions may be created between two looks at the clock.
CLOCK_EVERY = 16


@dataclass(frozen=True)
class Plan:
    """How a level searches: the depths in plies, positions looked at at most, walls kept.

    With four players the other seats all play against the companion (paranoid alpha-beta;
    the strong level searches otherwise: :mod:`companion.games.quoridor.crowd`). Two players
    search whole rounds only (an odd depth gives the companion the last word and flatters it).
    ``nodes`` is the work limit on this machine; it is divided by the Pi's clock factor.
    """

    depths: tuple[int, ...]
    nodes: int
    walls_kept: int
    wall_in_hand: float = 0.6
    """What a wall still in hand is worth, in rounds of the race (a threat the others must fear;
    worth more than a wall that gains one step, which the path often wins back)."""
    their_wall: float | None = None
    """Two players: what a wall in the other seat's hand is worth, if not the same (a lower
    worth lets the search expect the cheap walls a plain player spends)."""
    wall_decay: float = 1.0
    """Each further wall in hand is worth this much of the one before (two players): the last
    walls are a defence worth keeping, the tenth is cheap to spend."""
    exposure: float = 0.0
    """Two players, at the root: what a step of :func:`exposure` costs (a path that a few walls
    in a row lengthen by much is a corridor about to be sealed), and gains for the other seat."""
    exposure_walls: int = 3
    """How many walls in a row :func:`exposure` tries, at most (never more than held)."""


PLANS: dict[tuple[str, int], Plan] = {
    ("normal", 2): Plan(depths=(2,), nodes=5_400, walls_kept=8),
    ("strong", 2): Plan(depths=(2, 4, 6, 8, 10), nodes=15_000, walls_kept=12, wall_in_hand=1.4,
                        their_wall=0.6, wall_decay=0.85, exposure=0.25),
    ("normal", 4): Plan(depths=(2,), nodes=5_400, walls_kept=6),
}

CROWD_NODES = 9_000
"""Strong with four players (:mod:`companion.games.quoridor.crowd`): positions looked at on
this machine (divided by the Pi's clock factor)."""
CROWD_WALLS = 6
CROWD_ROUNDS = (1, 2, 3)


def choose(turn: Turn) -> str:
    state: QuoridorState = turn.state
    if not pawn_destinations(state) and turn.legal() == ["pass"]:
        return "pass"  # R13: nothing else is allowed
    if turn.level == "easy":
        return _easy(turn)
    if turn.level == "strong" and state.players == 4:
        return CrowdSearch(turn, turn.work(CROWD_NODES), CROWD_WALLS, CROWD_ROUNDS).best_line()
    return Search(turn, PLANS[turn.level, state.players]).best_line()


class OutOfWork(Exception):
    """The search spent its work limit or its time: stop and keep what is known."""


Child = tuple[str, QuoridorState]


class Search:
    """Iterative deepening from the companion's seat: alpha-beta, paranoid with 4, or max-n."""

    def __init__(self, turn: Turn, plan: Plan) -> None:
        self.turn = turn
        self.plan = plan
        self.root_seat: int = turn.seat
        self.players: int = turn.state.players
        self.created = 0
        self.limit = turn.work(plan.nodes)
        self.scores: dict[tuple[object, ...], float] = {}
        self.known_steps: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.table: dict[tuple[object, ...], tuple[int, float, int, str]] = {}
        self.bounded = True

    def best_line(self) -> str:
        """Iterative deepening; an unfinished depth counts for the moves it has searched."""
        root: QuoridorState = self.turn.state
        self.bounded = False  # the root's moves are always listed: there must be an answer
        children = self.turn.rng.shuffled(self.children(root))  # equal scores: a seeded pick
        self.bounded = True
        children.sort(key=lambda child: -self.score(child[1], self.root_seat))
        best_line = children[0][0]
        if len(children) == 1:
            return best_line
        risk = {line: self.exposure_risk(child) for line, child in children}
        try:
            for depth in self.plan.depths:
                best_value = -2 * WIN
                found = best_line
                for line, child in children:
                    value = self.alphabeta(child, depth - 1, best_value + risk[line],
                                           2 * WIN, 1) - risk[line]
                    if value > best_value:
                        best_value, found = value, line
                    # the previous best is searched first, so whatever beats it here is better
                    # even if this depth is cut short later
                    best_line = found
                if abs(best_value) >= WIN - depth:
                    break  # a forced win or loss is known: deeper will not change it
                children.sort(key=lambda child: child[0] != best_line)
        except OutOfWork:
            pass
        return best_line

    def exposure_risk(self, state: QuoridorState) -> float:
        """Two players: how much more a few walls in a row lengthen our path than the other
        seat's (each seat attacked with the walls the other holds), times :attr:`Plan.exposure`."""
        if not self.plan.exposure or state.is_over or self.players != 2:
            return 0.0
        them = 1 - self.root_seat
        limit = self.plan.exposure_walls
        ours = exposure(state, self.root_seat, min(limit, state.walls_left[them]))
        theirs = exposure(state, them, min(limit, state.walls_left[self.root_seat]))
        return self.plan.exposure * (ours - theirs)

    def alphabeta(
        self, state: QuoridorState, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The companion's value of ``state``, every other seat playing against it."""
        if state.is_over:
            return self.final(state, ply)[self.root_seat]
        if depth == 0:
            return self.score(state, self.root_seat)
        key = _key(state)
        stored = self.table.get(key)
        hint = ""
        if stored is not None:
            stored_depth, stored_value, bound, hint = stored
            if stored_depth >= depth and (
                bound == 0
                or (bound > 0 and stored_value >= beta)
                or (bound < 0 and stored_value <= alpha)
            ):
                return stored_value
        is_max = state.turn == self.root_seat
        children = self.children(state)
        if hint:
            children.sort(key=lambda child: child[0] != hint)
        start_alpha, start_beta = alpha, beta
        best = -2 * WIN if is_max else 2 * WIN
        best_line = children[0][0]
        for line, child in children:
            value = self.alphabeta(child, depth - 1, alpha, beta, ply + 1)
            if is_max and value > best:
                best, best_line = value, line
                alpha = max(alpha, value)
            elif not is_max and value < best:
                best, best_line = value, line
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = 1 if best >= start_beta else -1 if best <= start_alpha else 0
        self.table[key] = (depth, best, bound, best_line)
        return best

    def final(self, state: QuoridorState, ply: int) -> tuple[float, ...]:
        """Won or drawn: a quick win is better than a slow one."""
        if state.winner is None:
            return (0.0,) * self.players
        return tuple(
            WIN - ply if seat == state.winner else -WIN + ply for seat in range(self.players)
        )

    def view(self, mover: int) -> tuple[int, float]:
        """Whose score the seat to move goes by, and whether it raises or lowers it."""
        return self.root_seat, 1.0 if mover == self.root_seat else -1.0

    def children(self, state: QuoridorState) -> list[Child]:
        """Pawn moves and the walls that matter, best first for the seat to move."""
        seat = state.turn
        judged, sign = self.view(seat)
        pawn_moves = [self.stepped(state, square) for square in forward_steps(state)]
        walls: list[Child] = []
        if state.walls_left[seat]:
            walls = self.wall_children(state, judged, sign)
        found = pawn_moves + walls
        if not found:  # boxed in by pawns with no wall worth a tempo: any few legal inputs
            lines = self.turn.legal(state)[: self.plan.walls_kept]
            found = [(line, child) for line in lines if (child := self.after(state, line)[1])]
        found.sort(key=lambda child: -sign * self.score(child[1], judged))
        return found

    def wall_children(self, state: QuoridorState, judged: int, sign: float) -> list[Child]:
        """The walls worth more to the mover than letting the turn go by, the best few.

        Only a wall across a seat's shortest path changes that seat's path length (or cuts it
        off, R25): each candidate is measured for those seats alone, on the board's openings
        with it; one that lengthens nobody's path is a wall spent for nothing.
        """
        seat = state.turn
        openings = state.openings
        walls_left = list(state.walls_left)
        walls_left[seat] -= 1
        after_turn = state.next_seat()
        now = self.steps(state)
        idle = sign * self.judge(now, after_turn, state.walls_left, judged)
        paths = [path_walls(openings, state.pawns[other], info.goal)
                 for other, info in enumerate(state.seats)]
        measured: list[tuple[float, Wall, tuple[int, ...], Openings]] = []
        for wall in self.wall_candidates(state, paths):
            self.tick()
            walled = openings.with_wall(wall)
            lengths = lengths_with_wall(state, walled, paths, now, wall)
            if lengths is not None:  # None: R25, a seat would be cut off
                value = sign * self.judge(lengths, after_turn, walls_left, judged)
                if value > idle:
                    measured.append((value, wall, lengths, walled))
        measured.sort(key=lambda item: -item[0])
        kept: list[Child] = []
        for value, wall, steps, walled in measured[: self.plan.walls_kept]:
            line, child = self.walled(state, wall, walled)
            self.scores[(*_key(child), judged)] = sign * value
            self.known_steps[_key(child)] = steps
            kept.append((line, child))
        return kept

    def wall_candidates(self, state: QuoridorState, paths: Sequence[int]) -> list[Wall]:
        """Walls across the shortest paths of the seats the mover plays against, not blocked
        by a placed wall (R24), in board order."""
        seat = state.turn
        if seat == self.root_seat or self.players == 2:
            targets = [other for other in range(self.players) if other != seat]
        else:
            targets = [self.root_seat]  # paranoid: the others play against the companion
        blocked = blocked_wall_slots(state.walls)
        found = 0
        for target in targets:
            found |= paths[target]
        return [wall for bit, wall in enumerate(WALL_OF_BIT) if found >> bit & 1
                and wall not in blocked]

    def after(self, state: QuoridorState, line: str) -> tuple[str, QuoridorState | None]:
        """The state after ``line`` by the rules, or None when they refuse it (R25)."""
        self.tick()
        try:
            return line, self.turn.rules.apply(state, line)[0]
        except IllegalInput:
            return line, None

    def stepped(self, state: QuoridorState, square: int) -> Child:
        """The state after the mover's pawn goes to ``square``, one of ``pawn_destinations``
        (as the rules' R15–R21 move makes it, without asking them again)."""
        self.tick()
        return stepped(state, square)

    def walled(self, state: QuoridorState, wall: Wall, openings: Openings) -> Child:
        """The state after the mover places ``wall``, already checked against R23–R25 (not
        blocked by a placed wall, nobody cut off: :meth:`wall_children`)."""
        self.tick()
        walls_left = list(state.walls_left)
        walls_left[state.turn] -= 1
        child = replace(state, walls=state.walls + (wall,), walls_left=tuple(walls_left),
                        turn=state.next_seat(), passes=0)
        child.__dict__["openings"] = openings  # the bits measured for it
        return wall.name, child

    def tick(self) -> None:
        """Count one position looked at; stop when the work limit or the clock runs out."""
        self.created += 1
        if not self.bounded:
            return
        if self.created > self.limit or (
            self.created % CLOCK_EVERY == 0 and self.turn.budget.expired()
        ):
            raise OutOfWork

    def score(self, state: QuoridorState, seat: int) -> float:
        """``seat``'s static value of a position (:meth:`judge`), remembered."""
        if state.is_over:
            return self.final(state, 0)[seat]
        key = (*_key(state), seat)
        known = self.scores.get(key)
        if known is None:
            known = self.judge(self.steps(state), state.turn, state.walls_left, seat)
            self.scores[key] = known
        return known

    def steps(self, state: QuoridorState) -> tuple[int, ...]:
        key = _key(state)
        known = self.known_steps.get(key)
        if known is None:
            known = self.known_steps[key] = seat_steps(state, state.openings) or (0,) * self.players
        return known

    def judge(
        self, steps: Sequence[int], turn: int, walls_left: Sequence[int], seat: int
    ) -> float:
        """For ``seat``: a win nobody can stop, else the race (see :meth:`value`)."""
        return self.threat(steps, turn, walls_left, seat) or self.value(
            steps, turn, walls_left, seat
        )

    def threat(
        self, steps: Sequence[int], turn: int, walls_left: Sequence[int], seat: int
    ) -> float:
        """A win that one round of play in turn order cannot stop, for ``seat`` or against it.

        Every seat in turn, from the one to move: one step from its goal, it wins; else, holding
        a wall, it puts it in the way of the next seat one step from its goal (everyone stops a
        seat about to win, whoever they are); else it walks a step. Returns 0 when no one wins
        in that round.
        """
        remaining = list(steps)
        walls = list(walls_left)
        order = [(turn + offset) % self.players for offset in range(self.players)]
        for index, mover in enumerate(order):
            if remaining[mover] == 1:
                return THREAT if mover == seat else -THREAT
            threatening = [later for later in order[index + 1 :] if remaining[later] == 1]
            if threatening and walls[mover]:
                walls[mover] -= 1
                remaining[threatening[0]] += 1
            else:
                remaining[mover] -= 1
        return 0.0

    def value(
        self, steps: Sequence[int], turn: int, walls_left: Sequence[int], seat: int
    ) -> float:
        """The race judged for ``seat``, walls in hand counted, and a little progress."""
        if self.players == 2:
            mine, theirs = walls_left[seat], walls_left[1 - seat]
            their_wall = self.plan.their_wall
            if their_wall is None:
                worth = self.walls_worth(mine) - self.walls_worth(theirs)
            elif seat == self.root_seat:
                worth = self.walls_worth(mine) - their_wall * theirs
            else:
                worth = their_wall * mine - self.walls_worth(theirs)
            race = race_margin(steps, turn, seat) + worth
        else:
            race = race_chance(steps, turn, seat, walls_left, self.plan.wall_in_hand)
        return race - PROGRESS * steps[seat]


    def walls_worth(self, walls: int) -> float:
        """What ``walls`` walls in hand are worth together, in rounds (:attr:`Plan.wall_decay`)."""
        plan = self.plan
        if plan.wall_decay == 1.0:
            return plan.wall_in_hand * walls
        return plan.wall_in_hand * (1 - plan.wall_decay ** walls) / (1 - plan.wall_decay)


def race_margin(steps: Sequence[int], turn: int, seat: int) -> float:
    """Rounds by which ``seat`` would reach its goal before the first other seat.

    ``steps`` are the seats' path lengths and ``turn`` the seat to move. A seat ``k`` turns
    after the one to move that needs ``d`` steps arrives on ply ``players * (d - 1) + k``; with 2
    players and ``seat`` to move an equal race is +0.5.
    """
    players = len(steps)
    arrivals = [
        players * (needed - 1) + (other - turn) % players for other, needed in enumerate(steps)
    ]
    first_other = min(arrival for other, arrival in enumerate(arrivals) if other != seat)
    return (first_other - arrivals[seat]) / players


def _key(state: QuoridorState) -> tuple[object, ...]:
    return (state.pawns, frozenset(state.walls), state.walls_left, state.turn)


# -- easy ----------------------------------------------------------------------------------------


def _easy(turn: Turn) -> str:
    """Walk a shortest path; sometimes wander; sometimes wall an opponent who is ahead."""
    state: QuoridorState = turn.state
    seat = state.turn
    rng = turn.rng
    moves = [square_name(square) for square in pawn_destinations(state)]

    def steps_after(line: str) -> float:
        after = turn.after(line)
        if after.winner == seat:
            return -1.0
        steps = after.openings.distance(after.pawns[seat], state.seats[seat].goal)
        return 99.0 if steps is None else float(steps)

    if not moves:  # boxed in by pawns: a wall, whichever
        return _naive_wall(turn) or rng.choice(turn.legal())
    best = turn.best(moves, lambda line: -steps_after(line))
    if steps_after(best) < 0:
        return best  # the goal is one step away: any child takes it
    steps = seat_steps(state, state.openings) or (0,) * state.players
    if state.walls_left[seat] and rng.random() < EASY_WALL and race_margin(steps, seat, seat) < 0:
        wall = _naive_wall(turn)
        if wall is not None:
            return wall
    if rng.random() < EASY_WANDER:
        return rng.choice(moves)
    return best


def _naive_wall(turn: Turn) -> str | None:
    """The wall across the leading opponent's next steps that lengthens their path the most."""
    state: QuoridorState = turn.state
    seat = state.turn
    openings = state.openings
    others = [other for other in range(state.players) if other != seat]

    def steps(other: int, board: QuoridorState) -> int:
        found = board.openings.distance(board.pawns[other], board.seats[other].goal)
        return 99 if found is None else found

    leader = min(others, key=lambda other: steps(other, state))
    path = shortest_path(openings, state.pawns[leader], state.seats[leader].goal) or []
    blocked = blocked_wall_slots(state.walls)
    candidates: dict[str, QuoridorState] = {}
    for a, b in zip(path[:NEAR_PAWN + 1], path[1 : NEAR_PAWN + 2]):
        for wall in walls_on_step(a, b):
            if wall in blocked or wall.name in candidates:
                continue
            try:
                candidates[wall.name] = turn.after(wall.name)
            except IllegalInput:
                continue
    before = steps(leader, state)
    useful = [line for line, after in candidates.items() if steps(leader, after) > before]
    if not useful:
        return None
    return turn.best(useful, lambda line: steps(leader, candidates[line]))
