"""The rows of ``bots.py`` runs split over processes, pooled into one table per game and player
count (issue 24).

    python benchmarks/pooled.py FILE.json [FILE.json ...] [--label-old NAME_PART]

A long row is played in parts (``bots.py --games 25 --first-game 25 --json part.json``); this
adds up the parts of each matchup (wins, draws, unfinished games, plies) and pools every
decision's CPU time (``cpu_ms_samples``) of the tested level, so that the median, p95, p99 and
max are those of all the row's decisions, not a mean of the parts'. The seeds each row covers
are listed, so a row that did not get all its games says so. A file whose name contains
``--label-old`` (if given) is kept apart as "the code before".
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bots import percentile, wilson  # noqa: E402

GAME_ORDER = ("quoridor", "clovece", "patamat", "pacman", "crash")
LEVEL_ORDER = ("easy", "normal", "strong")
TEAM_GAMES = ("pacman", "crash")
"""Two sides whatever the player count: fair is 50 %."""


@dataclass
class Pooled:
    """One matchup over every part that played it."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    unfinished: int = 0
    plies: float = 0.0
    cpu_ms: list[float] = field(default_factory=list)
    seeds: list[tuple[int, int]] = field(default_factory=list)


Key = tuple[str, int, str, str, str, bool]
"""game, players, kind, tested level, the other player, and whether it is the code before."""


def pool(paths: list[Path], old_part: str | None = None) -> dict[Key, Pooled]:
    rows: dict[Key, Pooled] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        old = bool(old_part) and old_part in path.name
        first = int(data.get("first_game", _first_game_in_name(path)))
        for row in data["rows"]:
            key = (row["game"], row["players"], row["kind"], row["level"], row["against"], old)
            pooled = rows.setdefault(key, Pooled())
            pooled.games += row["games"]
            pooled.wins += row["wins"]
            pooled.draws += row["draws"]
            pooled.unfinished += row["unfinished"]
            pooled.plies += (row["plies_mean"] or 0.0) * row["games"]
            pooled.cpu_ms += row["cpu_ms_samples"].get(row["level"], [])
            if row["games"]:
                pooled.seeds.append((first, first + row["games"] - 1))
    return rows


def _first_game_in_name(path: Path) -> int:
    """The first seed of a part named ``…_<first>.json`` (0 when the name does not say)."""
    tail = path.stem.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def seed_ranges(seeds: list[tuple[int, int]]) -> str:
    merged: list[list[int]] = []
    for low, high in sorted(seeds):
        if merged and low <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    return ", ".join(f"{low}–{high}" for low, high in merged)


def fair_percent(game: str, players: int) -> int:
    return 50 if game in TEAM_GAMES else round(100 / players)


def cpu_text(samples: list[float]) -> str:
    if not samples:
        return "—"
    parts = (statistics.median(samples), percentile(samples, 0.95),
             percentile(samples, 0.99), max(samples))
    return " / ".join(f"{value:.2f}" for value in parts)


def tables(rows: dict[Key, Pooled]) -> list[str]:
    lines: list[str] = []
    for game in GAME_ORDER:
        for players in sorted({key[1] for key in rows if key[0] == game}):
            keys = sorted(
                (key for key in rows if key[0] == game and key[1] == players),
                key=lambda key: (key[2] != "lower", key[5], key[4] if key[2] != "lower" else "",
                                 LEVEL_ORDER.index(key[3])),
            )
            lines += ["", f"**{game}, {players} players** (fair {fair_percent(game, players)} %)",
                      "",
                      "| matchup | games (seeds) | wins | rate | 95 % CI | draws / unfinished "
                      "| plies | tested level's CPU ms per decision: median / p95 / p99 / max "
                      "| decisions |",
                      "|---|---|---|---|---|---|---|---|---|"]
            for key in keys:
                lines.append(_line(key, rows[key]))
    return lines


def _line(key: Key, pooled: Pooled) -> str:
    _, _, kind, level, against, old = key
    games = pooled.games
    low, high = wilson(pooled.wins, games)
    other = f"`{against}`" if kind == "sensible" else against
    label = f"{level} vs {other}" + (" (the code before)" if old else "")
    rate = 100 * pooled.wins / games if games else 0.0
    plies = pooled.plies / games if games else 0.0
    return (f"| {label} | {games} ({seed_ranges(pooled.seeds)}) | {pooled.wins} | {rate:.1f} % "
            f"| {100 * low:.1f}–{100 * high:.1f} | {pooled.draws} / {pooled.unfinished} "
            f"| {plies:.1f} | {cpu_text(pooled.cpu_ms)} | {len(pooled.cpu_ms):,} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="bots.py --json files")
    parser.add_argument("--label-old", help="files whose name holds this are the code before")
    args = parser.parse_args(argv)
    missing = [str(path) for path in args.files if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    try:
        rows = pool(args.files, args.label_old)
    except (ValueError, KeyError) as error:
        parser.error(f"not a bots.py --json file ({error})")
    print("\n".join(tables(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
