"""Hypothesis: the invariants I1–I3 and Lemma L1 (§2) hold after every input of random games,
and L1 holds in every valid position. Checked from the snapshot, independently of the engine's
own assertions."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Match, open_game
from companion.games.clovece.rules import CLOVECE

COLOURS = ("R", "Y", "G", "B")
SEATS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}


def check_invariants(match: Match) -> None:
    state: dict[str, Any] = match.snapshot()["state"]
    n = len(state["seats"])
    on_track = {c: sum(1 for p in state["track"] if p["colour"] == c) for c in COLOURS}
    for seat in state["seats"]:
        goal = [c for c in seat["goal"] if c is not None]
        held = seat["home"] + goal
        assert len(held) == len(set(held)), f"I1 broken for {seat}"
        playable = [c for c in COLOURS if c not in held]
        assert seat["playable"] == playable
    for colour in COLOURS:
        holders = sum(
            1 for seat in state["seats"] if colour in seat["home"] or colour in seat["goal"]
        )
        assert on_track[colour] + holders == n, f"I2 broken for {colour}"
        # Lemma L1: as many seats can play c as there are c-pieces on the track
        able = sum(1 for seat in state["seats"] if colour in seat["playable"])
        assert able == on_track[colour], f"L1 broken for {colour}"
    if state["phase"] in ("rolloff", "rolling") or (
        state["phase"] == "over" and match.outcome and match.outcome.reason == "goal"
    ):
        fields = [p["field"] for p in state["track"]]
        assert len(fields) == len(set(fields)), "I3: a shared field between turns"
    for seat in state["seats"]:
        goal_count = sum(1 for c in seat["goal"] if c is not None)
        assert (goal_count == 4) <= (seat["place"] is not None)


def check_capture(match: Match, events: list[str]) -> None:
    """L1 (b): a captured piece always has a recipient; a choice only when several can."""
    state = match.snapshot()["state"]
    pending = state["pending_capture"]
    if match.awaiting == "choice":
        assert pending is not None and len(pending["eligible"]) >= 2
        gives = [line for line in match.legal() if line.startswith("give")]
        assert len(gives) == len(pending["eligible"])
    seats = {seat["seat"]: seat for seat in state["seats"]}
    for event in events:
        if event.startswith("capture"):
            colour = event.split()[1][0]
            recipient = event.split()[3]
            assert colour in seats[recipient]["home"]


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=100, max_size=500),
)
def test_invariants_and_lemma_l1_hold_in_random_games(players: int, picks: list[int]) -> None:
    match = open_game("clovece", players=players)
    for pick in picks:
        legal = [line for line in match.legal() if line != "stop"]
        if not legal:
            break
        events = match.play(legal[pick % len(legal)])
        check_invariants(match)
        check_capture(match, events)
        text = match.position()
        assert CLOVECE.format_position(CLOVECE.parse_position(text, players, {})) == text


@st.composite
def valid_positions(draw: st.DrawFn) -> tuple[int, str]:
    """Any distribution of the 4n pieces that satisfies I1–I3 (no seat finished)."""
    players = draw(st.integers(min_value=2, max_value=6))
    seats = SEATS[players]
    length = 40 if players <= 4 else 48
    homes: dict[int, list[str]] = {seat: [] for seat in seats}
    goals: dict[int, dict[int, str]] = {seat: {} for seat in seats}
    free_fields = list(range(length))
    track: dict[int, str] = {}
    for colour in COLOURS:
        holders = draw(st.lists(st.sampled_from(seats), unique=True))
        for seat in holders:
            free_slots = [slot for slot in range(1, 5) if slot not in goals[seat]]
            if len(goals[seat]) < 3 and draw(st.booleans()):
                goals[seat][draw(st.sampled_from(free_slots))] = colour
            else:
                homes[seat].append(colour)
        for _ in range(players - len(holders)):
            field = draw(st.sampled_from(free_fields))
            free_fields.remove(field)
            track[field] = colour
    clauses = [f"board{4 if players <= 4 else 6} seats{{" + ",".join(f"S{s}" for s in seats) + "}"]
    for seat in seats:
        goal = ", ".join(f"{slot}:{c}" for slot, c in sorted(goals[seat].items()))
        clauses.append(f"S{seat} home{{{','.join(homes[seat])}}} goal{{{goal}}}")
    clauses.append("track{" + ", ".join(f"{f}:{c}" for f, c in sorted(track.items())) + "}")
    clauses.append(f"turn S{seats[0]}")
    return players, " | ".join(clauses)


@settings(max_examples=60, deadline=None)
@given(valid_positions())
def test_lemma_l1_in_every_valid_position(case: tuple[int, str]) -> None:
    players, text = case
    match = open_game("clovece", players=players, position=text)
    check_invariants(match)
    state = match.state
    for stack in state.track:
        for piece in stack.pieces:
            assert state.eligible(piece.colour), "L1 (a): an orphan piece"
