"""THROWAWAY stand-in of the boards helper's library (its three calls the builder uses), so the
builder's saving can be tested before that branch lands; the lead keeps the boards' version."""

from __future__ import annotations

import re
import tomllib
import unicodedata

from companion.games.patamat.board import PACKAGE_BOARDS, BoardError, board_errors, user_boards_dir


def save_board(text: str, title: str, replace: str | None = None) -> str:
    errors = board_errors(text)
    if errors:
        raise BoardError("<builder>", errors)
    folder = user_boards_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = replace or _free_name(_slug(title))
    text = re.sub(r"^name\s*=.*$", f'name   = "{name}"', text, count=1, flags=re.MULTILINE)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return name


def board_text(name: str) -> str:
    for folder in (user_boards_dir(), PACKAGE_BOARDS):
        path = folder / f"{name}.toml"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise LookupError(name)


def board_title(name: str) -> str:
    return str(tomllib.loads(board_text(name)).get("title") or name)


def _slug(title: str) -> str:
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "board"


def _free_name(base: str) -> str:
    name, number = base, 2
    folders = (user_boards_dir(), PACKAGE_BOARDS)
    while any((folder / f"{name}.toml").exists() for folder in folders):
        name, number = f"{base}-{number}", number + 1
    return name
