"""Seeded random play: every reachable state round-trips through the position notation,
every listed input is accepted, and replaying the history gives the same events."""

from __future__ import annotations

import random

import pytest

from companion.engine import open_game
from companion.games.crash.text import describe, status_line


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (4, 202)])
def test_random_play_round_trips_and_replays(players: int, seed: int) -> None:
    chooser = random.Random(seed)
    match = open_game("crash", players=players, names=[f"P{i}" for i in range(players)])
    history_events = []
    for _ in range(250):
        if match.outcome is not None:
            break
        text = match.position()
        again = open_game("crash", players=players, position=text)
        assert again.state == match.state and again.position() == text
        legal = match.legal()
        assert legal and len(legal) == len(set(legal))
        for line in chooser.sample(legal, min(5, len(legal))):
            match.rules.apply(match.state, line)
        line = chooser.choice(legal)
        events = match.play(line)
        history_events.append(events)
        for lang in ("en", "cs"):
            assert status_line(match, lang)
            lines = describe(events, match, lang)
            assert all(isinstance(item, str) and item for item in lines)
    replay = open_game("crash", players=players, names=[f"P{i}" for i in range(players)])
    for line, events in zip(match.history, history_events):
        assert replay.play(line) == events
    assert replay.state == match.state
    snapshot = match.snapshot()
    assert len(snapshot["state"]["fields"]) == 188


def test_four_player_dead_battery_bans_the_very_next_turn() -> None:
    match = open_game("crash", players=4, position=" | ".join([
        "board all=1", "operator o1", "A: a13", "B: e5 e9", "turn 7 A1"]))
    assert match.play("card deadbat") == ["card A1 deadbat", "bat B -1", "ban B"]
    match.play("pass")
    match.play("draw4 discard=rocket")
    assert match.to_move == 1 and "nobat=B" in match.position()
    assert "place e4 push=E bat=1" not in match.legal()
    match.play("pass")
    assert match.to_move == 2 and "nobat" not in match.position()
    assert "place e4 push=E bat=1" in match.legal()
