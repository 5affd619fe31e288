"""The strong level with four players: the others as people who block whoever leads.

People at a Quoridor table of four play the obvious race: each walks its shortest path, and
when one other seat leads alone and a wall across its path gains more than a step, it walls that
seat; a seat tied for the lead is left alone, since walling it lets the other leader through
(:meth:`CrowdSearch.reply`; among equally good walls, the one that lengthens the leader's path
most, the worst for us when we lead). Other players, the normal companion among them, block any
leader, tied or not, by their chance to arrive first (:meth:`CrowdSearch.chance_reply`). The
search branches only where the two replies differ, and learns from the game so far which one
each other seat plays (:meth:`CrowdSearch.observed_shares`): a seat seen to block by its chance
is taken, by that share, to pick the worse of the two for us, the rest the plain crowd's. It
searches its own moves a whole round at a time: its steps and the walls
that matter across the paths of the seats near the lead. What follows the last searched round
is judged by a quick race to the end on path lengths and walls alone, everyone playing the
plain way (a wall is taken to cost its victim ``WALL_GAIN`` steps).

Bounded by work (positions looked at, divided by the Pi's clock factor), so the same history
gives the same answer; the time budget is only a safety valve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from companion.engine.errors import IllegalInput
from companion.engine.strategy import Turn
from companion.games.quoridor.board import Openings, Wall
from companion.games.quoridor.moves import blocked_wall_slots, pawn_destinations, stepped
from companion.games.quoridor.paths import (
    WALL_OF_BIT,
    distance,
    forward_steps,
    lengths_with_wall,
    path_walls,
    race_chance,
    seat_steps,
)
from companion.games.quoridor.state import QuoridorState

WALL_GAIN = 2
"""Steps a wall is taken to add to its victim's path in the race to the end."""
WALL_KEPT = 0.3
"""A wall still in hand when the race ends: worth a little (it could have been used)."""
RACES_KEPT = 50_000
"""Races to the end remembered (a pure function of lengths, walls in hand and turn)."""
WIN = 1_000.0
STANDING = 0.25
"""Besides the race to the end: how far ahead of the leading other seat we stand now."""
NEAR_LEAD = 1
"""Our walls go across the paths of the other seats at most this many steps behind the
leading one (a wall for a seat further back helps the leader)."""
CLOCK_EVERY = 16
PRIOR = 1.0
"""Before a seat has shown how it plays, each reply counts as seen this many times."""
OBSERVED_MOVES = 12
"""A seat's last moves looked at to judge how it plays."""
SEEN_KEPT = 20_000
"""Moves judged (crowd or chance) remembered between decisions."""
_SEEN: dict[tuple[object, ...], int] = {}


class OutOfWork(Exception):
    """The work limit or the clock ran out: keep what is known."""


Child = tuple[str, QuoridorState]


