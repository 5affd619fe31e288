"""The records as JSON for the phones: the history and the statistics say what the touchscreen's
History and statistics say (the same store calls, the same queries), in Czech and English."""

from __future__ import annotations

import ast
import inspect
import json

import pytest
from records_store import (
    SEAT0_IN_ONE,
    SEAT0_IN_TWO,
    SEAT1_IN_ONE,
    dated_store,
    play_quoridor,
)

from companion.cli import main
from companion.engine import open_game
from companion.i18n import load_catalogue
from companion.records import stats, views, words
from companion.records.stats import StatsFilter
from companion.records.store import Store
from companion.records.views import history_json, stats_json


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """Anna beats Ben, Ben beats Šárka, the companion (strong) beats Anna; a game Anna and Ben
    ended early after a move, one ended before any move (not in the history) and one still
    being played (neither)."""
    store = dated_store(tmp_path_factory.mktemp("views") / "games.sqlite3")
    play_quoridor(store, ["Anna", "Ben"], SEAT0_IN_ONE, "2024-01-05", minutes=25)
    play_quoridor(store, ["Ben", "Šárka"], SEAT0_IN_TWO, "2024-01-20", minutes=50)
    play_quoridor(store, ["Anna", "Companion"], SEAT1_IN_ONE, "2024-02-03",
                  companions={"1": "strong"})
    store.clock.now = "2024-02-10T18:00:00+00:00"  # type: ignore[attr-defined]
    match = open_game("quoridor", players=2, names=["Ben", "Anna"])
    early = store.start(match)
    match.play("e8")
    store.record(early, match)
    store.abandon(early)
    store.abandon(store.start(open_game("quoridor", players=2, names=["Ben", "Anna"])))
    store.start(open_game("quoridor", players=2, names=["Anna", "Ben"]))
    return store


def test_the_history_lists_what_the_screen_lists_the_latest_first(store: Store) -> None:
    history = history_json(store, "en")
    past = store.past_games()
    assert [game["id"] for game in history["games"]] == [stored.id for stored in past]
    assert [game["uid"] for game in history["games"]] == [stored.uid for stored in past]
    assert len(past) == 4  # the game ended before a move and the one being played are not
    early, companion, second, first = history["games"]
    assert early["ended_early"] is True and early["winners"] == []
    assert [p["name"] for p in early["players"]] == ["Ben", "Anna"]
    assert early["summary"].endswith("Quoridor · Ben, Anna · ended early")
    assert (first["game"], first["game_name"], first["winners"], first["ended_early"]) == \
        ("quoridor", "Quoridor", ["Anna"], False)
    assert first["started"] == "2024-01-05T18:00:00+00:00"
    assert first["finished"] == "2024-01-05T18:25:00+00:00"
    assert first["summary"] == f"{words.local_time(first['finished'])} · Quoridor · Anna, Ben" \
        " · winner: Anna"
    assert second["winners"] == ["Ben"] and [p["name"] for p in second["players"]] == \
        ["Ben", "Šárka"]
    # the companion's seat by its one name, in the players' language
    assert companion["winners"] == ["Companion (strong)"]
    czech = history_json(store, "cs")["games"]
    assert czech[1]["winners"] == ["Společník (silný)"]
    assert czech[1]["summary"].endswith("Anna, Společník (silný) · vítěz: Společník (silný)")
    assert czech[0]["summary"].endswith("ukončeno předčasně")
    assert [game["id"] for game in history_json(store, "en", limit=2)["games"]] == \
        [stored.id for stored in past[:2]]
    json.dumps(history)  # plain values only


def test_the_statistics_are_the_figures_of_the_statistics_queries(store: Store) -> None:
    figures = stats_json(store, "en")
    flt = StatsFilter()
    assert figures["games"] == stats.game_count(store, flt) == 3
    assert [(p["player"]["id"], p["games"], p["wins"], p["current_streak"], p["best_streak"],
             {g["game"]: (g["games"], g["wins"]) for g in p["per_game"]})
            for p in figures["players"]] == [
        (line.player.id, line.games, line.wins, line.current_streak, line.best_streak,
         line.per_game) for line in stats.player_lines(store, flt)]
    anna = next(p for p in figures["players"] if p["player"]["name"] == "Anna")
    assert (anna["games"], anna["wins"], anna["win_rate_text"]) == (2, 1, "50 %")
    assert {entry["player_id"]: {w["game"]: w["wins"] for w in entry["wins"]}
            for entry in figures["wins_per_game"]} == stats.wins_per_game(store, flt)
    assert [(r["kind"], r["value"], r["player"]["id"], r["game_id"])
            for r in figures["records"]] == [
        (r.kind, r.value, r.player.id, r.game_id) for r in stats.game_records(store, flt)]
    timeline = stats.timeline(store, flt)
    assert [(t["game_id"], t["duration_seconds"], [p["name"] for p in t["winners"]])
            for t in figures["timeline"]] == [
        (entry.game_id, entry.duration_seconds, list(entry.winners)) for entry in timeline]
    assert [t["duration"] for t in figures["timeline"]] == ["20 min", "50 min", "25 min"]
    assert words.duration_text(4230, str) == "1 h 10 min"  # as the screen writes it
    assert figures["head_to_head"] is None
    json.dumps(figures)


def test_the_statistics_follow_a_filter_and_give_the_head_to_head(store: Store) -> None:
    anna, ben = store.player_named("Anna").id, store.player_named("Ben").id
    figures = stats_json(store, "cs", game="quoridor", until="2024-01-31",
                         players=[anna, ben])
    flt = StatsFilter(game="quoridor", until="2024-01-31", players=(anna, ben))
    assert figures["games"] == stats.game_count(store, flt) == 1
    duel = stats.head_to_head(store, anna, ben, flt)
    assert figures["head_to_head"] is not None
    assert (figures["head_to_head"]["games"], figures["head_to_head"]["a_wins"],
            figures["head_to_head"]["b_wins"]) == (duel.games, duel.a_wins, duel.b_wins) == \
        (1, 1, 0)
    assert [p["name"] for p in figures["filter"]["players"]] == ["Anna", "Ben"]
    assert figures["headings"]["Win rate"] == "Úspěšnost"
    with pytest.raises(ValueError, match="not a date"):
        stats_json(store, "en", since="yesterday")
    with pytest.raises(KeyError):
        stats_json(store, "en", players=[999])
    with pytest.raises(ValueError, match="not cs or en"):
        history_json(store, "de")


def test_the_figures_equal_what_companion_stats_prints_as_json(
    store: Store, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["stats", "--store", str(store.path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    figures = stats_json(store, "en")
    assert figures["games"] == printed["games"]
    assert [(p["player"]["id"], p["games"], p["wins"], p["win_rate"], p["current_streak"],
             p["best_streak"]) for p in figures["players"]] == [
        (p["player"]["id"], p["games"], p["wins"], p["win_rate"], p["current_streak"],
         p["best_streak"]) for p in printed["players"]]
    assert [(r["kind"], r["value"], r["game_id"]) for r in figures["records"]] == \
        [(r["kind"], r["value"], r["game_id"]) for r in printed["records"]]


def test_every_word_of_the_views_has_its_czech() -> None:
    czech = load_catalogue("records", "cs")
    messages = set(views.HEADINGS)
    for module in (views, words):
        tree = ast.parse(inspect.getsource(module))
        messages |= {
            node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "tr" and node.args and isinstance(node.args[0], ast.Constant)
        }
    assert len(messages) >= 12
    assert sorted(message for message in messages if not czech.get(message)) == []
