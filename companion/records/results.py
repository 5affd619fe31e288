"""What a finished game leaves for the records: per seat its rank, final counters and turns.

Written by the store when a game ends (and by the migration from schema 1, which replays the old
games once), so the statistics never replay a game. ``rank`` is 1 for the first group of the
outcome's ranking, 2 for the next, and so on (tied seats share a rank). A seat *won* when it is
ranked first and not every seat is (a game where every seat shares the first place is a draw).
``turns`` counts the seat's turns: runs of consecutive inputs it gave (a roll and the move it
allowed are one turn; in Quoridor every move is a turn).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.digests import sha256_hex

if TYPE_CHECKING:
    from companion.engine import Match, Outcome


@dataclass(frozen=True)
class SeatResult:
    seat: int
    rank: int
    won: bool
    turns: int | None
    counters: dict[str, int]


def ranks_of(outcome: Outcome, players: int) -> dict[int, int]:
    """Seat → rank (1 = best); a seat the ranking leaves out comes after every group."""
    ranks = {
        seat: place
        for place, group in enumerate(outcome.ranking, start=1)
        for seat in group
    }
    last = len(outcome.ranking) + 1
    return {seat: ranks.get(seat, last) for seat in range(players)}


def winning_seats(ranks: dict[int, int]) -> set[int]:
    """The seats ranked first, unless every seat is (a draw: nobody won)."""
    first = {seat for seat, rank in ranks.items() if rank == 1}
    return set() if len(first) == len(ranks) else first


def final_results(match: Match) -> list[SeatResult]:
    """The results of a finished match ([] while it runs)."""
    outcome = match.outcome
    if outcome is None:
        return []
    ranks = ranks_of(outcome, match.players)
    winners = winning_seats(ranks)
    turns = turns_per_seat(match)
    counters = match.counters()
    return [
        SeatResult(
            seat=seat,
            rank=ranks[seat],
            won=seat in winners,
            turns=turns.get(seat, 0),
            counters={key: int(value) for key, value in counters.get(seat, {}).items()},
        )
        for seat in range(match.players)
    ]


def turns_per_seat(match: Match) -> dict[int, int]:
    """How many turns each seat had: runs of consecutive inputs by the same seat."""
    from companion.engine import open_game  # every game is loaded when a match exists

    first = open_game(
        match.game_id, players=match.players, names=match.names,
        position=match.start_position, **match.options,
    ).to_move
    steps = match.mark().steps[: match.cursor]
    movers = [first] + [match.rules.to_move(step.state) for step in steps[:-1]]
    turns: dict[int, int] = {}
    previous: int | None = None
    for mover in movers:
        if mover is not None and mover != previous:
            turns[mover] = turns.get(mover, 0) + 1
        previous = mover
    return turns


def game_key(game: str, players: int, start_position: str | None, started: str,
             inputs: Iterable[str]) -> str:
    """A played game's stable identity: a hash of what cannot change once it is played (the
    game, the number of players, the start position, the start time and every input). The
    store keeps it with every finished game; the import skips a game whose key it has."""
    return key_of_text("\n".join([game, str(players), start_position or "", started, *inputs]))


def key_of_text(text: str) -> str:
    """The key of a game whose fields and inputs are ``text``, one per line."""
    return sha256_hex(text)[:24]


def save_results(
    db: sqlite3.Connection, game_id: int, results: Sequence[SeatResult],
    game: str, players: int, finished: str | None,
) -> None:
    """Replace the game's stored results (``results`` is empty while it is not finished).

    Each row carries the seat's player (from ``game_seats``) and the game's kind, size and
    finishing time, so the statistics read this one table.
    """
    db.execute("DELETE FROM seat_results WHERE game_id = ?", (game_id,))
    if not results or finished is None:
        return
    sitting = dict(db.execute(
        "SELECT seat, player_id FROM game_seats WHERE game_id = ?", (game_id,)
    ).fetchall())
    db.executemany(
        "INSERT INTO seat_results (game_id, seat, player_id, game, players, finished, rank,"
        " won, turns, counters) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, result.seat, sitting[result.seat], game, players, finished, result.rank,
             int(result.won), result.turns, json.dumps(result.counters, sort_keys=True))
            for result in results
            if result.seat in sitting
        ],
    )