class CrowdSearch:
    """Our moves searched round by round, the other seats' replies as the crowd plays them."""

    def __init__(self, turn: Turn, nodes: int, walls_kept: int, rounds: Sequence[int]) -> None:
        self.turn = turn
        self.me: int = turn.seat
        self.nodes = nodes
        self.walls_kept = walls_kept
        self.rounds = tuple(rounds)
        self.created = 0
        self.bounded = True
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}
        self.replies_by_crowd: dict[tuple[object, ...], QuoridorState] = {}
        self.replies_by_chance: dict[tuple[object, ...], QuoridorState] = {}
        self.chance_share: tuple[float, ...] = (0.5,) * turn.state.players

    # -- the search ------------------------------------------------------------------------------

    def best_line(self) -> str:
        root: QuoridorState = self.turn.state
        self.bounded = False  # the root's moves are always listed: there must be an answer
        self.chance_share = self.observed_shares()
        children = self.turn.rng.shuffled(self.my_children(root))
        self.bounded = True
        children.sort(key=lambda child: -self.leaf(child[1]))
        best = children[0][0]
        if len(children) == 1:
            return best
        try:
            for rounds in self.rounds:
                best_value = -2 * WIN
                found = best
                for line, child in children:
                    value = self.after_others(child, rounds - 1, 1)
                    if value > best_value:
                        best_value, found = value, line
                    best = found  # the previous best went first: what beats it is better
                if abs(best_value) >= WIN - 100:
                    break
                children.sort(key=lambda child: child[0] != best)
        except OutOfWork:
            pass
        return best

    def after_others(self, state: QuoridorState, rounds: int, ply: int) -> float:
        """Our value once the others have replied to ``state`` and ``rounds`` more of ours.

        Where a seat's two replies differ: the crowd's reply by ``1 - share``, the worse of the
        two for us by ``share``, the seat's share of blocking by its chance."""
        if not state.is_over and state.turn != self.me:
            replies = self.replies(state)
            values = [self.after_others(child, rounds, ply + 1) for _, child in replies]
            if len(values) == 1:
                return values[0]
            share = replies[1][0]
            return (1 - share) * values[0] + share * min(values)
        if state.is_over:
            return (WIN - ply) if state.winner == self.me else -WIN + ply
        if rounds <= 0:
            return self.leaf(state)
        key = (*_key(state), self.me)
        known = self.table.get(key)
        if known is not None and known[0] >= rounds:
            return known[1]
        best = -2 * WIN
        for _, child in self.my_children(state):
            best = max(best, self.after_others(child, rounds - 1, ply + 1))
        self.table[key] = (rounds, best)
        return best

    # -- our moves -------------------------------------------------------------------------------

    def my_children(self, state: QuoridorState) -> list[Child]:
        """Our steps that shorten our path, and the best few walls across the others' paths."""
        children = [self.stepped(state, square) for square in forward_steps(state)]
        if state.walls_left[state.turn]:
            now = self.lengths(state)
            others = [seat for seat in range(state.players) if seat != state.turn]
            leading = min(now[seat] for seat in others)
            near = [seat for seat in others if now[seat] <= leading + NEAR_LEAD]
            walls = [(self.leaf(child), line, child)
                     for line, child in self.walls_across(state, near)]
            walls.sort(key=lambda item: -item[0])
            children += [(line, child) for _, line, child in walls[: self.walls_kept]]
        if not children:  # boxed in by pawns, no wall: whatever the rules allow
            for line in self.turn.legal(state)[:4]:
                self.tick()
                children.append((line, self.turn.rules.apply(state, line)[0]))
        return children

    # -- the others' moves, as the crowd plays ---------------------------------------------------

    def replies(self, state: QuoridorState) -> list[tuple[float, QuoridorState]]:
        """The seat's reply as the plain crowd plays (:meth:`reply`) and as a seat that blocks
        any leader, tied or not, by its chance to arrive first (:meth:`chance_reply`, as the
        normal companion does), when the two differ, each with its likelihood: how often that
        seat has played so far in this game as the one and not the other
        (:meth:`observed_shares`)."""
        crowd = self.reply(state)
        other = self.remembered_chance_reply(state)
        if _key(other) == _key(crowd):
            return [(1.0, crowd)]
        share = self.chance_share[state.turn]
        return [(1.0 - share, crowd), (share, other)]

    def remembered_chance_reply(self, state: QuoridorState) -> QuoridorState:
        key = _key(state)
        known = self.replies_by_chance.get(key)
        if known is None:
            known = self.replies_by_chance[key] = self.chance_reply(state)
        return known

    def observed_shares(self) -> tuple[float, ...]:
        """For each other seat, how likely it is to play :meth:`chance_reply` rather than
        :meth:`reply`, by its moves so far in this game (at most its last ``OBSERVED_MOVES``):
        ``(PRIOR + chance) / (2 * PRIOR + crowd + chance)``, counting the moves that were the
        one reply and not the other. A seat that walls a leader tied with another, or the
        leader when a step would do as well, is seen to block by its chance; one that walks
        where that would wall, to play the plain race."""
        root: QuoridorState = self.turn.state
        judge = CrowdSearch(self.turn, 0, 0, ())  # its own work and memory: not this search's
        judge.bounded = False
        shares = []
        for seat in range(root.players):
            if seat == self.me:
                shares.append(0.0)
                continue
            moves = [(before, line) for before, line in self.turn.past
                     if isinstance(before, QuoridorState) and before.turn == seat
                     and before.players == root.players][-OBSERVED_MOVES:]
            crowd = chance = 0
            for before, line in moves:
                seen = judge.seen_as(before, line)
                crowd += seen < 0
                chance += seen > 0
            shares.append((PRIOR + chance) / (2 * PRIOR + crowd + chance))
        return tuple(shares)

    def seen_as(self, before: QuoridorState, line: str) -> int:
        """+1 when ``line`` was the chance reply in ``before`` and not the crowd's, -1 for the
        other way round, 0 when both or neither (remembered: a pure function of the move)."""
        key = (*_key(before), line, self.me)
        known = _SEEN.get(key)
        if known is not None:
            return known
        try:
            after = self.turn.rules.apply(before, line)[0]
        except IllegalInput:
            return 0
        played = _key(after)
        by_crowd = _key(self.reply(before)) == played
        by_chance = _key(self.remembered_chance_reply(before)) == played
        known = int(by_chance) - int(by_crowd)
        if len(_SEEN) >= SEEN_KEPT:
            _SEEN.clear()
        _SEEN[key] = known
        return known

    def chance_reply(self, state: QuoridorState) -> QuoridorState:
        """The move that gives the seat to move the best chance to arrive first
        (:func:`race_chance`): its best step, or a wall across the path of a leading other seat,
        however many lead."""
        seat = state.turn
        now = self.lengths(state)
        goal = state.seats[seat].goal
        options: list[QuoridorState] = []
        best_square, best_steps = None, None
        for square in pawn_destinations(state):
            steps = 0 if goal >> square & 1 else distance(state.openings, square, goal)
            if steps is not None and (best_steps is None or steps < best_steps):
                best_square, best_steps = square, steps
        if best_square is not None:
            options.append(self.stepped(state, best_square)[1])
            if best_steps == 0:
                return options[0]
        if state.walls_left[seat]:
            others = [other for other in range(state.players) if other != seat]
            leading = min(now[other] for other in others)
            leaders = [other for other in others if now[other] == leading]
            options += [child for _, child in self.walls_across(state, leaders)]
        if not options:
            return self.reply(state)
        return max(options, key=lambda child: race_chance(
            self.lengths(child), child.turn, seat, child.walls_left))

    def reply(self, state: QuoridorState) -> QuoridorState:
        """The move the seat to move makes by the crowd's measure: its path shorter than the
        leading other seat's, by as much as it can; a step when equal and the step wins the race,
        a wall when it does not."""
        key = _key(state)
        known = self.replies_by_crowd.get(key)
        if known is not None:
            return known
        seat = state.turn
        now = self.lengths(state)
        goal = state.seats[seat].goal
        leading = min(now[other] for other in range(state.players) if other != seat)
        best_step: tuple[float, int] | None = None
        for square in pawn_destinations(state):
            steps = 0 if goal >> square & 1 else distance(state.openings, square, goal)
            if steps is None:
                continue
            value = WIN if steps == 0 else float(leading - steps)
            if best_step is None or value > best_step[0]:
                best_step = (value, square)
        if best_step is not None and best_step[0] == WIN:
            chosen = self.stepped(state, best_step[1])[1]
        else:
            chosen = self.crowd_wall(state, now, best_step)
        self.replies_by_crowd[key] = chosen
        return chosen

    def crowd_wall(self, state: QuoridorState, now: tuple[int, ...],
                   best_step: tuple[float, int] | None) -> QuoridorState:
        seat = state.turn
        walls_first = best_step is None or best_step[0] < 1
        best: tuple[float, int, int] | None = None
        best_child: QuoridorState | None = None
        others = [other for other in range(state.players) if other != seat]
        leading = min(now[other] for other in others)
        leaders = [other for other in others if now[other] == leading]
        second = min((now[other] for other in others if other not in leaders), default=leading)
        step_value = best_step[0] if best_step is not None else -WIN
        can_gain = second - now[seat]  # no wall lifts the leading other seat past the second
        if state.walls_left[seat] and len(leaders) == 1 and (
                can_gain > step_value or (can_gain == step_value and walls_first)):
            for _, child in self.walls_across(state, leaders):
                lengths = self.lengths(child)
                value = float(min(lengths[other] for other in others) - lengths[seat])
                rank = (value, int(walls_first), lengths[self.me])
                if best is None or rank > best:
                    best, best_child = rank, child
        if best_step is not None:
            rank = (best_step[0], int(not walls_first), 0)
            if best is None or rank[:2] >= best[:2]:
                return self.stepped(state, best_step[1])[1]
        if best_child is not None:
            return best_child
        self.tick()
        line = self.turn.legal(state)[0]  # boxed in with nothing better: the first legal input
        return self.turn.rules.apply(state, line)[0]  # type: ignore[no-any-return]

    # -- positions -------------------------------------------------------------------------------

    def walls_across(self, state: QuoridorState, targets: Sequence[int]) -> list[Child]:
        """The walls across the shortest paths of ``targets`` that cut nobody off (R23–R25)."""
        openings = state.openings
        paths = [path_walls(openings, state.pawns[other], info.goal)
                 for other, info in enumerate(state.seats)]
        wanted = 0
        for target in targets:
            wanted |= paths[target]
        blocked = blocked_wall_slots(state.walls)
        now = self.lengths(state)
        found: list[Child] = []
        for bit, wall in enumerate(WALL_OF_BIT):
            if not wanted >> bit & 1 or wall in blocked:
                continue
            self.tick()
            walled = openings.with_wall(wall)
            lengths = lengths_with_wall(state, walled, paths, now, wall)
            if lengths is not None:
                found.append(self.walled(state, wall, walled, lengths))
        return found

    def stepped(self, state: QuoridorState, square: int) -> Child:
        self.tick()
        return stepped(state, square)

    def walled(self, state: QuoridorState, wall: Wall, openings: Openings,
               lengths: tuple[int, ...]) -> Child:
        walls_left = list(state.walls_left)
        walls_left[state.turn] -= 1
        child = replace(state, walls=state.walls + (wall,), walls_left=tuple(walls_left),
                        turn=state.next_seat(), passes=0)
        child.__dict__["openings"] = openings
        child.__dict__["crowd_lengths"] = lengths
        return wall.name, child

    def lengths(self, state: QuoridorState) -> tuple[int, ...]:
        """Every seat's path length (kept on the state, which is made again for each search)."""
        known: tuple[int, ...] | None = state.__dict__.get("crowd_lengths")
        if known is None:
            known = seat_steps(state, state.openings) or (0,) * state.players
            state.__dict__["crowd_lengths"] = known
        return known

    def tick(self) -> None:
        self.created += 1
        if not self.bounded:
            return
        if self.created > self.nodes or (
            self.created % CLOCK_EVERY == 0 and self.turn.budget.expired()
        ):
            raise OutOfWork

    # -- after the search: the race to the end ---------------------------------------------------

    def leaf(self, state: QuoridorState) -> float:
        """Our value of ``state``: the race to the end on path lengths and walls alone."""
        if state.is_over:
            return WIN if state.winner == self.me else -WIN
        lengths = self.lengths(state)
        ahead = min(lengths[other] for other in range(state.players) if other != self.me)
        return (race_to_the_end(lengths, state.walls_left, state.turn, self.me)
                + STANDING * (ahead - lengths[self.me] + WALL_KEPT * state.walls_left[self.me]))


