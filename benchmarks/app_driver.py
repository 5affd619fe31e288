"""Benchmark-only driver: runs the real app (or a bare Kivy app) in a window and times it.

    python benchmarks/app_driver.py cold OUT_JSON STORE      # the CLI, until the home screen
    python benchmarks/app_driver.py bare OUT_JSON            # a bare Kivy app, same way
    python benchmarks/app_driver.py taps OUT_JSON STORE GAME COUNT SEED MAX_SECONDS
    python benchmarks/app_driver.py idle OUT_JSON STORE GAME SECONDS   # GAME "bare": bare app
    python benchmarks/app_driver.py floor OUT_JSON LAYERS   # a window of LAYERS full rectangles

Run under X (``benchmarks/run.py`` starts its own Xvfb). Every mode wraps ``Window.flip`` so it
knows when a frame has really been drawn; nothing in the app is changed. ``taps`` reuses the
UI tests' driver (``tests/ui/driver.py``) to inject real touches at widget coordinates.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SCRIPT_STARTED = time.time()
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import companion.app  # noqa: E402
from companion.app import configure_kivy  # noqa: E402  (no Kivy import yet)

if (ROOT / "kv").is_dir():  # this tree's kv files: the editable install maps companion.kv to
    companion.app.KV_DIR = ROOT / "kv"  # its own checkout's, wherever this tree was copied



def _profiler() -> Any:
    """A new cProfile profiler. cProfile is imported only when a profile is asked for: the taps'
    figures measure the app, not the driver's tools (its interned names and code count)."""
    import cProfile

    return cProfile.Profile()


FRAME_TIMEOUT_SECONDS = 2.0
"""A tap whose new state is not drawn within this long is counted as missed."""
PROFILER = _profiler() if os.environ.get("BENCH_PROFILE") else None
"""With BENCH_PROFILE=FILE, ``taps`` profiles from each tap to its frame into FILE."""
STARTED_UP_SECONDS = 0.5
"""Taps begin this long after the app's start-up work (``_after_first_frame``) is done."""
SLOW_TAP_MS = float(os.environ.get("BENCH_PROFILE_SLOW_MS", "0"))
EACH_TAP_FOLDER = os.environ.get("BENCH_PROFILE_EACH", "")
"""With BENCH_PROFILE_EACH=FOLDER, each tap is profiled on its own into FOLDER/NNNN.prof (NNNN:
its index in ``samples``): the slowest taps can be compared with the median ones afterwards
(``benchmarks/compare_taps.py``)."""
"""With BENCH_PROFILE_SLOW_MS=N, each tap is profiled on its own and the profile of every tap
whose app part took more than N ms is kept in the JSON (``slow_taps``)."""
KIND_PROFILES: dict[str, Any] | None = {} if os.environ.get(
    "BENCH_PROFILE_KINDS") else None
"""With BENCH_PROFILE_KINDS=PREFIX, ``taps`` profiles each kind of tap (roll, wall preview…) to its
frame into its own file, PREFIX-<kind>.prof: what one kind of tap does, apart from the others."""
SETTLE_SECONDS = 2.0
MARK_EVERY = int(os.environ.get("BENCH_MARK_EVERY") or 0)
"""With BENCH_MARK_EVERY=N, ``memory_timeline`` has a mark after every N taps too (besides 1, 10
and 50): whether a longer game's memory goes on growing. (A mark parses smaps in Python.)"""
GIVE_BACK_BEFORE_TAPS = bool(os.environ.get("BENCH_GIVE_BACK"))
"""With BENCH_GIVE_BACK=1 the app gives its freed memory back before every tap (as it does
when the table is still between two inputs, ``companion.heap``): what that costs the taps, and
the CPU of each ``give_back`` (``give_back_ms``)."""
STILL_AFTER_GIVE_BACK_SECONDS = 1.0
"""After the last tap the table is still until the app has given its freed memory back
(``GIVE_BACK_AFTER_INPUT_SECONDS``) and this long more, then the memory is read
(``still_rss``): at a table players pause; the taps come faster than any table's."""
LABEL_RENDERS: dict[str, Any] = {}
"""With BENCH_LABELS=FILE: ``counts``, the label renders counted (:func:`_count_label_renders`)."""
TAP_TRACE: list[str] = []
"""With BENCH_TAP_TRACE=FILE: what the tap under way rendered and laid out (:func:`_trace_tap`),
one entry a label render or a layout, kept in each tap's sample (``trace``) and written to FILE
with the tap's line and CPU, tap by tap."""
IDLE_LINGER_SECONDS = 120.0
IDLE_QUIET_SECONDS = 1.0
IDLE_QUIET_MAX_SECONDS = 20.0
"""Idle is measured from when no frame was drawn for IDLE_QUIET_SECONDS and the board animates
nothing (waiting at most IDLE_QUIET_MAX_SECONDS)."""
IDLE_MAX_SETUP_INPUTS = 60
"""Idle: time after opening the play screen before the measurement starts."""


def _proc_self(name: str) -> str:
    """``/proc/self/<name>``, read by its path as text: not through ``pathlib``, which interns
    each part of a path (``sys.intern``). Read after every tap, ``Path("/proc/self/statm")``
    put a new "statm" into the interpreter's interned strings each time (it died with the
    path): each one is an entry the table counts until it is resized, so the harness filled
    the app's table, ~1 entry a tap, and doubled it (~0.5 MB) in the middle of Crash's taps."""
    with open("/proc/self/" + name, encoding="utf-8", errors="replace") as file:
        return file.read()


