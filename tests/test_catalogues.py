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


def test_a_catalogue_reads_its_strings_escapes_and_all_without_leaving_garbage() -> None:
    """Every shipped catalogue reads as Python reads its strings (``\\"``, ``\\n``, lines
    continued), and reading one leaves no reference cycles behind for the collector: a
    game's catalogues are read as it opens, and ~10,000 cycles waited there for the next
    collection (~1 MB)."""
    import ast
    import gc

    text = (i18n.LOCALE_DIR / "cs" / "LC_MESSAGES" / "crash.po").read_text(encoding="utf-8")
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        catalogue = i18n.parse_po(text)
        left = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert len(catalogue) > 100
    assert left < 100, left
    escaped = 'msgid "Say \\"hi\\"\\n"\n"and go"\nmsgstr "Řekni \\"ahoj\\"\\n"\n"a jdi"\n'
    assert i18n.parse_po(escaped) == {'Say "hi"\nand go': 'Řekni "ahoj"\na jdi'}
    for path in sorted((i18n.LOCALE_DIR / "cs" / "LC_MESSAGES").glob("*.po")):
        lines = path.read_text(encoding="utf-8").splitlines()
        quoted = [line.strip().partition(" ")[2] if not line.strip().startswith('"')
                  else line.strip() for line in lines
                  if line.strip().startswith(("msgid ", "msgstr ", '"'))]
        assert [i18n._unquoted(text) for text in quoted] == [
            ast.literal_eval(text) for text in quoted], path.name
