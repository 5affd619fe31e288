"""The companion's play in Crash by Crash (rules/crash.md).

Every action is tried with the game's own ``apply`` (push, magnet phase, ring, evaluation and
all) and the position it leaves is judged for the companion's side:

* the score difference, exactly;
* the board difference (the points each side's cars stand on: what the next evaluation pays);
* cars on the board, batteries and known cards, a little;
* what the side that acts next can do at once: push a car of the other side off the edge or
  into a hole (+2 and the car's field), and ring a bell while its cars stand better (the last
  bell, while ahead, wins the game);
* in a game that drags on (from turn 40), every evaluation and every car next to a bell counts
  for more, and now and then a nearly best action is played: two sides that only push each
  other's cars off in turn still bring the game to its end.

Cards: the companion plays only the cards it *knows*, those it took from the display (R111). A
hidden hand cannot be seen by the app; the table can show the companion its cards with a
correction (``fix`` with ``known=``). At the end of a turn it draws from the display, the best
kinds first, and blind only when the display runs short. Inputs that tell the app what the cards
are (the display, a refill, the four-player discards) are not the companion's to choose; it
gives a legal one, and the table should give the true one.

* easy: a handful of actions judged by points and board alone, with random ones among them.
* normal: every action but card swaps, yellow cards and 4-step operator moves judged one
  action ahead; the most wanted known blue card by the best placement it allows.
* strong: 4-step operator moves and every known card too, a blue or yellow card by the best
  second action it allows; as first action, the best few judged together with the best second
  action after each.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from companion.engine.strategy import Turn
from companion.games.crash import queries
from companion.games.crash.actions import blue_effect
from companion.games.crash.board import (
    DIRECTION_INDEX,
    FIELD_INDEX,
    GEOMETRY,
    NEIGHBOURS,
    RULES,
    opposite,
)
from companion.games.crash.cards import BLUE, YELLOW
from companion.games.crash.notation import format_place
from companion.games.crash.rules import CRASH
from companion.games.crash.state import (
    ACTION_END,
    SEATS_4,
    SIDES,
    CrashState,
    car_is_magnet,
    car_side,
    hole_tiles_fields,
)

WIN = 1_000.0
BOARD_WEIGHT = 1.0
"""A point of board difference against a point of score: the next evaluation pays it."""
LAST_BOARD_WEIGHT = 0.6
CAR_WEIGHT = 0.3
BATTERY_WEIGHT = 0.6
KNOWN_CARD_WEIGHT = 0.4
EVALUATION_BONUS = 0.25
"""A small bonus for every evaluation done, so that equal positions move the game on."""
LONG_GAME = 40
LONG_GAME_PRESSURE = 0.05
"""From turn LONG_GAME on, every turn makes an evaluation (and a car next to a bell) worth this
much more, and now and then a nearly best action is played: a game in which both sides only
push each other's cars off still comes to its end."""
LONG_GAME_SHAKE = 0.3
SHAKE_MARGIN = 3.0
FINAL_RING = 30.0
"""A bell the side ahead can ring for the seventh evaluation wins the game."""
PUSH_OFF_CHANCE = 0.8
SECOND_PUSH_OFF = 0.4
RING_CHANCE = 0.8
QUIET_BONUS = 0.05
"""Between equal actions, passing spares the table the work."""

SEARCH = {"easy": 24, "normal": 600, "strong": 1600}
"""Actions judged per decision (work limits, calibrated to the time budgets)."""
BATTERY_SHORTLIST = 12
"""Placements whose battery variants are judged too (the best without batteries)."""
PAIR_CANDIDATES = 4
"""Strong: first actions judged together with their best second action."""
FOLLOW_UP_SEARCH = 300
EASY_RANDOM = 0.3
EASY_FIELDS = 8
"""Fields the easy level looks at for a placement."""

CARD_PREFERENCE = (
    "saboteur", "ticket", "lambada", "rocket", "double", "flying", "tandem", "fluct",
    "reaction", "deadbat", "expansion", "bright", "heartless",
)
"""Kinds the companion would rather take from the display, best first."""
BLIND_DRAW = 0.1


