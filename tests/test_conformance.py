"""Every registered game meets the facade: seeded random games through legal() and play()."""

from __future__ import annotations

import random
import re

import pytest

from companion.engine import GAMES, IllegalInput, Match, open_game

MAX_INPUTS = 400
SAMPLED_LEGAL = 12
REASON = re.compile(r"^\S+: \S")
GARBAGE = ["", "xyzzy", "roll 7", "roll 0", "e10", "z9h", "P:zz", "42", "fix", "pass pass"]


def cases() -> list[tuple[str, int, int]]:
    result = []
    for game_id, description in sorted(GAMES.items()):
        for players in sorted({description.player_counts[0], description.player_counts[-1]}):
            for seed in (1, 2):
                result.append((game_id, players, seed))
    return result


def assert_rejected(match: Match, line: str) -> None:
    before_position, before_history = match.position(), match.history
    with pytest.raises(IllegalInput) as rejection:
        match.play(line)
    assert REASON.match(rejection.value.reason), rejection.value.reason
    assert match.position() == before_position
    assert match.history == before_history


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_random_game_meets_the_facade(game_id: str, players: int, seed: int) -> None:
    chooser = random.Random(f"{game_id}-{players}-{seed}")
    match = open_game(game_id, players=players)
    rules = match.rules
    seen_inputs: list[str] = []
    events_log: list[list[str]] = []
    for _ in range(MAX_INPUTS):
        legal = match.legal()
        assert len(legal) == len(set(legal)), "legal() repeats an input"
        assert legal == match.legal(), "legal() is not stable"
        match.legal().clear()  # a caller's list is its own: the next caller gets the inputs
        assert match.legal() == legal == rules.legal(match.state)
        if match.outcome is not None:
            assert match.awaiting == "over" and match.to_move is None and legal == []
            break
        assert legal, f"{game_id}: no legal input while the game runs ({match.position()})"
        assert match.awaiting in ("setup", "roll", "move", "choice")
        # as the table lists the game: a game said to ask no choices never awaits one
        assert match.awaiting != "choice" or GAMES[game_id].asks_choices
        # the position round-trips to an equal state
        text = match.position()
        parsed = rules.parse_position(text, players, match.options)
        assert parsed == match.state, f"{game_id}: position {text!r} does not round-trip"
        assert rules.format_position(parsed) == text
        # a sample of the listed inputs is accepted (apply is pure: nothing changes)
        for line in chooser.sample(legal, min(SAMPLED_LEGAL, len(legal))):
            rules.apply(match.state, line)
        # inputs legal earlier but not now are rejected, as is garbage
        legal_set = {line.lower() for line in legal}
        stale = [line for line in seen_inputs if line.lower() not in legal_set]
        for line in chooser.sample(stale, min(3, len(stale))) + [chooser.choice(GARBAGE)]:
            if line.strip() and line.lower() not in legal_set:
                assert_rejected(match, line)
        # play one, sometimes undo and redo it
        line = chooser.choice(legal)
        events = match.play(line)
        events_log.append(events)
        seen_inputs = (seen_inputs + [line])[-50:]
        if chooser.random() < 0.2:
            after = match.position()
            assert match.undo()
            assert match.position() == text
            assert match.legal() == legal  # the position's inputs again, not the last asked
            assert match.redo()
            assert match.position() == after
    # replaying the history on a fresh match reproduces state and events
    replay = open_game(game_id, players=players)
    for line, events in zip(match.history, events_log):
        assert replay.play(line) == events
    assert replay.position() == match.position()
    assert replay.state == match.state
    # undo to the start, redo to the end
    while match.undo():
        pass
    assert match.position() == open_game(game_id, players=players).position()
    while match.redo():
        pass
    assert match.position() == replay.position()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_unknown_option_and_bad_player_count_are_named(game_id: str) -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        open_game(game_id, no_such_option=1)
    with pytest.raises(ValueError, match="99"):
        open_game(game_id, players=99)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_texts_in_both_languages(game_id: str) -> None:
    from companion.table.words.texts import game_texts

    texts = game_texts(game_id)
    players = GAMES[game_id].player_counts[0]
    match = open_game(game_id, names=[f"N{seat}" for seat in range(players)])
    english = texts.status_line(match, "en")
    czech = texts.status_line(match, "cs")
    assert english and czech and english != czech
