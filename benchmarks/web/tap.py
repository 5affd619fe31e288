"""Phones at the table (issue #22): what the phones' server costs the touchscreen's tap.

    python benchmarks/web/tap.py [--rounds N] [--taps N] [--tap-seconds S] [--game ID ...]
                                 [--idle-rounds N] [--idle S] [--out FILE]

The touchscreen's tap → redrawn (the measure ``benchmarks/run.py`` reports: **app** = touch →
the frame starts drawing, **total** = touch → buffer swapped), per game, with the phones'
server **off** against **on with 10 phones connected**, in interleaved rounds (off, on, on,
off, …: a drift of the machine's load hits both alike); then the app's extra resident memory
and idle CPU with the server on and 10 phones idle against off (both apps side by side, the
same seconds).

Each app is its own process on our own Xvfb, the real app as the command starts it with the
phones' factory (``companion.cli.phone_server``) and Settings → "Phones at the table" on or
off; it taps exactly as ``app_driver.py taps`` does (its ``TapBench``, reused). The phones are
another process (aiohttp): 10 Server-Sent-Event streams on ``/api/stream/<token>`` (one per
seat of the open game, the rest spectators; Czech and English alternately), each reading
every state pushed, and one seat polling ``/api/state`` every second. A seat's token dies when
its game ends; that phone then takes the new game's token, as a person scans the new code.

Prints a table, then ONE JSON object (the last line). Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

PHONES = 10
POLL_SECONDS = 1.0
"""How often the polling seat asks ``/api/state``."""
PHONES_SETTLE_SECONDS = 1.0
"""After the phones are connected, before the first tap (their first states are made)."""
IDLE_SETTLE_SECONDS = 3.0
APP_TIMEOUT = 600
DEFAULT_GAMES = ("quoridor", "clovece", "crash")
TAP_AIM_MS = 1.0
MEMORY_AIM_MB = 15.0
IDLE_AIM_PERCENT = 0.3


# -- the app process ------------------------------------------------------------------------------

def phones_app(store: str, is_on: bool) -> Any:
    """The app as ``companion`` starts it, with the phones' factory, on 127.0.0.1 on a port the
    system chooses; Settings → "Phones at the table" on or off (``[web] enabled``)."""
    from companion.app.main import CompanionApp
    from companion.cli import phone_server
    from companion.config import Config, WebConfig

    config = Config(fullscreen=False, web=WebConfig(enabled=is_on, host="127.0.0.1", port=0))
    return CompanionApp(store_path=store, lang="en", die_spec="software", config=config,
                        phones=phone_server)


def write_urls(app: Any, urls: Path) -> None:
    """The phones' links of the open game, for the phones' process (written whole, then
    renamed: a reader never sees half a file)."""
    if not app.phones.is_on:
        return
    data = {"view": app.phones.view_url(),
            "seats": [url for _seat, url in app.phones.seat_urls()]}
    part = urls.with_suffix(".part")
    part.write_text(json.dumps(data), encoding="utf-8")
    part.replace(urls)


def app_taps(out: Path, store: str, game: str, count: int, seed: int, max_seconds: float,
             is_on: bool, urls: Path, ready: Path) -> None:
    """``app_driver.taps`` with the phones: copied (its 20 lines) since it makes the app without
    the phones' factory and taps 0.5 s after start-up, before the phones could connect; the
    tapping itself is ``app_driver.TapBench``'s."""
    from benchmarks import app_driver

    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from driver import Driver  # configures Kivy, as the UI tests do

    class PhonesTapBench(app_driver.TapBench):
        """Writes each new game's links for the phones; with the server on, the first tap waits
        until every phone has its first state."""

        waiting = is_on
        reads_still_memory = False  # the tap with and without phones, not the memory

        def start(self, _dt: float = 0) -> None:
            super().start(_dt)
            write_urls(self.app, urls)

        def next_tap(self, _dt: float = 0) -> None:
            if self.waiting:
                if not self.app.phones.is_on:
                    self.waiting = False
                    self.driver.results.update({"ok": False, "error": "the phones' server is "
                                                f"off: {self.app.phones.problem}"})
                    self.driver.finish()
                    self.app.stop()
                elif ready.exists():
                    self.waiting = False
                    self.deadline = time.monotonic() + PHONES_SETTLE_SECONDS + max_seconds
                    self.clock.schedule_once(self.next_tap, PHONES_SETTLE_SECONDS)
                else:
                    self.clock.schedule_once(self.next_tap, 0.1)
                return
            super().next_tap(_dt)

        def finish(self) -> None:
            self.driver.results["phones_on"] = self.app.phones.is_on
            super().finish()

    app = phones_app(store, is_on)
    driver = Driver(app, out, out.parent)
    bench = PhonesTapBench(app, driver, game, count, seed, max_seconds)
    app_driver._hook_flips(bench.after_flip)
    from kivy.clock import Clock

    after_first_frame = app._after_first_frame  # starts the phones' server when it is on

    def started_up(*args: Any) -> None:
        after_first_frame(*args)
        Clock.schedule_once(bench.start, app_driver.STARTED_UP_SECONDS)

    app._after_first_frame = started_up
    app.run()