def awaits_the_table(state: CrashState) -> bool:
    """The display laid out at set-up, a refill, a four-player discard: these inputs record
    which physical cards came up, so at the table a person enters them, never the companion
    (:func:`choose` still answers for them, for games played without a table)."""
    if state.setup:
        return state.setup_stage() == "display"
    if state.action != ACTION_END:
        return False
    lines = CRASH.legal(state)
    return bool(lines) and not lines[0].startswith("draw ")


def choose(turn: Turn) -> str:
    state: CrashState = turn.state
    if state.setup:
        return _setup(turn, state)
    if state.action == ACTION_END:
        return _end_of_turn(turn, state)
    side = state.side
    if turn.level == "easy":
        return _easy(turn, state, side)
    return _search(turn, state, actions(state, turn.level), side)


# -- judging a position ---------------------------------------------------------------------------


def field_points(state: CrashState) -> tuple[int, ...]:
    """What each field pays at an evaluation by the standard table (R9)."""
    return _points_of(state.values)


@lru_cache(maxsize=8)
def _points_of(values: tuple[int, ...]) -> tuple[int, ...]:
    table = GEOMETRY.standard
    return tuple(table[value] for value in values)


@lru_cache(maxsize=1)
def _rim() -> tuple[tuple[int, ...], ...]:
    """For each field, the directions that lead off the board."""
    return tuple(
        tuple(direction for direction in range(6) if NEIGHBOURS[field][direction] < 0)
        for field in range(len(NEIGHBOURS))
    )


def value(state: CrashState, side: int) -> float:
    """How good ``state`` is for ``side``: higher is better."""
    other = 1 - side
    score = state.scores[side] - state.scores[other]
    if state.is_over:
        return (WIN if score > 0 else -WIN if score < 0 else 0.0) + score
    points = field_points(state)
    sums = [0, 0]
    cars = [0, 0]
    magnets = [0, 0]
    for field, cell in enumerate(state.cars):
        if cell:
            owner = car_side(cell)
            sums[owner] += points[field]
            cars[owner] += 1
            magnets[owner] += car_is_magnet(cell)
    left = RULES.evaluations_to_end - state.evals
    weight = BOARD_WEIGHT if left > 1 else LAST_BOARD_WEIGHT
    known = [0, 0]
    for seat, kinds in enumerate(state.cards.known):
        known[seat % 2] += len(kinds)
    total = (
        score
        + weight * (sums[side] - sums[other])
        + CAR_WEIGHT * (cars[side] - cars[other])
        + BATTERY_WEIGHT * (state.batteries[side] - state.batteries[other])
        + KNOWN_CARD_WEIGHT * (known[side] - known[other])
        + _evaluation_bonus(state.turn) * state.evals
    )
    if state.turn > LONG_GAME:
        total += _pressure(state.turn) * _bells_in_reach(state)
    actor, actions_left = _next_actor(state)
    if cars[actor] - magnets[actor] >= RULES.normal_cars:
        return total  # nothing in the supply to place: no push-off, no ring by placement
    sign = 1.0 if actor == side else -1.0
    cost = RULES.second_placement_cost if actor == state.side and state.placed else 0
    holes = hole_tiles_fields(state.holes)
    gains = sorted(_push_offs(state, actor, points, weight, holes), reverse=True)
    if gains:
        total += sign * PUSH_OFF_CHANCE * max(0.0, gains[0] - cost)
        if actions_left > 1 and len(gains) > 1:
            total += sign * SECOND_PUSH_OFF * max(0.0, gains[1] - RULES.second_placement_cost)
    if _may_ring(state, holes):
        lead = float(sums[actor] - sums[1 - actor] - cost)
        ahead = state.scores[actor] - state.scores[1 - actor] + lead
        if left == 1 and ahead > 0:
            lead = max(lead, FINAL_RING)  # the last evaluation ends the game, ahead
        total += sign * RING_CHANCE * max(0.0, lead)
    return total


