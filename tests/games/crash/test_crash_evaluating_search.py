"""C2's search for a second action that sets off an evaluation (after a yellow card): the
placements with a bell ahead of their push are tried first, so the search simulates fewer
actions; its answer is the one of the search in the candidates' own order.

The strip's "Card" button asks this search (``legal_actions``) in the refresh of a tap that
deals a yellow card to the player whose turn starts (a "refill" at the end of a turn).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.engine import open_game
from companion.engine.errors import IllegalInput
from companion.games.crash import legal, queries
from companion.games.crash.board import NEIGHBOURS
from companion.games.crash.cards import BLUE, YELLOW
from companion.games.crash.legal import (
    _BOARD_ONLY,
    OPERATOR_MARK,
    _bell_in_line,
    _magnet_ring_possible,
    evaluating_operator_paths,
    play_candidates,
)
from companion.games.crash.notation import parse_action
from companion.games.crash.position import parse_position
from companion.games.crash.sim import Sim
from companion.games.crash.state import CrashState, car_is_magnet, car_side
from companion.games.crash.turns import apply_play

AFTER_HEARTLESS = (
    "board reference | holes Ht34 | bells a5 c9 f2 f6 f12 g4 k3 l11 m4 | operator g5 | "
    "A: b10 f5 i6 m1 m7 n4 | B: a1 b7 e1 e11 g8 | AM: c4 | score A=10 B=2 | "
    "batteries A=0 B=1 | evals 1 | turn 21 B action=2 effect=heartless | first B | "
    "cards display=ticket,lambada,double hands=3,2 known=A:expansion,expansion "
    "known=B:lambada,heartless discard=flying,flying,saboteur,expansion,rocket,reaction,"
    "bright,bright,deadbat,tandem,bright,reaction,deadbat,rocket,flying,fluct,rocket,tandem,"
    "fluct,deadbat,reaction,double,tandem,ticket,ticket,fluct,saboteur,saboteur,lambada,"
    "heartless,heartless pile=0")
"""Player B's second action after Heartless (a seeded game's): a magnet on the board, so no
placement is pruned; the first placement in the fields' order that rings is the 40th."""


def in_order(state: CrashState) -> bool:
    """The search as it was: every candidate in the order ``play_candidates`` gives it."""
    sim = Sim(state)
    magnets_on_board = any(car_is_magnet(cell) for cell in sim.cars)
    counts = [0, 0]
    for cell in sim.cars:
        if cell:
            counts[car_side(cell)] += 1
    may_prune = min(counts) > 2
    swap_done = False
    for line, _ in play_candidates(state, with_operator=False):
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
        if (may_prune and line.startswith("place ") and not magnets_on_board
                and not _bell_in_line(sim, line)):
            continue
        if legal._accepted(state, line):
            return True
    return False


def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions the search simulates, in order."""
    tried: list[str] = []
    accepted = legal._accepted

    def counting(state: CrashState, line: str) -> bool:
        tried.append(line)
        return accepted(state, line)

    monkeypatch.setattr(legal, "_accepted", counting)
    return tried


def test_the_placements_with_a_bell_ahead_are_simulated_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = parse_position(AFTER_HEARTLESS, 2)
    tried = counted(monkeypatch)
    assert in_order(state)
    assert len(tried) == 40  # the search in the candidates' order
    tried.clear()
    assert legal._search_evaluating(state)
    assert len(tried) <= 12, tried
    assert all(line.startswith("place ") and "push=" in line for line in tried)


def test_the_bell_ahead_is_beyond_the_push() -> None:
    sim = Sim(parse_position(AFTER_HEARTLESS, 2))
    assert legal._bell_ahead(sim, "place d3 push=NE bat=1")
    assert not legal._bell_ahead(sim, "magnet d3")
    # a bell behind the placed car, on the push's line but not ahead of it
    behind = [line for line, _ in play_candidates(sim.state, with_operator=False)
              if line.startswith("place ") and _bell_in_line(sim, line)
              and not legal._bell_ahead(sim, line)]
    assert behind


@pytest.mark.parametrize("seed", [4, 10])
def test_the_search_answers_as_in_the_candidates_order(seed: int) -> None:
    """After a yellow card played at each position of a seeded random game (C2 not asked:
    the answer may be no): the same answer as the search in the candidates' order."""
    chooser = random.Random(seed)
    match = open_game("crash", players=2, names=["P0", "P1"])
    answers: list[bool] = []
    for _ in range(160):
        if match.outcome is not None:
            break
        state = match.state
        if match.awaiting == "move" and state.obligation is None:
            for kind in sorted(YELLOW):
                try:
                    after, _events = apply_play(state, parse_action(f"card {kind}", 2))
                except IllegalInput:
                    continue
                if after.obligation == "yellow" and not after.is_over:
                    answer = legal._search_evaluating(after)
                    assert answer == in_order(after), kind
                    answers.append(answer)
        lines = match.legal()
        kinds: dict[str, list[str]] = {}
        for line in lines:
            kinds.setdefault(line.split()[0], []).append(line)
        match.play(chooser.choice(kinds[chooser.choice(sorted(kinds))]))
    assert len(answers) >= 5 and set(answers) == {True, False}, answers


