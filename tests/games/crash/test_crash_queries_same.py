"""E2's cheap queries give the answers of the full computation, over many reachable positions.

Seeded random play through the engine (an input kind first, then one of its lines, so cards,
obligations, the operator and swaps come up, not only placements); at every position the fast
query is compared with the answer taken from the full ``legal()`` list and with the per-field
queries asked one field at a time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion.engine import Match, open_game
from companion.games.crash.board import FIELD_NAMES
from companion.games.crash.legal import legal_lines, operator_lengths
from companion.games.crash.legal import operator_paths as full_operator_paths
from companion.games.crash.queries import (
    _why_not,
    first_legal_line,
    legal_actions,
    legal_placement_fields,
    magnet_preview,
    operator_paths,
    operator_steps,
    possible_heads,
    push_directions,
)
from companion.games.crash.sim import Sim
from companion.games.crash.state import CrashState

HEADS = ("place", "magnet", "operator", "card", "swap", "pass")


def positions(players: int, seed: int, inputs: int) -> Iterator[Match]:
    """The match at each position of a seeded random game (kind of input first, then line)."""
    chooser = random.Random(seed)
    match = open_game("crash", players=players, names=[f"P{i}" for i in range(players)])
    for _ in range(inputs):
        if match.outcome is not None:
            return
        yield match
        legal = match.legal()
        kinds: dict[str, list[str]] = {}
        for line in legal:
            kinds.setdefault(line.split()[0], []).append(line)
        kind = chooser.choice(sorted(kinds))
        match.play(chooser.choice(kinds[kind]))


def full_heads(state: CrashState) -> set[str]:
    return {line.split()[0] for line in legal_lines(state)} & set(HEADS)


def next_steps_from_paths(state: CrashState, steps: list[str]) -> list[str]:
    """The next operator steps as the full path lists give them (the former computation)."""
    prefix = " ".join(["operator", *steps]).lower()
    result: list[str] = []
    for path in operator_paths(state, 2) + operator_paths(state, 4):
        if path.lower().startswith(prefix + " "):
            step = path[len(prefix) + 1:].split()[0]
            if step not in result:
                result.append(step)
    return result


GAMES = [(2, 11, 120), (2, 12, 120), (4, 13, 100), (2, 15, 120)]


def check(state: CrashState, awaiting: str, chooser: random.Random, seen: dict[str, int],
          full: bool) -> None:
    """Every cheap query at ``state`` against the full computation."""
    heads = full_heads(state)
    # the action strip: existence checks give the heads of the full list
    assert possible_heads(state) == heads
    assert legal_actions(state) == {
        head: None if head in heads else _why_not(state, head) for head in HEADS}
    if awaiting != "move":
        return
    seen["move"] += 1
    seen[str(state.obligation)] += 1
    lines = legal_lines(state)
    if full:
        # green fields: one simulation for the board = field by field = the legal list
        normal = legal_placement_fields(state)
        assert normal == [name for name in FIELD_NAMES if push_directions(state, name)]
        assert set(normal) == {line.split()[1] for line in lines if line.startswith("place ")}
        magnet = legal_placement_fields(state, "magnet")
        assert magnet == [name for name in FIELD_NAMES
                          if magnet_preview(state, name).get("legal")]
        assert set(magnet) == {line.split()[1] for line in lines if line.startswith("magnet ")}
    # the operator's whole paths: as listed by legal() (and by the former full walk)
    for length in (2, 4):
        listed = [line for line in lines
                  if line.startswith("operator ") and len(line.split()) == length + 1]
        assert operator_paths(state, length) == listed
        if state.obligation is None and length in operator_lengths(state):
            assert listed == list(full_operator_paths(state, Sim(state), length))
    # the operator: one step after the tapped prefix = what the whole paths continue with
    paths = [line.split()[1:] for line in lines if line.startswith("operator ")]
    prefixes: list[list[str]] = [[]]
    for path in chooser.sample(paths, min(2, len(paths))):
        prefixes += [path[:1], path[:2], path[:3]]
    prefixes.append(["a1", "a1"])  # no such path
    for prefix in prefixes:
        seen["operator_prefixes"] += 1
        steps = operator_steps(state, prefix)
        expected = next_steps_from_paths(state, prefix)
        if state.obligation == "yellow":
            assert steps == expected, prefix
        else:
            assert sorted(steps) == sorted(expected), prefix
        from_legal = {path[len(prefix)] for path in paths
                      if len(path) > len(prefix) and path[:len(prefix)] == prefix}
        assert set(steps) == from_legal, prefix


@pytest.mark.parametrize(("players", "seed", "inputs"), GAMES)
def test_cheap_queries_answer_as_the_full_computation(players: int, seed: int,
                                                      inputs: int) -> None:
    chooser = random.Random(seed * 7)
    seen = {"move": 0, "operator_prefixes": 0, "None": 0, "yellow": 0, "blue": 0}
    for number, match in enumerate(positions(players, seed, inputs)):
        state = match.state
        check(state, match.awaiting, chooser, seen, full=number % 3 == 0)
        # and just after a card with an obligation (yellow: the second action must evaluate;
        # blue: it must be the card's placement), played here on the side
        cards = [line for line in match.legal() if line.split()[:2] in (
            ["card", "heartless"], ["card", "bright"], ["card", "double"],
            ["card", "expansion"], ["card", "tandem"])]
        for line in chooser.sample(cards, min(1, len(cards)) if number % 4 == 0 else 0):
            after, _events = match.rules.apply(state, line)
            if after.obligation:
                check(after, match.rules.awaiting(after), chooser, seen, full=True)
    assert seen["move"] >= 20 and seen["operator_prefixes"] >= 50, seen
    assert seen["yellow"] + seen["blue"] >= 3, seen


@pytest.mark.parametrize(("players", "seed", "inputs"), GAMES)
def test_the_first_legal_line_is_the_full_lists_first(players: int, seed: int,
                                                      inputs: int) -> None:
    """What the board asks at the display, at the end of a turn (draw, draw4, refill) and at
    any other position, without the full list of (up to ~2,200) card sequences."""
    heads: set[str] = set()
    for match in positions(players, seed, inputs):
        lines = legal_lines(match.state)
        assert first_legal_line(match.state) == (lines[0] if lines else None)
        heads.add(lines[0].split()[0])
    assert ({"draw4"} if players == 4 else {"display", "draw", "refill"}) <= heads
