"""Phones at the table (issue #22): an input on the table → every connected phone has the new
state; what the phones' server costs the table.

    python benchmarks/web/push.py [--inputs N] [--idle SECONDS]

This process plays the touchscreen app: a Quoridor table session owned by one thread that runs
everything posted to it (the Kivy clock's stand-in), and the phones' server beside it
(``PhoneServer``, its own thread and loop, on 127.0.0.1). The phones are another process: N
Server-Sent-Event streams (aiohttp), each writing down when it received which ``seq``
(``time.monotonic``, one clock for every process on Linux).

Figures:

- **push**: an input played on the owner thread (the tap) → the moment the last of the N
  phones has the state with that ``seq``: p50/p95/max over the inputs, with 1 and 10 phones
  (Eva and Pat step forward and back: a game that never ends); and the same from the moment
  the input is stored (``after_stored``: the store's fsync left out, the push alone);
- **tap cost**: the owner thread's time for one input with the server on and 10 phones against
  off (what the touchscreen's tap pays for the phones: the listener's view), taps back to back
  (the last tap's states still being made for the phones: the worst case) and paced (each tap
  after every phone has the last one, as people tap);
- **memory**: this process's extra resident memory with the server on and 10 phones connected
  (aiohttp imported included) over the table alone;
- **idle CPU**: this process's CPU time over ``--idle`` seconds with 10 phones connected and
  nothing happening, against the same without the server.

Prints a table, then ONE JSON object (the last line). Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.owner_thread import OwnerThread  # noqa: E402 (after the path)

# -- the phones (another process) -----------------------------------------------------------------

async def phones(url: str, count: int) -> None:
    """``count`` streams of ``url``; prints "ready" when all have their first state, then one
    line "<phone> <seq> <monotonic>" per state received."""
    import aiohttp

    ready = 0
    all_ready = asyncio.Event()

    async def phone(number: int, session: aiohttp.ClientSession) -> None:
        nonlocal ready
        async with session.get(url) as stream:
            event = ""
            first = True
            async for raw in stream.content:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "state":
                    received = time.monotonic()
                    seq = json.loads(line[6:])["seq"]
                    if first:
                        first = False
                        ready += 1
                        if ready == count:
                            all_ready.set()
                    else:
                        print(f"{number} {seq} {received:.6f}", flush=True)

    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        tasks = [asyncio.ensure_future(phone(number, session)) for number in range(count)]
        await all_ready.wait()
        print("ready", flush=True)
        await asyncio.gather(*tasks)


class PhoneProcess:
    """The phones' process, read by a thread: when each phone received each seq."""

    def __init__(self, url: str, count: int) -> None:
        self.count = count
        self.received: dict[int, dict[int, float]] = {}
        self.changed = threading.Condition()
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--phones", url, "--count", str(count)],
            stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            raise RuntimeError("the phones did not connect")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            phone, seq, at = line.split()
            with self.changed:
                self.received.setdefault(int(seq), {})[int(phone)] = float(at)
                self.changed.notify_all()

    def all_have(self, seq: int, timeout: float = 10.0) -> float:
        """The moment the last phone had ``seq``."""
        with self.changed:
            if not self.changed.wait_for(
                    lambda: len(self.received.get(seq, {})) == self.count, timeout):
                raise TimeoutError(f"seq {seq}: {len(self.received.get(seq, {}))} phones")
            return max(self.received[seq].values())

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


# -- this process: the table ---------------------------------------------------------------------

def resident_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {"p50_ms": round(statistics.median(values) * 1000, 2),
            "p95_ms": round(percentile(values, 0.95) * 1000, 2),
            "max_ms": round(max(values) * 1000, 2), "inputs": len(values)}


