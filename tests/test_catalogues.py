"""The Czech catalogues: a message is translated once per domain, so no screen shows another
screen's grammar (the same English in two places with two Czech forms needs two messages)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import companion.i18n as i18n

ENTRY = re.compile(r'^msgid "(.*)"\nmsgstr "(.*)"', re.MULTILINE)


def twice_translated(text: str) -> dict[str, set[str]]:
    """Messages of a catalogue's text that have more than one translation."""
    seen: dict[str, set[str]] = defaultdict(set)
    for message, translation in ENTRY.findall(text):
        seen[message].add(translation)
    return {message: found for message, found in seen.items() if len(found) > 1}


def test_no_message_has_two_translations_in_one_domain() -> None:
    catalogues = sorted(Path(i18n.LOCALE_DIR).glob("*/LC_MESSAGES/*.po"))
    assert len(catalogues) >= 5
    found = {path.name: twice_translated(path.read_text(encoding="utf-8"))
             for path in catalogues}
    assert {name: twice for name, twice in found.items() if twice} == {}


def test_the_check_finds_a_message_translated_twice() -> None:
    text = 'msgid "{name}\'s pawn"\nmsgstr "figurka"\n\nmsgid "{name}\'s pawn"\nmsgstr "figurku"\n'
    assert twice_translated(text) == {"{name}'s pawn": {"figurka", "figurku"}}