def test_under_yellow_the_strip_finds_a_placement_with_a_bell_ahead_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The second action after Heartless: the strip's buttons (``legal_actions``) find a
    placement that rings among the first simulated."""
    state = parse_position(AFTER_HEARTLESS, 2)
    tried = counted(monkeypatch)
    monkeypatch.setattr(queries, "_line_accepted", legal._accepted)
    assert queries._placement_exists(state, Sim(state), True, "place ")
    assert 0 < len(tried) <= 12, tried
    assert queries.legal_actions(state)["place"] is None


def test_a_blue_cards_placement_is_found_from_the_cars(monkeypatch: pytest.MonkeyPatch) -> None:
    """C2 for a blue card (the strip's "Card" button asks it whenever one may be played):
    the fields next to cars are counted from the cars, no placement line is made."""
    made: list[int] = []
    candidates = legal.placement_candidates

    def counting(state: CrashState, sim: Sim) -> object:
        made.append(1)
        return candidates(state, sim)

    state = parse_position(AFTER_HEARTLESS, 2)
    kinds = sorted(BLUE)
    expected = [any(True for _ in candidates(after, Sim(after)))
                for after in (replace(state, effect=kind) for kind in kinds)]
    assert True in expected
    monkeypatch.setattr(legal, "placement_candidates", counting)
    assert [legal.blue_placement_exists(replace(state, effect=kind)) for kind in kinds] \
        == expected
    assert made == []


def test_the_board_neighbours_are_mutual() -> None:
    """What counting the fields next to cars from the cars relies on."""
    for field, neighbours in enumerate(NEIGHBOURS):
        assert len({n for n in neighbours if n >= 0}) == sum(n >= 0 for n in neighbours)
        assert all(field in NEIGHBOURS[n] for n in neighbours if n >= 0)


@pytest.mark.parametrize("seed", [5, 9])
def test_a_blue_cards_placement_exists_as_a_placement_line_does(seed: int) -> None:
    """At each position of a seeded random game, under each blue card's effect and none:
    the answer is whether a placement line exists."""
    chooser = random.Random(seed)
    match = open_game("crash", players=2, names=["P0", "P1"])
    answers: list[bool] = []
    for _ in range(120):
        if match.outcome is not None:
            break
        if match.awaiting == "move":
            for kind in (*sorted(BLUE), None):
                state = replace(match.state, effect=kind, action=2)
                expected = any(True for _ in legal.placement_candidates(state, Sim(state)))
                assert legal.blue_placement_exists(state) == expected, kind
                answers.append(expected)
        lines = match.legal()
        kinds: dict[str, list[str]] = {}
        for line in lines:
            kinds.setdefault(line.split()[0], []).append(line)
        match.play(chooser.choice(kinds[chooser.choice(sorted(kinds))]))
    assert set(answers) == {True, False}
