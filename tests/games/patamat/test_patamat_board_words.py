"""A board file the checker refuses, told in the players' words (cs/en): every finding of the
checker (V1–V8) has its sentence, the rule small at the end; a file that is not a board file at
all is said so once."""

from __future__ import annotations

import re

import pytest
from small_board import TINY_BOARD

from companion.games.patamat.board import board_errors
from companion.games.patamat.builder.problems import FINDINGS, finding_words, findings_words
from companion.i18n import load_catalogue
from companion.records.stick_boards import NOT_TEXT

TINY = TINY_BOARD
A = '{ id = "A", next = ["B"] }'
LOOPS = """format = "patamat-board/1"
name   = "loops"
start  = "S"
finish = "C"
fields = [
  { id = "S", kind = "start", next = ["A"] },
  { id = "A", next = ["B"], back = "S" },
  { id = "B", next = ["A", "X"], main = "A" },
  { id = "X", next = ["Y", "C"], main = "C", back = "Y" },
  { id = "Y", next = ["X"] },
  { id = "C", kind = "finish", next = [] },
]
"""
"""The main road from S runs round A–B for ever (V7); back from C runs round X–Y (V8)."""

MISTAKES = [
    (A, A + ',\n  { id = "a", next = ["B"] }'), ('start  = "S"', 'start  = "Q"'),
    ('finish = "C"', 'finish = "Q"'), (A, '{ id = "A", next = ["X"] }'),
    ('kind = "start", ', ""), ('kind = "finish", ', ""),
    (A, '{ id = "A", kind = "start", next = ["B"] }'),
    (A, '{ id = "A", kind = "finish", next = ["B"] }'),
    ('kind = "finish", next = []', 'kind = "finish", next = ["S"]'),
    ('{ id = "D", next = ["G"] }', '{ id = "D", next = [] }'),
    (A, '{ id = "A", next = ["B", "A"], main = "B" }'),
    (A, '{ id = "A", next = ["B", "B"], main = "B" }'),
    (', main = "D", forced', ", forced"), (', main = "D", forced', ', main = "A", forced'),
    (A, '{ id = "A", next = ["B"], main = "B" }'), (', forced = "E"', ""),
    (', forced = "E"', ', forced = "A"'), (A, '{ id = "A", next = ["B"], forced = "B" }'),
    (', back = "D"', ""), (', back = "D"', ', back = "A"'),
    (A, '{ id = "A", next = ["B"], back = "S" }'),
]
"""A mistake for every rule the checker has: (what the right file says, what the wrong one)."""


def every_finding() -> list[str]:
    found = [finding for right, wrong in MISTAKES for finding in board_errors(
        TINY.replace(right, wrong))]
    return [*found, *board_errors(LOOPS), NOT_TEXT, "cannot read 'our.toml' (Permission denied)"]


def test_every_mistake_is_really_in_the_file_it_is_made_in() -> None:
    assert all(right in TINY for right, _wrong in MISTAKES)
    assert board_errors(TINY) == []


def test_every_sentence_is_said_for_some_finding_of_the_real_checker() -> None:
    findings = every_finding()
    unused = [sentence for pattern, sentence in FINDINGS
              if not any(pattern.match(finding) for finding in findings)]
    assert unused == []


def test_every_finding_of_the_checker_has_its_own_sentence_with_its_rule_at_the_end() -> None:
    for finding in every_finding():
        said = finding_words(finding)
        assert not said.startswith("The file is not a Pat a Mat board"), finding
        assert "'" not in said, said  # field names as printed, not quoted like the checker's
        rule = re.match(r"V\d", finding)
        assert rule is None or said.endswith(f"({rule[0]})"), said


def test_every_sentence_has_its_czech_with_the_same_blanks() -> None:
    czech = load_catalogue("patamat", "cs")
    for _pattern, sentence in FINDINGS:
        assert sentence in czech, sentence
        assert sorted(re.findall(r"\{\w+\}", czech[sentence])) == sorted(
            re.findall(r"\{\w+\}", sentence))


@pytest.mark.parametrize(("right", "wrong", "english", "czech"), [
    (', back = "D"', "",
     "Roads from D and E meet at G: which way leads back from it? (V6)",
     "Na G se sbíhají cesty od D a E: kudy se z něj jede zpátky? (V6)"),
    (', main = "D", forced', ", forced",
     "The road splits at B: which way is the main road? (V4)",
     "Na B se cesta rozděluje: kudy vede hlavní cesta? (V4)"),
    (', forced = "E"', "",
     "Which way does the blue arrow at B point? (V5)", "Kam ukazuje modrá šipka na B? (V5)"),
    ('kind = "finish", ', "", "The track has no CÍL. (V2)", "Dráha nemá CÍL. (V2)"),
])
def test_a_mistake_is_told_in_both_languages(right: str, wrong: str, english: str,
                                             czech: str) -> None:
    [finding] = board_errors(TINY.replace(right, wrong))[:1]
    assert finding_words(finding) == english
    assert finding_words(finding, "cs") == czech


def test_a_file_that_is_not_a_board_file_is_said_so_once() -> None:
    shopping = board_errors('milk = 2\nbread = "rye"\n')
    assert len(shopping) > 3
    assert findings_words(shopping) == [
        'The file is not a Pat a Mat board (it has no line format = "patamat-board/1").']
    assert findings_words(shopping, "cs") == [
        'Soubor není plán hry Pat a Mat závodí (chybí v něm řádek format = "patamat-board/1").']
    not_toml = board_errors("this is = = not toml")
    assert findings_words(not_toml, "cs") == [
        "Soubor není plán hry Pat a Mat závodí (není to text ve formátu TOML, řádek 1)."]


def test_the_loops_are_the_rules_of_the_way_on_and_the_way_back() -> None:
    assert findings_words(board_errors(LOOPS)) == [
        "From A the main road never reaches CÍL. (V7)",
        "From B the main road never reaches CÍL. (V7)",
        "From S the main road never reaches CÍL. (V7)",
        "Going back from C never reaches START. (V8)",
        "Going back from X never reaches START. (V8)",
        "Going back from Y never reaches START. (V8)",
    ]
