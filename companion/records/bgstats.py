"""Our finished games for BG Stats: the play file (every game) and the push link (one game).

- :func:`bgstats_json`: the play file BG Stats imports (``docs/bgstats.md`` says what we
  followed): players, games, plays with date, duration, scores, ranks and winners.
- :func:`bgstats_url`: "Log to BG Stats" for one finished game: BG Stats' documented push link
  ``https://app.bgstatsapp.com/createPlay.html?data=<the play as URL-encoded JSON>``
  (``docs/bgstats.md``, "Log to BG Stats"), which opens the app's import dialog on the phone.

A play's identity in both is the game's uid (:mod:`companion.records.finished`): the play file's
``uuid`` and the link's ``sourcePlayId``, so BG Stats sees the same play every time.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from companion.records.finished import GameExport, Records, finished_game, finished_games
from companion.records.stats import GAME_IDS

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
"""BG Stats' push link; the app opens it (``bgstats://…`` works as well, but a phone without
BG Stats then shows nothing, while this one opens BG Stats' page)."""
SOURCE_NAME = "Companion"
"""Who sends the play: BG Stats remembers the user's matches of our games and players by it."""
LOCATION = "Companion table"
BGSTATS_ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to "
    "use a share, export or open-in function to open it with Board Game Stats. Written by the "
    "companion, a touchscreen table companion."
)
GAME_NAMES = {
    "quoridor": "Quoridor",
    "pacman": "Quoridor PAC-MAN",
    "crash": "Crash by Crash",
    "patamat": "Pat a Mat závodí",
    "clovece": "Matfyzácké Člověče nezlob se",
}
SCORE_COUNTER = {"crash": "score", "patamat": "flags", "clovece": "goal"}
"""The counter BG Stats gets as a play's score; games not listed have no points there."""
_NAMESPACE = uuid.UUID("5b0c1c52-6f1e-4a59-9f54-0c0b5e7a1d16")


def bgstats_json(store: Records, games: Iterable[GameExport] | None = None) -> dict[str, Any]:
    """The BG Stats play file (``docs/bgstats.md``, ``docs/bgstats.schema.json``)."""
    games = list(finished_games(store, with_inputs=False) if games is None else games)
    now = _local_date(_now())
    player_ids: dict[str, int] = {}
    for game in games:
        for seat in game.seats:
            player_ids.setdefault(seat.player, len(player_ids) + 1)
    kinds = sorted({game.game for game in games}, key=lambda g: GAME_IDS.index(g)
                   if g in GAME_IDS else len(GAME_IDS))
    game_ids = {kind: number for number, kind in enumerate(kinds, start=1)}
    teams = {game.game for game in games if _uses_teams(game)}
    return {
        "about": BGSTATS_ABOUT,
        "players": [
            {"uuid": player_uuid(name), "id": number, "name": name, "isAnonymous": False,
             "modificationDate": now, "bggUsername": ""}
            for name, number in player_ids.items()
        ],
        "locations": [
            {"uuid": _uuid("location", "companion"), "id": 1, "name": LOCATION,
             "modificationDate": now},
        ],
        "games": [
            {"uuid": _uuid("game", kind), "id": number, "name": GAME_NAMES.get(kind, kind),
             "modificationDate": now, "cooperative": False, "highestWins": True,
             "noPoints": kind not in SCORE_COUNTER, "usesTeams": kind in teams,
             "bggId": 0, "bggYear": 0}
            for kind, number in game_ids.items()
        ],
        "plays": [_file_play(game, player_ids, game_ids[game.game], now) for game in games],
    }


def bgstats_play(game: GameExport) -> dict[str, Any]:
    """One finished game as the push link's play (the fields of BG Stats' push documentation:
    ``sourceName``, ``sourcePlayId``, ``playDate`` in UTC ``YYYY-MM-DD HH:MM:SS``,
    ``durationMin``, ``location``, ``board``, ``ignored``, ``game`` and ``players`` with
    ``name``, ``sourcePlayerId``, ``score``, ``rank``, ``winner``, ``startPlayer``,
    ``seatOrder``, ``role`` and ``team``)."""
    counter = SCORE_COUNTER.get(game.game)
    teams = _uses_teams(game)
    players = []
    for seat in game.seats:
        player: dict[str, Any] = {
            "name": seat.player, "sourcePlayerId": player_uuid(seat.player),
            "rank": seat.rank, "winner": seat.won, "startPlayer": seat.seat == 0,
            "seatOrder": seat.seat + 1, "role": "",
        }
        if counter is not None and counter in seat.counters:
            player["score"] = seat.counters[counter]
        if teams:
            player["team"] = str(seat.seat % 2 + 1)
        players.append(player)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game.uid,
        "playDate": _utc_date(game.started),
        "durationMin": duration_minutes(game),
        "location": LOCATION,
        "board": "",
        "ignored": False,
        "game": {
            "name": GAME_NAMES.get(game.game, game.game), "sourceGameId": game.game,
            "highestWins": True, "noPoints": counter is None,
        },
        "players": players,
    }


def bgstats_url(store: Records, game_id: int) -> str:
    """"Log to BG Stats" for the finished game ``game_id`` (its stored id): the push link with
    :func:`bgstats_play` as URL-encoded JSON. KeyError in plain words when the store has no
    such finished game."""
    play = bgstats_play(finished_game(store, game_id))
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def play_uuid(uid: str) -> str:
    """A play's ``uuid`` in the play file: the game's uid when it is a UUID (upper case, as BG
    Stats writes them); a uid kept from before uids (a content key) gives the UUID derived from
    it, the one earlier exports gave that play."""
    try:
        return str(uuid.UUID(uid)).upper()
    except ValueError:
        return _uuid("play", uid)


def player_uuid(name: str) -> str:
    """A player's UUID, derived from the name: the same name gives the same UUID every time."""
    return _uuid("player", name)


def duration_minutes(game: GameExport) -> int:
    """Whole minutes from start to finish, at least 1."""
    return max(1, (game.duration_seconds + 30) // 60)


def _file_play(game: GameExport, player_ids: dict[str, int], game_ref: int,
               now: str) -> dict[str, Any]:
    counter = SCORE_COUNTER.get(game.game)
    uses_teams = _uses_teams(game)
    scores = []
    for seat in game.seats:
        entry: dict[str, Any] = {
            "playerRefId": player_ids[seat.player], "winner": seat.won, "rank": seat.rank,
            "seatOrder": seat.seat + 1, "startPlayer": seat.seat == 0, "newPlayer": False,
        }
        if counter is not None and counter in seat.counters:
            entry["score"] = str(seat.counters[counter])
        if uses_teams:
            entry["team"] = str(seat.seat % 2 + 1)
        scores.append(entry)
    return {
        "uuid": play_uuid(game.uid),
        "modificationDate": now,
        "entryDate": _local_date(game.finished),
        "playDate": _local_date(game.started),
        "durationMin": duration_minutes(game),
        "usesTeams": uses_teams,
        "ignored": False,
        "manualWinner": False,
        "rounds": 0,
        "locationRefId": 1,
        "gameRefId": game_ref,
        "rating": 0,
        "scoringSetting": 0,
        "playerScores": scores,
    }


def _uses_teams(game: GameExport) -> bool:
    return game.game == "crash" and game.players == 4


def _local_date(iso: str) -> str:
    """The play file writes local time as ``YYYY-MM-DD HH:MM:SS`` (as BG Stats' own files)."""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _utc_date(iso: str) -> str:
    """The push link's ``playDate``: UTC, written ``YYYY-MM-DD HH:MM:SS``."""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"{kind}:{name}")).upper()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