def _current_rss_kb() -> int:
    return int(_proc_self("statm").split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def _peak_rss_kb() -> int:
    for line in _proc_self("status").splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


GL_DRIVER_FILES = ("libLLVM", "/dri/", "libgallium", "libglapi", "libGLX_mesa")
"""Mapped files that are Mesa's software rasteriser here (llvmpipe); the Pi's GPU driver
replaces them."""


def _rss_breakdown_kb() -> dict[str, int]:
    """Resident memory now, by kind: Python/Kivy heaps and other anonymous memory, the software
    GL driver's mapped libraries, and every other mapped file."""
    kinds = {"anonymous": 0, "gl_driver_files": 0, "other_files": 0}
    kind = "anonymous"
    # a line at a time: the whole file read and split held ~5 MB of its own, which showed in
    # the RSS read next and, read near the peak, in the peak
    with open("/proc/self/smaps", encoding="utf-8") as smaps:
        for line in smaps:
            head = line.split(maxsplit=5)
            if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                name = head[5].rstrip("\n") if len(head) > 5 else ""
                if not name.startswith("/") or name.endswith("(deleted)"):
                    kind = "anonymous"
                elif any(part in name for part in GL_DRIVER_FILES):
                    kind = "gl_driver_files"
                else:
                    kind = "other_files"
            elif head[0] == "Rss:":
                kinds[kind] += int(head[1])
    return kinds


def _malloc_kb() -> dict[str, int]:
    """glibc's malloc now (``mallinfo2``): its heaps' bytes in use and free (kept, not given back
    to the system), and the large blocks it mapped on their own."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
            "fordblks", "keepcost")]

    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except AttributeError:  # not glibc, or older than 2.33
        return {}
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return {"heaps_in_use": info.uordblks // 1024, "heaps_free": info.fordblks // 1024,
            "mapped_blocks": info.hblkhd // 1024, "mapped_block_count": info.hblks}


def _memory_mark(step: str) -> dict[str, Any]:
    """Resident memory at one step of opening a game (``memory_timeline`` in the taps' JSON):
    RSS and peak, by kind (smaps), glibc's heap, Kivy textures' count and the modules loaded.
    ``tracemalloc`` is looked at only when BENCH_TRACEMALLOC imported it: imported here, it
    (and ``pickle``, which it imports) was counted in every game's memory and in
    ``modules_since_home`` as though the app had loaded it."""
    if os.environ.get("BENCH_SMAPS_MARKS"):  # PREFIX: the smaps at every mark, to compare
        Path(f"{os.environ['BENCH_SMAPS_MARKS']}-{step.replace(' ', '-')}.smaps").write_text(
            _proc_self("smaps"))
    tracemalloc = sys.modules.get("tracemalloc")
    traced = {}
    if tracemalloc is not None and tracemalloc.is_tracing():  # the traced Python heap now and
        # its peak since the last step
        current, peak = tracemalloc.get_traced_memory()
        traced = {"traced_kb": current // 1024, "traced_peak_kb": peak // 1024}
        tracemalloc.reset_peak()
    extra: dict[str, Any] = {}
    if os.environ.get("BENCH_MARK_EXTRAS") and "kivy.core.window" in sys.modules:  # (after
        # a collection: a diagnosis only, it changes what it measures)
        extra = {f"textures_{key}": value for key, value in _live_textures().items()}
        extra["instructions"] = _live_instructions()
    return {"step": step, "rss_kb": _current_rss_kb(), "peak_rss_kb": _peak_rss_kb(),
            **_rss_breakdown_kb(), **{f"malloc_{key}": kb for key, kb in _malloc_kb().items()},
            **traced, **extra, "modules": len(sys.modules)}


CENSUS: dict[str, Any] = {}
"""With BENCH_CENSUS=FILE: the live Python objects at home, at the first game's first frame and
after the taps (:func:`_census`), written to FILE as JSON when the app ends."""


def _census() -> dict[str, Any]:
    """The live Python objects now (after a collection), by type: how many and their own bytes
    (``sys.getsizeof``); with tracemalloc on, the traced heap by the file that allocated it."""
    import gc

    gc.collect()
    counts: dict[str, list[int]] = {}
    for thing in gc.get_objects():
        kind = type(thing)
        name = f"{kind.__module__}.{kind.__qualname__}"
        entry = counts.setdefault(name, [0, 0])
        entry[0] += 1
        try:
            entry[1] += sys.getsizeof(thing)
        except TypeError:  # a dead weak proxy
            pass
    census: dict[str, Any] = {"objects": sum(count for count, _size in counts.values()),
                              "by_type": dict(sorted(counts.items(), key=lambda i: -i[1][1])[:80])}
    import tracemalloc

    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot()
        census["traced_by_file_kb"] = {
            str(stat.traceback[0].filename): [stat.size // 1024, stat.count]
            for stat in snapshot.statistics("filename")[:80]}
        census["traced_kb"] = tracemalloc.get_traced_memory()[0] // 1024
    return census


BEFORE_NEXT_DRAW: list[Callable[[], None]] = []
"""Called once when the next frame begins drawing (its layouts and labels done), then dropped."""
FRAME_MARKS: dict[str, float] = {"draw": 0.0, "draw_cpu": 0.0, "flip": 0.0, "flip_cpu": 0.0}
"""perf_counter() when the last frame began drawing (on_draw) and its buffer swap began;
``draw_cpu`` / ``flip_cpu``: the main thread's CPU time (thread_time) at those two moments."""


DRAWING = "the frame's drawing after it (main thread; BENCH_DRAW_CPU)"
"""With BENCH_DRAW_CPU=1 the samples (BENCH_SAMPLES) add each tap's frame's drawing, its
main-thread CPU from the drawing's start to the buffer swap, as a part of their own."""


def _hook_flips(after_flip: Callable[[], None]) -> None:
    """Call ``after_flip`` right after every buffer swap (every frame really drawn)."""
    from kivy.core.window import Window

    original = Window.flip

    def flip() -> None:
        FRAME_MARKS["flip"] = time.perf_counter()
        FRAME_MARKS["flip_cpu"] = time.thread_time()
        original()
        after_flip()

    Window.flip = flip
    def on_draw(*_: Any) -> None:
        FRAME_MARKS["draw"] = time.perf_counter()
        FRAME_MARKS["draw_cpu"] = time.thread_time()
        while BEFORE_NEXT_DRAW:
            BEFORE_NEXT_DRAW.pop(0)()

    Window.fbind("on_draw", on_draw)


GC_DURING_TAP: list[list[float]] = [[], [], []]
"""The garbage collector's passes while a tap is timed (touch → its frame), in ms, by
generation (:func:`_watch_collections`); emptied at each tap."""
_GC_STARTED = [0.0]
GC_ALL: list[list[float]] = [[], [], []]
"""Every pass of the garbage collector from the first game's opening on (in a tap or between
taps), in ms, by generation."""


def _watch_collections() -> None:
    """Time every collection of the garbage collector into :data:`GC_DURING_TAP` (a callback
    costs ~1 µs; it asks nothing of the collector, so it does not lengthen a pass)."""
    import gc

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            _GC_STARTED[0] = time.perf_counter()
        else:
            ms = (time.perf_counter() - _GC_STARTED[0]) * 1000
            GC_DURING_TAP[info["generation"]].append(ms)
            GC_ALL[info["generation"]].append(ms)

    gc.callbacks.append(watch)


def _write(out: Path, data: dict[str, Any]) -> None:
    out.write_text(json.dumps(data, indent=1), encoding="utf-8")
    if os.environ.get("BENCH_SMAPS"):
        Path(os.environ["BENCH_SMAPS"]).write_text(Path("/proc/self/smaps").read_text())


def _bare_app() -> Any:
    from kivy.app import App
    from kivy.uix.label import Label

    class BareApp(App):
        def build(self) -> Label:
            return Label(text="Companion", font_size=40)

    return BareApp()


# -- cold start ------------------------------------------------------------------------------------

def cold(out: Path, store: str | None) -> None:
    """Start the app through the CLI (or a bare app); stop at the first frame of its screen.

    The app imports Kivy itself, as the ``companion`` command does (configured by its own
    ``configure_kivy``, then the flips hooked: the window is made there, a few lines before
    the app's first Kivy import would make it); the bare app imports it here."""
    seen: dict[str, Any] = {"script_started": SCRIPT_STARTED}

    def after_flip() -> None:
        from kivy.app import App
        from kivy.clock import Clock

        app = App.get_running_app()
        if "first_frame" in seen or app is None or app.root is None:
            return
        current = getattr(app.root, "current", "bare")
        if current not in ("home", "bare"):
            return
        seen["first_frame"] = time.time()
        seen["first_frame_cpu"] = time.process_time()  # user + system, every thread
        seen["first_frame_main_cpu"] = time.thread_time()  # the main thread's alone
        seen["screen"] = current
        seen["peak_rss_kb"] = _peak_rss_kb()
        seen["rss_breakdown_kb"] = _rss_breakdown_kb()
        seen["malloc_kb"] = _malloc_kb()
        _write(out, seen)
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    def hook_flips() -> None:
        _hook_flips(after_flip)  # creates the window
        seen["window_created"] = time.time()

    if store is None:
        configure_kivy(windowed=True)
        hook_flips()
        _bare_app().run()
        return
    import companion.app

    def configure_then_hook(*args: Any, **kwargs: Any) -> None:
        configure_kivy(*args, **kwargs)
        hook_flips()

    companion.app.configure_kivy = configure_then_hook  # type: ignore[assignment]
    from companion.cli import main

    main(["--windowed", "--store", store, "--lang", "en"])


# -- idle CPU --------------------------------------------------------------------------------------

def idle(out: Path, store: str, game: str, seconds: float) -> None:
    """Open the play screen (or the bare app), settle, print READY, stay idle; after
    ``seconds`` write what was seen, and stay idle until terminated."""
    configure_kivy(windowed=True)
    from kivy.clock import Clock

    counts = {"frames": 0}
    frame_times: list[float] = []

    def after_flip() -> None:
        counts["frames"] += 1
        frame_times.append(time.monotonic())

    _hook_flips(after_flip)
    if game == "bare":
        app = _bare_app()
    else:
        from companion.app.main import CompanionApp

        app = CompanionApp(store_path=store, lang="en", die_spec="software")
    seen: dict[str, Any] = {"game": game}

    def open_game(_dt: float) -> None:
        if game != "bare":
            table = app.table
            table.new_game(_named_setup(table, game))
            chooser = random.Random(1)
            for _ in range(IDLE_MAX_SETUP_INPUTS):  # on to a position awaiting a move
                if table.match.awaiting == "move":
                    break
                table.send(chooser.choice(table.legal()))
            app.go("play")
            seen["screen"] = app.root.current
            seen["awaiting"] = table.match.awaiting
            seen["inputs_before_idle"] = len(table.match.history)
        Clock.schedule_once(ready, SETTLE_SECONDS)

    waited = {"since": 0.0}

    def ready(_dt: float) -> None:
        # Idle begins when the screen is still: no short-lived hint running (Člověče's pulse
        # of the pieces that can move, 2.4 s) and no frame for a while (start-up work comes
        # late when other apps start beside this one). Something that keeps drawing shows:
        # after IDLE_QUIET_MAX_SECONDS the measurement starts anyway.
        if not waited["since"]:
            waited["since"] = time.monotonic()
        board = app.root.get_screen("play").board if game != "bare" else None
        is_animating = getattr(board, "is_animating", None)
        last_frame = frame_times[-1] if frame_times else 0.0
        if time.monotonic() - waited["since"] < IDLE_QUIET_MAX_SECONDS and (
                (callable(is_animating) and is_animating())
                or time.monotonic() - last_frame < IDLE_QUIET_SECONDS):
            Clock.schedule_once(ready, IDLE_QUIET_SECONDS / 4)
            return
        seen["waited_for_quiet_seconds"] = round(time.monotonic() - waited["since"], 2)
        seen["frames_before"] = counts["frames"]
        seen["clock_frames_before"] = Clock.frames
        seen["events"] = sorted(repr(event.get_callback()) for event in Clock.get_events())
        seen["cpu_before"] = _cpu_seconds()
        seen["wall_before"] = time.monotonic()
        print("READY", flush=True)
        Clock.schedule_once(done, seconds)

    def done(_dt: float) -> None:
        seen["cpu_seconds"] = _cpu_seconds() - seen.pop("cpu_before")
        seen["wall_seconds"] = time.monotonic() - seen.pop("wall_before")
        seen["frames_drawn_while_idle"] = counts["frames"] - seen.pop("frames_before")
        began = time.monotonic() - seen["wall_seconds"]
        seen["idle_frame_times"] = [round(t - began, 2) for t in frame_times if t >= began][:60]
        seen["clock_ticks_while_idle"] = Clock.frames - seen.pop("clock_frames_before")
        seen["peak_rss_kb"] = _peak_rss_kb()
        seen["rss_breakdown_kb"] = _rss_breakdown_kb()
        _write(out, seen)
        # stay open (and idle) until the benchmark ends this process; stop on our own if not
        Clock.schedule_once(lambda _dt: app.stop(), IDLE_LINGER_SECONDS)

    if game == "bare":
        Clock.schedule_once(open_game, 0.5)
    else:  # the game opens once the app has started up, as in ``taps``: the work after its
        # first frame (the die, sound) redrew the play screen 3 s later when that frame came
        # late, and those frames fell inside the idle time measured
        after_first_frame = app._after_first_frame

        def started_up(*args: Any) -> None:
            after_first_frame(*args)
            Clock.schedule_once(open_game, STARTED_UP_SECONDS)

        app._after_first_frame = started_up
    app.run()


def _named_setup(table: Any, game: str) -> Any:
    """The game's last setup with every seat named: a new seat has no name ("") until the
    new-game screen asks for one, so each empty seat gets its placeholder ("Player 2"; Pat a
    Mat's notation takes one word: "Player2"), as a person would type it."""
    from companion.table.setups import placeholder

    setup = table.last_setup(game)
    setup.names = [name or placeholder(game, seat, table.tr)
                   for seat, name in enumerate(setup.names)]
    return setup


def _cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


# -- tap → board redrawn ---------------------------------------------------------------------------

class TapBench:
    """Taps legal inputs one by one; times each until the frame showing its new state is drawn."""

    reads_still_memory = True
    """Whether the app is left still after the last tap to read its memory (``still_rss``)."""

    def __init__(self, app: Any, driver: Any, game: str, count: int, seed: int,
                 max_seconds: float) -> None:
        from kivy.clock import Clock

        self.clock = Clock
        self.app = app
        self.driver = driver
        self.game = game
        self.count = count
        self.deadline = time.monotonic() + max_seconds
        self.random = random.Random(seed)
        self.samples: list[dict[str, Any]] = []
        self.slow_taps: list[str] = []
        self.tap_profiler: Any = None
        self.games_started = 0
        self.openings: list[dict[str, float]] = []
        """Each game's opening: its new game sent → the play screen's first frame swapped (ms),
        and the main thread's CPU time in it."""
        self._opening_started = (0.0, 0.0)
        self.untappable = 0
        self.missed = 0
        self.last_tap_rss_kb = 0
        self.still_seconds = 0.0
        self.give_back_ms: list[float] = []
        self.untappable_kinds: list[str] = []
        self.missed_details: list[dict[str, str]] = []
        self.last_kind = ""
        self.pending: dict[str, Any] | None = None
        self._timeout: Any = None
        self.opening = False
        self.memory_timeline: list[dict[str, Any]] = []
        self.home_modules: set[str] = set()

    @property
    def table(self) -> Any:
        return self.app.table

    def signature(self) -> tuple[Any, ...]:
        match = self.table.match
        board = self.app.root.get_screen("play").board
        return (id(match), match.cursor if match else None, getattr(board, "preview", ""))

    def start(self, _dt: float = 0) -> None:
        first = not self.games_started
        if first:
            for passes in GC_ALL:
                passes.clear()
            self.home_modules = set(sys.modules)
            if os.environ.get("BENCH_CENSUS"):
                CENSUS["home"] = _census()
            self.memory_timeline.append(_memory_mark("home"))
        elif MARK_EVERY:  # a new game after the last one ended: what the last one left
            self.memory_timeline.append({**_memory_mark(
                f"game {self.games_started + 1} begins after {len(self.samples)} taps"),
                **({"widgets": _live_widgets(100)} if os.environ.get("BENCH_MARK_EXTRAS")
                   else {})})
        self._opening_started = (time.perf_counter(), time.thread_time())
        self.table.new_game(_named_setup(self.table, self.game))
        if first:
            self.memory_timeline.append(_memory_mark("game made (engine imported)"))
        self.app.go("play")
        if first:
            self.memory_timeline.append(_memory_mark("play screen built"))
            BEFORE_NEXT_DRAW.append(lambda: self.memory_timeline.append(
                _memory_mark("first frame laid out, before its drawing")))
        self.games_started += 1
        self.opening = True  # the first tap 0.3 s after the game's first frame (a person sees it)

    def after_opening_frame(self) -> None:
        self.opening = False
        if self.games_started == 1:
            self.memory_timeline.append(_memory_mark("first frame"))
            if os.environ.get("BENCH_CENSUS"):
                CENSUS["first frame"] = _census()
            _dump_snapshot("first-frame")
        wall, cpu = self._opening_started
        self.openings.append({"ms": round((time.perf_counter() - wall) * 1000, 2),
                              "cpu_ms": round((time.thread_time() - cpu) * 1000, 2)})
        self.clock.schedule_once(self.next_tap, 0.3)

    def next_tap(self, _dt: float = 0) -> None:
        try:
            self._next_tap()
        except Exception:  # noqa: BLE001 - reported through the JSON
            import traceback

            self.driver.results.update({"ok": False, "error": traceback.format_exc()})
            self.driver.finish()
            self.app.stop()

    def _next_tap(self) -> None:
        if len(self.samples) + self.missed >= self.count or time.monotonic() > self.deadline:
            # as at a table after the last tap: still for a while (the app gives memory back)
            from companion.app import main

            self.last_tap_rss_kb = _current_rss_kb()
            self.memory_timeline.append(_memory_mark("last tap"))
            if os.environ.get("BENCH_GARBAGE"):
                _write_garbage(Path(os.environ["BENCH_GARBAGE"]))
            if self.reads_still_memory:  # (an app that gives nothing back: as long)
                self.still_seconds = STILL_AFTER_GIVE_BACK_SECONDS + getattr(
                    main, "GIVE_BACK_AFTER_INPUT_SECONDS", 10.0)
            self.clock.schedule_once(lambda _dt: self.finish(), self.still_seconds)
            return
        match = self.table.match
        if match is None or match.is_over or self.app.root.current != "play":
            self.start()
            return
        target = self.target()
        if target is None:
            self.untappable_kinds.append(
                f"{self.app.root.get_screen('play').action_kind}/{self.table.match.awaiting}")
            # Nothing on screen offers a legal input (e.g. a game awaiting a roll it
            # has no die button for): play it directly so the game goes on; not timed.
            self.untappable += 1
            legal = self.table.legal()
            if not legal:
                self.start()
                return
            self.table.send(self.random.choice(legal))
            self.clock.schedule_once(self.next_tap, 0.05)
            return
        kind, tap = target
        if GIVE_BACK_BEFORE_TAPS:
            from companion import heap

            began = time.thread_time()
            heap.give_back()
            self.give_back_ms.append((time.thread_time() - began) * 1000)
        self.last_kind = kind
        self.pending = {"kind": kind, "before": self.signature(),
                        "legal": len(self.table.legal())}
        started = time.perf_counter()
        self.pending["started"] = started
        self.pending["started_cpu"] = time.thread_time()
        for passes in GC_DURING_TAP:
            passes.clear()
        PARTS_CPU_MS.clear()
        TAP_TRACE.clear()
        if PROFILER is not None:
            PROFILER.enable()
        if KIND_PROFILES is not None:
            if kind not in KIND_PROFILES:
                KIND_PROFILES[kind] = _profiler()
            KIND_PROFILES[kind].enable()
        if SLOW_TAP_MS or EACH_TAP_FOLDER:
            self.tap_profiler = _profiler()
            self.tap_profiler.enable()
        tap()
        self.pending["handled_ms"] = (time.perf_counter() - started) * 1000
        self._timeout = self.clock.schedule_once(self.on_timeout, FRAME_TIMEOUT_SECONDS)

    def after_flip(self) -> None:
        if self.opening:
            self.after_opening_frame()
            return
        pending = self.pending
        if pending is None or self.signature() == pending["before"]:
            return
        now = time.perf_counter()
        if PROFILER is not None:
            PROFILER.disable()
        if KIND_PROFILES is not None:
            KIND_PROFILES[pending["kind"]].disable()
        started = pending["started"]
        if SLOW_TAP_MS or EACH_TAP_FOLDER:
            self.tap_profiler.disable()
        if EACH_TAP_FOLDER:
            self.tap_profiler.dump_stats(Path(EACH_TAP_FOLDER) / f"{len(self.samples):04}.prof")
        if SLOW_TAP_MS:
            if (FRAME_MARKS["draw"] - started) * 1000 > SLOW_TAP_MS:
                self.slow_taps.append(_profile_text(self.tap_profiler, pending["kind"]))
        self.pending = None
        if self._timeout is not None:
            self._timeout.cancel()
        self.samples.append({
            "kind": pending["kind"],
            "ms": round((now - started) * 1000, 3),
            "handled_ms": round(pending["handled_ms"], 3),
            "until_draw_ms": round((FRAME_MARKS["draw"] - started) * 1000, 3),
            # the same span in CPU time of the main thread: what other work on the machine
            # does not lengthen (waits for the disk's sync, the scheduler)
            "until_draw_cpu_ms": round((FRAME_MARKS["draw_cpu"] - pending["started_cpu"]) * 1000,
                                       3),
            "draw_ms": round((FRAME_MARKS["flip"] - FRAME_MARKS["draw"]) * 1000, 3),
            # the frame's drawing in the main thread's CPU time (textures filled, draw calls
            # issued), after the app part
            "draw_cpu_ms": round((FRAME_MARKS["flip_cpu"] - FRAME_MARKS["draw_cpu"]) * 1000, 3),
            "swap_ms": round((now - FRAME_MARKS["flip"]) * 1000, 3),
            "legal": pending["legal"],
            # the garbage collector's passes in this tap (to its frame), by generation, in ms
            "gc_ms": [[round(ms, 3) for ms in passes] for passes in GC_DURING_TAP],
            **({"parts_cpu_ms": {part: round(ms, 3) for part, ms in PARTS_CPU_MS.items()}}
               if os.environ.get("BENCH_PARTS") else {}),
            **({"trace": list(TAP_TRACE)} if os.environ.get("BENCH_TAP_TRACE") else {}),
            "rss_kb": _current_rss_kb(),
            "line": (self.table.match.history or [""])[-1] if self.table.match else "",
            # the play screen's scoreboard after the tap (a switch of style costs more)
            "scoreboard": getattr(self.app.root.get_screen("play"), "scoreboard_style", ""),
        })
        if len(self.samples) in (1, 10, 50) or (
                MARK_EVERY and len(self.samples) % MARK_EVERY == 0):
            self.memory_timeline.append(_memory_mark(f"after {len(self.samples)} taps"))
        if len(self.samples) in (10, int(os.environ.get("BENCH_SNAPSHOT_AT") or 10)):
            _dump_snapshot(f"after-{len(self.samples)}-taps")
        self.clock.schedule_once(self.next_tap, 0)

    def on_timeout(self, _dt: float) -> None:
        if self.pending is not None:
            self.pending = None
            if PROFILER is not None:
                PROFILER.disable()
            if KIND_PROFILES is not None:
                KIND_PROFILES[self.last_kind].disable()
            self.missed += 1
            play = self.app.root.get_screen("play")
            self.missed_details.append({"kind": self.last_kind, "banner": play.banner,
                                        "screen": self.app.root.current})
            self.next_tap()

    def target(self) -> tuple[str, Callable[[], None]] | None:
        from companion.app.boards.generic import GenericBoard

        play = self.app.root.get_screen("play")
        board = play.board
        legal = self.table.legal()
        if type(board).__name__ == "QuoridorBoard":  # (by name: a Crash run must not import it)
            if board.preview:
                wall = board.preview
                return "wall place (2nd tap)", lambda: self.driver.tap_wall(wall)
            line = self.random.choice(legal)
            if len(line) == 3:
                return "wall preview (1st tap)", lambda: self.driver.tap_wall(line)
            return "pawn move", lambda: self.driver.tap_square(line)
        area = play.ids.action_area
        if play.action_kind == "roll":
            button = area.children[0].ids.roll_button
            return "roll (die button)", lambda: self.driver.tap(button)
        if play.action_kind == "choice":
            buttons = [w for w in area.walk(restrict=True) if type(w).__name__ == "ChoiceButton"
                       and w.line in legal and _is_visible(w)]
            if buttons:
                button = self.random.choice(buttons)
                return "choice button", lambda: self.driver.tap(button)
            return None
        if isinstance(board, GenericBoard):
            visible = self.visible_input_buttons(board, set(legal))
            if not visible:
                return None
            button = self.random.choice(visible)
            return "input button", lambda: self.driver.tap(button)
        # A game board with its own geometry (fields, pieces, overlays): the input goes in
        # where the board's tap handler ends, host.send(), from inside the frame loop.
        line = self.random.choice(legal)
        return "move via board host (no touch)", lambda: board.host.send(line)

    @staticmethod
    def visible_input_buttons(board: Any, legal: set[str]) -> list[Any]:
        views = [w for w in board.walk(restrict=True) if hasattr(w, "layout_manager")]
        if not views or views[0].layout_manager is None:
            return []
        return [button for button in views[0].layout_manager.children
                if getattr(button, "line", "") in legal and _is_visible(button)]

    def finish(self) -> None:
        # read first: the timeline's mark parses /proc/self/smaps in Python (~5 MB of its own)
        still_rss_kb = _current_rss_kb()
        self.memory_timeline.append(_memory_mark(f"{self.still_seconds:g} s still"))
        if PROFILER is not None:
            PROFILER.dump_stats(os.environ["BENCH_PROFILE"])
        for kind, profiler in (KIND_PROFILES or {}).items():
            name = "".join(c if c.isalnum() else "_" for c in kind.split(" (")[0])
            profiler.dump_stats(f"{os.environ['BENCH_PROFILE_KINDS']}-{name}.prof")
        _dump_snapshot("after-taps")
        if os.environ.get("BENCH_TAP_TRACE"):  # each tap's line, CPU and what it laid out
            Path(os.environ["BENCH_TAP_TRACE"]).write_text(json.dumps(
                [[sample["line"], sample["until_draw_cpu_ms"], sample["trace"]]
                 for sample in self.samples]), encoding="utf-8")
        if os.environ.get("BENCH_SAMPLES"):  # each tap's line and main-thread CPU, in order
            drawing = bool(os.environ.get("BENCH_DRAW_CPU"))
            Path(os.environ["BENCH_SAMPLES"]).write_text(json.dumps(  # (by part: BENCH_PARTS)
                [[sample["line"], sample["until_draw_cpu_ms"],
                  *([{**sample.get("parts_cpu_ms", {}),
                      **({DRAWING: sample["draw_cpu_ms"]} if drawing else {})}]
                    if "parts_cpu_ms" in sample or drawing else [])]
                 for sample in self.samples]), encoding="utf-8")
        if os.environ.get("BENCH_TEXTURES"):
            owners = _texture_owners(self.app.root)
            painter = getattr(self.app.root.get_screen("play").board, "painter", None)
            owners["static_layers_kept"] = len(getattr(painter, "_static_canvases", {}))
            Path(os.environ["BENCH_TEXTURES"]).write_text(json.dumps(owners, indent=1),
                                                          encoding="utf-8")
        if os.environ.get("BENCH_CENSUS"):
            CENSUS["after taps"] = _census()
            Path(os.environ["BENCH_CENSUS"]).write_text(json.dumps(CENSUS, indent=1))
        if os.environ.get("BENCH_LOOKS"):
            _write_looks(Path(os.environ["BENCH_LOOKS"]))
        if os.environ.get("BENCH_LABELS"):
            Path(os.environ["BENCH_LABELS"]).write_text("".join(
                f"{number:6} {what}\n" for what, number in LABEL_RENDERS["counts"].most_common()),
                encoding="utf-8")
        self.driver.results.update({
            "game": self.game,
            "samples": self.samples,
            "games_started": self.games_started,
            "openings": self.openings,
            "untappable": self.untappable,
            "missed": self.missed,
            "untappable_kinds": sorted(set(self.untappable_kinds)),
            "missed_details": self.missed_details[:20],
            "slow_taps": self.slow_taps[:10],
            "gc_all_ms": GC_ALL,
            # the kernel's high-water mark (VmHWM) follows RSS with a lag: never below a reading
            "peak_rss_kb": max(_peak_rss_kb(), self.last_tap_rss_kb,
                               *(mark["rss_kb"] for mark in self.memory_timeline)),
            "last_tap_rss_kb": self.last_tap_rss_kb,
            "still_rss_kb": still_rss_kb,
            "still_seconds": self.still_seconds,
            "rss_breakdown_kb": _rss_breakdown_kb(),
            "malloc_kb": _malloc_kb(),
            "board_canvas": _canvas_census(self.app.root.get_screen("play").board),
            "python_allocations": _top_allocations(),
            "live_widgets": _live_widgets(),
            "live_textures": _live_textures(),
            "modules": sorted(sys.modules),
            "modules_since_home": sorted(set(sys.modules) - self.home_modules),
            "memory_timeline": self.memory_timeline,
            "give_back_ms": self.give_back_ms,
            "kivy_cache": _kivy_cache(),
            "ok": True,
        })
        if os.environ.get("BENCH_SMAPS"):
            Path(os.environ["BENCH_SMAPS"]).write_text(Path("/proc/self/smaps").read_text())
        self.driver.finish()
        self.app.stop()


def _profile_text(profiler: Any, title: str) -> str:
    import io
    import pstats

    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    return f"{title}\n{out.getvalue()}"


def _live_widgets(classes: int = 10) -> dict[str, int]:
    """Widgets alive at the end (after a collection), by class: the ten most numerous."""
    import gc

    from kivy.uix.widget import Widget

    gc.collect()
    counts: dict[str, int] = {}
    for thing in gc.get_objects():
        kind = type(thing)  # a dead weak proxy is of its own type, never a Widget
        if issubclass(kind, Widget):
            counts[kind.__name__] = counts.get(kind.__name__, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: -item[1])[:classes])


def _live_textures() -> dict[str, int]:
    """Kivy textures alive at the end (after a collection): how many, and their pixels."""
    import gc

    from kivy.graphics.texture import Texture, TextureRegion

    gc.collect()
    textures = [thing for thing in gc.get_objects()  # type() never touches a dead proxy
                if issubclass(type(thing), Texture) and not issubclass(type(thing), TextureRegion)]
    return {"count": len(textures), "pixels": sum(t.width * t.height for t in textures)}


def _dump_snapshot(step: str) -> None:
    """With BENCH_SNAPSHOTS=PREFIX (and BENCH_TRACEMALLOC=N, N frames a trace): the traced
    heap as a tracemalloc snapshot in ``PREFIX-<step>.snap``, to compare by traceback."""
    if not (os.environ.get("BENCH_SNAPSHOTS") and os.environ.get("BENCH_TRACEMALLOC")):
        return  # (tracemalloc is not imported unless it traces)
    import tracemalloc

    tracemalloc.take_snapshot().dump(f"{os.environ['BENCH_SNAPSHOTS']}-{step}.snap")


def _texture_owners(root: Any) -> dict[str, Any]:
    """With BENCH_TEXTURES=FILE: every live Kivy texture by what holds it (a widget's label or
    canvas, on screen or off it, a remembered look, or a referrer's type), count and pixels."""
    import gc

    from kivy.core.window import Window
    from kivy.graphics.instructions import Canvas, CanvasBase
    from kivy.graphics.texture import Texture, TextureRegion
    from kivy.uix.widget import Widget

    gc.collect()
    textures = {id(t): t for t in gc.get_objects()
                if issubclass(type(t), Texture) and not issubclass(type(t), TextureRegion)}
    owners: dict[int, str] = {}
    looks: dict[int, str] = {}  # a label's texture: its text and size

    def base(texture: Any) -> int:
        if issubclass(type(texture), TextureRegion):  # its owner is not exposed: a referent
            owners_of = [t for t in gc.get_referents(texture) if issubclass(type(t), Texture)]
            return id(owners_of[0]) if owners_of else id(texture)
        return id(texture)

    def shown(widget: Any) -> str:
        while widget is not None:
            if widget is Window:
                return "shown"
            if widget is widget.parent:
                break
            widget = widget.parent
        return "off screen"

    def walk(group: Any, owner: str) -> None:
        for instruction in group.children:
            texture = getattr(instruction, "texture", None)
            if texture is not None:
                owners.setdefault(base(texture), f"{owner} canvas {type(instruction).__name__}")
            if isinstance(instruction, CanvasBase) and not isinstance(instruction, Canvas):
                walk(instruction, owner)
            elif isinstance(instruction, Canvas):
                walk(instruction, owner)

    widgets = [w for w in gc.get_objects() if issubclass(type(w), Widget)]
    for widget in widgets:
        name = f"{type(widget).__name__} ({shown(widget)})"
        for group in (widget.canvas.before, widget.canvas, widget.canvas.after):
            if group is not None:
                walk(group, name)
        texture = getattr(widget, "texture", None)
        if texture is not None:
            owners.setdefault(base(texture), f"{name} texture")
            if isinstance(getattr(widget, "text", None), str):
                looks.setdefault(base(texture), f"{widget.text[:40]!r} {texture.size}")
    for widget in widgets:
        for key, look in (getattr(widget, "_looks", None) or {}).items():
            if look.texture is None:  # an empty text's look, or one kept as pixels
                continue
            owners.setdefault(base(look.texture), f"{type(widget).__name__} remembered look")
            looks.setdefault(base(look.texture), f"{key[1][0][:40]!r} {look.texture.size}")
    rows: dict[str, list[int]] = {}
    for key, texture in textures.items():
        owner = owners.get(key)
        if owner is None:
            holders = [type(r).__name__ for r in gc.get_referrers(texture)
                       if r is not textures and type(r).__name__ != "frame"]
            owner = "held by " + ",".join(sorted(set(holders))[:4])
        row = rows.setdefault(owner, [0, 0])
        row[0] += 1
        row[1] += texture.width * texture.height
    detached: dict[str, int] = {}  # widgets not on the window, by the top of their tree
    for widget in widgets:
        top = widget
        while top.parent is not None and top.parent is not top and top.parent is not Window:
            top = top.parent
        if top.parent is not Window:
            name = type(top).__name__
            detached[name] = detached.get(name, 0) + 1
    from kivy.graphics import Mesh

    meshes = [m for m in gc.get_objects() if issubclass(type(m), Mesh)]
    same: dict[str, list[str]] = {}
    for key, look in looks.items():
        same.setdefault(look, []).append(owners.get(key, "?"))
    return {"count": len(textures), "pixels": sum(t.width * t.height for t in textures.values()),
            "by_owner": dict(sorted(rows.items(), key=lambda item: -item[1][1])),
            "meshes": {"count": len(meshes),
                       "coordinates": sum(len(m.vertices) for m in meshes)},
            "widgets": len(widgets), "widgets_off_screen_by_top": dict(
                sorted(detached.items(), key=lambda item: -item[1])),
            "looks_in_more_than_one_texture": {look: holders for look, holders in same.items()
                                               if len(holders) > 1},
            "label_looks": sorted(f"{owners.get(key, '?')}: {look}" for key, look in looks.items())}


def _kivy_cache() -> dict[str, int]:
    """Kivy's ``Cache`` at the end: objects kept per category (textures, images, kv rules)."""
    from kivy.cache import Cache

    return {category: len(objects) for category, objects in Cache._objects.items()}


def _top_allocations() -> list[str]:
    """With BENCH_TRACEMALLOC=1: where the Python heap grew most (file:line, size)."""
    tracemalloc = sys.modules.get("tracemalloc")  # (not imported for it: see _memory_mark)
    if tracemalloc is None or not tracemalloc.is_tracing():
        return []
    current, peak = tracemalloc.get_traced_memory()
    stats = tracemalloc.take_snapshot().statistics("lineno")
    return [f"traced now {current / 1e6:.1f} MB, peak {peak / 1e6:.1f} MB"] + [
        f"{stat.traceback[0]}: {stat.size / 1e6:.1f} MB in {stat.count} blocks"
        for stat in stats[:12]]


def _canvas_census(board: Any) -> dict[str, int]:
    """What the board's canvas holds now: instructions by type, textured pixels."""
    census: dict[str, int] = {}
    pixels = 0
    for widget in board.walk(restrict=True):
        for group in (widget.canvas.before, widget.canvas, widget.canvas.after):
            for instruction in group.children:
                name = type(instruction).__name__
                census[name] = census.get(name, 0) + 1
                texture = getattr(instruction, "texture", None)
                if texture is not None:
                    pixels += texture.width * texture.height
    census["textured_pixels"] = pixels
    return census


def _is_visible(widget: Any) -> bool:
    """Whether a tap at the widget's centre reaches it: inside every scrolling ancestor."""
    from kivy.uix.scrollview import ScrollView

    x, y = widget.to_window(*widget.center)
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            left, bottom = parent.to_window(parent.x, parent.y)
            right, top = parent.to_window(parent.right, parent.top)
            if not (left + 4 <= x <= right - 4 and bottom + 10 <= y <= top - 10):
                return False
        parent = parent.parent
    return widget.get_root_window() is not None


PARTS_CPU_MS: dict[str, float] = {}
"""With BENCH_PARTS=1: the main thread's CPU time (ms) in each part of the app during the tap
being timed (:func:`_time_parts`); emptied at each tap."""


def _time_parts() -> None:
    """Wrap the parts of a tap (the store's write, the session's step, the board's refresh, the
    play screen's update, Kivy's layouts and label renders before drawing) to add their CPU
    time into :data:`PARTS_CPU_MS`. An outer part's time includes an inner one's."""
    from kivy.clock import Clock

    from companion.app.boards.base import Board
    from companion.app.frames import flush_points
    from companion.app.screens.play.screen import PlayScreen
    from companion.table.saving import Saving
    from companion.table.session import TableSession

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                PARTS_CPU_MS[name] = (PARTS_CPU_MS.get(name, 0.0)
                                      + (time.thread_time() - started) * 1000)
        wrapper.__name__ = function.__name__
        return wrapper

    for owner, name, part in ((Saving, "saved", "store write"),
                              (TableSession, "_note_step", "session step"),
                              (TableSession, "_tell", "listeners (screen and board)"),
                              (PlayScreen, "update", "play screen update"),
                              (Board, "refresh", "board refresh")):
        setattr(owner, name, timed(part, getattr(owner, name)))
    for board_class in Board.__subclasses__():
        for subclass in (board_class, *board_class.__subclasses__()):
            if "refresh" in vars(subclass):
                subclass.refresh = timed("board refresh", vars(subclass)["refresh"])
    Clock.tick_draw = timed("layouts and labels (tick_draw)", Clock.tick_draw)
    # the flush points placed before the frame (a Window.on_draw handler, bound when the first
    # board is made: wrapped before that)
    flush_points._split_changed = timed("flush points placed (on_draw)",
                                        flush_points._split_changed)


def _count_label_renders() -> Any:
    """With BENCH_LABELS=FILE: how often each label (its class, text and font size) was really
    laid out and rendered (Kivy's ``Label.texture_update``; a :class:`RememberedLabel`'s
    remembered look is not), written to FILE most frequent first when the app ends."""
    from collections import Counter

    from kivy.uix.label import Label

    renders: Counter[str] = Counter()
    LABEL_RENDERS["counts"] = renders
    render = Label.texture_update

    def counted(label: Any, *args: Any) -> None:
        renders[f"{type(label).__name__} {label.text[:60]!r} {label.font_size:.4g}px"] += 1
        render(label, *args)

    counted.__name__ = "texture_update"  # Kivy's triggers look a bound method up by its name
    Label.texture_update = counted  # type: ignore[method-assign]
    return LABEL_RENDERS


LOOKS: dict[str, Any] = {"by_label": {}, "taken_back": {}, "lines_made": []}
"""With BENCH_LOOKS=FILE (:func:`_count_looks`)."""
BENCH: list[Any] = []
"""The taps' bench, once made (what :func:`_count_looks` asks whether a tap is under way)."""


def _count_looks() -> None:
    """With BENCH_LOOKS=FILE: for each kind of remembered label (its class, its parent's, how
    many looks it keeps), its looks taken back by their rank (0: the latest kept), its renders,
    the looks let go never taken back (and their pixels); and each table-line label made (after
    how many taps, and whether inside a tap). Written by :func:`_write_looks`."""
    from companion.app.labels.remembered import RememberedLabel
    from companion.app.screens.play.table_lines import InstructionLine

    update = RememberedLabel.texture_update
    taken_back: dict[tuple[int, Any], int] = LOOKS["taken_back"]

    def counted(label: Any, *args: Any) -> None:
        parent = type(label.parent).__name__ if label.parent is not None else None
        entry = LOOKS["by_label"].setdefault(
            f"{type(label).__name__} in {parent}, {label.looks_kept} kept",
            {"taken_back_by_rank": {}, "renders": 0, "let_go_unused": 0,
             "let_go_unused_pixels": 0, "let_go_used": 0})
        looks, key = label._looks, label.look()
        before = dict(looks)
        if key in looks:
            rank = list(reversed(looks)).index(key)
            ranks = entry["taken_back_by_rank"]
            ranks[rank] = ranks.get(rank, 0) + 1
            taken_back[(id(looks), key)] = taken_back.get((id(looks), key), 0) + 1
        else:
            entry["renders"] += 1
        update(label, *args)
        for gone in set(before) - set(looks):
            if taken_back.pop((id(looks), gone), 0):
                entry["let_go_used"] += 1
            else:
                width, height = before[gone].size
                entry["let_go_unused"] += 1
                entry["let_go_unused_pixels"] += width * height

    counted.__name__ = "texture_update"  # Kivy's triggers look a bound method up by its name
    RememberedLabel.texture_update = counted  # type: ignore[method-assign]
    make_line = InstructionLine.__init__

    def counting(label: Any, **kwargs: Any) -> None:
        bench = BENCH[0] if BENCH else None
        LOOKS["lines_made"].append([len(bench.samples), bench.pending is not None]
                                   if bench is not None else [-1, False])
        make_line(label, **kwargs)

    InstructionLine.__init__ = counting  # type: ignore[method-assign]


def _write_looks(path: Path) -> None:
    """The counts of :func:`_count_looks`, and the looks kept at the end by kind of label,
    taken back or not: how many, their pixels, how many of them hold a texture, and the bytes
    of the others' pixels kept compressed."""
    import gc

    from companion.app.labels.remembered import RememberedLabel

    kept: dict[str, list[int]] = {}
    seen: set[int] = set()
    for thing in gc.get_objects():
        if issubclass(type(thing), RememberedLabel) and id(thing._looks) not in seen:
            seen.add(id(thing._looks))
            for key, look in thing._looks.items():
                used = LOOKS["taken_back"].get((id(thing._looks), key), 0) > 0
                row = kept.setdefault(
                    f"{type(thing).__name__} {'taken back' if used else 'never taken back'}",
                    [0, 0, 0, 0])
                row[0] += 1
                row[1] += look.size[0] * look.size[1]
                row[2] += look.texture is not None
                row[3] += len(look.pixels or b"")
    path.write_text(json.dumps({"by_label": LOOKS["by_label"], "kept_at_end": kept,
                                "lines_made": LOOKS["lines_made"]}, indent=1))


def _write_garbage(path: Path) -> None:
    """With BENCH_GARBAGE=FILE: what a full pass of the cycle collector finds at the last tap
    (kept alive by reference cycles only), by type, and the texts of the core labels in it
    (a texture never drawn refers to its core label: Kivy's fill callback)."""
    import collections
    import gc

    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        found = gc.collect()
        kinds = collections.Counter(type(thing).__name__ for thing in gc.garbage)
        labels = [f"{thing.text[:50]!r} {thing.texture.size if thing.texture else None}"
                  for thing in gc.garbage if type(thing).__name__ == "LabelSDL2"]
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
    path.write_text(json.dumps({"collected": found, "by_type": kinds.most_common(60),
                                "core_labels": labels}, indent=1))


def _live_instructions() -> dict[str, int]:
    """Kivy's graphics instructions alive (tracked by the collector), by class."""
    import gc

    from kivy.graphics.instructions import Instruction

    kinds: dict[str, int] = {}
    for thing in gc.get_objects():
        if issubclass(type(thing), Instruction):  # (type() never touches a dead weak proxy)
            kinds[type(thing).__name__] = kinds.get(type(thing).__name__, 0) + 1
    return kinds


def _trace_tap() -> None:
    """With BENCH_TAP_TRACE=FILE: every label render (Kivy's ``Label.texture_update`` that really
    renders: a remembered look is not one) and every layout's ``do_layout`` in a tap, named by
    the widget's class, its id in kv where it has one, and for a label its text, font size and
    width, into :data:`TAP_TRACE`: which widgets a slow tap lays out and renders, and how often."""
    from kivy.uix.label import Label
    from kivy.uix.layout import Layout

    def name(widget: Any) -> str:
        return f"{type(widget).__name__}@{type(widget.parent).__name__}"

    render = Label.texture_update

    def traced_render(label: Any, *args: Any) -> None:
        began = time.thread_time()
        render(label, *args)
        TAP_TRACE.append(f"render {name(label)} {label.text[:50]!r} {label.font_size:.4g}px "
                         f"w={label.text_size[0]} {(time.thread_time() - began) * 1000:.3f} ms")

    traced_render.__name__ = "texture_update"  # Kivy's triggers look it up by its name
    Label.texture_update = traced_render  # type: ignore[method-assign]

    def subclasses(kind: type) -> list[type]:
        found = [kind]
        for sub in kind.__subclasses__():
            found.extend(subclasses(sub))
        return found

    def traced(layout_class: type) -> None:
        layout = vars(layout_class)["do_layout"]

        def do_layout(widget: Any, *args: Any, **kwargs: Any) -> Any:
            began = time.thread_time()
            try:
                return layout(widget, *args, **kwargs)
            finally:
                TAP_TRACE.append(f"layout {name(widget)} {type(widget).__mro__[1].__name__} "
                                 f"{(time.thread_time() - began) * 1000:.3f} ms")

        do_layout.__name__ = "do_layout"
        layout_class.do_layout = do_layout  # type: ignore[attr-defined]

    for layout_class in set(subclasses(Layout)):
        if "do_layout" in vars(layout_class):
            traced(layout_class)


def taps(out: Path, store: str, game: str, count: int, seed: int, max_seconds: float) -> None:
    if os.environ.get("BENCH_TRACEMALLOC"):
        import tracemalloc

        tracemalloc.start(int(os.environ["BENCH_TRACEMALLOC"]))
    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from driver import Driver  # configures Kivy, as the UI tests do

    if os.environ.get("BENCH_LABELS"):
        LABEL_RENDERS.update(_count_label_renders())

    from companion.app.main import CompanionApp

    if os.environ.get("BENCH_LOOKS"):
        _count_looks()
    if os.environ.get("BENCH_TAP_TRACE"):
        import companion.app.boards.crash.panels  # noqa: F401  (its layouts traced too)
        import companion.app.frames.steady_layouts  # noqa: F401
        import companion.app.screens.play.panels  # noqa: F401

        _trace_tap()
    if os.environ.get("BENCH_PARTS"):
        import companion.app.boards.crash.board  # noqa: F401  (its refresh timed too)

        _time_parts()
    if os.environ.get("BENCH_DIE_SEED"):  # the software die's faces from the seed too
        from hardware import software_die  # (the die and Crash's set-up draw from its
        # fair_below: every run then plays the same game; the app imports it anyway)

        faces = random.Random(seed)
        software_die.fair_below = lambda sides: faces.randrange(sides)
    app = CompanionApp(store_path=store, lang="en", die_spec="software")
    driver = Driver(app, out, out.parent)
    bench = TapBench(app, driver, game, count, seed, max_seconds)
    BENCH.append(bench)
    _hook_flips(bench.after_flip)
    _watch_collections()

    def start(_dt: float) -> None:
        try:
            bench.start()
        except Exception:  # noqa: BLE001 - reported through the JSON
            import traceback

            driver.results.update({"ok": False, "error": traceback.format_exc()})
            driver.finish()
            app.stop()

    from kivy.clock import Clock

    # Tapping starts once the app has started up: its work after the first frame (the die, the
    # buttons' gpiozero, sound, gc.freeze) fell into the first tap when the first frame came
    # late, and as the first of only 20 wall previews it was their p95 (138-450 ms).
    after_first_frame = app._after_first_frame

    def started_up(*args: Any) -> None:
        after_first_frame(*args)
        Clock.schedule_once(start, STARTED_UP_SECONDS)

    app._after_first_frame = started_up
    app.run()


def floor(out: Path, layers: int, frames: int = 60) -> None:
    """The cost of a frame with nothing but ``layers`` window-sized rectangles: what the GL
    (here Mesa's software rasteriser) takes before any app draws anything."""
    configure_kivy(windowed=True)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.graphics import Color, Rectangle
    from kivy.uix.widget import Widget

    flips: list[float] = []

    def after_flip() -> None:
        flips.append((time.perf_counter() - FRAME_MARKS["flip"]) * 1000)

    _hook_flips(after_flip)

    class Layers(App):
        def build(self) -> Widget:
            root = Widget()
            with root.canvas:
                for number in range(layers):
                    Color(0.1 * (number % 5), 0.2, 0.3, 1)
                    Rectangle(pos=(0, 0), size=(4000, 4000))
            self.ticker = Clock.schedule_interval(lambda _dt: self.next(root), 0.03)
            return root

        def next(self, root: Widget) -> None:
            if len(flips) >= frames + 5:
                swaps = sorted(flips[5:])  # the first frames set the window up
                _write(out, {"layers": layers, "frames": len(swaps),
                             "swap_median_ms": round(swaps[len(swaps) // 2], 2),
                             "swap_p95_ms": round(swaps[int(len(swaps) * 0.95)], 2)})
                self.ticker.cancel()
                self.stop()
                return
            root.canvas.ask_update()

    Layers().run()


def main() -> None:
    mode, out = sys.argv[1], Path(sys.argv[2])
    args = sys.argv[3:]
    if mode == "cold":
        cold(out, args[0])
    elif mode == "bare":
        cold(out, None)
    elif mode == "idle":
        idle(out, args[0], args[1], float(args[2]))
    elif mode == "floor":
        floor(out, int(args[0]))
    elif mode == "taps":
        taps(out, args[0], args[1], int(args[2]), int(args[3]), float(args[4]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
