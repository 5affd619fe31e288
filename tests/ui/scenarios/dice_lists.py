"""Scenarios of the die and the longer lists: the roll button and a serial die on a
pseudo-terminal, thousands of choices, every game's scoreboard. Played by ``driver.py`` like
those of ``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from driver import Driver, open_match, until

from companion.app.boards import BOARDS
from companion.table.session import Setup

P = 0.15
"""A pause after a tap: long enough for the screen to show it."""
Scenario = Callable[[Driver], Iterator[float]]


def die_area(play: Any) -> Any:
    area = play.ids.action_area
    return area.children[0] if area.children and play.action_kind == "roll" else None


def until_roll(d: Driver) -> Iterator[float]:
    """Play the first legal move until a roll is awaited again (Člověče after a six)."""
    table = d.app.table
    for _ in range(6):
        if table.match.awaiting == "roll":
            return
        table.send(table.match.legal()[0])
        yield 0.1


FAKE_DIES: list[Any] = []


DIE_LINK = Path("/tmp") / f"companion-test-die-{os.getpid()}"
"""The die's port as udev names it on the Pi (``/dev/companion-die``): a link to the pty, so
a die plugged in again (a new pty) is found under the same name."""


def plug_fake_die() -> Any:
    """An electronic die on a new pseudo-terminal, linked as :data:`DIE_LINK`."""
    from hardware.fake_die import FakeDie

    fake = FakeDie()
    FAKE_DIES.append(fake)
    DIE_LINK.unlink(missing_ok=True)
    DIE_LINK.symlink_to(fake.port)
    return fake


def make_fake_die() -> str:
    """Before the app starts: the die on a pseudo-terminal (``--die serial:/tmp/…``)."""
    plug_fake_die()
    return f"serial:{DIE_LINK}"


def serial_die(d: Driver) -> Iterator[float]:
    """The electronic die on a pseudo-terminal: its button rolls, the screen's Roll asks it;
    the cable pulled: the die area says so in red, and Roll (button or OK) rolls on screen."""
    lang = d.app.table.lang
    table = d.app.table
    fake = FAKE_DIES[0]
    open_match(d, "clovece", ["Eva", "Pat"], ["red", "blue"])
    for _ in range(50):                     # the die says HELLO (after the first frame)
        if table.die_status.startswith("hello"):
            break
        yield 0.1
    play = d.app.root.get_screen("play")
    d.results["source"] = table.die.source
    d.results["die_status"] = table.die_status
    d.results["line_when_connected"] = die_area(play).ids.die_status.text
    before = len(d.history)
    face = fake.press()                     # the die's own button
    yield from until(d, lambda: len(d.history) > before, seconds=5.0)
    d.results["pressed"] = [f"roll {face}"]
    d.results["after_press"] = d.history
    yield from until_roll(d)
    before = len(d.history)
    d.tap(die_area(play).ids.roll_button)   # the screen asks the die (ASK)
    yield from until(d, lambda: len(d.history) > before, seconds=5.0)
    d.results["asked"] = [d.history[before:], f"roll {fake.rolls[-1]}"]
    d.results["serial_faces"] = sum(d.app.store.face_counts(table.die.source))
    d.shot(f"play_die_connected_{lang}")
    yield from until_roll(d)
    fake.unplug()                           # the cable is pulled
    yield from until(d, lambda: table.die_status.startswith("disconnected"), seconds=5.0)
    yield 0.2
    area = die_area(play)
    d.results["status_unplugged"] = table.die_status
    d.results["line"] = area.ids.die_status.text
    d.results["line_shown"] = area.ids.die_status.height > 0 and area.ids.die_status.opacity == 1
    d.results["roll_text"] = area.ids.roll_button.text
    d.shot(f"play_die_unplugged_{lang}")
    before = len(d.history)
    d.tap(area.ids.roll_button)             # Roll rolls on screen: the game goes on
    yield from until(d, lambda: len(d.history) > before, seconds=5.0)
    d.results["screen_roll"] = d.history[before:]
    yield from until_roll(d)
    before = len(d.history)
    d.app.do_action("confirm")              # OK with a roll awaited: a roll, too
    yield from until(d, lambda: len(d.history) > before, seconds=5.0)
    d.results["ok_roll"] = d.history[before:]
    d.results["software_faces"] = sum(d.app.store.face_counts("software"))
    DIE_LINK.unlink()
    fake = plug_fake_die()                  # plugged in again: the app finds it by itself
    for _ in range(40):
        yield 0.25
        if table.die_status.startswith("hello"):
            break
    yield from until_roll(d)
    yield 0.2
    area = die_area(play)
    d.results["status_replugged"] = table.die_status
    d.results["line_replugged"] = [area.ids.die_status.text, area.ids.roll_button.text]
    before = len(d.history)
    face = fake.press()
    yield from until(d, lambda: len(d.history) > before, seconds=5.0)
    d.results["replugged_roll"] = [d.history[before:], [f"roll {face}"]]
    DIE_LINK.unlink(missing_ok=True)
    yield 2.2  # running on: the watchdog's pings (one a second) are what the test counts


serial_die.die_spec = make_fake_die  # type: ignore[attr-defined]


CRASH_REFILL = (
    "board reference | bells a10 b5 d7 e2 f11 h4 i10 k3 l7 n9 | operator c13 | "
    "A: e5 g4 g7 j6 k9 l4 l6 m4 m9 n1 | B: f5 h8 i7 j2 j4 k6 l3 m10 o1 o12 | AM: n12 | "
    "BM: k5 | score A=2 B=2 | batteries A=0 B=0 | evals 0 | turn 162 A action=end | first A | "
    "cards hands=3,3 known=A:deadbat,expansion known=B:rocket,saboteur "
    "discard=ticket,fluct,saboteur,ticket,ticket,fluct,deadbat,heartless,rocket,tandem,"
    "lambada,rocket,flying,flying,heartless,bright,flying,lambada,fluct,bright,bright,"
    "heartless,double,lambada,double,double,reaction,reaction,tandem,saboteur,deadbat,"
    "reaction,expansion pile=0:fluct,fluct,fluct,lambada,ticket,ticket,ticket,saboteur,"
    "saboteur,saboteur,flying,flying,flying,deadbat,deadbat,deadbat,heartless,heartless,"
    "heartless,bright,double,double,double,rocket,rocket,rocket,reaction,reaction,reaction,"
    "expansion,expansion,tandem"
)
"""Crash by Crash, Eva's team at the end of a turn with the pile used up: 2,193 ways to
refill the display from the discards."""


def long_choices(d: Driver) -> Iterator[float]:
    """2,193 legal choices: the play screen lists them lazily (only the visible buttons are
    made); a board that offers the choices itself (``handles_choices``) gets no list."""
    import time

    from companion.app.boards.generic import GenericBoard
    from companion.engine import open_game

    class PickerBoard(GenericBoard):
        handles_choices = True

    table = d.app.table
    BOARDS.pop("crash", None)               # the list of the play screen, not Crash's picker

    def open_refill() -> float:
        match = open_game("crash", players=2, names=["Eva", "Pat"], position=CRASH_REFILL)
        stored = d.app.store.start(match, {"colours": ["red", "blue"]})
        table.setup = Setup("crash", ["Eva", "Pat"], ["red", "blue"], {})
        started = time.perf_counter()
        table._open(match, stored)
        d.app.go("play")
        return time.perf_counter() - started

    d.results["open_seconds"] = open_refill()
    yield 0.6
    play = d.app.root.get_screen("play")
    area = play.ids.action_area

    def buttons() -> list[Any]:
        return [w for w in area.walk(restrict=True) if type(w).__name__ == "ChoiceButton"]

    d.results["kind"] = play.action_kind
    d.results["legal"] = len(table.legal())
    d.results["listed"] = len(area.children[0].ids.list.data)
    d.results["buttons"] = len(buttons())
    d.shot("play_long_choices")
    first = min(buttons(), key=lambda w: -w.top)
    d.results["first_label"] = [first.line, table.legal()[0]]
    before = len(d.history)
    d.tap(first.children[0])
    yield from until(d, lambda: len(d.history) > before)
    d.results["chosen"] = d.history[-1:]
    d.results["kind_after"] = play.action_kind

    BOARDS["crash"] = PickerBoard
    d.results["picker_open_seconds"] = open_refill()
    yield 0.4
    d.results["picker_kind"] = play.action_kind
    d.results["picker_buttons"] = len(buttons())


def scoreboards(d: Driver) -> Iterator[float]:
    """Every counter in view: Crash by Crash's six for 2 and 4 players, PAC-MAN's for 5."""
    from kivy.uix.label import Label  # a score row's labels are Labels of a kind

    lang = d.app.table.lang
    names = ["Eva", "Pat", "Ida", "Ota", "Ema"]
    colours = ["yellow", "blue", "red", "green", "purple"]
    seen: dict[str, Any] = {}
    for game, players in (("crash", 2), ("crash", 4), ("pacman", 5)):
        open_match(d, game, names[:players], colours[:players])
        yield 0.5
        play = d.app.root.get_screen("play")
        rows = list(reversed(play.ids.scoreboard.children))
        shown = []
        for row in rows:
            label = [w for w in row.walk(restrict=True) if isinstance(w, Label)][-1]
            label.texture_update()
            lines = label._label._cached_lines
            text = "".join(word.text for line in lines for word in line.words)
            shown.append({
                "style": row.style, "text": text, "lines": len(lines),
                "fits": label.texture_size[0] <= label.width + 1
                and label.texture_size[1] <= row.height + 2,
                "row_inside": row.x >= play.ids.scoreboard.x - 1 and row.right <= d.app.root.width,
            })
        seen[f"{game}{players}"] = {"rows": shown, "counters": d.app.table.match.counters()}
        d.shot(f"play_scoreboard_{game}{players}_{lang}")
    d.results["scoreboards"] = seen


SCENARIOS: dict[str, Scenario] = {
    "serial_die": serial_die,
    "long_choices": long_choices,
    "scoreboards": scoreboards,
}
