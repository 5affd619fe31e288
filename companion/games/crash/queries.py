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
    operator_step,
    operator_step_targets,
    placement_cost,
)
from companion.games.crash.board import DIRECTIONS, FIELD_COUNT, FIELD_NAMES, RULES, field_index
from companion.games.crash.legal import (
    card_candidates,
    legal_lines,
    push_directions_at,
    swap_candidates,
)
from companion.games.crash.legal import (
    operator_paths as _operator_paths,
)
from companion.games.crash.notation import MagnetPlace, format_place, format_step, parse_step
from companion.games.crash.sim import Sim
from companion.games.crash.state import ACTION_END, SIDES, CrashState
from companion.games.crash.turns import apply_input, apply_play


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
    directions = push_directions_at(sim, index)
    blue = blue_effect(state)
    options: dict[str, list[int]] = {}
    candidates: list[tuple[tuple[int, ...], int]]
    if blue == "expansion":
        candidates = [((), 0)] + [((d,), 0) for d in directions]
    elif blue == "double":
        candidates = [((a, b), 0) for a in directions for b in directions if a != b]
    else:
        batteries = max_batteries(state)
        candidates = [((d,), n) for d in directions for n in range(batteries + 1)]
    yellow = state.obligation == "yellow"
    for dirs, count in candidates:
        if yellow and not _accepted(state, format_place(index, dirs, count)):
            continue
        options.setdefault(",".join(DIRECTIONS[d] for d in dirs), []).append(count)
    return options


def legal_placement_fields(state: CrashState, kind: str = "normal") -> list[str]:
    """Fields where a car of ``kind`` (``"normal"`` or ``"magnet"``) may be placed now."""
    if kind == "magnet":
        return [name for name in FIELD_NAMES if magnet_preview(state, name).get("legal")]
    return [name for name in FIELD_NAMES if push_directions(state, name)]


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
    if state.obligation == "yellow":
        prefix = " ".join(["operator", *steps]).lower()
        result: list[str] = []
        for path in operator_paths(state, 2) + operator_paths(state, 4):
            if path.lower().startswith(prefix + " "):
                step = path[len(prefix) + 1:].split()[0]
                if step not in result:
                    result.append(step)
        return result
    sim = Sim(state)
    visited = {sim.operator}
    try:
        for token in steps:
            operator_step(sim, parse_step(token, token), visited)
    except IllegalInput:
        return []
    lengths = [2, 4] if state.scores[state.side] - RULES.operator4_cost >= 1 else [2]
    wanted = [n - len(steps) - 1 for n in lengths if n > len(steps)]
    offered = []
    for target in operator_step_targets(sim, sim.operator):
        branch = sim.clone()
        seen = set(visited)
        try:
            operator_step(branch, target, seen)
        except IllegalInput:
            continue
        if any(_can_continue(branch, seen, more) for more in wanted):
            offered.append(format_step(target))
    return offered


def _can_continue(sim: Sim, visited: set[int], more: int) -> bool:
    if more == 0:
        return True
    for step in operator_step_targets(sim, sim.operator):
        branch = sim.clone()
        seen = set(visited)
        try:
            operator_step(branch, step, seen)
        except IllegalInput:
            continue
        if _can_continue(branch, seen, more - 1):
            return True
    return False


def operator_paths(state: CrashState, length: int) -> list[str]:
    if not _in_play(state) or blue_effect(state) is not None:
        return []
    if length == 4 and state.scores[state.side] - 2 < 1:
        return []
    paths = list(_operator_paths(state, Sim(state), length))
    if state.obligation == "yellow":
        paths = [path for path in paths if _accepted(state, path)]
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
    """Each action type with ``None`` when available or a reason why not (E2)."""
    lines = legal_lines(state)
    heads = {line.split()[0] for line in lines}
    reasons: dict[str, str | None] = {}
    for head in ("place", "magnet", "operator", "card", "swap", "pass"):
        reasons[head] = None if head in heads else _why_not(state, head)
    return reasons


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
    "FIELD_COUNT", "apply_play", "bells_unlocked", "card_targets", "current_evaluation_sums",
    "format_step", "legal_actions", "legal_placement_fields", "magnet_preview",
    "max_batteries", "operator_paths", "operator_step", "operator_step_targets", "operator_steps",
    "preview", "push_directions", "swap_candidates",
]
