"""The controller without a window: every input through match.play(), stored before shown."""

from __future__ import annotations

import re
from pathlib import Path

from companion.app.controller import Change, Controller, Setup
from companion.app.seats import seat_looks
from companion.i18n import load_catalogue
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]


def open_controller(path: Path, lang: str = "en") -> Controller:
    return Controller(Store(path), lang=lang)


def test_ui_accepted_input_is_stored_before_the_screen_hears_of_it(tmp_path: Path) -> None:
    controller = open_controller(tmp_path / "games.sqlite3")
    stored_when_told: list[tuple[str, tuple[str, ...]]] = []

    def listener(change: Change) -> None:
        if controller.stored_id is not None:
            stored = controller.store.load(controller.stored_id)
            stored_when_told.append((change.kind, stored.timeline[: stored.cursor]))

    controller.listeners.append(listener)
    controller.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert controller.send("e8") is True
    assert controller.send("e2") is True
    assert controller.undo() is True
    assert stored_when_told == [
        ("opened", ()),
        ("played", ("e8",)),
        ("played", ("e8", "e2")),
        ("undone", ("e8",)),
    ]


def test_ui_rejection_names_the_rule_in_czech_and_changes_nothing(tmp_path: Path) -> None:
    controller = open_controller(tmp_path / "games.sqlite3", lang="cs")
    told: list[Change] = []
    controller.listeners.append(told.append)
    controller.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    controller.send("e8")
    controller.send("a3h")
    assert controller.send("b3h") is False
    assert controller.match is not None and controller.match.history == ["e8", "a3h"]
    assert told[-1].kind == "rejected"
    assert told[-1].message.startswith("R24: ")
    assert "b3h" in told[-1].message and "a3h" in told[-1].message
    assert "would overlap" not in told[-1].message  # the Czech catalogue was used


def test_ui_new_game_remembers_players_and_continue_reopens_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    controller = open_controller(path)
    controller.new_game(Setup("quoridor", ["Eva", "Pat", "Ola", "Jan"],
                              ["green", "red", "blue", "yellow"]))
    controller.send("e8")
    controller.store.close()

    again = open_controller(path)
    remembered = again.last_setup("quoridor")
    assert remembered.names == ["Eva", "Pat", "Ola", "Jan"]
    assert remembered.colours == ["green", "red", "blue", "yellow"]
    assert again.continue_game() is True
    assert again.match is not None and again.match.history == ["e8"]
    assert [look.letter for look in again.seat_looks()] == ["E", "P", "O", "J"]


def test_ui_starting_a_new_game_keeps_the_old_one_as_abandoned(tmp_path: Path) -> None:
    controller = open_controller(tmp_path / "games.sqlite3")
    controller.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    first = controller.stored_id
    controller.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert first is not None and controller.store.load(first).status == "abandoned"
    unfinished = controller.unfinished()
    assert unfinished is not None and unfinished.id == controller.stored_id


def test_ui_same_initials_fall_back_to_seat_numbers() -> None:
    assert [look.letter for look in seat_looks(["Eva", "Ema"], ["red", "blue"])] == ["1", "2"]
    assert [look.letter for look in seat_looks(["eva", "Pat"], ["red", "blue"])] == ["E", "P"]


def test_ui_every_screen_text_has_czech() -> None:
    sources = [*ROOT.joinpath("companion", "app").rglob("*.py"), *ROOT.joinpath("kv").glob("*.kv")]
    pattern = re.compile(r"""\btr\(\s*"((?:[^"\\]|\\.)+)\"""")
    texts = {match for path in sources for match in pattern.findall(path.read_text("utf-8"))}
    texts |= {"roll the die", "your move", "choose", "set up the board", "walls", "steps"}
    assert len(texts) > 50
    czech = load_catalogue("app", "cs")
    assert sorted(text for text in texts if not czech.get(text)) == []
