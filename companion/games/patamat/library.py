"""The boards the players have: the shipped stand-in and the ones they made, saved as files.

The players' boards are ``patamat-board/1`` files in :func:`user_boards_dir`, one per board; a
board is known by its *name* (the file's stem, also written as the file's ``name``) and shown by
its *title* (the file's ``title``: any text the players gave it, at most 40 characters). The
shipped boards live in the package and are never changed here.

Every board is checked before it is written (:class:`BoardError` with the checker's sentences
when it is not playable), and written whole (a temporary file renamed into place), so a board
is never half-saved. Renaming changes the title only (the name, which games refer to, stays);
deleting is refused while an unfinished game uses the board: the caller, who knows the store,
says which boards those are (``in_use``).
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from companion.games.patamat.board import (
    PACKAGE_BOARDS,
    TITLE_LENGTH,
    Board,
    BoardError,
    parse_board,
    user_boards_dir,
)
from companion.whole_files import write_whole

_NAME_LINE = re.compile(r"^name\s*=.*$", re.MULTILINE)
_TITLE_LINE = re.compile(r"^title\s*=.*\n?", re.MULTILINE)
_TABLE_START = re.compile(r"^(fields\s*=|\[)", re.MULTILINE)
_SLUG_LENGTH = 32


class BoardInUse(ValueError):
    """A board an unfinished game is played on cannot be deleted; the message says so."""


@dataclass(frozen=True)
class BoardEntry:
    """One board as the board choice lists it."""

    name: str
    title: str
    fields: int
    shipped: bool
    """A board that comes with the app (read-only: it can be copied, not edited)."""
    path: Path


def shipped_names() -> list[str]:
    """The boards that come with the app (the stand-in)."""
    return sorted(file.stem for file in PACKAGE_BOARDS.glob("*.toml"))


def players_names() -> list[str]:
    """The boards the players saved (file stems in :func:`user_boards_dir`)."""
    folder = user_boards_dir()
    if not folder.is_dir():
        return []
    return sorted(file.stem for file in folder.glob("*.toml") if file.is_file())


def board_entries() -> list[BoardEntry]:
    """Every board: the shipped ones first, then the players' by title. A players' file that
    cannot be read or is not playable is left out (``companion board check`` says why)."""
    entries: list[BoardEntry] = []
    for name in shipped_names():
        path = PACKAGE_BOARDS / f"{name}.toml"
        board = _read(path)
        if board is not None:
            entries.append(BoardEntry(name, board.title or name, len(board.fields), True, path))
    players: list[BoardEntry] = []
    for name in players_names():
        path = user_boards_dir() / f"{name}.toml"
        board = _read(path)
        if board is not None and name not in shipped_names():
            players.append(BoardEntry(name, board.title or name, len(board.fields), False, path))
    players.sort(key=lambda entry: (entry.title.casefold(), entry.name))
    return entries + players


def board_path(name: str) -> Path:
    """The file of the board ``name``: the players' first, then the shipped one. KeyError in
    plain words when there is none."""
    for folder in (user_boards_dir(), PACKAGE_BOARDS):
        path = folder / f"{name}.toml"
        if _NAME.fullmatch(name) and path.is_file():
            return path
    raise KeyError(f"there is no board called {name!r}")


def is_shipped(name: str) -> bool:
    return name in shipped_names() and not (user_boards_dir() / f"{name}.toml").is_file()


def board_text(name: str) -> str:
    """The file text of a saved or shipped board. KeyError when there is none."""
    return board_path(name).read_text(encoding="utf-8")


def board_title(name: str) -> str:
    """The board's title (its ``title`` key), else its name. KeyError when there is none."""
    try:
        title = tomllib.loads(board_text(name)).get("title")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return name
    return title if isinstance(title, str) and title.strip() else name


def save_board(text: str, title: str, replace: str | None = None) -> str:
    """Check ``text`` (a ``patamat-board/1`` file; :class:`BoardError` with the checker's
    sentences when it is not playable), write it into :func:`user_boards_dir` under a file name
    made from ``title`` (unique; or over the players' board ``replace``: ValueError for a
    shipped board), and return the board's name (the file stem). The file's ``name`` and
    ``title`` become that name and title.
    """
    clean = _clean_title(title)
    parse_board(text, "<new board>")  # the checker's sentences, before anything is touched
    if replace is not None:
        if not _NAME.fullmatch(replace) or replace in shipped_names():
            raise ValueError(_not_yours(replace))
        name = replace  # written anew should the file have gone meanwhile
    else:
        name = _free_name(_slug(clean))
    final = _with_name_and_title(text, name, clean)
    parse_board(final, f"{name}.toml")
    user_boards_dir().mkdir(parents=True, exist_ok=True)
    write_whole(user_boards_dir() / f"{name}.toml", final)
    return name


