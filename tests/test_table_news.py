"""A person's input's news (table/steps.py): said at once in the table's language only; in
another language (a phone's, the table's next) when first asked for, as they stood just after
the input even once the table has played on. Kivy-free."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.records.store import Store
from companion.table.session import Setup, TableSession
from companion.table.words import game as game_words

NAMES = ["Eva", "Jan"]


def table(path: Path, game: str, lang: str) -> TableSession:
    """Two people at the table: every input is a person's own (each has news to say)."""
    session = TableSession(Store(path), lang=lang)
    session.new_game(Setup(game, NAMES, ["red", "blue"], {}, {}))
    return session


@pytest.mark.parametrize("game", ["crash", "clovece", "patamat"])
def test_news_in_another_language_are_said_when_asked_as_they_stood(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    said: Counter[str] = Counter()
    describe = game_words.table_describe

    def counted(events: Any, match: Any, lang: str) -> list[str]:
        said[lang] += 1
        return describe(events, match, lang)

    monkeypatch.setattr(game_words, "table_describe", counted)
    english, czech = table(tmp_path / "en.sqlite3", game, "en"), table(tmp_path / "cs.sqlite3",
                                                                       game, "cs")
    assert english.match is not None and czech.match is not None
    choose = random.Random(game)
    asked_later = spoken = 0
    for _turn in range(60):
        if english.match.is_over:
            break
        steps = english.steps.copy()  # the English table's last input, read later in Czech
        in_czech = czech.table_todo()
        line = (f"roll {choose.randint(1, 6)}" if english.match.awaiting == "roll"
                else choose.choice(english.match.legal()))
        said.clear()
        assert english.send(line)
        assert said["cs"] == 0  # the English table said its news in English only
        spoken += bool(said["en"])
        said.clear()
        assert czech.send(line)
        assert said["en"] == 0  # and the Czech table in Czech only
        # the English table's step before, asked in Czech now that the match has moved on:
        # the same lines as the Czech table said then
        names = list(english.match.names)
        assert [said.text for said in steps.lines(game, names, "cs", ["red", "blue"])] == [
            said.text for said in in_czech]
        asked_later += 1
        assert english.table_lines != czech.table_lines or not english.table_lines
    assert asked_later >= 30 and spoken >= 30
