"""Small stores of real games for the records tests (players, statistics, export, backup).

Quoridor positions one or two moves from the goal make games whose results are known by hand;
the store is given a :class:`Clock` the test sets, so each game has the day the test says.
``v1_store`` writes the schema-1 store in ``tests/data/store-v1.sql``: an SQL dump of a store
written by the schema-1 ``companion/records/store.py`` (git history before issue 16), holding
- game 1: Quoridor, Eva (seat 0) beats Jan in one move, extra colours;
- game 2: Quoridor, "jan" (seat 0) beats "EVA" in two moves (names in other cases);
- game 3: Quoridor, Ota against the companion (seat 1, strong), which wins in one move;
- game 4: Pat a Mat, Eva, Ota, Iva, still being played;
- game 5: Quoridor, Iva and Eva, abandoned after one input;
- game 6: Quoridor, Jan beats Iva, but its stored input was altered so it no longer replays.

``v2_store`` writes the schema-2 store in ``tests/data/store-v2.sql`` (written by the schema-2
store, git history before issue 22): three quick Quoridor games started in the same second with
the same walk to the goal (Eva–Pat, Eva–Pat, Pat–Eva; seat 0 wins each), which schema 2 gave
one content key, and a game still being played. ``tests/data/records-v1.json`` is that store's
export by the same build (version 1, without uids).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from companion.engine import Match, choose_input, open_game
from companion.records.store import Store

DATA = Path(__file__).resolve().parent / "data"

# (position, inputs, winning seat, the winner's turns)
SEAT0_IN_ONE = ("quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -", ["e1"], 0, 1)
SEAT0_IN_TWO = ("quoridor 2 | turn e9 | e9 e3 10 | e1 e7 10 | walls -", ["e2", "e8", "e1"], 0, 2)
SEAT1_IN_ONE = ("quoridor 2 | turn e9 | e9 e5 10 | e1 e8 10 | walls -", ["e4", "e9"], 1, 1)


class Clock:
    """The time the store stamps on games, as the test sets it."""

    def __init__(self, now: str = "2024-01-01T12:00:00+00:00") -> None:
        self.now = now

    def __call__(self) -> str:
        return self.now


def dated_store(path: Path) -> Store:
    return Store(path, clock=Clock())


def eva_beats_jan(path: Path) -> Store:
    """A store (:func:`dated_store`) at ``path`` with one game: Eva beats Jan on 2024-01-01."""
    store = dated_store(path)
    play_quoridor(store, ["Eva", "Jan"], SEAT0_IN_ONE, "2024-01-01")
    return store


def play_quoridor(
    store: Store, names: Sequence[str], plan: tuple[str, list[str], int, int],
    day: str, minutes: int = 20, companions: dict[str, str] | None = None,
) -> int:
    """A finished Quoridor game between ``names`` on ``day``, from 18:00 UTC for ``minutes``
    (``store`` from :func:`dated_store`)."""
    position, inputs, _, _ = plan
    match = open_game("quoridor", players=2, names=list(names), position=position)
    game_id = play_on(store, match, inputs, f"{day}T18:00:00+00:00",
                      f"{day}T18:{minutes:02d}:00+00:00", companions, record_each=True)
    assert match.is_over
    return game_id


def play_on(store: Store, match: Match, inputs: Sequence[str], started: str, finished: str,
            companions: dict[str, str] | None = None, record_each: bool = False) -> int:
    """Store ``match`` started at ``started``, then play ``inputs`` and record them, the
    last at ``finished`` (``record_each``: a record after every input, as the table does)."""
    clock = store.clock
    assert isinstance(clock, Clock), "open the store with dated_store()"
    clock.now = started
    game_id = store.start(match, {"companions": companions} if companions else None)
    for line in inputs:
        match.play(line)
        if record_each:
            store.record(game_id, match)
    clock.now = finished
    store.record(game_id, match)
    return game_id


def play_out(match: Match, seed: int) -> list[str]:
    """Play ``match`` to its end; returns its inputs: the companion's choices (easy, seeded),
    seeded rolls, and a random legal input where the companion has none (a card the table
    turns up)."""
    rng = random.Random(seed)
    while not match.is_over:
        if match.awaiting == "roll":
            match.play(f"roll {rng.randint(1, 6)}")
            continue
        try:
            match.play(choose_input(match, "easy", seed=seed))
        except ValueError:  # a card the table turns up
            match.play(rng.choice(match.legal()))
    return match.history


WALK = "e8 d1 e7 d2 e6 d3 e5 d4 e4 d5 e3 d6 e2 d7 e1".split()
"""A Quoridor game from the start: seat 0 walks down the e file to its goal, seat 1 up the d
file; seat 0 wins."""


def v1_store(path: Path) -> Path:
    """The schema-1 store of ``tests/data/store-v1.sql`` at ``path``."""
    return _store_from_dump(path, "store-v1.sql")


def v2_store(path: Path) -> Path:
    """The schema-2 store of ``tests/data/store-v2.sql`` at ``path``."""
    return _store_from_dump(path, "store-v2.sql")


def _store_from_dump(path: Path, dump: str) -> Path:
    db = sqlite3.connect(path)
    try:
        db.executescript((DATA / dump).read_text(encoding="utf-8"))
    finally:
        db.close()
    return path