def measure(inputs: int, idle: float) -> dict[str, Any]:
    from companion.engine import open_game
    from companion.records.store import Store
    from companion.table.session import TableSession

    folder = Path(tempfile.mkdtemp(prefix="web-push-"))
    owner = OwnerThread()

    def make() -> TableSession:
        session = TableSession(Store(str(folder / "games.db")), lang="en")
        match = open_game("quoridor", players=2, names=["Eva", "Pat"])
        session.open_match(match, session.store.start(match))
        session.snapshot()
        return session

    session = owner.run(make)
    def play_round() -> float:
        """Eva steps, Pat steps (the position comes back every four inputs)."""
        match = session.match
        assert match is not None
        seat = match.to_move
        square = {0: ("e8", "e9"), 1: ("e2", "e1")}[seat or 0]
        legal = match.legal()
        choice = next(move for move in (square[0], square[1]) if move in legal)
        started = time.perf_counter()
        assert session.send(choice), choice
        return time.perf_counter() - started

    # the tap's cost on the owner thread without the server, and memory and idle CPU alone
    tap_off = [owner.run(play_round) for _ in range(inputs)]
    time.sleep(0.5)
    memory_before = resident_kb()
    cpu_start, wall_start = cpu_seconds(), time.monotonic()
    time.sleep(idle)
    idle_off = (cpu_seconds() - cpu_start) / (time.monotonic() - wall_start)

    from companion.web.hosting import PhoneServer
    from companion.web.stream import QUIET_SECONDS

    server = PhoneServer(session, owner.post, "127.0.0.1", 0)
    owner.run(server.start)
    view = owner.run(server.view_url)
    base, _, token = view.rpartition("/view/")
    url = f"{base}/api/stream/{token}"
    figures: dict[str, Any] = {"push": {}}
    try:
        for count in (1, 10):
            phones_process = PhoneProcess(url, count)
            try:
                latencies, after_stored, paced = [], [], []
                for _ in range(inputs):
                    # inputs at a table's pace (a person's tap, the companion's steps at
                    # least 0.4 s apart), not a burst: a burst is pushed once it ends
                    time.sleep(QUIET_SECONDS + 0.05)
                    tapped = time.monotonic()
                    took, seq, stored = owner.run(lambda: (play_round(), session.seq,
                                                           time.monotonic()))
                    arrived = phones_process.all_have(seq)
                    latencies.append(arrived - tapped)
                    after_stored.append(arrived - stored)
                    paced.append(took)
                figures["push"][f"{count}_phones"] = summary(latencies)
                figures["push"][f"{count}_phones_after_stored"] = summary(after_stored)
                figures[f"tap_paced_{count}_phones"] = summary(paced)
                if count == 10:
                    tap_on = [owner.run(play_round) for _ in range(inputs)]
                    time.sleep(1.0)
                    memory_after = resident_kb()
                    cpu_start, wall_start = cpu_seconds(), time.monotonic()
                    time.sleep(idle)
                    idle_on = (cpu_seconds() - cpu_start) / (time.monotonic() - wall_start)
            finally:
                phones_process.close()
    finally:
        owner.run(server.stop)
    figures["tap_owner_thread"] = {"off": summary(tap_off), "on_10_phones": summary(tap_on)}
    figures["memory"] = {"table_alone_kb": memory_before, "with_server_10_phones_kb":
                         memory_after, "extra_mb": round((memory_after - memory_before) / 1024,
                                                         1)}
    figures["idle_cpu"] = {"seconds": idle, "off_percent": round(idle_off * 100, 3),
                           "on_10_phones_percent": round(idle_on * 100, 3),
                           "extra_percent": round((idle_on - idle_off) * 100, 3)}
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=200)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--phones", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phones:
        try:
            asyncio.run(phones(args.phones, args.count))
        except KeyboardInterrupt:
            pass
        return 0
    figures = measure(args.inputs, args.idle)
    load = os.getloadavg()
    print("Phones at the table: an input on the table → every phone has the new state")
    for name, row in figures["push"].items():
        print(f"  {name:24} p50 {row['p50_ms']:7.2f} ms   p95 {row['p95_ms']:7.2f} ms   "
              f"max {row['max_ms']:7.2f} ms   ({row['inputs']} inputs)")
    tap, paced = figures["tap_owner_thread"], figures["tap_paced_10_phones"]
    print(f"  the tap on the owner thread: off p50 {tap['off']['p50_ms']} / p95 "
          f"{tap['off']['p95_ms']} ms; on with 10 phones, back to back p50 "
          f"{tap['on_10_phones']['p50_ms']} / p95 {tap['on_10_phones']['p95_ms']} ms, paced p50 "
          f"{paced['p50_ms']} / p95 {paced['p95_ms']} ms")
    memory, idle = figures["memory"], figures["idle_cpu"]
    print(f"  extra resident memory (server + 10 phones): {memory['extra_mb']} MB")
    print(f"  idle CPU over {idle['seconds']} s: off {idle['off_percent']} %, on with 10 phones "
          f"{idle['on_10_phones_percent']} % of a core")
    print(f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(json.dumps({"web_push": figures, "load": load}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
