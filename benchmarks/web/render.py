"""Phones at the table (issue #22): the CPU time one change costs the phones' server, per game.

    python benchmarks/web/render.py [--repeat N] [--trials N] [--game ID ...] [--root DIR]

What the server's render thread does after every change, beside the touchscreen, with 10 phones
connected (each seat's phone and spectators in Czech and English): the state JSON of every
(seat, language) those phones need — the words, the legal inputs with their labels, the SVG
board — made from one view of a table in the middle of a game. **board** is one SVG board
alone (a spectator's, and the board of the seat to move with its tap targets); **change** is
all the states of one change (new views each time: nothing of the last change is reused,
what the drawings keep across changes is).

CPU time of this process (``time.process_time``), so the machine's other work counts less
than in a wall-clock figure: the best of ``--trials`` trials of ``--repeat`` renders each
(the least disturbed). ``--root`` measures another checkout of the companion (an older commit
unpacked with ``git archive``), for a before/after on the same machine at the same time.

Prints a table, then ONE JSON object (the last line). Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

GAMES = {"quoridor": (2, 10), "pacman": (2, 10), "clovece": (4, 30), "patamat": (2, 20),
         "crash": (2, 26)}
"""Game → (seats, random inputs played before measuring: the middle of a game)."""
NAMES = ["Eva", "Pat", "Mat", "Ola"]
COLOURS = ["red", "blue", "green", "yellow"]


def table_for(game: str, folder: str) -> Any:
    """A table in the middle of ``game``: the same random inputs every run (seed 3)."""
    from companion.records.store import Store
    from companion.table.session import Setup, TableSession

    seats, steps = GAMES[game]
    table = TableSession(Store(f"{folder}/{game}.db"), lang="en")
    table.new_game(Setup(game, NAMES[:seats], COLOURS[:seats]))
    rng = random.Random(3)
    for _ in range(steps):
        lines = [line for line in table.legal() if not line.startswith("fix")]
        if table.match is None or table.match.is_over or not lines:
            break
        table.send(rng.choice(lines))
    return table


def best_ms(work: Callable[[], None], repeat: int, trials: int) -> float:
    """The least CPU milliseconds per call of ``work`` over ``trials`` trials of ``repeat``."""
    best = float("inf")
    for _ in range(trials):
        start = time.process_time()
        for _ in range(repeat):
            work()
        best = min(best, (time.process_time() - start) / repeat * 1000)
    return best


def measure(game: str, folder: str, repeat: int, trials: int) -> dict[str, Any]:
    from companion.web.state import board, legal_inputs, state_bytes, take_view

    table = table_for(game, folder)
    match = table.match
    seats = match.players
    to_move = match.to_move
    keys = [(seat, "cs" if seat % 2 else "en") for seat in range(seats)]
    keys += [(None, "en"), (None, "cs")]

    def change() -> None:
        view = take_view(table)
        for seat, lang in keys:
            state_bytes(view, seat, lang)

    def spectator_board() -> None:
        board(take_view(table), [], "en")

    def seat_board() -> None:
        view = take_view(table)
        board(view, legal_inputs(view, to_move), "en")

    change()  # imports, catalogues
    return {"game": game, "awaiting": match.awaiting, "states_per_change": len(keys),
            "legal": len(legal_inputs(take_view(table), to_move)),
            "board_spectator_ms": round(best_ms(spectator_board, repeat, trials), 2),
            "board_seat_ms": round(best_ms(seat_board, repeat, trials), 2),
            "change_ms": round(best_ms(change, repeat, trials), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="renders per trial")
    parser.add_argument("--trials", type=int, default=5, help="trials; the best is kept")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--root", default=str(ROOT), help="the companion checkout to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))
    import companion

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for game in args.game or list(GAMES):
            rows.append(measure(game, folder, args.repeat, args.trials))
    print(f"companion from {Path(companion.__file__).parent}")
    print(f"{'game':10} {'awaits':7} {'legal':>6} {'board: spectator':>17} {'seat to move':>13} "
          f"{'one change (all states)':>24}")
    for row in rows:
        print(f"{row['game']:10} {row['awaiting']:7} {row['legal']:6} "
              f"{row['board_spectator_ms']:14.2f} ms {row['board_seat_ms']:10.2f} ms "
              f"{row['change_ms']:11.2f} ms ({row['states_per_change']} states)")
    print(json.dumps({"root": str(Path(companion.__file__).parent.parent), "games": rows}))


if __name__ == "__main__":
    main()
