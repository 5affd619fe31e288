"""Memory: peak RSS (VmHWM) of a process that plays one whole seeded game through the engine.

    python benchmarks/memory.py [--game ID ...]          # one subprocess per game, a table
    python benchmarks/memory.py --child GAME PLAYERS SEED  # (what each subprocess runs)

The match keeps every position of the game (undo), so the peak is reached at the end. A
baseline subprocess only imports the engine with every game registered. Prints a table, then
one JSON object. Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAX_INPUTS = 3000
BUDGET_MB = 120.0


def peak_rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(game_id: str, players: int, seed: int) -> dict[str, Any]:
    from companion.engine import GAMES, open_game

    if game_id == "baseline":
        return {"game": "baseline", "registered": len(GAMES), "peak_rss_kb": peak_rss_kb()}
    chooser = random.Random(seed)
    match = open_game(game_id, players=players)
    for _ in range(MAX_INPUTS):
        legal = match.legal()
        if not legal:
            break
        match.play(chooser.choice(legal))
    match.snapshot()
    return {"game": game_id, "players": players, "inputs": len(match.history),
            "finished": match.outcome is not None, "peak_rss_kb": peak_rss_kb()}


def measure(game_ids: list[str], seed: int = 5) -> list[dict[str, Any]]:
    from companion.engine import GAMES

    rows = []
    for game_id in ["baseline", *game_ids]:
        players = max(GAMES[game_id].player_counts) if game_id in GAMES else 0
        players = min(players, 4)
        done = subprocess.run(
            [sys.executable, __file__, "--child", game_id, str(players), str(seed)],
            capture_output=True, text=True, timeout=300, cwd=ROOT, check=True,
        )
        row = json.loads(done.stdout.strip().splitlines()[-1])
        row["peak_rss_mb"] = round(row["peak_rss_kb"] / 1024, 1)
        rows.append(row)
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    print(f"Memory: peak RSS after a whole game through the engine (budget <= {BUDGET_MB:g} MB)")
    print(f"  {'game':10} {'players':>7} {'inputs':>7} {'finished':>8} {'peak MB':>8}")
    for row in rows:
        flag = "" if row["peak_rss_mb"] <= BUDGET_MB else "  OVER"
        print(f"  {row['game']:10} {row.get('players', ''):>7} {row.get('inputs', ''):>7} "
              f"{str(row.get('finished', '')):>8} {row['peak_rss_mb']:>8}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--child", nargs=3, metavar=("GAME", "PLAYERS", "SEED"))
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    if args.child:
        game_id, players, seed = args.child
        print(json.dumps(child(game_id, int(players), int(seed))))
        return
    from companion.engine import GAMES

    rows = measure(args.game or sorted(GAMES))
    print_table(rows)
    print(json.dumps({"memory": rows}))


if __name__ == "__main__":
    main()