def _pressure(turn: int) -> float:
    return LONG_GAME_PRESSURE * max(0, turn - LONG_GAME)


def _evaluation_bonus(turn: int) -> float:
    """What an evaluation is worth by itself: a little, and more as a long game drags on."""
    return EVALUATION_BONUS + _pressure(turn)


def _bells_in_reach(state: CrashState) -> int:
    """Bells with a car next to them: where the next rings can come from."""
    cars = state.cars
    return sum(
        1 for bell in state.bells
        if any(neighbour >= 0 and cars[neighbour] for neighbour in NEIGHBOURS[bell])
    )


def _next_actor(state: CrashState) -> tuple[int, int]:
    """The side that acts next and how many actions it has."""
    if state.action == ACTION_END:
        return 1 - state.side, 2
    return state.side, 3 - state.action


def _push_offs(state: CrashState, actor: int, points: tuple[int, ...], weight: float,
               holes: frozenset[int]) -> list[float]:
    """What ``actor`` gains by each car of the other side it could push off with one
    placement: a car on the rim (or by a hole) with a free field behind its row."""
    rim = _rim()
    cars = state.cars
    gains = []
    for field, cell in enumerate(cars):
        if not cell or car_side(cell) == actor:
            continue
        directions = rim[field]
        if holes:
            directions = tuple(d for d in range(6) if d in directions
                               or NEIGHBOURS[field][d] in holes)
        for direction in directions:
            back = opposite(direction)
            behind = NEIGHBOURS[field][back]
            while behind >= 0 and behind not in holes and cars[behind]:
                behind = NEIGHBOURS[behind][back]
            if _is_free(state, behind, holes):
                gains.append(RULES.push_off_points + weight * points[field] + CAR_WEIGHT)
                break
    return gains


def _is_free(state: CrashState, field: int, holes: frozenset[int]) -> bool:
    return (field >= 0 and field not in holes and not state.cars[field]
            and field not in state.bells and field != state.operator)


def _may_ring(state: CrashState, holes: frozenset[int]) -> bool:
    """Whether the side that acts next could ring a bell with one placement: a car next to a
    bell with a free field behind its row (the bells must be unlocked for it)."""
    if state.action == ACTION_END:
        if state.turn + 1 < RULES.first_evaluation_turn:
            return False
    elif not state.bells_unlocked:
        return False
    cars = state.cars
    for bell in state.bells:
        if bell == state.operator:
            continue
        for direction in range(6):
            back = opposite(direction)
            car = NEIGHBOURS[bell][back]
            if car < 0 or not cars[car]:
                continue
            behind = NEIGHBOURS[car][back]
            while behind >= 0 and behind not in holes and cars[behind]:
                behind = NEIGHBOURS[behind][back]
            if _is_free(state, behind, holes):
                return True
    return False


# -- the actions of a turn ------------------------------------------------------------------------


def actions(state: CrashState, level: str) -> list[str]:
    """The actions worth judging, from the game's per-field queries (E2), the likeliest first
    (a search cut short keeps them): ``pass``, the known cards, the magnet, every placement,
    2-step operator moves and, for the strong level, 4-step ones. Card swaps are left out.
    Under a yellow obligation ``legal()`` is filtered instead (the queries would simulate every
    action anyway)."""
    if state.obligation == "yellow":
        from companion.games.crash.legal import legal_lines

        return _known_only(state, list(legal_lines(state)), level)
    lines = ["pass"] if state.obligation is None else []
    free = blue_effect(state) is None
    if free:
        for kind in sorted(set(state.cards.known[state.seat])):
            lines += queries.card_targets(state, kind)
    lines += [f"magnet {name}" for name in queries.legal_placement_fields(state, "magnet")]
    lines += _placements(state, None)
    if free:
        lines += queries.operator_paths(state, 2)
        if level == "strong":
            lines += queries.operator_paths(state, 4)
    return lines


