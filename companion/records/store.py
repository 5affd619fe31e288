"""Every game in one SQLite file: each accepted input committed before it is acknowledged.

The file lives in the user's data directory (platformdirs) unless a path is given. How it is
opened, checked, migrated, set aside when it cannot be read (with a plain message in
:attr:`Store.warnings`), and written while the card refuses writes, is
:mod:`companion.records.database`'s; the store is the records' one door over it. Every game has
its identity, a random uid given when it starts (:attr:`StoredGame.uid`); the games' rows are
:mod:`companion.records.games`'.

The players are records of their own (:mod:`companion.records.players`): every game's seats point at
them, and a finished game's ranks and final counters are kept per seat for the statistics
(:mod:`companion.records.stats`).

A card that refuses writes (full, remounted read-only, failing) is not a damaged file: the store
opens what it can read, :attr:`Store.problem` says what is wrong, a game write (:meth:`start`,
:meth:`record`) raises :class:`StoreUnwritable` and changes nothing, and the small writes
(settings, die counts, an abandoned game) wait in memory. Every later write first tries the card
again and, once it takes writes, writes what waited; :meth:`record` always writes a game's whole
timeline up to the match, so moves played unsaved are written by the next record that succeeds.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from companion.records import boards as kept_boards
from companion.records import games
from companion.records.database import Database
from companion.records.faults import StoreUnwritable
from companion.records.schema import SCHEMA_VERSION, new_uid

if TYPE_CHECKING:
    from companion.engine import Match
    from companion.records.games import StoredGame
    from companion.records.players import Player

# The engine (and every game), the results, the players' records (``players``), platformdirs and
# logging are imported where they are used: ``companion stats`` and the other records commands
# open the store without them, and the app's home screen reads no player (start time).
__all__ = ["SCHEMA_VERSION", "Player", "Store", "StoreUnwritable"]


def __getattr__(name: str) -> Any:
    if name == "Player":  # loaded when first asked for (see above)
        from companion.records.players import Player

        return Player
    raise AttributeError(f"module 'companion.records.store' has no attribute {name!r}")
T = TypeVar("T")


def default_store_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion", appauthor=False)) / "games.sqlite3"


class Store:
    """The SQLite store. Open it once; call :meth:`record` after every accepted input."""

    def __init__(
        self, path: Path | str | None = None, clock: Callable[[], str] | None = None,
        check: bool = True, read_only: bool = False,
    ) -> None:
        """``clock`` gives the time stamped on games and players (ISO 8601; UTC now by
        default). ``check=False`` skips the integrity check of a file that is opened only to
        read the records (it reads the whole file: slow for a large store). ``read_only``:
        a reader beside the app (the phones' records): the file is opened read-only, never
        created, migrated or set aside (an older schema is read migrated in memory)."""
        self.clock: Callable[[], str] = clock or _now
        """What stamps the games and players with the time (ISO 8601)."""
        self._saved_lines: dict[int, list[str]] = {}
        self._waiting_settings: dict[str, Any] = {}
        """Settings not yet written (the card refuses writes): read from here till then."""
        self._setting_texts: dict[str, str | None] = {}
        """Each setting's JSON text as this store last read or wrote it (None: not set): the
        play screen asks for the coach's setting at every input (a query, ~40 µs)."""
        self._database = Database(Path(path) if path is not None else default_store_path(),
                                  check, read_only, on_written=self._waiting_settings.clear)
        """The SQLite file and its writes (:mod:`companion.records.database`)."""

    @property
    def path(self) -> Path:
        return self._database.path

    @property
    def warnings(self) -> list[str]:
        """What was done to a file that could not be read, or a game that could not be
        replayed, in plain words."""
        return self._database.warnings

    @property
    def problem(self) -> StoreUnwritable | None:
        """Why the store cannot be written now (None while it can)."""
        return self._database.problem

    @property
    def is_writable(self) -> bool:
        return self.problem is None

    # -- games ---------------------------------------------------------------------------------

    def start(
        self, match: Match, extra: dict[str, Any] | None = None,
        player_ids: Sequence[int | None] | None = None,
        unnamed_seats: Collection[int] = (),
    ) -> int:
        """Store a new match (and the inputs it already has); return its id.

        ``player_ids`` gives the player of every seat, in seat order; without it the players
        are found (or created) by the match's names, and the companion's seats
        (``extra["companions"]``, seat → level) are the companion's player of that level.
        A seat nobody gave a name (None in ``player_ids``, or one of ``unnamed_seats``: the
        terminal's "Player 1" without ``--name``) plays under the match's name but is no
        player's: no player is saved for it and it counts in nobody's statistics.
        Raises :class:`StoreUnwritable` (nothing stored) when the card refuses the write,
        ValueError for a wrong number of players and KeyError for an unknown player id (then
        nothing is stored either).
        """
        if player_ids is not None and len(player_ids) != match.players:
            raise ValueError(
                f"{len(player_ids)} players given for the {match.players} seats of this game"
            )
        started = self.clock()
        uid = new_uid()
        options = match.snapshot()["options"]
        board = kept_boards.board_of(match)
        if board is not None:
            extra = {**(extra or {}), kept_boards.BOARD_KEY: board[0]}
            chosen = options.get(kept_boards.BOARD_OPTION)
            if not isinstance(chosen, str) or "\n" in chosen:  # a kept board played again
                options[kept_boards.BOARD_OPTION] = match.state.board.name

        game_id = self._database.write(lambda db: games.insert(
            db, match, options, extra or {}, started, uid, player_ids, unnamed_seats, board))
        self._saved_lines[game_id] = []
        self.record(game_id, match)
        return game_id

    def record(
        self, game_id: int, match: Match, die_face: tuple[str, int] | None = None
    ) -> None:
        """Bring the stored timeline and undo cursor up to the match, durably.

        ``die_face`` (source, face) counts a roll for the fairness figures in the same commit.
        Raises :class:`StoreUnwritable` (nothing written) when the card refuses the write.
        """
        from companion.records.results import final_results

        saved = self._saved_lines.get(game_id)
        if saved is None:
            saved = list(self.load(game_id).timeline)
        timeline = match.timeline
        common = 0
        for old, new in zip(saved, timeline):
            if old != new:
                break
            common += 1
        outcome = match.outcome
        results = final_results(match) if outcome else []
        finished = self.clock() if outcome else None

        def write(db: sqlite3.Connection) -> None:
            games.write_timeline(db, game_id, match, common, finished, results)
            if die_face is not None:
                _count_face(db, *die_face)

        self._database.write(write)
        self._saved_lines[game_id] = list(timeline)

    def abandon(self, game_id: int) -> None:
        finished = self.clock()
        self._database.write_or_wait(lambda db: games.abandon(db, game_id, finished))

    def abandon_unfinished(self) -> None:
        """Every game still being played becomes abandoned (a new game instead of Continue)."""
        finished = self.clock()
        self._database.write_or_wait(lambda db: games.abandon_playing(db, finished))

    def load(self, game_id: int) -> StoredGame:
        """The stored game with this id. KeyError if none."""
        return games.load(self.connection, game_id)

    def unfinished(self, game: str | None = None) -> StoredGame | None:
        """The most recent game still being played (of that kind, if given)."""
        return games.latest_playing(self.connection, game)

    def finished_games(self, limit: int = 200) -> list[StoredGame]:
        return games.finished_games(self.connection, limit)

    def past_games(self, limit: int = 200) -> list[StoredGame]:
        """What the history lists, the latest first: the finished games and the games ended
        early (abandoned from the menu, or by a new game instead of Continue) once a move was
        played in them."""
        return games.past_games(self.connection, limit)

    def resume(self, stored: StoredGame) -> Match:
        """Rebuild the match exactly: timeline replayed, undo cursor set.

        Raises IllegalInput if the stored inputs no longer replay (the rules changed); the
        caller tells the players and the game is kept in the store untouched.
        """
        from companion.engine import open_game  # loads every game: only when one is resumed

        match = open_game(
            stored.game,
            players=stored.players,
            names=stored.names,
            position=stored.start_position,
            **stored.match_options,
        )
        match.restore(stored.timeline, stored.cursor)
        self._saved_lines[stored.id] = list(stored.timeline)
        return match

    def resume_or_none(self, stored: StoredGame) -> Match | None:
        """Like :meth:`resume`, but a game that cannot be replayed becomes a warning."""
        from companion.engine import IllegalInput

        try:
            return self.resume(stored)
        except (IllegalInput, ValueError, KeyError) as error:
            self.warnings.append(
                f"Saved game {stored.id} ({stored.game}) could not be replayed and was set "
                f"aside: {error}"
            )
            self._database.write_or_wait(lambda db: games.set_aside(db, stored.id))
            return None

    def board_names_in_use(self) -> set[str]:
        """The boards (by name) the unfinished games are played on: not to be deleted."""
        return kept_boards.board_names_in_use(self.connection)

    # -- players -------------------------------------------------------------------------------

    def players(self, recent_first: bool = True, include_companions: bool = True) -> list[Player]:
        """Every player (merged records left out): the most recently played first, else by
        name."""
        from companion.records import players as roster

        return roster.all_players(self.connection, recent_first, include_companions)

    def player(self, player_id: int) -> Player:
        """The player with this id (a merged id gives the kept player). KeyError if none."""
        from companion.records import players as roster

        return roster.player_row(self.connection, player_id)

    def player_named(self, name: str, create: bool = True) -> Player:
        """The player called ``name`` (any case); a new one (next palette colour, initial) when
        there is none and ``create``, else KeyError. StoreUnwritable when it cannot be saved."""
        from companion.records import players as roster

        found = roster.find_named(self.connection, name)
        if found is not None:
            return found
        if not create:
            raise KeyError(f"there is no player called {roster.clean_name(name)!r}")
        return self._database.write(lambda db: roster.named_or_new(db, name, self.clock()))

    def companion_player(self, level: str) -> Player:
        """The player who stands for the companion at ``level`` (easy, normal, strong)."""
        from companion.records import players as roster

        roster.companion_name(level)  # a plain ValueError for an unknown level
        return self._database.write(lambda db: roster.companion_row(db, level, self.clock()))

    def rename_player(self, player_id: int, new_name: str) -> Player:
        """Rename; the games follow. ValueError in plain words when the name is taken."""
        from companion.records import players as roster

        return self._database.write(lambda db: roster.rename(db, player_id, new_name))

    def merge_players(self, keep_id: int, drop_id: int) -> Player:
        """Every seat of ``drop_id`` becomes ``keep_id``'s; the dropped name finds the kept
        player from now on. Returns the kept player."""
        from companion.records import players as roster

        return self._database.write(lambda db: roster.merge(db, keep_id, drop_id))

    def players_named_alike(self, player_id: int) -> list[Player]:
        """The other players whose name differs from this one's only in case ("šárka" for
        "Šárka"): kept apart until the players merge them."""
        from companion.records import players as roster

        return roster.named_alike(self.connection, player_id)

    def seat_player_ids(self, game_id: int) -> list[int | None]:
        """The player of every seat of a stored game, in seat order; None for a seat nobody
        gave a name (:meth:`start`)."""
        return games.seat_player_ids(self.connection, game_id)

    # -- for the records modules (statistics, export, import) ---------------------------------

    @property
    def connection(self) -> sqlite3.Connection:
        """The connection, for read queries (the statistics and the export)."""
        return self._database.connection

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one transaction, with the store's handling of a card that refuses
        writes (StoreUnwritable, nothing written)."""
        self._setting_texts.clear()  # (the work may change a setting)
        return self._database.write(work)

    # -- settings and die statistics ------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """A setting (a new copy of its value each time), read from the file once: the app
        writes its settings through this store only (:meth:`set_setting`)."""
        if key in self._waiting_settings:
            return self._waiting_settings[key]
        if key in self._setting_texts:
            text = self._setting_texts[key]
        else:
            row = self.connection.execute(
                "SELECT value FROM settings WHERE key = ?", (key,)
            ).fetchone()
            text = self._setting_texts[key] = row[0] if row else None
        return json.loads(text) if text is not None else default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting; on a card that refuses writes it waits in memory."""
        text = json.dumps(value)
        self._setting_texts.pop(key, None)  # read from the file again once written
        if self._database.write_or_wait(lambda db: db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, text),
        )):
            self._setting_texts[key] = text
        else:
            self._waiting_settings[key] = value

    def count_face(self, source: str, face: int) -> None:
        """Count a roll; on a card that refuses writes the count waits in memory."""
        self._database.write_or_wait(lambda db: _count_face(db, source, face))

    def retry(self) -> bool:
        """Try the card again: True when it takes writes (and what waited is written)."""
        return self._database.retry()

    def face_counts(self, source: str) -> list[int]:
        """How often each face 1–6 came up from ``source``."""
        counts = [0] * 6
        for face, count in self.connection.execute(
            "SELECT face, count FROM die_faces WHERE source = ?", (source,)
        ):
            if 1 <= face <= 6:
                counts[face - 1] = count
        return counts

    def close(self) -> None:
        self._database.close()

def _count_face(db: sqlite3.Connection, source: str, face: int) -> None:
    db.execute(
        "INSERT INTO die_faces (source, face, count) VALUES (?, ?, 1)"
        " ON CONFLICT(source, face) DO UPDATE SET count = count + 1",
        (source, face),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")

