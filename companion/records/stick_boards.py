"""The players' Pat a Mat boards to a USB stick and back (Settings' two board buttons).

Copying writes every board the players made into ``companion-boards/`` on the stick, each file
whole (a temporary file renamed into place). Loading reads every ``.toml`` file in that folder,
checks it first and takes only the playable ones, each written whole into the boards directory;
a refused file is named with its reason, and a board that is there already (the same file) is
not taken twice. Nothing is ever half-copied: a file is either all there or not there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from companion.whole_files import write_whole

USB_BOARDS_FOLDER = "companion-boards"
"""The folder on the stick the boards go to and come from."""
NOT_TEXT = "the board file is not UTF-8 text"
"""The finding for a file that is not text (as the board checker says it)."""


@dataclass(frozen=True)
class Refused:
    """A file not taken: its name and why, the board checker's findings (or the file's own
    trouble: not text, not readable) as the checker says them."""

    file: str
    findings: tuple[str, ...]

    def reason(self, lang: str = "en") -> str:
        """Why, in the players' words in ``lang`` (the first problem; the rule small at the
        end)."""
        from companion.games.patamat.builder.problems import findings_words

        return findings_words(self.findings, lang)[0]


class StickProblem(ValueError):
    """The stick cannot be read or written at all; the message says why in plain words."""


@dataclass
class BoardsCarried:
    """What a copy or a load did: the boards taken (their titles), the files refused (file
    name, reason), the boards already there (titles)."""

    taken: list[str] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    already_there: list[str] = field(default_factory=list)
    folder: Path | None = None


def copy_boards_to_stick(stick: Path | str) -> BoardsCarried:
    """Every board the players made onto the stick (``companion-boards/<name>.toml``)."""
    from companion.games.patamat.board import BoardError, parse_board
    from companion.games.patamat.library import board_text, board_title, players_names

    folder = _folder(stick, create=True)
    carried = BoardsCarried(folder=folder)
    for name in players_names():
        try:
            text = board_text(name)
            parse_board(text, f"{name}.toml")
        except OSError as error:
            carried.refused.append(Refused(f"{name}.toml", (_unreadable(name, error),)))
            continue
        except UnicodeDecodeError:
            carried.refused.append(Refused(f"{name}.toml", (NOT_TEXT,)))
            continue
        except BoardError as error:
            carried.refused.append(Refused(f"{name}.toml", tuple(error.errors)))
            continue
        target = folder / f"{name}.toml"
        if _same_text(target, text):
            carried.already_there.append(board_title(name))
            continue
        try:
            write_whole(target, text)
        except OSError as error:
            raise StickProblem(
                f"the USB stick {stick} cannot be written: {error.strerror}") from None
        carried.taken.append(board_title(name))
    return carried


def load_boards_from_stick(stick: Path | str) -> BoardsCarried:
    """Every playable board in ``companion-boards/`` on the stick among the players' boards;
    each file checked before it is taken."""
    from companion.games.patamat.board import BoardError, parse_board
    from companion.games.patamat.library import board_text, players_names, save_board

    folder = _folder(stick, create=False)
    carried = BoardsCarried(folder=folder)
    if not folder.is_dir():
        return carried
    mine = {name: board_text(name) for name in players_names()}
    for file in sorted(folder.glob("*.toml"), key=lambda path: path.name.casefold()):
        try:
            text = file.read_bytes().decode("utf-8")
        except OSError as error:
            carried.refused.append(Refused(file.name, (_unreadable(file.name, error),)))
            continue
        except UnicodeDecodeError:
            carried.refused.append(Refused(file.name, (NOT_TEXT,)))
            continue
        try:
            board = parse_board(text, file.name)
        except BoardError as error:
            carried.refused.append(Refused(file.name, tuple(error.errors)))
            continue
        title = board.title or board.name
        if text in mine.values():
            carried.already_there.append(title)
            continue
        try:
            saved = save_board(text, title)
        except BoardError as error:
            carried.refused.append(Refused(file.name, tuple(error.errors)))
            continue
        mine[saved] = board_text(saved)
        carried.taken.append(title)
    return carried


def _unreadable(name: str, error: OSError) -> str:
    """The finding for a file that cannot be read (as the board checker says it)."""
    return f"cannot read {name!r} ({error.strerror or error})"


def _folder(stick: Path | str, create: bool) -> Path:
    root = Path(stick)
    if not root.is_dir():
        raise StickProblem(f"the USB stick {stick} is not there")
    folder = root / USB_BOARDS_FOLDER
    if create:
        try:
            folder.mkdir(exist_ok=True)
        except OSError as error:
            raise StickProblem(
                f"the USB stick {stick} cannot be written: {error.strerror}") from None
    return folder


def _same_text(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


__all__ = ["NOT_TEXT", "USB_BOARDS_FOLDER", "BoardsCarried", "Refused", "StickProblem",
           "copy_boards_to_stick", "load_boards_from_stick"]
