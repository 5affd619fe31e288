"""Who wins what, against figures worked out by hand on a small store of real games.

Six Quoridor games between Anna, Ben and Cyril (positions one or two moves from the goal):

| game | day        | seat 0 | seat 1 | winner | winner's moves |
|------|------------|--------|--------|--------|----------------|
| 1    | 2024-01-05 | Anna   | Ben    | Anna   | 1              |
| 2    | 2024-01-20 | Ben    | Anna   | Ben    | 2              |
| 3    | 2024-02-03 | Anna   | Cyril  | Anna   | 1              |
| 4    | 2024-02-10 | Cyril  | Anna   | Anna   | 1              |
| 5    | 2024-03-01 | Ben    | Cyril  | Cyril  | 1              |
| 6    | 2024-03-15 | Anna   | Ben    | Ben    | 1              |

Anna: 5 games, 3 wins (W L W W L: streak now 0, best 2). Ben: 4 games, 2 wins (L W L W: 1, 1).
Cyril: 3 games, 1 win (L L W: 1, 1). Anna against Ben: games 1, 2, 6: Anna better once, Ben
twice. Then one game of every other kind is played out by the companion (seeded), dated April;
their records are checked against the match's own counters.
"""

from __future__ import annotations

from pathlib import Path

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

from companion.engine import GAMES, Match, open_game
from companion.records import stats
from companion.records.results import turns_per_seat, winning_seats
from companion.records.stats import StatsFilter
from companion.records.store import Store

QUORIDOR = StatsFilter(game="quoridor")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, dict[str, Match]]:
    store = dated_store(tmp_path_factory.mktemp("stats") / "games.sqlite3")
    play_quoridor(store, ["Anna", "Ben"], SEAT0_IN_ONE, "2024-01-05", minutes=25)
    play_quoridor(store, ["Ben", "Anna"], SEAT0_IN_TWO, "2024-01-20")
    play_quoridor(store, ["Anna", "Cyril"], SEAT0_IN_ONE, "2024-02-03")
    play_quoridor(store, ["Cyril", "Anna"], SEAT1_IN_ONE, "2024-02-10")
    play_quoridor(store, ["Ben", "Cyril"], SEAT1_IN_ONE, "2024-03-01")
    play_quoridor(store, ["Anna", "Ben"], SEAT1_IN_ONE, "2024-03-15", minutes=40)
    played = {}
    for day, (game, players) in enumerate(
        [("pacman", 3), ("patamat", 2), ("clovece", 2), ("crash", 2)], start=1
    ):
        names = ["Anna", "Ben", "Cyril"][:players]
        inputs = play_out(open_game(game, players=players, names=names), seed=day)
        match = open_game(game, players=players, names=names)
        play_on(store, match, inputs, f"2024-04-0{day}T10:00:00+00:00",
                f"2024-04-0{day}T11:00:00+00:00")
        played[game] = match
    return store, played


def ids(store: Store) -> dict[str, int]:
    return {name: store.player_named(name, create=False).id for name in ("Anna", "Ben", "Cyril")}


def test_player_lines_give_games_wins_rates_and_streaks(table: tuple[Store, dict[str, Match]]
                                                        ) -> None:
    store, _ = table
    lines = stats.player_lines(store, QUORIDOR)
    assert [(line.player.name, line.games, line.wins, line.current_streak, line.best_streak)
            for line in lines] == [
        ("Anna", 5, 3, 0, 2), ("Ben", 4, 2, 1, 1), ("Cyril", 3, 1, 1, 1),
    ]
    assert [line.win_rate for line in lines] == [0.6, 0.5, pytest.approx(1 / 3)]
    assert lines[0].per_game == {"quoridor": (5, 3)}


def test_every_game_counts_in_the_lines_and_per_game(table: tuple[Store, dict[str, Match]]
                                                     ) -> None:
    store, played = table
    lines = {line.player.name: line for line in stats.player_lines(store)}
    for name, seat in (("Anna", 0), ("Ben", 1)):
        line = lines[name]
        expected_wins = 3 if name == "Anna" else 2
        for game, match in played.items():
            assert match.outcome is not None
            won = seat in winning_seats({s: 1 + next(i for i, group in enumerate(
                match.outcome.ranking) if s in group) for s in range(match.players)})
            assert line.per_game[game] == (1, int(won))
            expected_wins += int(won)
        assert line.games == (5 if name == "Anna" else 4) + 4
        assert line.wins == expected_wins
    assert lines["Cyril"].per_game == {"pacman": (1, lines["Cyril"].per_game["pacman"][1]),
                                       "quoridor": (3, 1)}