def _placements(state: CrashState, fields: list[str] | None) -> list[str]:
    """Normal-car placements on ``fields`` (default every legal field), each push with each
    battery count."""
    names = queries.legal_placement_fields(state) if fields is None else fields
    lines = []
    for name in names:
        field = FIELD_INDEX[name]
        for key, counts in queries.push_directions(state, name).items():
            directions = tuple(DIRECTION_INDEX[d] for d in key.split(",")) if key else ()
            lines += [format_place(field, directions, count) for count in counts]
    return lines


def _known_only(state: CrashState, lines: list[str], level: str) -> list[str]:
    """``lines`` without card swaps, unknown cards and (below strong) 4-step operator moves."""
    known = state.cards.known[state.seat]
    kept = []
    for line in lines:
        words = line.split()
        if words[0] == "swap":
            continue
        if words[0] == "card" and words[1] not in known:
            continue
        if words[0] == "operator" and len(words) > 3 and level != "strong":
            continue
        kept.append(line)
    return kept or lines


def _needs_follow_up(state: CrashState, line: str) -> bool:
    """A blue or yellow card is worth only what the second action it demands makes of it."""
    words = line.split()
    return state.action == 1 and words[0] == "card" and words[1] in BLUE | YELLOW


def _search(turn: Turn, state: CrashState, candidates: list[str], side: int) -> str:
    if turn.level == "normal":
        candidates = _without_long_thought(state, candidates)
    if len(candidates) == 1:
        return candidates[0]
    plain = [line for line in candidates if "bat=" not in line][: SEARCH[turn.level]]
    scores: dict[str, float] = {}
    for line in plain:
        if turn.budget.expired() and scores:
            break
        scores[line] = _judge(turn, state, line, side)
    best_places = sorted(
        (line for line in scores if line.startswith("place ")), key=lambda line: -scores[line]
    )[:BATTERY_SHORTLIST]
    for line in candidates:
        if "bat=" in line and line.split(" bat=")[0] in best_places:
            if turn.budget.expired():
                break
            scores[line] = _judge(turn, state, line, side)
    if turn.level == "strong" and state.action == 1:
        paired = _pair_up(turn, state, scores, side)
        if paired:
            scores = paired
    return _pick(turn, state, scores)


def _pick(turn: Turn, state: CrashState, scores: dict[str, float]) -> str:
    """The best line; in a game that drags on, now and then one of the nearly best, so that
    two players pushing each other's cars off in turn do not do so for ever."""
    if state.turn > LONG_GAME and turn.rng.random() < LONG_GAME_SHAKE:
        best = max(scores.values())
        close = sorted(line for line, score in scores.items() if score >= best - SHAKE_MARGIN)
        return turn.rng.choice(close)
    return turn.best(list(scores), scores.__getitem__)


def _without_long_thought(state: CrashState, candidates: list[str]) -> list[str]:
    """Normal: no yellow card (its second action must ring a bell, and finding those takes a
    simulation of every action) and only the most wanted blue card, each of which is judged by
    a whole search of the placements it allows."""
    blue = [line for line in candidates if _needs_follow_up(state, line)
            and line.split()[1] in BLUE]
    kept = min(blue, key=lambda line: CARD_PREFERENCE.index(line.split()[1]), default=None)
    return [line for line in candidates
            if not _needs_follow_up(state, line) or line == kept] or candidates


def _judge(turn: Turn, state: CrashState, line: str, side: int) -> float:
    after = turn.after(line, state)
    if _needs_follow_up(state, line) and not after.is_over:
        return _best_follow_up(turn, after, side)
    return value(after, side) + (QUIET_BONUS if line == "pass" else 0.0)


def _best_follow_up(turn: Turn, state: CrashState, side: int) -> float:
    """The value of the best second action (or pass) from ``state``, one action ahead."""
    lines = actions(state, "normal")
    best = float("-inf")
    for line in lines[:FOLLOW_UP_SEARCH]:
        bonus = QUIET_BONUS if line == "pass" else 0.0
        best = max(best, value(turn.after(line, state), side) + bonus)
        if turn.budget.expired():
            break
    return best


