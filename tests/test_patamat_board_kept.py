"""A game keeps its board: editing or deleting the board file later never breaks an old game.

The family saves "Our board" (the stand-in with their own field numbers), plays part of a game
on it and finishes another; then the file is edited, then deleted. Resume, history, replay and
the export still show the same track; an export imported into a fresh store too.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from companion.engine import Match, open_game
from companion.games.patamat.library import board_path, copy_of, save_board
from companion.records.export import export_records, import_json
from companion.records.schema import SCHEMA_VERSION
from companion.records.store import Store


@pytest.fixture(autouse=True)
def boards_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "boards"
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(folder))
    return folder


def our_track() -> str:
    """The stand-in's track with the family's own field ids (N01 … instead of F01 …)."""
    return re.sub(r'"F(\d\d)"', r'"N\1"', copy_of("standin-v1"))


def play(match: Match, steps: int | None = None) -> None:
    """Every input the first legal one, the die cycling 6, 5, 4 …; to the end when no steps."""
    done = 0
    while match.outcome is None and (steps is None or done < steps):
        legal = match.legal()
        rolls = [line for line in legal if line.startswith("roll ")]
        match.play(rolls[-1 - done % len(rolls)] if rolls else legal[0])
        done += 1


def track(match: Match) -> tuple[str, list[str], dict[str, str]]:
    """What the players see of the board: its hash, its field ids, where every pawn stands."""
    state = match.snapshot()["state"]
    return (state["board"]["sha"], [spot["id"] for spot in state["board"]["fields"]],
            {name: pawn["field"] for name, pawn in state["pawns"].items()})


def test_resume_history_replay_and_export_survive_editing_and_deleting_the_board(
        tmp_path: Path) -> None:
    name = save_board(our_track(), "Our board")
    store = Store(tmp_path / "games.sqlite3")

    finished = open_game("patamat", players=2, names=["Eva", "Jan"], board=name, target=1)
    finished_id = store.start(finished)
    play(finished)
    store.record(finished_id, finished)
    assert finished.outcome is not None

    unfinished = open_game("patamat", players=3, names=["Eva", "Jan", "Ota"], board=name)
    unfinished_id = store.start(unfinished)
    play(unfinished, 40)
    store.record(unfinished_id, unfinished)
    seen_unfinished, seen_finished = track(unfinished), track(finished)
    assert "N13" in seen_unfinished[1] and "F13" not in seen_unfinished[1]
    assert store.board_names_in_use() == {name}
    store.close()

    saved_text = board_path(name).read_text(encoding="utf-8")
    board_path(name).write_text(copy_of("standin-v1"), encoding="utf-8")  # edited: F01 …
    edited = Store(tmp_path / "games.sqlite3")
    stored = edited.unfinished("patamat")
    assert stored is not None and stored.id == unfinished_id
    assert track(edited.resume(stored)) == seen_unfinished
    edited.close()

    board_path(name).unlink()                                             # and deleted
    store = Store(tmp_path / "games.sqlite3")
    stored = store.unfinished("patamat")
    assert stored is not None
    resumed = store.resume(stored)
    assert track(resumed) == seen_unfinished
    assert resumed.timeline == unfinished.timeline
    resumed.play(resumed.legal()[0])                                      # and it plays on
    store.record(unfinished_id, resumed)

    [past] = store.past_games()                                           # history
    assert past.id == finished_id and past.options["board"] == name
    replay = open_game(past.game, players=past.players, names=past.names,
                       position=past.start_position, **past.match_options)
    replay.restore(past.timeline, past.cursor)
    assert track(replay) == seen_finished and replay.outcome == finished.outcome
    while replay.undo():                                                  # the replay's start
        pass
    assert track(replay)[0] == seen_finished[0]

    export = tmp_path / "records.json"
    assert export_records(store, "json", export) == 1
    data = json.loads(export.read_text(encoding="utf-8"))
    [game] = data["games"]
    assert data["boards"] == {game["extra"]["board_sha"]: saved_text}

    fresh = Store(tmp_path / "fresh.sqlite3")
    assert import_json(fresh, export).added == 1
    [imported] = fresh.past_games()
    again = open_game(imported.game, players=imported.players, names=imported.names,
                      position=imported.start_position, **imported.match_options)
    again.restore(imported.timeline, imported.cursor)
    assert track(again) == seen_finished


def test_the_board_is_stored_once_however_many_games_use_it(tmp_path: Path) -> None:
    name = save_board(our_track(), "Our board")
    store = Store(tmp_path / "games.sqlite3")
    for _game in range(3):
        store.start(open_game("patamat", players=2, names=["Eva", "Jan"], board=name))
    assert store.connection.execute("SELECT COUNT(*) FROM boards").fetchone() == (1,)
    shas = {json.loads(extra)["board_sha"] for (extra,) in store.connection.execute(
        "SELECT extra FROM games")}
    assert len(shas) == 1


def test_a_resumed_game_played_again_keeps_the_name_and_the_board(tmp_path: Path) -> None:
    name = save_board(our_track(), "Our board")
    store = Store(tmp_path / "games.sqlite3")
    first = store.start(open_game("patamat", players=2, names=["Eva", "Jan"], board=name))
    board_path(name).unlink()
    resumed = store.resume(store.load(first))
    again = open_game("patamat", players=2, names=["Eva", "Jan"], **resumed.options)
    second = store.start(again)
    assert store.load(second).options["board"] == name
    assert track(store.resume(store.load(second)))[1] == track(resumed)[1]


def test_a_schema_3_store_opens_and_keeps_boards_from_then_on(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    old_id = store.start(open_game("quoridor", players=2, names=["Eva", "Jan"]))
    store.close()
    with sqlite3.connect(path) as db:                     # what a schema-3 build wrote
        db.execute("DROP TABLE boards")
        db.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    db.close()

    store = Store(path)
    assert store.warnings == []
    version = store.connection.execute(
        "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert version == (str(SCHEMA_VERSION),) and SCHEMA_VERSION == 4
    assert list(tmp_path.glob("games.v3-backup-*.sqlite3"))
    assert store.resume(store.load(old_id)).game_id == "quoridor"
    name = save_board(our_track(), "Our board")
    new_id = store.start(open_game("patamat", players=2, names=["Eva", "Jan"], board=name))
    assert store.load(new_id).board_text is not None
