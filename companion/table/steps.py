"""What a person must change on the physical board since the last input of a person: the steps
of the board (a person's input, the companion's inputs after it, an undo or redo), and the
lines they make. Kivy-free; the table session keeps one :class:`BoardSteps` per open game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.table_lines import TableLine, board_difference, lines_for
from companion.i18n import translator


@dataclass(frozen=True)
class Step:
    """One change of the board: the input (``line``, "" for an undo or redo) of ``seat``, the
    board before and after it, its events, and for a person's own input the game's sentences
    of its consequences per language (``words``, made when it was played)."""

    seat: int | None
    is_companion: bool
    line: str
    before: dict[str, Any]
    after: dict[str, Any]
    events: tuple[str, ...]
    words: dict[str, list[str]]


class BoardSteps:
    """The steps since the last input of a person: a person's input (or an undo or redo)
    starts them anew, a companion seat's input adds to them."""

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def copy(self) -> BoardSteps:
        """The same steps in a new keeper (the steps are immutable): read elsewhere while the
        table plays on."""
        twin = BoardSteps()
        twin._steps = list(self._steps)
        return twin

    def clear(self) -> None:
        self._steps = []

    def note(self, step: Step) -> None:
        if not step.is_companion:
            self._steps = []
        if step.line.startswith("fix "):
            return  # a fix makes the screen match the table: nothing to change there
        self._steps.append(step)

    def lines(self, game: str, names: Sequence[str], lang: str,
              colours: Sequence[str] | None = None) -> list[TableLine]:
        """The lines to act on, with the board things each accounts for (a person's own
        input's lines account for none: the person made that change).

        The companion's rolls go with the action they brought ("Jan (6, 4): Move the blue
        piece …"); a roll that brought none is said on its own ("Jan rolled 5: no move")."""
        lines: list[TableLine] = []
        rolls: list[str] = []
        roller: int | None = None

        def no_move() -> None:
            if rolls and roller is not None:
                said = translator("app", lang)("{name} rolled {value}: no move").format(
                    name=names[roller], value=", ".join(rolls))
                lines.append(TableLine(said, frozenset()))
            rolls.clear()

        for number, step in enumerate(self._steps):
            is_roll = step.line.startswith("roll ") and step.seat is not None
            if step.seat != roller or not step.is_companion:
                no_move()
            roller = step.seat
            if step.words:
                if is_roll and number + 1 < len(self._steps) and not board_difference(
                        game, step.before, step.after):
                    continue  # a roll that moved nothing is old news once the companion played
                lines += [TableLine(text, frozenset()) for text in step.words.get(lang, [])]
                continue
            moved = lines_for(game, step.before, step.after, step.events, names, lang,
                              colours=colours)
            if is_roll:
                rolls.append(step.line.split()[1])
            if moved and rolls and step.seat is not None:
                first = moved[0]
                said = f"{names[step.seat]} ({', '.join(rolls)}): {first.text}"
                moved[0] = TableLine(said, first.covers)
                rolls.clear()
            lines += moved
        no_move()
        return lines

    def shown(self) -> list[tuple[dict[str, Any], dict[str, Any], tuple[str, ...]]]:
        """The board changes no person made here (the companion's inputs, an undo or redo), as
        (before, after, events), for a face to show them again one after another."""
        return [(step.before, step.after, step.events) for step in self._steps
                if not step.words and step.before != step.after]