def _pair_up(
    turn: Turn, state: CrashState, scores: dict[str, float], side: int
) -> dict[str, float]:
    """Strong: the best first actions, each judged with the best second action after it."""
    ranked = sorted(scores, key=lambda line: (-scores[line], line))
    paired: dict[str, float] = {}
    for line in ranked[:PAIR_CANDIDATES]:
        if turn.budget.expired():
            break
        after = turn.after(line, state)
        if after.is_over or after.action != 2:
            paired[line] = scores[line]
        elif _needs_follow_up(state, line):
            paired[line] = scores[line]  # already judged by its second action
        else:
            paired[line] = _best_follow_up(turn, after, side)
    return paired


def _easy(turn: Turn, state: CrashState, side: int) -> str:
    """A few placements on random fields, the short operator moves, the known cards and
    ``pass``, judged by points and board alone; now and then any of them."""
    rng = turn.rng
    if state.obligation is not None:
        moves = actions(state, "easy")
    else:
        fields = rng.shuffled(queries.legal_placement_fields(state))[:EASY_FIELDS]
        moves = _placements(state, fields)
        moves += queries.operator_paths(state, 2)
        for kind in sorted(set(state.cards.known[state.seat])):
            moves += queries.card_targets(state, kind)
        moves = [line for line in moves if "bat=" not in line] or moves
    if not moves:
        return "pass" if state.obligation is None else rng.choice(turn.legal())
    if rng.random() < EASY_RANDOM:
        return rng.choice(moves)
    sample = rng.shuffled(moves)[: SEARCH["easy"]]
    if state.obligation is None:
        sample.append("pass")
    return turn.best(sample, lambda line: _plain_value(turn.after(line, state), side))


def _plain_value(state: CrashState, side: int) -> float:
    """Points and board alone (the easy level's judgement)."""
    other = 1 - side
    score = float(state.scores[side] - state.scores[other])
    if state.is_over:
        return score + (WIN if score > 0 else -WIN if score < 0 else 0.0)
    points = field_points(state)
    board = 0
    for field, cell in enumerate(state.cars):
        if cell:
            board += points[field] if car_side(cell) == side else -points[field]
    return score + BOARD_WEIGHT * board


# -- set-up and the end of a turn -----------------------------------------------------------------


def _setup(turn: Turn, state: CrashState) -> str:
    lines = turn.legal()
    stage = state.setup_stage()
    if stage == "first":
        if turn.level == "easy":
            return turn.rng.choice(lines)
        label = SEATS_4[turn.seat] if state.players == 4 else SIDES[turn.seat]
        return f"first {label}" if f"first {label}" in lines else turn.rng.choice(lines)
    if stage == "init":
        return turn.best(lines, _init_score(turn, state))
    return turn.rng.choice(lines)  # operator start (no cars yet), or the display the table shows


def _init_score(turn: Turn, state: CrashState) -> Callable[[str], float]:
    """An initial car: a field that pays, away from the rim and from belled flowers (their tile
    leaves the board at its evaluation)."""
    points = field_points(state)
    belled = {GEOMETRY.tile_of[bell] for bell in state.bells}
    noise = 2.0 if turn.level == "easy" else 0.0

    def score(line: str) -> float:
        field = FIELD_INDEX[line.split()[1]]
        rim = sum(1 for neighbour in NEIGHBOURS[field] if neighbour < 0)
        tile = GEOMETRY.tile_of[field]
        return (points[field] - 1.5 * min(rim, 1) - 0.5 * (tile in belled)
                + noise * turn.rng.random())

    return score


def _end_of_turn(turn: Turn, state: CrashState) -> str:
    lines = turn.legal()
    if not lines or not lines[0].startswith("draw "):
        return turn.rng.choice(lines)  # a refill or a four-player discard: the table's cards

    def worth(line: str) -> float:
        total = 0.0
        for source in line.split()[1].split(","):
            if source == "blind":
                total += BLIND_DRAW
            else:
                kind = source[2:]
                total += 1 + (len(CARD_PREFERENCE) - CARD_PREFERENCE.index(kind)) / 10
        return total

    return turn.best(lines, worth)
