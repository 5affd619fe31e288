"""What a person must change on the physical board since the last input of a person: the steps
of the board (a person's input, the companion's inputs after it, an undo or redo), and the
lines they make. Kivy-free; the table session keeps one :class:`BoardSteps` per open game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from companion.games.table_lines import TableLine, board_difference, lines_for
from companion.i18n import LANGUAGES, translator

if TYPE_CHECKING:
    from companion.engine import Match


@dataclass(frozen=True)
class Step:
    """One change of the board: the input (``line``, "" for an undo or redo) of ``seat``, the
    board before and after it, and its events. For a person's own input also the board as the
    person's own hand left it (``hand``, :func:`companion.games.table_lines.hand_board`: the
    lines say what to change from there, the consequences), and the news it brought per
    language in the game's sentences (whose roll it was, a roll lost, whose turn, a win; made
    when it was played): ``news`` before the lines of what to change, ``news_after`` after."""

    seat: int | None
    is_companion: bool
    line: str
    before: dict[str, Any]
    after: dict[str, Any]
    events: tuple[str, ...]
    hand: dict[str, Any] | None = None
    news: Mapping[str, Sequence[str]] = field(default_factory=dict)
    news_after: Mapping[str, Sequence[str]] = field(default_factory=dict)

    @property
    def is_own_input(self) -> bool:
        """A person's own input (not the companion's, not an undo or redo)."""
        return self.hand is not None


def made_step(match: Match, seat: int | None, line: str, before: dict[str, Any],
              after: dict[str, Any], events: tuple[str, ...], *, is_companion: bool,
              is_person_input: bool, roller: int | None, lang: str | None = None) -> Step:
    """The table's step of ``line`` by ``seat`` (``match`` as it is just after it; ``line`` ""
    for an undo or redo). A person's own input (``is_person_input``) gets the board as their
    own hand left it and its news in each language, after whose roll it was (``roller``'s,
    when it is a roll): in ``lang`` (the table's) now, in another when first asked for."""
    step = Step(seat, is_companion, line, before, after, events)
    return _with_news(step, match, roller, lang) if is_person_input else step


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
        """The lines to act on, with the board things each accounts for: after a person's own
        input its news and the consequences on the board (what the person's hand did is theirs,
        not said again; the news cover nothing).

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
            if step.hand is not None:
                if is_roll and number + 1 < len(self._steps) and not board_difference(
                        game, step.before, step.after):
                    continue  # a roll that moved nothing is old news once the companion played
                lines += [TableLine(text, frozenset()) for text in step.news.get(lang, ())]
                lines += lines_for(game, step.hand, step.after, step.events, names, lang,
                                   colours=colours)  # the consequences: from the hand's board
                lines += [TableLine(text, frozenset()) for text in step.news_after.get(lang, ())]
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
                if not step.is_own_input and step.before != step.after]


def _with_news(step: Step, match: Match, roller: int | None, lang: str | None) -> Step:
    """A person's own input with the board as their own hand left it (the table lines say the
    consequences from there) and its news in each language (the game's sentences of its events
    that are no board change: they read the match as it is just after the input), after whose
    roll it was. The news in ``lang`` are said now; in the other languages (a phone's, the
    table's next) when first asked for, from a copy of the match as it is now (the table plays
    on): a table that never shows another language never says its news (Crash by Crash's
    Czech news of an input took ~70 µs of each English tap)."""
    from companion.games.table_lines import hand_board, news_events
    from companion.table.words.game import roll_events

    first, then = news_events(match.game_id, step.events)
    after_a_roll = step.line.startswith("roll ") and roller is not None
    if after_a_roll:  # the lines start with the roll: not said again in the game's words
        said = roll_events(match)
        first = [event for event in first if event.partition(" ")[0] not in said]
    rolled: tuple[str, str] | None = None
    if after_a_roll and roller is not None:
        rolled = (match.names[roller], step.line.split()[1])
    hand = hand_board(match.game_id, step.before, step.line, step.events)
    if not first and not then and rolled is None:  # no news: nothing to say in any language
        return replace(step, hand=hand)
    news = News(match, first, rolled, lang)
    news_after = News(match, then, None, lang)
    return replace(step, hand=hand, news=news, news_after=news_after)


class News(Mapping[str, Sequence[str]]):
    """A person's input's news by language (:data:`LANGUAGES`): the game's sentences of
    ``events`` and, after a roll, whose roll it was first (``rolled``: the name and the
    value). Those in ``lang`` are said at once from ``match``; the others when first asked
    for, from a copy of ``match`` taken now (cheap: its steps are shared), read as it stood.
    Said once per language (a face on another thread that asks at the same moment may say
    them twice: the same sentences)."""

    def __init__(self, match: Match, events: Sequence[str], rolled: tuple[str, str] | None,
                 lang: str | None) -> None:
        self._events = list(events)
        self._rolled = rolled
        self._said: dict[str, list[str]] = {}
        if lang in LANGUAGES:
            self._said[lang] = self._say(match, lang)
        self._match = match.copy() if len(self._said) < len(LANGUAGES) else None

    def _say(self, match: Match, lang: str) -> list[str]:
        from companion.table.words.game import table_describe

        lines = table_describe(self._events, match, lang)
        if self._rolled is not None:
            name, value = self._rolled
            lines.insert(0, translator("app", lang)("{name} rolled {value}").format(
                name=name, value=value))
        return lines

    def __getitem__(self, lang: str) -> list[str]:
        said = self._said.get(lang)
        if said is None:
            if lang not in LANGUAGES or self._match is None:
                raise KeyError(lang)
            said = self._said[lang] = self._say(self._match, lang)
        return said

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)