def app_idle(store: str, game: str, is_on: bool, urls: Path) -> None:
    """The play screen of a new game (brought on to a move, as ``app_driver.py idle``), the
    links written, READY printed; then idle until terminated."""
    from benchmarks import app_driver

    app_driver.configure_kivy(windowed=True)
    import random

    from kivy.clock import Clock

    app = phones_app(store, is_on)
    after_first_frame = app._after_first_frame

    def started_up(*args: Any) -> None:
        after_first_frame(*args)
        table = app.table
        table.new_game(app_driver._named_setup(table, game))
        chooser = random.Random(1)
        for _ in range(app_driver.IDLE_MAX_SETUP_INPUTS):
            if table.match.awaiting == "move":
                break
            table.send(chooser.choice(table.legal()))
        app.go("play")
        write_urls(app, urls)
        Clock.schedule_once(lambda _dt: print("READY" if app.phones.is_on == is_on else
                                              f"FAILED {app.phones.problem}", flush=True),
                            app_driver.SETTLE_SECONDS)

    app._after_first_frame = started_up
    app.run()


# -- the phones' process --------------------------------------------------------------------------

def _token(url: str) -> str:
    return url.rstrip("/").rpartition("/")[2]


def _links(urls: Path) -> tuple[str, str, list[str]]:
    """(base, view token, seat tokens) from the links file."""
    data = json.loads(urls.read_text(encoding="utf-8"))
    base = data["view"].rpartition("/view/")[0]
    return base, _token(data["view"]), [_token(url) for url in data["seats"]]


async def phones(urls: Path, count: int, ready: Path, stats: Path) -> None:
    """``count`` phones reading every state pushed, one seat polling; READY written when each
    has its first state; on SIGTERM what they received is written to ``stats``."""
    import aiohttp

    states = [0] * count
    reconnects = [0] * count
    polls = {"ok": 0, "refused": 0}
    connected: set[int] = set()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)

    def token_of(number: int) -> tuple[str, str]:
        base, view, seats = _links(urls)
        return base, seats[number] if number < len(seats) else view

    async def phone(number: int, session: aiohttp.ClientSession) -> None:
        lang = "cs" if number % 2 else "en"
        while not stop.is_set():
            base, token = token_of(number)
            try:
                async with session.get(f"{base}/api/stream/{token}?lang={lang}") as stream:
                    if stream.status != 200:
                        await asyncio.sleep(0.3)  # an old seat's token: read the new one
                        continue
                    event = ""
                    async for raw in stream.content:
                        line = raw.decode().rstrip("\n")
                        if line.startswith("event: "):
                            event = line[7:]
                        elif line.startswith("data: ") and event == "state":
                            json.loads(line[6:])  # the phone reads it whole
                            states[number] += 1
                            connected.add(number)
                            if len(connected) == count and not ready.exists():
                                ready.write_text("ready\n", encoding="utf-8")
            except aiohttp.ClientError:
                await asyncio.sleep(0.3)
            reconnects[number] += 1

    async def poller(session: aiohttp.ClientSession) -> None:
        while not stop.is_set():
            await asyncio.sleep(POLL_SECONDS)
            base, token = token_of(0)
            try:
                async with session.get(f"{base}/api/state",
                                       headers={"Authorization": f"Bearer {token}"}) as answer:
                    await answer.read()
                    polls["ok" if answer.status == 200 else "refused"] += 1
            except aiohttp.ClientError:
                polls["refused"] += 1

    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        tasks = [asyncio.ensure_future(phone(number, session)) for number in range(count)]
        tasks.append(asyncio.ensure_future(poller(session)))
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    stats.write_text(json.dumps({"states": states, "reconnects": reconnects, "polls": polls}),
                     encoding="utf-8")