def rename_board(name: str, title: str) -> None:
    """Give the players' board ``name`` a new title (its name stays: games refer to it)."""
    if name not in players_names():
        raise KeyError(_not_yours(name))
    save_board(board_text(name), title, replace=name)


def delete_board(name: str, in_use: Collection[str] = ()) -> None:
    """Delete the players' board ``name``; :class:`BoardInUse` while an unfinished game is
    played on it (``in_use``: the boards of the unfinished games, as the store lists them)."""
    if name not in players_names():
        raise KeyError(_not_yours(name))
    if name in in_use:
        raise BoardInUse(
            f"the board {board_title(name)!r} cannot be deleted: an unfinished game is played "
            "on it (finish or end that game first)"
        )
    (user_boards_dir() / f"{name}.toml").unlink()


def import_board(path: str | os.PathLike[str], title: str | None = None) -> str:
    """Take a board file in as the players' board (checked first; nothing is written when it
    is refused); its title is ``title``, else the file's own, else its name. Returns the name."""
    file = Path(path)
    try:
        text = file.read_bytes().decode("utf-8")
    except OSError as error:
        raise BoardError(str(file), [f"cannot read {str(file)!r} ({error.strerror})"]) from None
    except UnicodeDecodeError:
        raise BoardError(str(file), ["the board file is not UTF-8 text"]) from None
    board = parse_board(text, str(file))
    return save_board(text, title or board.title or board.name)


def copy_of(name: str) -> str:
    """A board's text to start a new board from (the shipped stand-in's copy): the same
    track, the title dropped."""
    return _TITLE_LINE.sub("", board_text(name), count=1)


def export_board(name: str, target: str | os.PathLike[str]) -> Path:
    """Write the board ``name`` (players' or shipped) to the file ``target``, whole."""
    path = Path(target)
    if path.is_dir():
        path = path / f"{name}.toml"
    write_whole(path, board_text(name))
    return path


# -- private helpers -------------------------------------------------------------------------

_NAME = re.compile(r"[A-Za-z0-9_.-]+")


def _read(path: Path) -> Board | None:
    try:
        return parse_board(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError, BoardError):
        return None


def _clean_title(title: str) -> str:
    clean = " ".join(str(title).split())
    if not clean:
        raise BoardError("<title>", ["the board needs a name"])
    if len(clean) > TITLE_LENGTH:
        raise BoardError(
            "<title>", [f"the board's name is too long ({len(clean)} characters, at most "
                        f"{TITLE_LENGTH})"])
    return clean


def _slug(title: str) -> str:
    """A file name from a title: "Naše deska" → "nase-deska"."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:_SLUG_LENGTH].strip("-")
    return slug or "board"


def _free_name(base: str) -> str:
    taken = {name.casefold() for name in (*players_names(), *shipped_names())}
    name, number = base, 2
    while name.casefold() in taken:
        name = f"{base}-{number}"
        number += 1
    return name


def _toml_string(value: str) -> str:
    escaped = []
    for char in value:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _with_name_and_title(text: str, name: str, title: str) -> str:
    """``text`` with its top-level ``name`` and ``title`` set (the rest kept as it is)."""
    table = _TABLE_START.search(text)
    head, rest = (text[: table.start()], text[table.start():]) if table else (text, "")
    head = _TITLE_LINE.sub("", head)
    lines = f"name = {_toml_string(name)}\ntitle = {_toml_string(title)}"
    if _NAME_LINE.search(head):
        head = _NAME_LINE.sub(lambda _found: lines, head, count=1)
    else:
        head = head + lines + "\n"
    return head + rest


def _not_yours(name: str) -> str:
    if name in shipped_names():
        return f"the board {name!r} comes with the app and cannot be changed (copy it instead)"
    return f"there is no board of yours called {name!r}"


__all__ = [
    "BoardEntry",
    "BoardInUse",
    "board_entries",
    "board_path",
    "board_text",
    "board_title",
    "copy_of",
    "delete_board",
    "export_board",
    "import_board",
    "is_shipped",
    "players_names",
    "rename_board",
    "save_board",
    "shipped_names",
]
