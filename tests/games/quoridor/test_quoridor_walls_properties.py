"""Property tests of the wall rules R22–R25 over random reachable positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import IllegalInput, Match, open_game
from companion.games.quoridor.board import ALL_WALLS, Openings, parse_wall
from companion.games.quoridor.moves import shortest_path


@st.composite
def positions(draw: st.DrawFn) -> Match:
    """A match after a random run of legal inputs, walls favoured."""
    players = draw(st.sampled_from([2, 4]))
    match = open_game("quoridor", players=players)
    for _ in range(draw(st.integers(0, 40))):
        legal = match.legal()
        if not legal:
            break
        walls = [line for line in legal if len(line) == 3]
        pool = walls if walls and draw(st.booleans()) else legal
        match.play(draw(st.sampled_from(pool)))
    return match


def naive_legal_walls(match: Match) -> set[str]:
    """R22–R25 checked the slow, obvious way: every wall, every seat, a full search."""
    state = match.state
    if state.is_over or state.walls_left[state.turn] == 0:
        return set()
    result = set()
    for wall in ALL_WALLS:
        if any(wall.overlaps(other) or wall.crosses(other) for other in state.walls):
            continue
        openings = Openings.of(state.walls + (wall,))
        if all(
            shortest_path(openings, state.pawns[seat], info.goal) is not None
            for seat, info in enumerate(state.seats)
        ):
            result.add(wall.name)
    return result


@settings(max_examples=60, deadline=None)
@given(positions())
def test_legal_walls_match_the_naive_rules(match: Match) -> None:
    listed = {line for line in match.legal() if len(line) == 3}
    assert listed == naive_legal_walls(match)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_walls_on_the_board_never_overlap_or_cross_and_every_seat_keeps_a_path(
    match: Match,
) -> None:
    state = match.state
    walls = list(state.walls)
    for index, wall in enumerate(walls):
        for other in walls[index + 1 :]:
            assert not wall.overlaps(other) and not wall.crosses(other)
    for seat, info in enumerate(state.seats):
        assert state.openings.can_reach(state.pawns[seat], info.goal)
    assert sum(state.walls_left) + len(walls) == 20


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from([wall.name for wall in ALL_WALLS] + ["i3h", "e9v", "h9h"]))
def test_a_wall_is_accepted_exactly_when_legal_lists_it(match: Match, wall: str) -> None:
    listed = wall in match.legal()
    before = match.position()
    try:
        match.play(wall)
    except IllegalInput as rejection:
        assert not listed
        assert rejection.rule in {"R11", "R23", "R24", "R25", "R27"}
        assert match.position() == before
    else:
        assert listed
        assert parse_wall(wall) in match.state.walls
