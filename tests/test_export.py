"""The records leave the store (CSV, our JSON, BG Stats) and our JSON comes back exactly once."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from records_store import (
    SEAT0_IN_ONE,
    SEAT0_IN_TWO,
    SEAT1_IN_ONE,
    dated_store,
    play_on,
    play_out,
    play_quoridor,
)

from companion.cli import main
from companion.engine import open_game
from companion.records import stats
from companion.records.export import export_records, finished_games, import_json, records_json
from companion.records.store import Store

DOCS = Path(__file__).resolve().parents[1] / "docs"


def schema(name: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((DOCS / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(loaded)
    return loaded


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """Quoridor games, a four-player Crash by Crash in teams, a Pat a Mat with the companion,
    an unfinished game (never exported) and a renamed player."""
    store = dated_store(tmp_path / "games.sqlite3")
    play_quoridor(store, ["Anna", "Ben"], SEAT0_IN_ONE, "2024-01-05", minutes=25)
    play_quoridor(store, ["Ben", "Šárka"], SEAT0_IN_TWO, "2024-01-20")
    play_quoridor(store, ["Šárka", "Anna"], SEAT1_IN_ONE, "2024-02-03",
                  companions={"1": "normal"})
    for day, (game, players, companions) in enumerate(
        [("crash", 4, None), ("patamat", 3, {"2": "easy"})], start=10
    ):
        names = ["Anna", "Ben", "Šárka", "Dan"][:players]
        inputs = play_out(open_game(game, players=players, names=names), seed=day)
        play_on(store, open_game(game, players=players, names=names), inputs,
                f"2024-03-{day}T20:00:00+00:00", f"2024-03-{day}T21:10:30+00:00", companions)
    store.clock.now = "2024-04-01T10:00:00+00:00"  # type: ignore[attr-defined]
    store.start(open_game("quoridor", names=["Anna", "Ben"]))  # still being played
    store.rename_player(store.player_named("Ben").id, "Benjamin")
    return store


def without_date(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if key != "exported"}


def test_the_json_export_follows_its_schema_and_holds_every_finished_game(
    store: Store, tmp_path: Path,
) -> None:
    target = tmp_path / "records.json"
    assert export_records(store, "json", target) == 5
    data = json.loads(target.read_text(encoding="utf-8"))
    jsonschema.validate(data, schema("records.schema.json"))
    assert without_date(data) == without_date(records_json(store))  # the file says the same
    first = data["games"][0]
    assert first["inputs"] == ["e1"] and first["cursor"] == 1
    assert first["seats"] == [
        {"seat": 0, "player": "Anna", "rank": 1, "won": True, "turns": 1,
         "counters": {"steps": 0, "walls": 10}},
        {"seat": 1, "player": "Benjamin", "rank": 2, "won": False, "turns": 0,
         "counters": {"steps": 4, "walls": 10}},
    ]
    assert [p["name"] for p in data["players"]] == [
        "Anna", "Benjamin", "Companion (easy)", "Companion (normal)", "Dan", "Šárka"]


def test_export_then_import_into_an_empty_store_gives_the_same_records(
    store: Store, tmp_path: Path,
) -> None:
    exported = tmp_path / "records.json"
    export_records(store, "json", exported)
    other = Store(tmp_path / "other.sqlite3")
    report = import_json(other, exported)
    assert (report.added, report.already_there, report.players_added) == (5, 0, 6)
    assert without_date(records_json(other)) == without_date(records_json(store))
    assert export_records(other, "csv", tmp_path / "b.csv") == 5
    export_records(store, "csv", tmp_path / "a.csv")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()

    def figures(s: Store) -> list[tuple[object, ...]]:
        return [(line.player.name, line.games, line.wins, line.best_streak, line.per_game)
                for line in stats.player_lines(s)]

    assert figures(other) == figures(store)
    assert [(r.kind, r.value, r.player.name) for r in stats.game_records(other)] == \
        [(r.kind, r.value, r.player.name) for r in stats.game_records(store)]
    # an imported game replays like any other
    game = other.finished_games()[-1]
    replayed = other.resume(game)
    assert replayed.outcome is not None and replayed.outcome.to_json() == game.result


def test_importing_twice_adds_each_game_once(store: Store, tmp_path: Path) -> None:
    exported = tmp_path / "records.json"
    export_records(store, "json", exported)
    again = import_json(store, exported)  # into the store it came from
    assert (again.added, again.already_there, again.players_added) == (0, 5, 0)
    other = dated_store(tmp_path / "other.sqlite3")
    play_quoridor(other, ["Anna", "Zora"], SEAT0_IN_ONE, "2023-12-24")
    assert import_json(other, exported).added == 5
    assert import_json(other, exported).added == 0
    assert len(list(finished_games(other))) == 6
    assert other.player_named("Anna").id == 1  # a known name keeps its record


def test_csv_has_one_row_per_seat_with_the_counters_as_columns(store: Store,
                                                              tmp_path: Path) -> None:
    target = tmp_path / "records.csv"
    export_records(store, "csv", target)
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")  # a spreadsheet reads UTF-8 right
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8-sig"))))
    assert len(rows) == 2 + 2 + 2 + 4 + 3
    first, second = rows[0], rows[1]
    assert (first["game"], first["player"], first["rank"], first["won"], first["turns"],
            first["walls"], first["duration_seconds"]) == ("quoridor", "Anna", "1", "1", "1",
                                                            "10", "1500")
    assert (second["player"], second["won"], second["flags"]) == ("Benjamin", "0", "")
    assert rows[5]["player"] == "Companion (normal)" and rows[5]["companion_level"] == "normal"
    assert first["game_key"] == second["game_key"] != rows[2]["game_key"]
    crash = [row for row in rows if row["game"] == "crash"]
    assert [row["score"] for row in crash[:2]] != ["", ""] and crash[0]["duration_seconds"] == \
        "4230"


def test_bgstats_export_follows_the_schema_and_says_who_won(store: Store, tmp_path: Path
                                                           ) -> None:
    target = tmp_path / "plays.bgsplay"
    export_records(store, "bgstats", target)
    data = json.loads(target.read_text(encoding="utf-8"))
    jsonschema.validate(data, schema("bgstats.schema.json"))
    players = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}
    assert len(data["plays"]) == 5
    first = data["plays"][0]
    assert games[first["gameRefId"]]["name"] == "Quoridor"
    assert games[first["gameRefId"]]["noPoints"] is True
    assert [(players[s["playerRefId"]], s["winner"], s["rank"], s["seatOrder"])
            for s in first["playerScores"]] == [("Anna", True, 1, 1), ("Benjamin", False, 2, 2)]
    assert first["durationMin"] == 25
    crash = next(p for p in data["plays"] if games[p["gameRefId"]]["name"] == "Crash by Crash")
    assert crash["usesTeams"] is True and crash["durationMin"] == 71
    assert [s["team"] for s in crash["playerScores"]] == ["1", "2", "1", "2"]
    assert all("score" in s for s in crash["playerScores"])
    ranks = {s["rank"] for s in crash["playerScores"] if s["winner"]}
    assert ranks <= {1}
    # the same records give the same identities every time
    export_records(store, "bgstats", tmp_path / "again.bgsplay")
    again = json.loads((tmp_path / "again.bgsplay").read_text(encoding="utf-8"))
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"]]


def test_the_commands_export_and_import_and_refuse_bad_values_in_one_line(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(store.path)
    store.close()
    exported = tmp_path / "out.json"
    assert main(["export", "--format", "json", str(exported), "--store", path]) == 0
    assert "5 finished games written" in capsys.readouterr().out
    other = str(tmp_path / "other.sqlite3")
    assert main(["--store", other, "import", str(exported)]) == 0
    assert "5 games added, 0 already in the store" in capsys.readouterr().out
    assert main(["import", str(exported), "--store", other]) == 0
    assert "0 games added, 5 already in the store" in capsys.readouterr().out

    (tmp_path / "notes.txt").write_text("not json", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"format": "something else"}', encoding="utf-8")
    broken = json.loads(exported.read_text(encoding="utf-8"))
    broken["games"][0]["seats"][0]["rank"] = "first"
    (tmp_path / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    for argv, said in [
        (["export", "--format", "xml", str(tmp_path / "x"), "--store", path], "formats are"),
        (["export", str(tmp_path / "nowhere" / "x.json"), "--store", path], "cannot be written"),
        (["export", str(tmp_path / "x.json"), "--store", str(tmp_path / "none.sqlite3")],
         "no games file"),
        (["import", str(tmp_path / "notes.txt"), "--store", other], "is not JSON"),
        (["import", str(tmp_path / "other.json"), "--store", other], "not a companion records"),
        (["import", str(tmp_path / "broken.json"), "--store", other], "game 1: every seat"),
        (["import", str(tmp_path / "missing.json"), "--store", other], "there is no file"),
        (["stats", "--game", "chess", "--store", path], "the games are"),
        (["stats", "--until", "yesterday", "--store", path], "not a date"),
        (["stats", "--player", "Nobody", "--store", path], "no player called 'Nobody'"),
    ]:
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and said in captured.err, (argv, captured.err)
        assert "Traceback" not in captured.err
    assert len(list(finished_games(Store(other)))) == 5  # the refused files changed nothing


def test_stats_prints_the_figures_in_english_czech_and_json(
    store: Store, capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(store.path)
    store.close()
    assert main(["stats", "--store", path, "--game", "quoridor"]) == 0
    english = capsys.readouterr().out
    assert english.startswith("Finished games: 3 (Quoridor)")
    assert "Anna" in english and "Fewest moves to win (2 players): 1, Anna (game 1, 2024-01-05)" \
        in english
    assert main(["--lang", "cs", "stats", "--store", path, "--game", "quoridor",
                 "--player", "benjamin", "--player", "Šárka"]) == 0
    czech = capsys.readouterr().out
    assert czech.startswith("Dohrané hry: 1 (Quoridor; hráči Benjamin, Šárka)")
    assert "Vzájemné zápasy: Benjamin a Šárka" in czech and "Úspěšnost" in czech
    assert "společné hry 1: lépe Benjamin 1, lépe Šárka 0, nerozhodně 0" in czech
    assert main(["stats", "--store", path, "--json", "--player", "anna"]) == 0
    data = json.loads(capsys.readouterr().out)
    anna = data["players"][0]
    assert (anna["player"]["name"], anna["games"]) == ("Anna", 3)
    assert data["head_to_head"] is None and data["filter"]["players"] == ["Anna"]
