"""The table session, Kivy-free: what the table must change after every step, the change
counter, the companion's seats, and the terminal as one of its faces.

The test over every game plays seeded games with companion seats, undo and redo through the
session, and checks that every board change a person did not make (the companion's round, an
undo, a redo) is covered by a line the session says.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import GAMES
from companion.games.table_lines import board_difference
from companion.records.store import Store
from companion.table.session import Change, Setup, TableSession

SIZES = [(game, count) for game in sorted(GAMES)
         for count in sorted({GAMES[game].player_counts[0], GAMES[game].player_counts[-1]})]


def table_with(tmp_path: Path, game: str, players: int, lang: str = "en") -> TableSession:
    """A table where seat 0 is a person and every other seat the companion (easy: fast)."""
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang=lang)
    names = ["Eva"] + [f"Bot{seat}" for seat in range(1, players)]
    colours = ["red", "blue", "green", "yellow", "purple", "orange"][:players]
    table.new_game(Setup(game, names, colours, {},
                         {seat: "easy" for seat in range(1, players)}))
    return table


def covered(table: TableSession) -> frozenset[str]:
    return frozenset().union(*(line.covers for line in table.table_todo()))


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_every_board_change_a_person_did_not_make_is_said(
        tmp_path: Path, game: str, players: int) -> None:
    table = table_with(tmp_path, game, players)
    match = table.match
    assert match is not None
    dice = random.Random(f"{game}-{players}")
    companion_rounds = takebacks = 0
    for step in range(60):
        if match.is_over:
            break
        if table.companion_is_due():
            before = match.snapshot()
            assert table.answer_now(roll=lambda: dice.randint(1, 6)) is not None
            changed = board_difference(game, before, match.snapshot())
            assert changed <= covered(table), (step, match.history[-3:], table.table_lines)
            companion_rounds += bool(changed)
            continue
        if step % 9 == 8:  # the person takes back, then puts back
            for take in (table.undo, table.redo):
                before = match.snapshot()
                if take():
                    changed = board_difference(game, before, match.snapshot())
                    assert changed <= covered(table), (take.__name__, table.table_lines)
                    takebacks += bool(changed)
            continue
        legal = match.legal()
        line = f"roll {dice.randint(1, 6)}" if match.awaiting == "roll" else dice.choice(legal)
        assert table.send(line), line
    assert companion_rounds > 0 or match.is_over
    assert table.seq > 0


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_the_boards_snapshot_is_the_position_now_after_every_kind_of_step(
        tmp_path: Path, game: str, players: int) -> None:
    """The session makes a position's snapshot once; what it hands the board is always the
    match's as it is now: after an input, the companion's round, undo, redo, a refusal."""
    table = table_with(tmp_path, game, players)
    match = table.match
    assert match is not None
    dice = random.Random(f"snapshot-{game}-{players}")
    kinds: set[str] = set()
    for step in range(40):
        if match.is_over:
            break
        if table.companion_is_due():
            table.answer_now(roll=lambda: dice.randint(1, 6))
            kinds.add("companion")
        elif step % 7 == 6:
            kinds.add("undo" if table.undo() else "no undo")
            assert table.snapshot() == match.snapshot()
            kinds.add("redo" if table.redo() else "no redo")
        elif step % 5 == 4:
            assert not table.send("no such input")
            kinds.add("refused")
        else:
            legal = match.legal()
            line = f"roll {dice.randint(1, 6)}" if match.awaiting == "roll" else dice.choice(legal)
            assert table.send(line), line
            kinds.add("input")
        assert table.snapshot() == match.snapshot(), (step, match.history[-3:])
    assert {"input", "refused"} <= kinds


DIE_GAMES = sorted(game for game in GAMES if GAMES[game].uses_die)


@pytest.mark.parametrize("game", DIE_GAMES)
def test_each_face_foreseen_is_what_its_roll_then_shows_and_foreseeing_changes_nothing(
        tmp_path: Path, game: str) -> None:
    """While a roll is awaited, the six faces are foreseen: each foresight says the status
    line, table lines and board words the roll then really brings; foreseeing plays, stores
    and tells nothing, and a table that foresaw plays on exactly as one that never did."""
    players = GAMES[game].player_counts[-1]
    setup = Setup(game, [f"Hráč{seat}" for seat in range(players)],
                  ["red", "blue", "green", "yellow", "purple", "orange"][:players], {}, {})
    tables = []
    for name in ("foresees", "plain"):
        table = TableSession(Store(tmp_path / f"{name}.sqlite3"), lang="cs")
        table.new_game(setup)
        tables.append(table)
    table, plain = tables
    match = table.match
    assert match is not None
    heard: list[Change] = []
    table.listeners.append(heard.append)

    def shown(at: TableSession) -> tuple[object, ...]:
        assert at.match is not None and at.saving.stored_id is not None
        return (at.match.history, at.match.timeline, at.words.status_line(), at.table_lines,
                at.snapshot(), at.describe(at.last_events), at.seq,
                at.store.load(at.saving.stored_id).timeline)

    dice = random.Random(f"foresee-{game}")
    rolls = 0
    for step in range(80):
        if match.is_over:
            break
        if step % 11 == 10:  # an undo after the foresight: the next roll is foreseen anew
            table.foresee("roll 6")
            assert table.undo() == plain.undo()
            continue
        if match.awaiting != "roll":
            line = dice.choice(match.legal())
            assert table.send(line) and plain.send(line)
            continue
        before, told = shown(table), len(heard)
        foreseen = {face: table.foresee(f"roll {face}") for face in range(1, 7)}
        assert shown(table) == before and len(heard) == told
        face = dice.randint(1, 6)
        if foreseen[face] is None:  # the rules refuse this face here: so does the table
            assert not table.send(f"roll {face}") and not plain.send(f"roll {face}")
            continue
        assert table.send(f"roll {face}") and plain.send(f"roll {face}")
        rolls += 1
        seen = foreseen[face]
        assert seen is not None
        assert (seen.status, seen.table_lines, seen.described, seen.to_move, seen.events) == (
            table.words.status_line(), table.table_lines, tuple(table.describe(table.last_events)),
            match.to_move, table.last_events)
        assert seen.snapshot == table.snapshot()
        assert shown(table) == shown(plain)
    assert rolls >= 5
    assert table.foresee("no such input") is None


def test_the_companions_round_stays_until_the_next_input_of_a_person(tmp_path: Path) -> None:
    table = table_with(tmp_path, "clovece", 3)
    match = table.match
    assert match is not None
    dice = random.Random(3)
    moved = None
    for _ in range(200):
        if table.companion_is_due():
            table.answer_now(roll=lambda: dice.randint(1, 6))
            moves = [line for line in table.table_lines if line.startswith("Move ")]
            if moves:
                moved = table.table_lines
                break
        elif match.awaiting == "roll":
            table.send(f"roll {dice.randint(1, 6)}")
        else:
            table.send(match.legal()[0])
    assert moved is not None
    assert any(line.startswith("Bot1 (") for line in moved)  # whose roll brought the move
    assert any(line.startswith("Move the ") and " to field " in line for line in moved)
    table.set_lang("cs")  # the same lines, in the other language
    assert len(table.table_lines) == len(moved) and table.table_lines != moved
    table.set_lang("en")
    assert table.table_lines == moved  # still there: no person has played since
    assert match.awaiting == "roll" and table.send("roll 1")
    assert table.table_lines[0] == "Eva rolled 1"  # the person's input starts the list anew
    assert not any(line in table.table_lines for line in moved if line.startswith("Move "))


def test_one_undo_takes_back_the_persons_wall_and_the_companions_answer(tmp_path: Path) -> None:
    table = table_with(tmp_path, "quoridor", 2)
    told: list[Change] = []
    table.listeners.append(told.append)
    assert table.send("e3h")
    table.answer_now()
    match = table.match
    assert match is not None and len(match.history) == 2
    assert table.undo() and len(match.history) == 0
    assert told[-1].kind == "undone" and told[-1].seq == table.seq
    lines = table.table_lines
    assert any("Eva" in line and "wall" in line for line in lines), lines
    assert any("Bot1" in line for line in lines), lines  # the companion's answer, taken back
    assert table.redo() and len(match.history) == 2
    assert len(table.table_lines) == len(lines)
    assert [change.seq for change in told] == sorted({change.seq for change in told})


def test_a_fix_says_nothing_to_change_on_the_table(tmp_path: Path) -> None:
    table = table_with(tmp_path, "quoridor", 2)
    match = table.match
    assert match is not None
    assert table.send("e8")
    table.answer_now()
    position = match.position()
    assert table.fix(position.replace("e9 e8", "e9 d8") if "e9 e8" in position else position)
    assert table.table_lines == ()


def test_the_terminal_replies_carry_the_table_lines_and_undo_too(tmp_path: Path) -> None:
    store = tmp_path / "games.sqlite3"
    command = [sys.executable, "-m", "companion", "play", "quoridor", "--json", "--store",
               str(store), "--name", "Eva", "--name", "Jan", "--companion", "1:easy",
               "--lang", "cs"]
    done = subprocess.run(command, input="e3h\nundo\nredo\n", capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    played, undone, redone = (json.loads(line) for line in done.stdout.splitlines())
    assert played["ok"] and len(played["events"]) == 2
    assert any("Jan" in line for line in played["table"])  # the companion's answer, in Czech
    assert undone["text"] == "undo done" and len(undone["table"]) == 2
    assert all(line.startswith(("Odeber", "Posuň", "Vrať")) or "Jan" in line
               for line in undone["table"]), undone["table"]
    assert redone["text"] == "redo done" and len(redone["table"]) == 2


HOME_SCREEN_READS = """
import json, sys
from companion.records.store import Store
from companion.table.session import GAME_MODULES, TableSession
table = TableSession(Store(sys.argv[1]), lang="cs")
names = [table.words.game_name(game) for game in ("quoridor", "clovece")]
home = names, table.unfinished(), table.lang
game_machinery = [*GAME_MODULES, "companion.records.players", "companion.games.clovece.board"]
before = [name for name in game_machinery if name in sys.modules]
table.new_game(table.last_setup("clovece"))
after = [name for name in game_machinery if name in sys.modules]
print(json.dumps({"home": home, "before": before, "after": after}))
"""


def test_what_the_home_screen_reads_loads_no_game_machinery(tmp_path: Path) -> None:
    """The app's first frame (issue #21): the game names, the unfinished game and the language
    come without the match, the companion's seats, the set-ups, the refusals' words or the
    players' records; the first game brings what it uses."""
    done = subprocess.run([sys.executable, "-c", HOME_SCREEN_READS, str(tmp_path / "s.sqlite3")],
                          capture_output=True, text=True, timeout=60, check=True)
    seen = json.loads(done.stdout)
    assert seen["home"] == [["Quoridor", "Matfyzácké Člověče nezlob se"], None, "cs"]
    assert seen["before"] == []
    assert seen["after"] == ["companion.engine.match", "companion.table.companions",
                             "companion.table.setups", "companion.records.players",
                             "companion.games.clovece.board"]  # the refusals' words: at one