def race_to_the_end(lengths: Sequence[int], walls_left: Sequence[int], turn: int,
                    me: int) -> float:
    """Everyone walks, and walls the one other seat that leads alone when that gains more than
    a step (``WALL_GAIN`` steps a wall). Returns how many steps ahead of the first other seat to
    arrive ``me`` ends (behind: negative), walls left in hand counted a little."""
    return _race(tuple(lengths), tuple(walls_left), turn, me)


@lru_cache(maxsize=RACES_KEPT)
def _race(lengths: tuple[int, ...], walls_left: tuple[int, ...], turn: int, me: int) -> float:
    steps = list(lengths)
    walls = list(walls_left)
    players = len(steps)
    mover = turn
    for _ in range(400):
        if steps[mover] <= 1:
            if mover == me:
                return min(steps[:me] + steps[me + 1:]) + walls[me] * WALL_KEPT
            return -steps[me] + walls[me] * WALL_KEPT
        others = steps[:mover] + steps[mover + 1:]
        leading = min(others)
        step_value = leading - steps[mover] + 1
        if walls[mover] and others.count(leading) == 1:
            others.remove(leading)
            second = min(others)
            wall_value = min(leading + WALL_GAIN, second) - steps[mover]
            if wall_value > step_value or (wall_value == step_value and step_value < 1):
                steps[_leader(steps, mover, leading)] += WALL_GAIN
                walls[mover] -= 1
                mover = (mover + 1) % players
                continue
        steps[mover] -= 1
        mover = (mover + 1) % players
    return 0.0


def _leader(steps: list[int], mover: int, leading: int) -> int:
    return next(seat for seat, length in enumerate(steps) if length == leading and seat != mover)


def _key(state: QuoridorState) -> tuple[object, ...]:
    return (state.pawns, frozenset(state.walls), state.walls_left, state.turn)