class PhonesProcess:
    """The phones' process, started once the app has written its links."""

    def __init__(self, folder: Path, name: str, urls: Path, ready: Path,
                 wait_for: subprocess.Popen[str]) -> None:
        deadline = time.monotonic() + 120
        while not urls.exists():
            if wait_for.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{name}: the app wrote no links for the phones")
            time.sleep(0.05)
        self.stats = folder / f"{name}-phones.json"
        self.process = subprocess.Popen(
            [sys.executable, __file__, "phones", str(urls), str(PHONES), str(ready),
             str(self.stats)], cwd=ROOT, stderr=subprocess.PIPE, text=True)

    def wait_ready(self, ready: Path, app: subprocess.Popen[str], name: str) -> None:
        deadline = time.monotonic() + 60
        while not ready.exists():
            if app.poll() is not None or self.process.poll() is not None \
                    or time.monotonic() > deadline:
                raise RuntimeError(f"{name}: the phones did not connect")
            time.sleep(0.05)

    def close(self) -> dict[str, Any]:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if not self.stats.exists():
            error = self.process.stderr.read() if self.process.stderr else ""
            return {"error": error[-2000:]}
        return dict(json.loads(self.stats.read_text(encoding="utf-8")))


# -- the measuring process ------------------------------------------------------------------------

