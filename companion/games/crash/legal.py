"""Enumerating the legal inputs (C14), the existence checks of C2, and applying an input.

:func:`apply_input` is the whole of ``Rules.apply``: :mod:`turns` applies the input, and a blue
or yellow card played as the first action is then refused when no second action could fulfil it
(C2), which the search here decides by playing candidates through :func:`apply_action` itself.

Candidates are generated in canonical form and board order. Those whose legality depends on a
simulation (a magnet's attraction, a card's obligation, every action under a yellow obligation)
are checked by applying them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import chain, combinations_with_replacement, compress

from companion.engine.errors import IllegalInput
from companion.games.crash.actions import (
    blue_effect,
    card_timing,
    magnet_could_pull,
    max_batteries,
    operator_branches,
    placement_cost,
)
from companion.games.crash.board import (
    DIRECTION_INDEX,
    DIRECTIONS,
    FIELD_COUNT,
    FIELD_INDEX,
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    RULES,
)
from companion.games.crash.cards import BLUE, KINDS, YELLOW
from companion.games.crash.deck import (
    available,
    draw4_plan,
    draw_needed,
    give_up,
    refill_needed,
    reshuffle_if_empty,
    visible_count,
)
from companion.games.crash.notation import (
    Action,
    CardPlay,
    format_place,
    format_step,
    parse_action,
    reject,
)
from companion.games.crash.sim import Sim
from companion.games.crash.state import (
    ACTION_END,
    SEATS_4,
    SIDES,
    Cards,
    CrashState,
    car_is_magnet,
    car_side,
)
from companion.games.crash.turns import (
    apply_end,
    apply_play,
    apply_setup,
    init_fields,
    operator_start_fields,
)

Candidate = tuple[str, bool]
"""A canonical line and whether it must be checked by applying it."""


LEGAL_LINES_KEPT = 8
"""Positions whose legal lines are remembered: the one on the table (asked by the screen, the
board's queries and the companion seat), the ones an undo goes back to. A position under a
yellow obligation has thousands of operator paths; 64 positions kept held 2-3 MB."""


@lru_cache(maxsize=LEGAL_LINES_KEPT)
def legal_lines(state: CrashState) -> tuple[str, ...]:
    if state.is_over:
        return ()
    if state.setup:
        return tuple(setup_lines(state))
    if state.action == ACTION_END:
        return tuple(end_lines(state))
    return tuple(play_lines(state))


# -- the play phase -------------------------------------------------------------------------------


def play_lines(state: CrashState) -> list[str]:
    obligation = state.obligation
    lines: list[str] = []
    if obligation == "yellow":
        swap_checked: bool | None = None
        for line, _ in play_candidates(state, with_operator=False):
            if line == OPERATOR_MARK:
                lines.extend(evaluating_operator_paths(state))
            elif line.startswith("swap "):
                if swap_checked is None:
                    swap_checked = _accepted(state, line)
                if swap_checked:
                    lines.append(line)
            elif _accepted(state, line):
                lines.append(line)
        return lines
    for line, needs_check in play_candidates(state):
        if not needs_check or _accepted(state, line):
            lines.append(line)
    if obligation is None:
        lines.append("pass")
    return lines


def _accepted(state: CrashState, line: str) -> bool:
    try:
        apply_action(state, parse_action(line, state.players))
    except IllegalInput:
        return False
    return True


def play_candidates(state: CrashState, with_operator: bool = True) -> Iterator[Candidate]:
    sim = Sim(state)
    yield from placement_candidates(state, sim)
    if blue_effect(state) is not None:
        return
    if with_operator:
        yield from operator_candidates(state, sim)
    else:
        yield OPERATOR_MARK, False
    yield from card_candidates(state, sim)
    yield from swap_candidates(state)


OPERATOR_MARK = "operator *"
"""Stands in the candidate stream for the operator paths, which are handled apart."""


def placement_candidates(state: CrashState, sim: Sim) -> Iterator[Candidate]:
    blue = blue_effect(state)
    side = state.side
    normal, magnets = state.supply(side)
    cost = placement_cost(state)
    if cost and state.scores[side] - cost < 1:
        return
    if normal >= 1:
        batteries = max_batteries(state)
        for field in range(FIELD_COUNT):
            if not sim.is_empty(field):
                continue
            directions = push_directions_at(sim, field)
            if blue == "expansion":
                yield format_place(field, (), 0), False
                for d in directions:
                    yield format_place(field, (d,), 0), False
            elif blue == "double":
                for first in directions:
                    for second in directions:
                        if first != second:
                            yield format_place(field, (first, second), 0), False
            else:
                for d in directions:
                    for count in range(batteries + 1):
                        yield format_place(field, (d,), count), False
    if magnets >= 1 and blue in (None, "expansion"):
        yield from magnet_candidates(sim, blue)


def magnet_candidates(sim: Sim, blue: str | None) -> Iterator[Candidate]:
    """The ``magnet …`` lines of :func:`placement_candidates` (their supply and cost checked
    there): every empty field under Permitted Expansion, else those where it could pull."""
    for field in range(FIELD_COUNT):
        if not sim.is_empty(field):
            continue
        if blue == "expansion":
            yield f"magnet {FIELD_NAMES[field]}", False
        elif magnet_could_pull(sim, field):
            yield f"magnet {FIELD_NAMES[field]}", True


BESIDE: tuple[tuple[int, ...], ...] = tuple(
    tuple(field for field in range(FIELD_COUNT) for neighbour in NEIGHBOURS[field]
          if neighbour == car)
    for car in range(FIELD_COUNT))
"""``BESIDE[f]``: the fields with ``f`` as a neighbour, once per direction it lies in from
them (what :func:`push_directions_at` of each of them counts for a car on ``f``)."""


def cars_beside(sim: Sim) -> Counter[int]:
    """How many cars lie beside each field (the directions a car placed there may push in),
    for the fields beside a car: counted from the cars (a few dozen), not from every field's
    six neighbours (~0.1 ms)."""
    return Counter(chain.from_iterable(
        BESIDE[field] for field in compress(range(FIELD_COUNT), sim.cars)))


def push_directions_at(sim: Sim, field: int) -> list[int]:
    return [d for d, n in enumerate(NEIGHBOURS[field]) if n >= 0 and sim.cars[n]]


def operator_paths(state: CrashState, sim: Sim, length: int) -> Iterator[str]:
    """Every legal operator path of ``length`` steps, found by simulating each step."""
    for line, _ in operator_results(sim, length):
        yield line


def operator_results(sim: Sim, length: int) -> Iterator[tuple[str, Sim]]:
    """Each legal operator path with the Sim after its movement step (before the pipeline)."""
    def walk(current: Sim, visited: set[int], steps: list[str]) -> Iterator[tuple[str, Sim]]:
        if len(steps) == length:
            yield "operator " + " ".join(steps), current
            return
        for step, branch, seen in operator_branches(current, visited):
            yield from walk(branch, seen, steps + [format_step(step)])

    start = sim.clone()
    start.events = []
    yield from walk(start, {sim.operator}, [])


def operator_lengths(state: CrashState) -> tuple[int, ...]:
    return (2, 4) if state.scores[state.side] - RULES.operator4_cost >= 1 else (2,)


def evaluating_operator_paths(state: CrashState) -> Iterator[str]:
    """Operator paths whose action sets off an evaluation or ends the game."""
    if blue_effect(state) is not None:
        return
    for length in operator_lengths(state):
        for line, branch in operator_results(Sim(state), length):
            branch.finish()
            if branch.evaluated or branch.over:
                yield line


def operator_candidates(state: CrashState, sim: Sim) -> Iterator[Candidate]:
    for length in operator_lengths(state):
        for line in operator_paths(state, sim, length):
            yield line, False


def claim_possible(cards: Cards, seat: int, kind: str) -> bool:
    return kind in cards.known[seat] or visible_count(cards, kind) < RULES.copies_per_card


def card_candidates(state: CrashState, sim: Sim) -> Iterator[Candidate]:
    cards = state.cards
    seat = state.seat
    if cards.hands[seat] < 1:
        return
    for kind in KINDS:
        if not claim_possible(cards, seat, kind):
            continue
        try:
            card_timing(state, kind)
        except IllegalInput:
            continue
        for args in card_arguments(state, sim, kind):
            line = " ".join(["card", kind, *args])
            yield line, kind in BLUE or kind in YELLOW


def card_arguments(state: CrashState, sim: Sim, kind: str) -> Iterator[list[str]]:
    """E2 ``cardTargets(kind)``: the argument lists a card could take (before its C2 check)."""
    names = FIELD_NAMES
    if kind == "fluct":
        for bell in sorted(sim.bells):
            for target in fluct_targets(sim, bell):
                yield [names[bell], names[target]]
    elif kind == "lambada":
        for first in range(FIELD_COUNT):
            if not sim.cars[first]:
                continue
            for second in sorted(NEIGHBOURS[first]):
                if second > first and sim.cars[second]:
                    yield [names[first], names[second]]
    elif kind == "ticket":
        unlocked = sim.unlocked()
        for source in range(FIELD_COUNT):
            if not sim.cars[source]:
                continue
            for target in sorted(NEIGHBOURS[source]):
                if target < 0 or target in sim.hole_fields or sim.cars[target]:
                    continue
                if target == sim.operator or (target in sim.bells and not unlocked):
                    continue
                yield [names[source], names[target]]
    elif kind == "saboteur":
        for field, cell in enumerate(sim.cars):
            if cell and car_side(cell) != state.side:
                yield [names[field]]
    elif kind == "flying":
        for field in range(FIELD_COUNT):
            if sim.is_empty(field):
                yield [names[field]]
    else:
        yield []


def fluct_targets(sim: Sim, bell: int) -> list[int]:
    belled = {GEOMETRY.tile_of[b] for b in sim.bells if b != bell}
    return [
        field for tile in sorted(GEOMETRY.flower_tiles) if tile not in belled
        and tile not in sim.holes
        for field in GEOMETRY.tile_fields[tile] if sim.is_empty(field)
    ]


def swap_candidates(state: CrashState) -> Iterator[Candidate]:
    cards = state.cards
    seat = state.seat
    if cards.hands[seat] < 2:
        return
    takes = take_options(state)
    # the pairs of kinds in ``combinations_with_replacement(KINDS, 2)``'s order, each first
    # kind checked and given up once (not once per second kind: ~20 checks a swap asked)
    for number, first in enumerate(KINDS):
        if not claim_possible(cards, seat, first):
            continue
        given = give_up(cards, seat, first)
        for second in KINDS[number:]:
            if not claim_possible(given, seat, second):
                continue
            for take in takes:
                yield f"swap {first} {second} take={take}", False


def take_options(state: CrashState) -> list[str]:
    if state.players == 4:
        return ["blind,blind"]
    display = state.cards.display
    options: list[str | None] = []
    for kind in display:
        if kind not in options:
            options.append(kind)
    options.append(None)
    result = []
    for first, second in combinations_with_replacement(range(len(options)), 2):
        a, b = options[first], options[second]
        if a is not None and a == b and display.count(a) < 2:
            continue
        result.append(",".join("blind" if k is None else f"d:{k}" for k in (a, b)))
    return result


# -- applying an input, with C2 --------------------------------------------------------------------


def apply_input(state: CrashState, line: str) -> tuple[CrashState, list[str]]:
    """``Rules.apply``: the line parsed, checked against the turn and C2, and played."""
    if state.is_over:
        raise reject("R97", "E_GAME_OVER", "the game is over")
    action = parse_action(line, state.players)
    if state.setup:
        return apply_setup(state, action)
    if state.action == ACTION_END:
        return apply_end(state, action)
    return apply_action(state, action)


def apply_action(state: CrashState, action: Action) -> tuple[CrashState, list[str]]:
    """One action of a turn (:func:`turns.apply_play`), then C2 for a blue or yellow card."""
    new, events = apply_play(state, action)
    if isinstance(action, CardPlay) and action.kind in BLUE | YELLOW and not new.is_over:
        check_card_obligation(new, action.kind)
    return new, events


def check_card_obligation(state: CrashState, kind: str) -> None:
    """C2: a blue or yellow card needs a second action that fulfils it (``state``: action 2)."""
    if kind in BLUE and not blue_placement_exists(state):
        raise reject("R67", "E_BLUE_NEEDS_PLACEMENT",
                     "no placement under {card} would be possible", card=kind)
    if kind in YELLOW and not state.evaluated and not evaluating_action_exists(state):
        raise reject("R68", "E_YELLOW_NO_EVALUATION",
                     "no second action could set off an evaluation after {card}", card=kind)


# -- C2 -------------------------------------------------------------------------------------------


def blue_placement_exists(state: CrashState) -> bool:
    """Whether the placement a blue card demands is possible in ``state`` (action 2): whether
    :func:`placement_candidates` has a line, found without making the lines. A car's
    placement needs an empty field with as many cars next to it as pushes it must make (none
    under Permitted Expansion, two for Double Hit, else one); the fields next to cars are
    counted from the cars (~30), not looked for around each empty field (~150)."""
    side = state.side
    normal, magnets = state.supply(side)
    cost = placement_cost(state)
    if cost and state.scores[side] - cost < 1:
        return False
    blue = blue_effect(state)
    sim = Sim(state)
    if normal >= 1:
        if blue == "expansion":
            if any(sim.is_empty(field) for field in range(FIELD_COUNT)):
                return True
        else:
            pushes = 2 if blue == "double" else 1
            if any(count >= pushes and sim.is_empty(field)
                   for field, count in cars_beside(sim).items()):
                return True
    if magnets >= 1 and blue in (None, "expansion"):
        return any(True for _ in magnet_candidates(sim, blue))
    return False


def evaluating_action_exists(state: CrashState) -> bool:
    """Whether some second action would set off an evaluation (yellow obligation, C2)."""
    if not state.bells_unlocked or not state.bells:
        return False
    key = state
    if state.cards.discard and state.cards.discard[-1] in YELLOW:
        # the two yellow kinds leave the same board: share one search (C2 does not depend on
        # which of them was played, as neither may be played again this turn)
        key = replace(state, effect="heartless",
                      cards=replace(state.cards, discard=state.cards.discard[:-1]))
    if key not in _SEARCHES:
        if len(_SEARCHES) > 64:
            _SEARCHES.clear()
        _SEARCHES[key] = _search_evaluating(state)
    return _SEARCHES[key]


_SEARCHES: dict[CrashState, bool] = {}


_BOARD_ONLY = ("card fluct", "card lambada", "card saboteur", "card flying", "card deadbat",
               "swap ")


def _search_evaluating(state: CrashState) -> bool:
    sim = Sim(state)
    magnets_on_board = any(car_is_magnet(cell) for cell in sim.cars)
    counts = [0, 0]
    for cell in sim.cars:
        if cell:
            counts[car_side(cell)] += 1
    # an action that ends the game by leaving a side without cars also releases the
    # obligation (C10); with few cars left the shortcuts below are not used
    may_prune = min(counts) > 2
    swap_done = False
    # the placements without a bell ahead of their push are tried after those with one (a
    # push rings only a bell ahead of it; the others only by a magnet's pull), before the
    # actions that follow the placements: only the order changes, never the answer
    later: list[str] = []
    for line, _ in play_candidates(state, with_operator=False):
        is_place = line.startswith("place ")
        if later and not is_place:
            if any(_accepted(state, place) for place in later):
                return True
            later = []
        if line == OPERATOR_MARK:
            if any(True for _ in evaluating_operator_paths(state)):
                return True
            continue
        if line.startswith("swap "):
            if swap_done:
                continue
            swap_done = True
        if may_prune and line.startswith(_BOARD_ONLY) and not _magnet_ring_possible(sim, line):
            continue
        if is_place:
            if may_prune and not magnets_on_board and not _bell_in_line(sim, line):
                continue
            if not _bell_ahead(sim, line):
                later.append(line)
                continue
        if _accepted(state, line):
            return True
    return any(_accepted(state, place) for place in later)


def _magnet_ring_possible(sim: Sim, line: str) -> bool:
    """A necessary condition for a ring after an action that moves no car by itself.

    Such an action can only ring a bell in its magnet phase, which needs a magnet on one side
    of a bell and a car on the other, after the action's change to the board.
    """
    cars = list(sim.cars)
    bells = set(sim.bells)
    parts = line.split()
    fields = [FIELD_INDEX[name] for name in parts[2:] if name in FIELD_INDEX]
    if parts[:2] == ["card", "fluct"]:
        bells.discard(fields[0])
        bells.add(fields[1])
    elif parts[:2] == ["card", "lambada"]:
        cars[fields[0]], cars[fields[1]] = cars[fields[1]], cars[fields[0]]
    elif parts[:2] == ["card", "saboteur"]:
        cars[fields[0]] = 0
    for bell in bells:
        for direction in range(6):
            magnet = NEIGHBOURS[bell][direction]
            car = NEIGHBOURS[bell][(direction + 3) % 6]
            if magnet >= 0 and car >= 0 and car_is_magnet(cars[magnet]) and cars[car]:
                return True
    return False


def _bell_ahead(sim: Sim, line: str) -> bool:
    """A bell ahead of a placement's push (a push direction from the placed car, the bell
    beyond the cars hit): where the push itself may ring it."""
    parts = line.split()
    if len(parts) < 3 or not parts[2].startswith("push="):
        return False
    field = FIELD_INDEX[parts[1]]
    bells = sim.bells
    for direction in parts[2][5:].split(","):
        way = DIRECTION_INDEX[direction]
        current = NEIGHBOURS[field][way]
        while current >= 0:
            if current in bells:
                return True
            current = NEIGHBOURS[current][way]
    return False


def _bell_in_line(sim: Sim, line: str) -> bool:
    """Without magnets a placement rings only a bell on a line through the placed car."""
    parts = line.split()
    field = FIELD_INDEX[parts[1]]
    directions = [DIRECTION_INDEX[d] for d in parts[2][5:].split(",")] if len(parts) > 2 \
        else []
    for direction in directions:
        for way in (direction, (direction + 3) % 6):
            current = NEIGHBOURS[field][way]
            while current >= 0:
                if current in sim.bells:
                    return True
                current = NEIGHBOURS[current][way]
    return False


# -- set-up and the end of a turn -----------------------------------------------------------------


def setup_lines(state: CrashState) -> list[str]:
    stage = state.setup_stage()
    if stage == "first":
        labels = SEATS_4 if state.players == 4 else SIDES
        return [f"first {label}" for label in labels]
    if stage == "operator":
        return [f"operator-start {FIELD_NAMES[f]}" for f in operator_start_fields(state)]
    if stage == "display":
        return list(_display_lines(state.cards))
    return [f"init {FIELD_NAMES[f]}" for f in init_fields(state)]


def _display_lines(cards: Cards) -> Iterator[str]:
    """The set-up's display lines, one at a time (up to 13³ of them)."""
    for kinds in _kind_sequences(cards, RULES.display_size):
        yield "display " + " ".join(kinds)


