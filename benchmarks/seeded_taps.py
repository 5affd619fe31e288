"""Two trees' seeded tap runs compared tap by tap (issue #21 item 6).

    python benchmarks/seeded_taps.py --before A1.json A2.json ... --after B1.json B2.json ...

Each file is one run's ``BENCH_SAMPLES`` of ``app_driver.py taps`` with ``BENCH_DIE_SEED=1``:
every run plays the same inputs, so the runs compare tap by tap. A tap's cost on a side is its
*lowest* main-thread CPU over that side's runs (another process's load only adds to a tap), and
the sides compare by the median of the taps' differences, for the whole app part and for each
part timed (``BENCH_PARTS=1``). A side of two runs or more is also split into its odd and even
runs, compared the same way: what the same tree shows against itself under this load, the
noise below which a difference says nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

WHOLE = "app part (touch → drawing starts)"
"""The name of the whole tap's CPU among the parts."""


class SamplesError(ValueError):
    """A samples file that cannot be read, or runs that did not play the same inputs."""


@dataclass(frozen=True)
class Run:
    """One run's taps in order: each input line and its CPU (ms) by part (the whole under
    :data:`WHOLE`)."""

    lines: tuple[str, ...]
    cpu_ms: tuple[dict[str, float], ...]


@dataclass(frozen=True)
class Side:
    """Each tap's lowest CPU (ms) over a side's runs, by part, and its runs' own medians."""

    runs: int
    lowest_ms: dict[str, list[float]]
    run_medians_ms: list[float]

    def percentile(self, part: str, fraction: float) -> float:
        ordered = sorted(self.lowest_ms[part])
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def load_run(path: Path) -> Run:
    """A ``BENCH_SAMPLES`` file: rows of [line, CPU ms] or, with ``BENCH_PARTS=1``, [line,
    CPU ms, {part: CPU ms}]."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SamplesError(f"{str(path)!r}: no such file") from None
    except (OSError, json.JSONDecodeError) as error:
        raise SamplesError(f"{str(path)!r} is not a samples file: {error}") from None
    if not isinstance(rows, list) or not rows or not all(
            isinstance(row, list) and len(row) >= 2 for row in rows):
        raise SamplesError(f"{str(path)!r} holds no taps (a list of [line, CPU ms, ...])")
    try:
        return Run(lines=tuple(str(row[0]) for row in rows),
                   cpu_ms=tuple({WHOLE: float(row[1]), **{str(part): float(ms) for part, ms in (
                       row[2].items() if len(row) > 2 else ())}} for row in rows))
    except (TypeError, ValueError, AttributeError) as error:
        raise SamplesError(f"{str(path)!r}: a tap is not [line, CPU ms, {{part: ms}}]: "
                           f"{error}") from None


def lowest(runs: list[Run]) -> Side:
    """Each tap's lowest CPU over ``runs``, for the whole and each part timed (0 in a tap that did
    not run it)."""
    if not runs:
        raise SamplesError("a side needs one run at least")
    first = runs[0]
    for number, run in enumerate(runs[1:], start=2):
        if run.lines != first.lines:
            tap = next((index for index, (one, other) in enumerate(
                zip(first.lines, run.lines, strict=False)) if one != other),
                min(len(first.lines), len(run.lines)))
            raise SamplesError(
                f"run {number} did not play the same inputs as run 1 (from tap {tap + 1} on); "
                "were both run with BENCH_DIE_SEED=1 and the same seed?")
    parts = set().union(*(tap for run in runs for tap in run.cpu_ms))
    lowest_ms = {part: [min(run.cpu_ms[index].get(part, 0.0) for run in runs)
                        for index in range(len(first.lines))] for part in sorted(parts)}
    return Side(runs=len(runs), lowest_ms=lowest_ms,
                run_medians_ms=[statistics.median(tap[WHOLE] for tap in run.cpu_ms)
                                for run in runs])


def differences(after: Side, before: Side) -> dict[str, float]:
    """By part: the median over the taps of (after's lowest − before's lowest), ms."""
    return {part: statistics.median(one - other for one, other in zip(
        after.lowest_ms[part], before.lowest_ms[part], strict=True))
        for part in after.lowest_ms.keys() & before.lowest_ms.keys()}


def report(before: list[Run], after: list[Run]) -> list[str]:
    """The comparison as readable lines: each side's lowest CPU per tap (p50 / p95), the median
    of the taps' differences by part (the largest first), and each side against itself."""
    sides = {"before": lowest(before), "after": lowest(after)}
    if before[0].lines != after[0].lines:
        raise SamplesError("the two sides did not play the same inputs: compare runs of the "
                           "same seed (BENCH_DIE_SEED=1)")
    lines = [f"{len(before[0].lines)} taps; the lowest CPU of each tap over a side's runs, ms"]
    for name, side in sides.items():
        medians = ", ".join(f"{median:.2f}" for median in side.run_medians_ms)
        run_count = f"{side.runs} run{'s' if side.runs != 1 else ''}"
        lines.append(f"  {name:6} ({run_count}): p50 {side.percentile(WHOLE, 0.5):.2f}, "
                     f"p95 {side.percentile(WHOLE, 0.95):.2f} (each run's p50: {medians})")
    lines.append("after − before, the median of the taps' differences, ms:")
    changed = differences(sides["after"], sides["before"])
    for part, difference in sorted(changed.items(), key=lambda item: -abs(item[1])):
        lines.append(f"  {difference:+.3f}  {part}")
    for part in sorted(sides["after"].lowest_ms.keys() - sides["before"].lowest_ms.keys()):
        lines.append(f"  {statistics.median(sides['after'].lowest_ms[part]):+.3f}  {part} "
                     "(timed after only: its own median)")
    for name, runs in (("before", before), ("after", after)):
        if len(runs) >= 2:
            itself = differences(lowest(runs[1::2]), lowest(runs[0::2]))[WHOLE]
            lines.append(f"{name} against itself (even runs − odd runs): {itself:+.3f} ms")
    return lines


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", nargs="+", type=Path, required=True)
    parser.add_argument("--after", nargs="+", type=Path, required=True)
    options = parser.parse_args(arguments)
    try:
        print("\n".join(report([load_run(path) for path in options.before],
                               [load_run(path) for path in options.after])))
    except SamplesError as error:
        print(f"seeded_taps: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
