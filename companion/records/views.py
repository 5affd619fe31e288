"""The records as JSON for the phones: the history and the statistics, in Czech or English.

- :func:`history_json`: what the touchscreen's History lists (:meth:`Store.past_games`): the
  finished games and the games ended early, the latest first, each with its game, date,
  players, winners and the summary line the screen shows.
- :func:`stats_json`: the figures of the touchscreen's statistics screen, from the same queries
  (:mod:`companion.records.stats`): the players' lines, the wins per game (the charts), each
  game's records, the timeline and, for two players, their head-to-head.

Plain values only (no Kivy, no web): the phones' server sends them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.records import stats, words
from companion.records.players import Player
from companion.records.stats import StatsFilter

if TYPE_CHECKING:
    from companion.i18n import Translate
    from companion.records.games import StoredGame
    from companion.records.store import Store

HISTORY_LIMIT = 200
"""As many games as the touchscreen's History lists."""
TIMELINE_LIMIT = 50
"""As many games as the statistics screen's timeline shows."""
HEADINGS = ("Player", "Games", "Wins", "Win rate", "Streak", "Best streak")


def history_json(store: Store, lang: str, limit: int = HISTORY_LIMIT) -> dict[str, Any]:
    """The history, the latest first: ``{"lang", "games": [...]}``; a game has ``id`` (in this
    store), ``uid``, ``game``, ``game_name``, ``started``, ``finished`` (ISO 8601, UTC),
    ``when`` (local time as the screen writes it), ``players`` (seat order), ``winners``,
    ``ended_early`` and ``summary`` (the screen's line). ValueError for another language."""
    tr = words.translator(lang)
    return {"lang": lang, "games": [_history_entry(stored, lang, tr)
                                    for stored in store.past_games(limit)]}


def stats_json(
    store: Store, lang: str, game: str | None = None, since: str | None = None,
    until: str | None = None, players: Sequence[int] = (), timeline_limit: int = TIMELINE_LIMIT,
) -> dict[str, Any]:
    """The statistics for the filter (a game id, ISO days ``since``/``until`` both included,
    player ids: the games in which all of them sat), as the statistics screen shows them.
    ValueError in plain words for a bad filter or language; KeyError for an unknown player."""
    tr = words.translator(lang)
    chosen = [store.player(player_id) for player_id in dict.fromkeys(players)]
    flt = StatsFilter(game=game, since=since, until=until,
                      players=tuple(player.id for player in chosen))
    lines = stats.player_lines(store, flt)
    wins = stats.wins_per_game(store, flt)
    duel = None
    if len(chosen) == 2:
        a, b = chosen
        found = stats.head_to_head(store, a.id, b.id, flt)
        duel = {"a": _player(a, tr), "b": _player(b, tr), "games": found.games,
                "a_wins": found.a_wins, "b_wins": found.b_wins, "neither": found.neither}
    return {
        "lang": lang,
        "filter": {"game": flt.game, "since": flt.since, "until": flt.until,
                   "players": [_player(player, tr) for player in chosen]},
        "headings": {heading: tr(heading) for heading in HEADINGS},
        "games": stats.game_count(store, flt),
        "players": [
            {"player": _player(line.player, tr), "games": line.games, "wins": line.wins,
             "win_rate": round(line.win_rate, 4), "win_rate_text": words.percent(line.win_rate),
             "current_streak": line.current_streak, "best_streak": line.best_streak,
             "per_game": [
                 {"game": kind, "game_name": words.game_name(kind, lang), "games": played,
                  "wins": won}
                 for kind, (played, won) in line.per_game.items()
             ]}
            for line in lines
        ],
        "wins_per_game": [
            {"player_id": player_id,
             "wins": [{"game": kind, "game_name": words.game_name(kind, lang), "wins": count}
                      for kind, count in per_game.items()]}
            for player_id, per_game in wins.items()
        ],
        "records": [
            {"game": record.game, "game_name": words.game_name(record.game, lang),
             "kind": record.kind, "kind_text": tr(record.kind), "value": record.value,
             "player": _player(record.player, tr), "game_id": record.game_id,
             "finished": record.finished, "when": words.local_time(record.finished)}
            for record in stats.game_records(store, flt)
        ],
        "timeline": [
            {"game_id": entry.game_id, "game": entry.game,
             "game_name": words.game_name(entry.game, lang), "started": entry.started,
             "finished": entry.finished, "when": words.local_time(entry.finished),
             "duration_seconds": entry.duration_seconds,
             "duration": words.duration_text(entry.duration_seconds, tr),
             "players": [_player(player, tr) for player in entry.players],
             "winners": [_player(player, tr) for player in entry.players
                         if player.name in entry.winners],
             "reason": entry.reason}
            for entry in stats.timeline(store, flt, limit=timeline_limit)
        ],
        "head_to_head": duel,
    }


def _history_entry(stored: StoredGame, lang: str, tr: Translate) -> dict[str, Any]:
    levels = _companion_levels(stored.extra.get("companions"))
    names = [words.seat_name(name, levels.get(seat), tr)
             for seat, name in enumerate(stored.names)]
    ended_early = stored.status != "finished"
    ranking = (stored.result or {}).get("ranking") or [[]]
    winners = [] if ended_early else [names[seat] for seat in ranking[0]
                                      if isinstance(seat, int) and 0 <= seat < len(names)]
    when = words.local_time(stored.finished or stored.started)
    name = words.game_name(stored.game, lang)
    if ended_early:
        summary = tr("{when} · {game} · {players} · ended early").format(
            when=when, game=name, players=", ".join(names))
    else:
        summary = tr("{when} · {game} · {players} · winner: {winner}").format(
            when=when, game=name, players=", ".join(names),
            winner=", ".join(winners) or tr("draw"))
    return {
        "id": stored.id, "uid": stored.uid, "game": stored.game, "game_name": name,
        "started": stored.started, "finished": stored.finished, "when": when,
        "players": [{"seat": seat, "name": shown} for seat, shown in enumerate(names)],
        "winners": winners, "ended_early": ended_early, "summary": summary,
    }


def _companion_levels(companions: Any) -> dict[int, str]:
    """Seat → the companion's level, from a stored game's ``extra["companions"]``."""
    if not isinstance(companions, dict):
        return {}
    levels = {}
    for seat, level in companions.items():
        try:
            levels[int(seat)] = str(level)
        except (TypeError, ValueError):
            continue
    return levels


def _player(player: Player, tr: Translate) -> dict[str, Any]:
    return {"id": player.id, "name": words.player_name(player, tr), "colour": player.colour,
            "initial": player.initial, "companion": player.companion_level is not None}