def _kind_sequences(cards: Cards, count: int) -> Iterator[tuple[str, ...]]:
    """Ordered kinds to reveal one after another from the draw pile, each still possible,
    one at a time."""

    def walk(current: Cards, chosen: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if len(chosen) == count:
            yield chosen
            return
        current = reshuffle_if_empty(current, [])
        for kind in KINDS:
            if visible_count(current, kind) < RULES.copies_per_card:
                yield from walk(Cards(display=current.display + (kind,), hands=current.hands,
                                      known=current.known, discard=current.discard,
                                      pile=current.pile - 1), chosen + (kind,))

    yield from walk(cards, ())


def end_lines(state: CrashState) -> Iterator[str]:
    """The end of a turn's lines, one at a time (a refill's can be thousands)."""
    needed = draw_needed(state)
    cards = state.cards
    if needed > 0 and state.players == 2:
        display = cards.display
        options: list[str | None] = []
        for kind in display:
            if kind not in options:
                options.append(kind)
        options.append(None)
        for combo in combinations_with_replacement(range(len(options)), needed):
            kinds = [options[i] for i in combo]
            if any(k is not None and kinds.count(k) > display.count(k) for k in kinds):
                continue
            if kinds.count(None) > available(cards):
                continue
            yield "draw " + ",".join("blind" if k is None else f"d:{k}" for k in kinds)
        return
    if needed > 0:
        yield from ("draw4 discard=" + ",".join(entry) for entry in _draw4_entries(cards, needed))
        return
    refills = refill_needed(state)
    if refills > 0:
        yield from ("refill " + ",".join(kinds) for kinds in _kind_sequences(cards, refills))


def first_legal_line(state: CrashState) -> str | None:
    """``legal_lines(state)[0]`` (None when nothing is legal) without making the other lines
    where they are many: the display's and a refill's card sequences (up to 13³ of them)."""
    if state.is_over:
        return None
    if state.setup and state.setup_stage() == "display":
        return next(_display_lines(state.cards), None)
    if not state.setup and state.action == ACTION_END:
        return next(end_lines(state), None)
    lines = legal_lines(state)
    return lines[0] if lines else None


def _draw4_entries(cards: Cards, needed: int) -> list[tuple[str, ...]]:
    plan = draw4_plan(cards, needed)
    results: list[tuple[str, ...]] = []

    def walk(current: Cards, index: int, chosen: tuple[str, ...]) -> None:
        if index == len(plan):
            results.append(chosen)
            return
        current = reshuffle_if_empty(current, [])
        current = Cards(display=current.display, hands=current.hands, known=current.known,
                        discard=current.discard, pile=current.pile - 1)
        if not plan[index]:
            walk(current, index + 1, chosen + ("-",))
            return
        current = reshuffle_if_empty(current, [])
        for kind in KINDS:
            if visible_count(current, kind) < RULES.copies_per_card:
                walk(Cards(display=current.display, hands=current.hands, known=current.known,
                           discard=current.discard + (kind,), pile=current.pile - 1),
                     index + 1, chosen + (kind,))

    walk(cards, 0, ())
    return results


__all__ = ["DIRECTIONS", "apply_input", "first_legal_line", "legal_lines"]
