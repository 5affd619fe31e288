"""What the statistics screen shows, as plain values: filters from the screen's choices, rows
and chart series from :mod:`companion.records.stats`. No Kivy here (tested on its own)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from companion.engine import GAMES
from companion.table.words.results import companion_name

Translate = Callable[[str], str]
Rgba = tuple[float, float, float, float]

TABS = ("players", "charts", "head", "records", "timeline")
TAB_LABELS = {
    "players": "Players",
    "charts": "Charts",
    "head": "Head-to-head",
    "records": "Records",
    "timeline": "Timeline",
}
PERIODS = ("all", "30days", "year")
PERIOD_LABELS = {"all": "All time", "30days": "Last 30 days", "year": "This year"}
SHORT_GAME_NAMES = {
    "quoridor": "Quoridor",
    "patamat": "Pat and Mat",
    "clovece": "Člověče",
    "pacman": "PAC-MAN",
    "crash": "Crash by Crash",
}
"""Game names short enough for a chart's group and a table's column (app texts)."""
CHART_PLAYERS = 6
"""At most this many players in a chart (the ones with the most wins, unless chosen)."""
TIMELINE_LIMIT = 50


@dataclass(frozen=True)
class Look:
    """A player as the statistics draw them: name, letter, colour."""

    player_id: int
    name: str
    letter: str
    colour: Rgba


def look_of(player: Any, tr: Translate | None = None) -> Look:
    """A :class:`companion.players.Player` as drawn: its colour, its initial, its name (the
    companion's, in the players' language with its level: "Společník (silný)")."""
    name = str(player.name)
    initial = str(player.initial or name[:1] or "?")
    level = getattr(player, "companion_level", None)
    if level and tr is not None:
        name = companion_name(str(level), tr)
        initial = name[:1]  # "S" for "Společník", as on its pieces at the table
    return Look(int(player.id), name, initial.upper(), hex_colour(str(player.colour)))


def hex_colour(text: str) -> Rgba:
    """``#rrggbb`` as RGBA 0–1 (a grey for anything else)."""
    digits = text.lstrip("#")
    if len(digits) != 6:
        return (0.6, 0.6, 0.6, 1.0)
    try:
        r, g, b = (int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return (0.6, 0.6, 0.6, 1.0)
    return (r, g, b, 1.0)


def period_bounds(period: str, today: date) -> tuple[str | None, str | None]:
    """(since, until) of a period chosen on the screen, as ISO dates (both included): all
    time, the last 30 days (today included), this calendar year."""
    if period == "30days":
        return (today - timedelta(days=29)).isoformat(), None
    if period == "year":
        return date(today.year, 1, 1).isoformat(), None
    return None, None


def bucket_of(period: str) -> str:
    """How the results over time are grouped: by week over the last 30 days, else by month."""
    return "week" if period == "30days" else "month"


def make_filter(game: str, period: str, players: Sequence[int], today: date) -> Any:
    """The :class:`companion.stats.StatsFilter` of the screen's choices ("" game: all)."""
    from companion.records.stats import StatsFilter

    since, until = period_bounds(period, today)
    return StatsFilter(game=game or None, since=since, until=until, players=tuple(players))


def percent(rate: float | None) -> str:
    """A win rate (0–1) as a whole percentage: "67 %"; "–" with no games."""
    if rate is None:
        return "–"
    return f"{round(100 * rate)} %"


def duration_text(seconds: float | None, tr: Translate) -> str:
    """"14 min", "1 h 05 min"; "" when unknown."""
    if seconds is None or seconds < 0:
        return ""
    minutes = round(seconds / 60)
    if minutes < 60:
        return tr("{minutes} min").format(minutes=max(1, minutes))
    return tr("{hours} h {minutes:02d} min").format(hours=minutes // 60, minutes=minutes % 60)


def local_time(value: Any, with_time: bool = True) -> str:
    """A stored moment (ISO text or datetime, UTC) in local time: "12.03.2025 18:40"."""
    if value is None:
        return ""
    try:
        moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone()
    return moment.strftime("%d.%m.%Y %H:%M" if with_time else "%d.%m.%Y")


def short_game(game: str, tr: Translate) -> str:
    return tr(SHORT_GAME_NAMES.get(game, game))


# -- rows ------------------------------------------------------------------------------------------

def player_rows(lines: Iterable[Any], looks: dict[int, Look]) -> list[dict[str, Any]]:
    """The players table (RecycleView data): one row per player who played in the filter."""
    rows = []
    for line in lines:
        if not line.games:
            continue
        look = looks.get(int(line.player.id)) or look_of(line.player)
        rows.append({
            "player_id": look.player_id, "name": look.name, "letter": look.letter,
            "colour": look.colour, "games": str(line.games), "wins": str(line.wins),
            "rate": percent(line.win_rate), "streak": str(line.current_streak),
            "best": str(line.best_streak),
        })
    return rows


def per_game_rows(line: Any, tr: Translate) -> list[tuple[str, str, str, str]]:
    """One player's figures per game: (game, games, wins, win rate), in the games' order."""
    rows = []
    for game in GAMES:
        if game in line.per_game:
            games, wins = line.per_game[game]
            rows.append((short_game(game, tr), str(games), str(wins),
                         percent(wins / games if games else None)))
    return rows


def record_rows(records: Iterable[Any], looks: dict[int, Look], tr: Translate,
                tr_kind: Translate) -> list[dict[str, Any]]:
    """Each game's records (``tr_kind``: the ``records`` texts, which name the kinds)."""
    rows = []
    for record in records:
        player = record.player
        look = (looks.get(int(player.id)) or look_of(player)) if player is not None else None
        rows.append({
            "game": short_game(record.game, tr), "kind": tr_kind(str(record.kind)),
            "value": _value_text(record.value), "name": look.name if look else "",
            "letter": look.letter if look else "", "colour": look.colour if look else
            (0, 0, 0, 0), "when": local_time(record.finished, with_time=False),
            "game_id": int(record.game_id or 0),
        })
    return rows


def timeline_rows(entries: Iterable[Any], looks: dict[int, Look], tr: Translate,
                  ) -> list[dict[str, Any]]:
    """The latest games, newest first: when, which, how long; who won, who played."""
    rows = []
    for entry in entries:
        shown = {str(player.name): looks[int(player.id)].name
                 for player in entry.players if int(player.id) in looks}
        head = " · ".join(part for part in (
            local_time(entry.finished), short_game(entry.game, tr),
            duration_text(entry.duration_seconds, tr)) if part)
        winners = [shown.get(name, name) for name in entry.winners]
        if len(winners) > 1:
            result = tr("Winners: {winners}").format(winners=", ".join(winners))
        else:
            result = tr("Winner: {winner}").format(winner=winners[0] if winners else tr("draw"))
        rows.append({
            "head": head,
            "detail": result + "   ·   "
            + ", ".join(shown.get(name, name) for name in entry.seats),
            "game_id": int(entry.game_id),
        })
    return rows


# -- charts ----------------------------------------------------------------------------------------

def chart_players(lines: Sequence[Any], chosen: Sequence[int]) -> list[Any]:
    """The players a chart shows: the chosen ones, else those with the most wins (then the
    most games), at most :data:`CHART_PLAYERS`."""
    played = [line for line in lines if line.games]
    if chosen:
        played = [line for line in played if int(line.player.id) in chosen]
    played.sort(key=lambda line: (-line.wins, -line.games, str(line.player.name)))
    return [line.player for line in played[:CHART_PLAYERS]]


def wins_chart(wins: dict[int, dict[str, int]], players: Sequence[Any], game: str,
               looks: dict[int, Look], tr: Translate,
               ) -> tuple[list[str], list[tuple[Look, tuple[float | None, ...]]]]:
    """Wins per player per game: (group names, [(look, wins per group)]); None where the
    player did not play that game. The groups are the chosen game, or every game someone of
    ``players`` played."""
    games = [game] if game else [g for g in GAMES
                                 if any(g in wins.get(int(p.id), {}) for p in players)]
    series = []
    for player in players:
        look = looks.get(int(player.id)) or look_of(player)
        per_game = wins.get(int(player.id), {})
        series.append((look, tuple(float(per_game[g]) if g in per_game else None
                                   for g in games)))
    return [short_game(g, tr) for g in games], series


def period_label(label: str) -> str:
    """A period of :func:`companion.stats.results_over_time` as the x axis shows it, the same
    in both languages: a month "2025-03" → "3/2025", a week "2025-W09" → its Monday "3.3."."""
    try:
        if "-W" in label:
            monday = datetime.strptime(f"{label}-1", "%Y-W%W-%w")
            return f"{monday.day}.{monday.month}."
        year, month = label.split("-")[:2]
        return f"{int(month)}/{year}"
    except ValueError:
        return label


def _value_text(value: Any) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.1f}"
    if isinstance(value, float):
        return str(int(value))
    return str(value)
