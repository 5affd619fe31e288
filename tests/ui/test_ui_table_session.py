"""The table without a window: every input through match.play(), stored before shown."""

from __future__ import annotations

import re
from pathlib import Path

from companion.i18n import load_catalogue
from companion.records.store import Store
from companion.table.dice import FallbackDie
from companion.table.seats import seat_looks
from companion.table.session import Change, TableSession
from companion.table.setups import DYNAMIC_CHOICES, Setup

ROOT = Path(__file__).resolve().parents[2]


def open_table(path: Path, lang: str = "en") -> TableSession:
    return TableSession(Store(path), lang=lang)


def test_ui_accepted_input_is_stored_before_the_screen_hears_of_it(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3")
    stored_when_told: list[tuple[str, tuple[str, ...]]] = []

    def listener(change: Change) -> None:
        if table.saving.stored_id is not None:
            stored = table.store.load(table.saving.stored_id)
            stored_when_told.append((change.kind, stored.timeline[: stored.cursor]))

    table.listeners.append(listener)
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.send("e8") is True
    assert table.send("e2") is True
    assert table.undo() is True
    assert stored_when_told == [
        ("opened", ()),
        ("played", ("e8",)),
        ("played", ("e8", "e2")),
        ("undone", ("e8",)),
    ]


def test_ui_rejection_says_it_plainly_in_czech_with_the_rule_apart(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3", lang="cs")
    told: list[Change] = []
    table.listeners.append(told.append)
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    table.send("e8")
    table.send("a3h")
    assert table.send("b3h") is False
    assert table.match is not None and table.match.history == ["e8", "a3h"]
    assert told[-1].kind == "rejected"
    # what is wrong and what to do instead, in the players' words; the rule apart, small
    assert told[-1].message == (
        "Překážka by se překrývala s překážkou na a3. Polož ji jinam, nebo táhni figurkou.")
    assert told[-1].detail == "pravidlo R24"


def test_ui_new_game_remembers_players_and_continue_reopens_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    table = open_table(path)
    table.new_game(Setup("quoridor", ["Eva", "Pat", "Ola", "Jan"],
                              ["green", "red", "blue", "yellow"]))
    table.send("e8")
    table.store.close()

    again = open_table(path)
    remembered = again.last_setup("quoridor")
    assert remembered.names == ["Eva", "Pat", "Ola", "Jan"]
    assert remembered.colours == ["green", "red", "blue", "yellow"]
    assert again.continue_game() is True
    assert again.match is not None and again.match.history == ["e8"]
    assert [look.letter for look in again.seat_looks()] == ["E", "P", "O", "J"]


def test_ui_starting_a_new_game_keeps_the_old_one_as_abandoned(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3")
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    first = table.saving.stored_id
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert first is not None and table.store.load(first).status == "abandoned"
    unfinished = table.unfinished()
    assert unfinished is not None and unfinished.id == table.saving.stored_id


def test_ui_same_initials_fall_back_to_seat_numbers() -> None:
    assert [look.letter for look in seat_looks(["Eva", "Ema"], ["red", "blue"])] == ["1", "2"]
    assert [look.letter for look in seat_looks(["eva", "Pat"], ["red", "blue"])] == ["E", "P"]


def test_ui_every_screen_text_has_czech() -> None:
    sources = [*ROOT.joinpath("companion", "app").rglob("*.py"), *ROOT.joinpath("kv").glob("*.kv")]
    # tr("…") and tr("…" "…"): a message written over several lines is one message
    pattern = re.compile(r"""\btr\(\s*((?:"(?:[^"\\]|\\.)+"\s*)+)[,)]""")
    piece = re.compile(r""""((?:[^"\\]|\\.)+)\"""")
    texts = {"".join(piece.findall(match)) for path in sources
             for match in pattern.findall(path.read_text("utf-8"))}
    texts |= {"roll the die", "your move", "choose", "set up the board", "walls", "steps"}
    texts |= {label for _source, label in DYNAMIC_CHOICES.values()}
    assert len(texts) > 50
    czech = load_catalogue("app", "cs")
    assert sorted(text for text in texts if not czech.get(text)) == []


def test_ui_board_host_describe_gives_the_games_sentences_in_both_languages(
    tmp_path: Path,
) -> None:
    import os

    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from companion.app.boards.base import BoardHost

    members = {name for name in vars(BoardHost) if not name.startswith("_")}
    assert {"describe", "input_label", "snapshot", "legal", "send"} <= members
    assert all(callable(getattr(TableSession, name, None)) or name == "lang" for name in members)
    table = open_table(tmp_path / "games.sqlite3", lang="cs")
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    table.send("e8")
    assert table.describe(table.last_events) == ["Eva: posuň figurku na e8"]
    table.set_lang("en")
    assert table.describe(("move e9 e8",)) == ["Eva: move your pawn to e8"]
    assert table.describe(()) == []


def test_ui_move_log_names_the_mover_of_every_raw_line(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3")
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    for line in ("e8", "a3h", "e7"):
        assert table.send(line)
    position = table.match.position() if table.match else ""
    assert table.fix(position)
    assert table.words.move_log() == [
        "1. Eva: e8", "2. Pat: a3h", "3. Eva: e7", "4. Pat: fixed the position"]
    table.undo()
    assert table.words.move_log()[-1] == "3. Eva: e7"

    dice = open_table(tmp_path / "dice.sqlite3", lang="cs")
    dice.new_game(Setup("clovece", ["Eva", "Pat"], ["red", "blue"]))
    assert dice.send("roll 4")
    assert dice.words.move_log() == ["1. Eva: hod 4"]
    # the choice buttons keep the game's own label (no name added)
    assert dice.input_label("roll 4") == "roll 4"


def test_ui_names_are_checked_before_a_start_in_plain_words(tmp_path: Path) -> None:
    from companion.table.setups import placeholder

    table = open_table(tmp_path / "games.sqlite3")
    problem = table.words.name_problem
    assert problem(Setup("patamat", ["Eva", "Pat"], [])) is None
    assert problem(Setup("quoridor", ["Eva Nová", "Pat"], [])) is None
    assert problem(Setup("patamat", ["Eva Nová", "Pat"], [])) == (
        "Pat and Mat race: “Eva Nová” has a space; names here are one word, no spaces.")
    assert problem(Setup("patamat", ["Eva-1", "Pat"], [])) == (
        "Pat and Mat race: “Eva-1” may only have letters and digits.")
    assert problem(Setup("clovece", ["Eva", " "], [])) == (
        "Player 2 has no name: type one in.")
    assert problem(Setup("clovece", ["Eva", "eva"], [])) == (
        "Two players are called eva: give each a different name.")
    table.set_lang("cs")
    assert problem(Setup("patamat", ["Eva Nová", "Pat"], [])) == (
        "Pat a Mat závodí: „Eva Nová“ má mezeru; jméno tu je jedno slovo, bez mezer.")
    # new seats have no name: the placeholder is only the field's hint (one word where the
    # game wants one), and a placeholder an older build remembered is no name either
    setup = table.resized(Setup("patamat", ["Eva", "Player2"], []), 3)
    assert setup.names == ["Eva", "", ""]
    assert placeholder("patamat", 2, table.tr) == "Hráč3"
    assert problem(setup) == "Hráč 2 nemá jméno: napiš nějaké."


def test_ui_option_choices_and_pacman_rank_on_the_result(tmp_path: Path) -> None:
    from companion.engine import GAMES
    from companion.i18n import translator
    from companion.table.setups import option_choices, value_label

    specs = {(game, spec.name): spec for game, d in GAMES.items() for spec in d.options}
    assert option_choices("clovece", specs["clovece", "track_length"]) == (48, 60, 72)
    assert option_choices("patamat", specs["patamat", "target"]) == tuple(range(1, 11))
    assert "standin-v1" in option_choices("patamat", specs["patamat", "board"])
    assert option_choices("crash", specs["crash", "board"]) == ()
    # the shipped board's file name is not a word for players; a board they made keeps its name
    czech = translator("app", "cs")
    assert value_label("patamat", "board", "standin-v1", czech) == "Ukázkový plán"
    assert value_label("patamat", "board", "standin-v1", str) == "Example board"
    assert value_label("patamat", "board", "garden", czech) == "garden"
    assert value_label("patamat", "target", 3, czech) == "3"

    table = open_table(tmp_path / "games.sqlite3")
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.fix("quoridor 2 | turn e9 | e9 e2 10 | e1 e8 10 | walls -")
    assert table.send("e1") and table.match is not None and table.match.is_over
    assert table.words.result_lines() == []   # quoridor's text has no result lines

    # PAC-MAN on h1 next to the last dot i1: eating it wins; the result shows the rank (R52)
    table.new_game(Setup("pacman", ["Eva", "Pat"], ["yellow", "blue"]))
    assert table.match is not None
    start = table.match.position()
    assert table.fix(start.replace("pacman e7", "pacman h1").replace(
        "dots a1 i1 a9 i9", "dots i1"))
    assert table.words.result_lines() == []   # not over yet
    assert table.send("P:h1-i1")
    assert table.words.result_lines() == ["PAC-MAN expert", "The ghosts had no chance."]
    table.set_lang("cs")
    assert table.words.result_lines() == ["PAC-MAN expert", "Duchové neměli šanci."]


def test_ui_ok_plays_the_only_legal_input_or_rolls(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3")
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.match is not None
    # many inputs are legal: OK does nothing
    assert table.confirm() is False
    assert table.match.history == []
    # Eva on a9, a wall below her and none left in hand: only b9 is legal, and OK plays it
    boxed = ("quoridor 2 | turn e9 | e9 a9 0 | e1 e5 10 | "
             "walls a8h b6h b4h b2h d6h d4h d2h f6h f4h f2h")
    assert table.fix(boxed)
    assert table.match.legal() == ["b9"]
    assert table.confirm() is True
    assert table.match.history[-1] == "b9"

    # a roll awaited: OK rolls (the software die answers at once)
    dice = open_table(tmp_path / "dice.sqlite3")
    dice.new_game(Setup("clovece", ["Eva", "Pat"], ["red", "blue"]))
    assert dice.match is not None and dice.match.awaiting == "roll"
    assert dice.confirm() is True
    assert len(dice.match.history) == 1 and dice.match.history[0].startswith("roll ")
    # the game is over: OK does nothing
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.fix("quoridor 2 | turn e9 | e9 e2 10 | e1 e8 10 | walls -")
    assert table.send("e1") and table.match is not None and table.match.is_over
    assert table.confirm() is False


class UnpluggedDie:
    """An electronic die whose cable is pulled: it cannot roll."""

    source = "serial:/dev/ttyACM0"
    status = "disconnected: [Errno 5] Input/output error"

    def request_roll(self) -> bool:
        return False

    def close(self) -> None:
        pass


def test_ui_a_pulled_die_cable_is_said_and_the_screen_rolls_instead(tmp_path: Path) -> None:
    table = open_table(tmp_path / "games.sqlite3", lang="cs")
    told: list[str] = []
    table.listeners.append(lambda change: told.append(change.kind))
    table.die = UnpluggedDie()
    table.new_game(Setup("clovece", ["Eva", "Pat"], ["red", "blue"]))
    table.die_status_changed("connected")
    assert table.die_problem() == ""
    table.die_status_changed("disconnected: [Errno 5] Input/output error")
    assert told[-1] == "die"
    assert table.die_problem() == "Kostka odpojena — připojuji znovu…"
    table.die_status_changed("closed")       # a die closed on purpose changes nothing
    assert table.die_problem() == "Kostka odpojena — připojuji znovu…"
    table.set_lang("en")
    assert table.die_problem() == "Die disconnected — reconnecting…"
    # Roll: the electronic die cannot, so the software die rolls and the game goes on
    assert table.roll() is True
    assert table.match is not None and len(table.match.history) == 1
    assert table.match.history[0].startswith("roll ")
    assert sum(table.store.face_counts("software")) == 1
    assert sum(table.store.face_counts(UnpluggedDie.source)) == 0
    # the software die itself never falls back to anything
    table.die = FallbackDie(table.die_rolled)
    assert table.die_problem() == ""


def test_ui_the_app_starts_without_the_boards_and_the_other_screens(display: str) -> None:
    """Cold start (issue #9): the boards and the screens other than home are imported (and
    their kv files loaded) on first use, not before the first frame."""
    import os
    import subprocess
    import sys

    code = (
        "from companion.app import configure_kivy; configure_kivy(True)\n"
        "import sys, companion.app.main as m\n"
        "print(sorted(n for n in sys.modules if n.startswith(('companion.app.boards.',"
        " 'companion.app.screens.', 'gpiozero', 'serial'))))\n"
    )
    env = {**os.environ, "DISPLAY": display, "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_ARGS": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = done.stdout.strip().splitlines()[-1]
    assert loaded == "[]"


def test_ui_the_result_and_the_history_say_which_seat_the_companion_played(
    tmp_path: Path,
) -> None:
    from companion.app.screens.history import summary

    table = open_table(tmp_path / "games.sqlite3")
    position = "quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -"
    table.new_game(Setup("quoridor", ["Eva", "Companion"], ["red", "blue"],
                              companions={1: "strong"}))
    table.fix(position)
    table.send("e1")  # Eva reaches her goal
    assert [row[2] for row in table.words.ranking_rows()] == ["Eva", "Companion (strong)"]
    [finished] = table.store.finished_games()
    assert finished.extra["companions"] == {"1": "strong"}
    assert "Eva, Companion (strong)" in summary(table, finished)
    table.set_lang("cs")                              # one form, in either language
    assert "Eva, Společník (silný)" in summary(table, finished)
