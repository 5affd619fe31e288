"""Per-field queries for the screen (E2, E3), each far cheaper than the full ``legal()``.

All take the current state; fields are names such as ``"e5"``. Under a yellow obligation the
answers are filtered by simulation (only actions that set off an evaluation are legal).
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import IllegalInput
from companion.games.crash.actions import (
    blue_effect,
    magnet_could_pull,
    max_batteries,
    operator_branches,
    operator_step,
    operator_step_targets,
    placement_cost,
)
from companion.games.crash.board import (
    DIRECTIONS,
    FIELD_COUNT,
    FIELD_NAMES,
    RULES,
    field_index,
)
from companion.games.crash.cards import YELLOW
from companion.games.crash.legal import (
    _BOARD_ONLY,
    _bell_ahead,
    _bell_in_line,
    _magnet_ring_possible,
    apply_input,
    card_candidates,
    cars_beside,
    evaluating_operator_paths,
    first_legal_line,
    magnet_candidates,
    operator_lengths,
    operator_results,
    placement_candidates,
    push_directions_at,
    swap_candidates,
)
from companion.games.crash.legal import (
    _accepted as _line_accepted,
)
from companion.games.crash.legal import (
    operator_paths as _operator_paths,
)
from companion.games.crash.notation import (
    MagnetPlace,
    OpStep,
    format_place,
    format_step,
    parse_step,
)
from companion.games.crash.sim import Sim
from companion.games.crash.state import (
    ACTION_END,
    HOLE_BASE,
    SIDES,
    CrashState,
    car_is_magnet,
    car_side,
)


def _in_play(state: CrashState) -> bool:
    return not state.setup and not state.is_over and state.action != ACTION_END


def _accepted(state: CrashState, line: str) -> bool:
    try:
        apply_input(state, line)
    except IllegalInput:
        return False
    return True


def _placement_open(state: CrashState) -> bool:
    cost = placement_cost(state)
    return _in_play(state) and not (cost and state.scores[state.side] - cost < 1)


def push_directions(state: CrashState, field: str) -> dict[str, list[int]]:
    """For placing a normal car on ``field``: each legal push direction with its battery counts.

    After Double Hit the keys are ``"NE,SE"``-style pairs; after Permitted Expansion the key
    ``""`` stands for placing without a push.
    """
    index = field_index(field)
    if index is None or not _placement_open(state) or state.supply(state.side)[0] < 1:
        return {}
    sim = Sim(state)
    if not sim.is_empty(index):
        return {}
    options: dict[str, list[int]] = {}
    yellow = state.obligation == "yellow"
    for dirs, count in _push_candidates(state, sim, index):
        if yellow and not _accepted(state, format_place(index, dirs, count)):
            continue
        options.setdefault(",".join(DIRECTIONS[d] for d in dirs), []).append(count)
    return options


def _push_candidates(state: CrashState, sim: Sim,
                     index: int) -> list[tuple[tuple[int, ...], int]]:
    """(push directions, batteries) a normal car placed on the empty field ``index`` may take,
    before the yellow check."""
    directions = push_directions_at(sim, index)
    blue = blue_effect(state)
    if blue == "expansion":
        return [((), 0)] + [((d,), 0) for d in directions]
    if blue == "double":
        return [((a, b), 0) for a in directions for b in directions if a != b]
    batteries = max_batteries(state)
    return [((d,), n) for d in directions for n in range(batteries + 1)]


def _push_possible(blue: str | None, sim: Sim, index: int) -> bool:
    """Whether :func:`_push_candidates` of the empty field ``index`` is not empty, without
    making them (``blue``: :func:`blue_effect` of the state): Permitted Expansion places
    without a push, Double Hit needs two directions, any other placement one."""
    if blue == "expansion":
        return True
    return len(push_directions_at(sim, index)) >= (2 if blue == "double" else 1)


def legal_placement_fields(state: CrashState, kind: str = "normal") -> list[str]:
    """Fields where a car of ``kind`` (``"normal"`` or ``"magnet"``) may be placed now.

    The same answers as asking ``push_directions()`` / ``magnet_preview()`` field by field,
    with one simulation of the board for all fields.
    """
    if kind == "magnet":
        return _magnet_fields(state)
    if not _placement_open(state) or state.supply(state.side)[0] < 1:
        return []
    sim = Sim(state)
    if state.obligation != "yellow":
        blue = blue_effect(state)
        if blue == "expansion":
            return [name for index, name in enumerate(FIELD_NAMES) if sim.is_empty(index)]
        # a push needs a car beside the field (Double Hit two): the fields beside the cars,
        # from the cars (a few dozen), not every field's six neighbours (~0.1 ms)
        beside = cars_beside(sim)
        needed = 2 if blue == "double" else 1
        return [FIELD_NAMES[index] for index in sorted(beside)
                if beside[index] >= needed and sim.is_empty(index)]
    return [name for index, name in enumerate(FIELD_NAMES)
            if sim.is_empty(index) and any(_accepted(state, format_place(index, dirs, count))
                                           for dirs, count in _push_candidates(state, sim, index))]



def _magnet_fields(state: CrashState) -> list[str]:
    if not _placement_open(state) or state.supply(state.side)[1] < 1:
        return []
    blue = blue_effect(state)
    if blue is not None and blue != "expansion":
        return []
    sim = Sim(state)
    return [name for index, name in enumerate(FIELD_NAMES) if sim.is_empty(index)
            and (blue is not None or magnet_could_pull(sim, index))
            and _accepted(state, f"magnet {name}")]  # R50 is checked by applying it


def magnet_preview(state: CrashState, field: str) -> dict[str, Any]:
    """What a magnet placed on ``field`` would do: its pulls and events, and whether it is legal."""
    index = field_index(field)
    if index is None or not _placement_open(state) or state.supply(state.side)[1] < 1:
        return {}
    sim = Sim(state)
    if not sim.is_empty(index):
        return {}
    blue = blue_effect(state)
    if blue is not None and blue != "expansion":
        return {}
    if blue is None and not magnet_could_pull(sim, index):
        return {"legal": False, "pulls": [], "events": []}
    from companion.games.crash.actions import resolve_magnet

    try:
        result = resolve_magnet(state, MagnetPlace(index))
    except IllegalInput as error:
        return {"legal": False, "pulls": [], "events": [], "reason": error.reason}
    legal = _accepted(state, f"magnet {field.lower()}")
    pulls = [event for event in result.events if event.startswith(("pull ", "off "))]
    return {"legal": legal, "pulls": pulls, "events": result.events}


def bells_unlocked(state: CrashState) -> bool:
    return _in_play(state) and state.bells_unlocked


def current_evaluation_sums(state: CrashState) -> dict[str, int]:
    sums = Sim(state).evaluation_sums()
    return {SIDES[0]: sums[0], SIDES[1]: sums[1]}


def operator_steps(state: CrashState, steps: list[str]) -> list[str]:
    """The next legal operator steps after the steps already tapped (E2 ``operatorSteps``).

    A step is offered when some legal 2- or 4-step path continues through it. Under a yellow
    obligation the full paths are filtered instead.
    """
    if not _in_play(state) or blue_effect(state) is not None or len(steps) >= 4:
        return []
    sim = Sim(state)
    visited = {sim.operator}
    try:
        for token in steps:
            operator_step(sim, parse_step(token, token), visited)
    except IllegalInput:
        return []
    if state.obligation == "yellow":
        return _evaluating_steps(state, sim, visited, steps)
    lengths = [2, 4] if state.scores[state.side] - RULES.operator4_cost >= 1 else [2]
    wanted = [n - len(steps) - 1 for n in lengths if n > len(steps)]
    return [
        format_step(target)
        for target, branch, seen in operator_branches(sim, visited)
        if any(_can_continue(branch, seen, more) for more in wanted)
    ]


def _can_continue(sim: Sim, visited: set[int], more: int) -> bool:
    if more == 0:
        return True
    return any(
        _can_continue(branch, seen, more - 1) for _, branch, seen in operator_branches(sim, visited)
    )


def _evaluating_steps(state: CrashState, sim: Sim, visited: set[int],
                      steps: list[str]) -> list[str]:
    """Under a yellow obligation: the next steps of some whole 2- or 4-step path the rules
    accept (it sets off an evaluation), in the order the full path lists give them."""
    lengths = [2, 4] if state.scores[state.side] - 2 >= 1 else [2]
    tokens = [format_step(parse_step(token, token)) for token in steps]
    result: list[str] = []
    for length in lengths:
        if length <= len(steps):
            continue
        for target in operator_step_targets(sim, sim.operator):
            token = format_step(target)
            if token in result:
                continue
            if _path_accepted(state, sim, visited, [*tokens, token], target,
                              length - len(steps) - 1):
                result.append(token)
    return result


def _path_accepted(state: CrashState, sim: Sim, visited: set[int], tokens: list[str],
                   step: OpStep, more: int) -> bool:
    """Whether taking ``step`` and then ``more`` steps makes a path the rules accept."""
    branch = sim.clone()
    seen = set(visited)
    try:
        operator_step(branch, step, seen)
    except IllegalInput:
        return False
    if more == 0:
        return _accepted(state, " ".join(["operator", *tokens]))
    return any(_path_accepted(state, branch, seen, [*tokens, format_step(target)], target,
                              more - 1)
               for target in operator_step_targets(branch, branch.operator))


def operator_paths(state: CrashState, length: int) -> list[str]:
    if not _in_play(state) or blue_effect(state) is not None:
        return []
    if length == 4 and state.scores[state.side] - 2 < 1:
        return []
    sim = Sim(state)
    if state.obligation == "yellow":  # only paths that set off an evaluation (C2), as legal()
        return [line for line, branch in operator_results(sim, length) if _evaluates(branch)]
    return _walk_paths(sim, length)


def _evaluates(branch: Sim) -> bool:
    branch.finish()
    return branch.evaluated or branch.over


def _walk_paths(sim: Sim, length: int) -> list[str]:
    """``legal.operator_paths``' list, in its order, without copying the board for the last
    step: a step that pushes no car only moves the operator, which is put back."""
    paths: list[str] = []

    def walk(current: Sim, visited: set[int], steps: list[str]) -> None:
        last = len(steps) == length - 1
        prefix = " ".join(["operator", *steps, ""])
        for step in operator_step_targets(current, current.operator):
            if (step.field if step.field >= 0 else HOLE_BASE + step.hole) in visited:
                continue  # R58: operator_step would reject it
            pushes = step.field >= 0 and bool(current.cars[step.field])
            branch = current if last and not pushes else current.clone()
            operator, events = branch.operator, len(branch.events)
            try:
                operator_step(branch, step, visited)  # adds the new position only if legal
            except IllegalInput:
                continue
            if last:
                paths.append(prefix + format_step(step))
            else:
                walk(branch, visited, [*steps, format_step(step)])
            visited.discard(branch.operator)  # back up: the walk goes on from ``current``
            if branch is current:  # a last step without a push: put the operator back
                current.operator = operator
                del current.events[events:]

    start = sim.clone()
    start.events = []
    walk(start, {sim.operator}, [])
    return paths


def card_targets(state: CrashState, kind: str) -> list[str]:
    """The legal ``card …`` lines of one kind."""
    if not _in_play(state) or blue_effect(state) is not None:
        return []
    sim = Sim(state)
    lines = [line for line, check in card_candidates(state, sim)
             if line.split()[1] == kind and (not check or _accepted(state, line))]
    if state.obligation == "yellow":
        lines = [line for line in lines if _accepted(state, line)]
    return lines


def legal_actions(state: CrashState) -> dict[str, str | None]:
    """Each action type with ``None`` when available or a reason why not (E2).

    Asks whether one legal line of each kind exists (stopping at the first), never the full
    ``legal()`` list; the answers are those of the heads of ``legal_lines(state)``.
    """
    heads = possible_heads(state)
    reasons: dict[str, str | None] = {}
    for head in ("place", "magnet", "operator", "card", "swap", "pass"):
        reasons[head] = None if head in heads else _why_not(state, head)
    return reasons


def possible_heads(state: CrashState) -> set[str]:
    """The first words of the legal lines in the play phase ("place", "magnet", "operator",
    "card", "swap", "pass"), found by existence checks."""
    if state.is_over or state.setup or state.action == ACTION_END:
        return set()
    sim = Sim(state)
    yellow = state.obligation == "yellow"
    heads: set[str] = set()
    if _placement_exists(state, sim, yellow, "place "):
        heads.add("place")
    if _placement_exists(state, sim, yellow, "magnet "):
        heads.add("magnet")
    if blue_effect(state) is None:
        if _operator_exists(state, sim, yellow):
            heads.add("operator")
        if _card_exists(state, sim, yellow):
            heads.add("card")
        first_swap = next(iter(swap_candidates(state)), None)
        if first_swap is not None and (not yellow or _line_accepted(state, first_swap[0])):
            heads.add("swap")  # under yellow legal() checks only the first swap, for all
    if state.obligation is None:
        heads.add("pass")
    return heads


def _card_exists(state: CrashState, sim: Sim, yellow: bool) -> bool:
    """Whether a ``card …`` line is legal. A yellow card's C2 check searches the second
    actions for one that sets off an evaluation (milliseconds); every other card is tried
    first, so the search runs only when no other card can be played."""
    prune = _evaluation_pruning(sim) if yellow else None
    yellow_cards: list[str] = []
    for line, check in card_candidates(state, sim):
        if prune is not None and _cannot_evaluate(sim, line, *prune):
            continue
        if not (check or yellow):
            return True
        if line.split()[1] in YELLOW:
            yellow_cards.append(line)
        elif _line_accepted(state, line):
            return True
    return any(_line_accepted(state, line) for line in yellow_cards)


def _placement_exists(state: CrashState, sim: Sim, yellow: bool, head: str) -> bool:
    blue = blue_effect(state)
    if head == "place ":
        if not _placement_open(state) or state.supply(state.side)[0] < 1:
            return False
        if not yellow:
            return any(sim.is_empty(index) and _push_possible(blue, sim, index)
                       for index in range(FIELD_COUNT))
        candidates = placement_candidates(state, sim)
    else:  # the magnet's lines only (placement_candidates makes every car's placement first)
        if (not _placement_open(state) or state.supply(state.side)[1] < 1
                or blue not in (None, "expansion")):
            return False
        candidates = magnet_candidates(sim, blue)
    prune = _evaluation_pruning(sim) if yellow else None
    # under yellow the placements without a bell ahead of their push are tried after those
    # with one, as ``legal.evaluating_action_exists`` orders them (the answer is the same)
    later: list[str] = []
    for line, check in candidates:
        if not line.startswith(head):
            continue
        if prune is not None and _cannot_evaluate(sim, line, *prune):
            continue
        if yellow and head == "place " and not _bell_ahead(sim, line):
            later.append(line)
            continue
        if not (check or yellow) or _line_accepted(state, line):
            return True
    return any(_line_accepted(state, line) for line in later)


def _evaluation_pruning(sim: Sim) -> tuple[bool, bool]:
    """(may prune, magnets on the board): as ``legal.evaluating_action_exists`` prunes."""
    counts = [0, 0]
    for cell in sim.cars:
        if cell:
            counts[car_side(cell)] += 1
    return min(counts) > 2, any(car_is_magnet(cell) for cell in sim.cars)


def _cannot_evaluate(sim: Sim, line: str, may_prune: bool, magnets: bool) -> bool:
    """An action that surely sets off no evaluation (so a yellow obligation rejects it): the
    shortcuts of ``legal.evaluating_action_exists``."""
    if not may_prune:
        return False
    if line.startswith(_BOARD_ONLY):
        return not _magnet_ring_possible(sim, line)
    return line.startswith("place ") and not magnets and not _bell_in_line(sim, line)


def _operator_exists(state: CrashState, sim: Sim, yellow: bool) -> bool:
    if yellow:
        return any(True for _ in evaluating_operator_paths(state))
    return any(any(True for _ in _operator_paths(state, sim, length))
               for length in operator_lengths(state))


def _why_not(state: CrashState, head: str) -> str:
    if not _in_play(state):
        return "not now"
    if state.obligation == "blue":
        return f"the {state.effect} card needs its placement"
    if head in ("place", "magnet") and placement_cost(state) and \
            state.scores[state.side] - placement_cost(state) < 1:
        return "the score cannot pay for a second placement"
    if head == "swap" and state.cards.hands[state.seat] < 2:
        return "fewer than 2 cards in hand"
    if head == "card" and state.cards.hands[state.seat] < 1:
        return "no card in hand"
    if head == "pass" and state.obligation:
        return "a card's obligation is open"
    if head == "magnet" and state.supply(state.side)[1] < 1:
        return "the magnetic car is on the board"
    if head == "place" and state.supply(state.side)[0] < 1:
        return "no normal car in the supply"
    return "no legal target"


def preview(state: CrashState, line: str) -> dict[str, Any]:
    """E3: what an input would do, without committing it."""
    from companion.games.crash.position import format_position

    try:
        new, events = apply_input(state, " ".join(line.split()))
    except IllegalInput as error:
        return {"ok": False, "error": error.reason, "events": [], "position": None}
    return {"ok": True, "error": None, "events": events, "position": format_position(new)}


__all__ = [
    "FIELD_COUNT", "bells_unlocked", "card_targets", "current_evaluation_sums",
    "first_legal_line", "format_step", "legal_actions", "legal_placement_fields", "magnet_preview",
    "max_batteries", "operator_paths", "operator_step", "operator_step_targets", "operator_steps",
    "preview", "push_directions", "swap_candidates",
]