def test_filters_by_period_and_by_players(table: tuple[Store, dict[str, Match]]) -> None:
    store, _ = table
    who = ids(store)
    february = StatsFilter(game="quoridor", since="2024-02-01", until="2024-02-29")
    assert [(line.player.name, line.games, line.wins)
            for line in stats.player_lines(store, february)] == [("Anna", 2, 2), ("Cyril", 2, 0)]
    assert stats.game_count(store, february) == 2
    assert stats.game_count(store, StatsFilter(until="2024-01-05")) == 1  # the day included
    together = StatsFilter(game="quoridor", players=(who["Ben"], who["Cyril"]))
    assert [(line.player.name, line.games, line.wins)
            for line in stats.player_lines(store, together)] == [("Cyril", 1, 1), ("Ben", 1, 0)]
    with pytest.raises(ValueError, match="not a date"):
        StatsFilter(since="2024-02-30")
    with pytest.raises(ValueError, match="comes after"):
        StatsFilter(since="2024-03-01", until="2024-02-01")


def test_head_to_head_counts_who_ranked_better_in_the_games_both_played(
    table: tuple[Store, dict[str, Match]],
) -> None:
    store, _ = table
    who = ids(store)
    assert stats.head_to_head(store, who["Anna"], who["Ben"], QUORIDOR) == stats.HeadToHead(
        games=3, a_wins=1, b_wins=2, neither=0)
    assert stats.head_to_head(store, who["Cyril"], who["Ben"], QUORIDOR) == stats.HeadToHead(
        games=1, a_wins=1, b_wins=0, neither=0)
    march = StatsFilter(since="2024-03-01", until="2024-03-31")
    assert stats.head_to_head(store, who["Anna"], who["Ben"], march).games == 1


def test_wins_per_game_and_results_over_time_feed_the_charts(
    table: tuple[Store, dict[str, Match]],
) -> None:
    store, _ = table
    who = ids(store)
    assert stats.wins_per_game(store, QUORIDOR) == {
        who["Anna"]: {"quoridor": 3}, who["Ben"]: {"quoridor": 2}, who["Cyril"]: {"quoridor": 1}}
    assert stats.results_over_time(store, who["Anna"], QUORIDOR) == [
        ("2024-01", 2, 1), ("2024-02", 2, 2), ("2024-03", 1, 0)]
    assert stats.results_over_time(store, who["Anna"], QUORIDOR, bucket="year") == [
        ("2024", 5, 3)]
    assert stats.results_over_time(store, who["Cyril"], QUORIDOR, bucket="day") == [
        ("2024-02-03", 1, 0), ("2024-02-10", 1, 0), ("2024-03-01", 1, 1)]
    with pytest.raises(ValueError, match="bucket 'fortnight'"):
        stats.results_over_time(store, who["Anna"], QUORIDOR, bucket="fortnight")


def test_records_of_every_game(table: tuple[Store, dict[str, Match]]) -> None:
    store, played = table
    records = {record.kind: record for record in stats.game_records(store)}
    fewest = records["Fewest moves to win (2 players)"]
    assert (fewest.value, fewest.player.name, fewest.game_id) == (1, "Anna", 1)  # first to do it
    assert fewest.finished.startswith("2024-01-05")
    pacman = played["pacman"]
    assert records["Most dots eaten as PAC-MAN"].value == pacman.counters()[0]["dots"]
    assert records["Most dots eaten as PAC-MAN"].player.name == "Anna"  # seat 0 is PAC-MAN
    assert pacman.outcome is not None
    pacman_rank = 1 if 0 in pacman.outcome.ranking[0] else 2
    assert records["Best rank as PAC-MAN"].value == pacman_rank
    patamat = played["patamat"]
    most_flags = max(c["flags"] for c in patamat.counters().values())
    assert records["Most flags"].value == most_flags
    assert records["Most points"].value == max(c["score"] for c in
                                               played["crash"].counters().values())
    clovece = played["clovece"]
    assert clovece.outcome is not None
    winner = clovece.outcome.ranking[0][0]
    finish = records["Fastest finish (fewest turns)"]
    assert finish.value == turns_per_seat(clovece)[winner]
    assert finish.player.name == ["Anna", "Ben"][winner]
    assert {r.game for r in stats.game_records(store, StatsFilter(game="crash"))} == {"crash"}
    assert stats.game_records(store, StatsFilter(game="quoridor", since="2025-01-01")) == []


