"""The product as a user installs it: a wheel built from the checkout, installed (no ``-e``)
into a fresh venv and run from another folder.

The wheel is built from the files git knows (tracked, or new and not ignored), copied out of the
checkout, so a file that is only on this machine cannot make the test pass. The fresh venv gets
the wheel's dependencies from the package index, as ``pip install`` does for a user.

The wheel and its venv are made once a run (``run_once``), by whichever test worker asks
first: each took a worker ~15 s of CPU, and pytest-xdist's groups, which would keep these tests
on one worker, do not group under pytest 9.2 (xdist 3.8 renames the test ids through an
attribute pytest no longer reads).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from run_once import once_a_run

from companion.virtual_display import screenshot, xvfb

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
FIRST_FRAME_TIMEOUT = 90

#: Every file the installed app reads besides its Python modules.
REQUIRED_DATA = [
    *(f"companion/kv/{path.name}" for path in sorted((ROOT / "kv").glob("*.kv"))),
    *(
        f"companion/locale/cs/LC_MESSAGES/{path.name}"
        for path in sorted((ROOT / "companion/locale/cs/LC_MESSAGES").glob("*.po"))
    ),
    *(
        f"companion/web/static/{path.name}"
        for path in sorted((ROOT / "companion/web/static").glob("*")) if path.is_file()
    ),
    "companion/games/crash/crash_board.json",
    "companion/games/pacman/layouts/default.json",
    "companion/games/patamat/boards/standin-v1.toml",
    "hardware/config.example.toml",
    "hardware/udev/99-companion-die.rules",
    "hardware/firmware/main.py",
    "hardware/firmware/die_logic.py",
    "companion/__main__.py",
]


def _source_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    return [name for name in listed if (ROOT / name).is_file()]


def _as_pip_runs() -> dict[str, str]:
    """For pip and venv as a user runs them: the bytecode of what they install beside it in the
    temporary folders, not in the tests' own cache (``conftest.PYCACHE``), which would keep it."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPYCACHEPREFIX"}


def _build_wheel(dist: Path) -> None:
    source = dist / "checkout"
    for name in _source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)],
        capture_output=True, text=True, timeout=300, env=_as_pip_runs(),
    )
    assert built.returncode == 0, built.stderr[-3000:]


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("the wheel is built from a git checkout")
    (found,) = once_a_run(tmp_path_factory, "dist", _build_wheel).glob("companion-*.whl")
    return found


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh venv with the wheel installed (not editable).

    The venv is made without a pip of its own, and the tests' pip installs into it
    (``--python``), the wheel's dependencies from the package index as for a user; nothing is
    compiled ahead (``--no-compile``: the app's first start compiles what it imports, as any
    Python does). That spares ~4 s of CPU making the venv's pip and ~6 s compiling every
    module of Kivy and the other dependencies ahead."""

    def install(venv: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                       timeout=120, env=_as_pip_runs())
        done = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
             "-q", "--no-compile", str(wheel)],
            capture_output=True, text=True, timeout=600, env=_as_pip_runs(),
        )
        assert done.returncode == 0, done.stderr[-3000:]

    return once_a_run(tmp_path_factory, "venv", install) / "bin"


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder far from the checkout, to run the installed commands in."""
    folder = tmp_path / "table"
    folder.mkdir()
    return folder


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV", "KIVY", "COMPANION"))}
    env.update(HOME=str(home), KIVY_HOME=str(home / "kivy"), KIVY_NO_CONSOLELOG="1",
               XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    env.update(extra)
    return env


def test_the_wheel_carries_every_file_the_app_reads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in REQUIRED_DATA if name not in names]
    assert missing == []
    assert not any(name.startswith(("kv/", "tests/")) for name in names)


def test_every_package_folder_of_the_checkout_is_in_the_wheel(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {str(Path(name).parent) for name in names if name.endswith(".py")}
    packages = {
        str(path.parent.relative_to(ROOT))
        for top in ("companion", "hardware")
        for path in (ROOT / top).rglob("__init__.py")
    }
    assert packages - shipped == set()


def test_the_installed_terminal_player_plays_from_another_folder(
    installed: Path, elsewhere: Path
) -> None:
    store = elsewhere / "games.sqlite3"
    done = subprocess.run(
        [str(installed / "companion"), "play", "quoridor", "--json", "--store", str(store)],
        input="e8\ne2\ne7\nbogus\nundo\nquit\n", capture_output=True, text=True,
        cwd=elsewhere, env=_env(elsewhere), timeout=60,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [reply["ok"] for reply in replies] == [True, True, True, False, True, True]
    assert replies[0]["events"] == ["move e9 e8"]
    assert replies[3]["error"].startswith("R")
    assert replies[-1]["history"] == 2
    assert store.exists()


def test_python_dash_m_companion_is_the_companion_command(
    installed: Path, elsewhere: Path
) -> None:
    done = subprocess.run(
        [str(installed / "python"), "-m", "companion", "play", "clovece", "--json",
         "--store", str(elsewhere / "games.sqlite3")],
        input="legal\n", capture_output=True, text=True, cwd=elsewhere,
        env=_env(elsewhere), timeout=60,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "roll 6" in json.loads(done.stdout.splitlines()[0])["text"]


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, Path]]:
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(1.0)
    try:
        yield sock, path
    finally:
        sock.close()


def _wait_for(sock: socket.socket, message: bytes, app: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + FIRST_FRAME_TIMEOUT
    while time.monotonic() < deadline:
        assert app.poll() is None, "the installed app ended before its first frame"
        try:
            if message in sock.recv(4096).split(b"\n"):
                return
        except TimeoutError:
            continue
    raise AssertionError(f"no {message!r} within {FIRST_FRAME_TIMEOUT} s")


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwd") is None,
                    reason="needs Xvfb and xwd (tools/setup.sh installs them)")
def test_the_installed_app_draws_its_home_screen(
    installed: Path, elsewhere: Path, notify_socket: tuple[socket.socket, Path]
) -> None:
    sock, address = notify_socket
    log = elsewhere / "app.log"
    with xvfb() as display, log.open("wb") as output:
        app = subprocess.Popen(
            [str(installed / "companion"), "--windowed", "--die", "software",
             "--store", str(elsewhere / "games.sqlite3"), "--lang", "en"],
            cwd=elsewhere, stdout=output, stderr=subprocess.STDOUT,
            env=_env(elsewhere, DISPLAY=display, NOTIFY_SOCKET=str(address)),
        )
        try:
            _wait_for(sock, b"READY=1", app)
            time.sleep(1.0)
            colours = screenshot(display, SCREENSHOTS / "installed_home_x86_64.png")
        finally:
            app.terminate()
            app.wait(timeout=30)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert colours > 16
