"""Compare the slowest taps of a kind with its median ones, function by function.

    python benchmarks/compare_taps.py OUT_JSON FOLDER [KIND_PREFIX] [TOP_FRACTION]

OUT_JSON and FOLDER come from one ``app_driver.py taps`` run with BENCH_PROFILE_EACH=FOLDER (each
tap profiled on its own). The taps of the kind (default "roll") are ranked by the main thread's
CPU time to their frame; the slowest TOP_FRACTION (default 0.1) are compared with the middle
half: per function, the mean calls and cumulative ms a tap in each group, largest difference
first. What the p95 taps do that the median ones do not.
"""

from __future__ import annotations

import json
import pstats
import sys
from collections import defaultdict
from pathlib import Path


def _per_tap(folder: Path, indices: list[int]) -> dict[str, tuple[float, float]]:
    """Per function: (mean calls, mean cumulative ms) a tap over ``indices``."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for index in indices:
        stats = pstats.Stats(str(folder / f"{index:04}.prof")).stats  # type: ignore[attr-defined]
        for (file, line, name), (_cc, calls, _tt, cumulative, _callers) in stats.items():
            key = f"{Path(file).name}:{line} {name}"
            totals[key][0] += calls
            totals[key][1] += cumulative * 1000
    return {key: (calls / len(indices), ms / len(indices)) for key, (calls, ms) in totals.items()}


def main(arguments: list[str]) -> None:
    out, folder = Path(arguments[0]), Path(arguments[1])
    kind = arguments[2] if len(arguments) > 2 else "roll"
    fraction = float(arguments[3]) if len(arguments) > 3 else 0.1
    samples = json.loads(out.read_text(encoding="utf-8"))["samples"]
    ranked = sorted((sample["until_draw_cpu_ms"], index) for index, sample in enumerate(samples)
                    if sample["kind"].startswith(kind))
    slow = [index for _cpu, index in ranked[int(len(ranked) * (1 - fraction)):]]
    middle = [index for _cpu, index in ranked[len(ranked) // 4: len(ranked) * 3 // 4]]
    slow_cpu = [cpu for cpu, index in ranked if index in slow]
    middle_cpu = [cpu for cpu, index in ranked if index in middle]
    print(f"{kind}: {len(ranked)} taps; slowest {len(slow)} CPU "
          f"{sum(slow_cpu) / len(slow_cpu):.2f} ms, middle {len(middle)} "
          f"{sum(middle_cpu) / len(middle_cpu):.2f} ms a tap (under the profiler)")
    slow_stats, middle_stats = _per_tap(folder, slow), _per_tap(folder, middle)
    rows = sorted(((slow_stats.get(key, (0, 0))[1] - middle_stats.get(key, (0, 0))[1], key)
                   for key in slow_stats.keys() | middle_stats.keys()), reverse=True)
    print(f"{'cum ms slow':>11} {'middle':>7} {'calls slow':>10} {'middle':>7}  function")
    for _difference, key in rows[:45]:
        calls_slow, ms_slow = slow_stats.get(key, (0, 0))
        calls_middle, ms_middle = middle_stats.get(key, (0, 0))
        print(f"{ms_slow:11.2f} {ms_middle:7.2f} {calls_slow:10.1f} {calls_middle:7.1f}  {key}")


if __name__ == "__main__":
    main(sys.argv[1:])