def _app(args: list[str], display: str, folder: Path) -> subprocess.Popen[str]:
    from benchmarks import ui

    return subprocess.Popen([sys.executable, __file__, *args], env=ui._env(display, folder),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def tap_run(display: str, folder: Path, game: str, mode: str, number: int, taps: int,
            seconds: float, seed: int) -> dict[str, Any]:
    """One app process tapping ``taps`` times (server ``mode`` on or off)."""
    name = f"taps-{game}-{mode}-{number}"
    out, urls, ready = (folder / f"{name}.json", folder / f"{name}-urls.json",
                        folder / f"{name}-ready")
    app = _app(["app-taps", str(out), str(folder / f"{name}.sqlite3"), game, str(taps),
                str(seed), str(seconds), mode, str(urls), str(ready)], display, folder)
    phones_process = None
    received: dict[str, Any] = {}
    try:
        if mode == "on":
            phones_process = PhonesProcess(folder, name, urls, ready, app)
            phones_process.wait_ready(ready, app, name)
        _, error = app.communicate(timeout=APP_TIMEOUT)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        if phones_process is not None:
            received = phones_process.close()
    seen = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    if not seen.get("ok"):
        raise RuntimeError(f"{name}: {seen.get('error') or error[-2000:]}")
    if mode == "on" and not seen.get("phones_on"):
        raise RuntimeError(f"{name}: the phones' server was not on")
    return {"game": game, "mode": mode, "round": number, "samples": seen["samples"],
            "missed": seen["missed"], "phones": received,
            "load": round(os.getloadavg()[0], 2)}


def _p(values: list[float], share: float) -> float:
    from benchmarks import ui

    return round(ui._percentile(values, share), 2)


def tap_figures(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game: p50/p95 of app part and total, off against on, over every round's taps
    pooled, and each round's p95 (the spread)."""
    rows = []
    for game in dict.fromkeys(run["game"] for run in runs):
        row: dict[str, Any] = {"game": game}
        for mode in ("off", "on"):
            mine = [run for run in runs if run["game"] == game and run["mode"] == mode]
            samples = [sample for run in mine for sample in run["samples"]]
            if not samples:
                continue
            app = [sample["until_draw_ms"] for sample in samples]
            total = [sample["ms"] for sample in samples]
            row[mode] = {
                "taps": len(samples), "missed": sum(run["missed"] for run in mine),
                "app_p50": _p(app, 0.5), "app_p95": _p(app, 0.95),
                "total_p50": _p(total, 0.5), "total_p95": _p(total, 0.95),
                "rounds_app_p95": [_p([s["until_draw_ms"] for s in run["samples"]], 0.95)
                                   for run in mine if run["samples"]],
                "rounds_total_p95": [_p([s["ms"] for s in run["samples"]], 0.95)
                                     for run in mine if run["samples"]],
                "loads": [run["load"] for run in mine],
            }
            if mode == "on":
                states = [sum(run["phones"].get("states", [])) for run in mine]
                row[mode]["states_received_by_phones"] = states
                row[mode]["polls"] = [run["phones"].get("polls") for run in mine]
        if "off" in row and "on" in row:
            row["app_p95_more_ms"] = round(row["on"]["app_p95"] - row["off"]["app_p95"], 2)
            row["total_p95_more_ms"] = round(row["on"]["total_p95"] - row["off"]["total_p95"],
                                             2)
            pairs = zip(row["off"]["rounds_app_p95"], row["on"]["rounds_app_p95"], strict=False)
            row["rounds_app_p95_more_ms"] = [round(on - off, 2) for off, on in pairs]
        rows.append(row)
    return rows


def _resident_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def idle_round(display: str, folder: Path, game: str, number: int,
               seconds: float) -> dict[str, Any]:
    """An app with the server off and one on with 10 phones connected, side by side, idle on
    the play screen for the same ``seconds``: CPU time and resident memory of each."""
    from benchmarks import ui

    apps: dict[str, subprocess.Popen[str]] = {}
    phones_process = None
    names = {mode: f"idle-{game}-{mode}-{number}" for mode in ("off", "on")}
    try:
        for mode in ("off", "on"):
            apps[mode] = _app(["app-idle", str(folder / f"{names[mode]}.sqlite3"), game, mode,
                               str(folder / f"{names[mode]}-urls.json")], display, folder)
        for mode, app in apps.items():
            line = app.stdout.readline() if app.stdout else ""
            if line.strip() != "READY":
                raise RuntimeError(f"idle {mode}: {line} {app.stderr.read()[-2000:]}"
                                   if app.stderr else line)
        name = names["on"]
        ready = folder / f"{name}-ready"
        phones_process = PhonesProcess(folder, name, folder / f"{name}-urls.json", ready,
                                       apps["on"])
        phones_process.wait_ready(ready, apps["on"], name)
        time.sleep(IDLE_SETTLE_SECONDS)
        ticks = os.sysconf("SC_CLK_TCK")
        wall0 = time.monotonic()
        cpu0 = {mode: ui._cpu_ticks(app.pid) for mode, app in apps.items()}
        time.sleep(seconds)
        cpu1 = {mode: ui._cpu_ticks(app.pid) for mode, app in apps.items()}
        wall = time.monotonic() - wall0
        rss = {mode: _resident_kb(app.pid) for mode, app in apps.items()}
    finally:
        received = phones_process.close() if phones_process is not None else {}
        for app in apps.values():
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
    percent = {mode: round(100 * (cpu1[mode] - cpu0[mode]) / ticks / wall, 2) for mode in apps}
    return {"game": game, "round": number, "seconds": round(wall, 1),
            "cpu_percent": percent, "cpu_more_percent": round(percent["on"] - percent["off"], 2),
            "rss_mb": {mode: round(kb / 1024, 1) for mode, kb in rss.items()},
            "rss_more_mb": round((rss["on"] - rss["off"]) / 1024, 1),
            "phones": received, "load": round(os.getloadavg()[0], 2)}


def measure(games: list[str], rounds: int, taps: int, tap_seconds: float, idle_rounds: int,
            idle_seconds: float) -> dict[str, Any]:
    from companion.virtual_display import xvfb

    runs: list[dict[str, Any]] = []
    idles: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-web-tap-") as name, xvfb() as display:
        folder = Path(name)
        for number in range(rounds):
            for game in games:
                for mode in ("off", "on") if number % 2 == 0 else ("on", "off"):
                    runs.append(tap_run(display, folder, game, mode, number, taps,
                                        tap_seconds, seed=11 + number))
                    print(f"  round {number + 1}/{rounds} {game:9} {mode:3}: "
                          f"{len(runs[-1]['samples'])} taps, load {runs[-1]['load']}",
                          file=sys.stderr, flush=True)
        for number in range(idle_rounds):
            idles.append(idle_round(display, folder, games[0], number, idle_seconds))
            print(f"  idle round {number + 1}/{idle_rounds}: {idles[-1]['cpu_percent']}, "
                  f"{idles[-1]['rss_mb']}", file=sys.stderr, flush=True)
    return {"taps": tap_figures(runs), "idle": idles,
            "runs": [{key: value for key, value in run.items() if key != "samples"}
                     | {"taps": len(run["samples"])} for run in runs]}


def print_figures(figures: dict[str, Any]) -> None:
    print(f"Tap → redrawn with the phones' server off against on with {PHONES} phones "
          f"(aim: p95 <= {TAP_AIM_MS:g} ms more)")
    print(f"  {'game':9} {'server':6} {'taps':>5} {'app p50':>8} {'p95':>6} {'total p50':>10} "
          f"{'p95':>6}   each round's app p95 (ms)")
    for row in figures["taps"]:
        for mode in ("off", "on"):
            if mode not in row:
                continue
            part = row[mode]
            print(f"  {row['game']:9} {mode:6} {part['taps']:>5} {part['app_p50']:>8} "
                  f"{part['app_p95']:>6} {part['total_p50']:>10} {part['total_p95']:>6}   "
                  f"{part['rounds_app_p95']}")
        if "app_p95_more_ms" in row:
            print(f"  {'':9} on − off: app p95 {row['app_p95_more_ms']:+} ms, total p95 "
                  f"{row['total_p95_more_ms']:+} ms; per round app p95 "
                  f"{row['rounds_app_p95_more_ms']}")
    if figures["idle"]:
        print(f"Idle with {PHONES} phones connected against the server off (aims: memory <= "
              f"{MEMORY_AIM_MB:g} MB more, CPU <= {IDLE_AIM_PERCENT:g} % of a core more)")
        for row in figures["idle"]:
            print(f"  round {row['round'] + 1}: CPU off {row['cpu_percent']['off']} %, on "
                  f"{row['cpu_percent']['on']} % ({row['cpu_more_percent']:+}) over "
                  f"{row['seconds']} s; resident off {row['rss_mb']['off']} MB, on "
                  f"{row['rss_mb']['on']} MB ({row['rss_more_mb']:+}); load {row['load']}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "app-taps":
        out, store, game, count, seed, seconds, mode, urls, ready = argv[1:10]
        app_taps(Path(out), store, game, int(count), int(seed), float(seconds), mode == "on",
                 Path(urls), Path(ready))
        return 0
    if argv and argv[0] == "app-idle":
        store, game, mode, urls = argv[1:5]
        app_idle(store, game, mode == "on", Path(urls))
        return 0
    if argv and argv[0] == "phones":
        urls, count, ready, stats = argv[1:5]
        asyncio.run(phones(Path(urls), int(count), Path(ready), Path(stats)))
        return 0
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="off/on rounds per game")
    parser.add_argument("--taps", type=int, default=100, help="taps per app run")
    parser.add_argument("--tap-seconds", type=float, default=30.0, help="tapping cap per run")
    parser.add_argument("--game", action="append", choices=sorted(
        ("quoridor", "clovece", "crash", "pacman", "patamat")))
    parser.add_argument("--idle-rounds", type=int, default=3)
    parser.add_argument("--idle", type=float, default=30.0, help="idle seconds per round")
    parser.add_argument("--out", help="also write the JSON object to this file")
    args = parser.parse_args(argv)
    started = time.monotonic()
    load_before = os.getloadavg()
    figures = measure(args.game or list(DEFAULT_GAMES), args.rounds, args.taps,
                      args.tap_seconds, args.idle_rounds, args.idle)
    print_figures(figures)
    result = {"web_tap": figures, "rounds": args.rounds, "taps_per_run": args.taps,
              "load_before": load_before, "load_after": os.getloadavg(),
              "seconds": round(time.monotonic() - started, 1)}
    text = json.dumps(result)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