def test_the_timeline_lists_the_latest_games_with_winners_seats_and_duration(
    table: tuple[Store, dict[str, Match]],
) -> None:
    store, _ = table
    latest = stats.timeline(store, QUORIDOR, limit=2)
    assert [(e.game_id, e.winners, e.seats, e.duration_seconds, e.reason) for e in latest] == [
        (6, ("Ben",), ("Anna", "Ben"), 2400, "goal"),
        (5, ("Cyril",), ("Ben", "Cyril"), 1200, "goal"),
    ]
    oldest = stats.timeline(store, QUORIDOR, limit=50)[-1]
    assert (oldest.game_id, oldest.duration_seconds, oldest.started) == (
        1, 1500, "2024-01-05T18:00:00+00:00")
    assert [p.name for p in oldest.players] == ["Anna", "Ben"]
    assert len(stats.timeline(store)) == 10


def test_a_game_undone_after_its_end_has_no_results_until_it_ends_again(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game("quoridor", names=["Anna", "Ben"], position=SEAT0_IN_ONE[0])
    game_id = store.start(match)
    match.play("e1")
    store.record(game_id, match)
    assert [line.wins for line in stats.player_lines(store)] == [1, 0]
    match.undo()
    store.record(game_id, match)
    assert stats.player_lines(store) == [] and stats.game_count(store) == 0
    match.redo()
    store.record(game_id, match)
    assert stats.game_count(store) == 1


def test_a_draw_is_played_by_all_and_won_by_none() -> None:
    assert winning_seats({0: 1, 1: 1}) == set()
    assert winning_seats({0: 1, 1: 1, 2: 2}) == {0, 1}


def test_the_game_ids_the_records_know_are_the_registered_games() -> None:
    from companion.records.cli import GAME_NAMES

    assert set(stats.GAME_IDS) == set(GAMES)
    assert {game: (d.name, d.name_cs) for game, d in GAMES.items()} == GAME_NAMES
    assert tuple(GAME_NAMES) == stats.GAME_IDS  # the stats command's help lists them in order
    from companion.games.pacman.rules import PACMAN_SEAT

    assert stats.PACMAN_SEAT == PACMAN_SEAT


def test_every_record_kind_and_every_line_of_companion_stats_has_its_czech() -> None:
    import ast
    import inspect

    from companion.i18n import load_catalogue
    from companion.records import cli as records_cli

    czech = load_catalogue("records", "cs")
    tree = ast.parse(inspect.getsource(records_cli))
    messages = {
        node.args[0].value for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id == "tr" and node.args and isinstance(node.args[0], ast.Constant)
    }
    messages |= {kind.kind for kind in stats.RECORD_KINDS} | {"easy", "normal", "strong"}
    assert len(messages) > 20
    assert sorted(message for message in messages if not czech.get(message)) == []


def test_the_figures_follow_every_new_game_from_this_or_another_connection(
    tmp_path: Path,
) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    play_quoridor(store, ["Anna", "Ben"], SEAT0_IN_ONE, "2024-01-01")
    assert [(line.player.name, line.wins) for line in stats.player_lines(store)] == [
        ("Anna", 1), ("Ben", 0)]
    play_quoridor(store, ["Ben", "Anna"], SEAT0_IN_ONE, "2024-01-02")
    assert [(line.player.name, line.games, line.wins) for line in stats.player_lines(store)] == [
        ("Anna", 2, 1), ("Ben", 2, 1)]
    other = dated_store(tmp_path / "games.sqlite3")  # the terminal player, say
    play_quoridor(other, ["Ben", "Anna"], SEAT0_IN_ONE, "2024-01-03")
    other.close()
    ben = store.player_named("Ben").id
    assert stats.wins_per_game(store)[ben] == {"quoridor": 2}
    assert stats.player_lines(store)[0].player.name == "Ben"
