"""Czech and English for everything the players read, from gettext ``.po`` catalogues.

English is the source language: every message is written in English in the code, and
``locale/cs/LC_MESSAGES/<domain>.po`` holds its Czech. The domain is ``app`` for the screens and
the game id for each game's texts and rule reasons. Pure Python, no Kivy.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cache
from typing import Any

from companion.resources import package_path

LANGUAGES = ("cs", "en")
LOCALE_DIR = package_path("companion", "locale")

Translate = Callable[[str], str]


def translator(domain: str, lang: str) -> Translate:
    """A function from an English message to its text in ``lang`` (English when missing)."""
    if lang == "en":
        return _identity
    catalogue = load_catalogue(domain, lang)
    return lambda message: catalogue.get(message) or message


def translate_reason(domain: str, lang: str, template: str, params: dict[str, Any]) -> str:
    """Translate a rule reason's template, then fill in its (translated) parameters."""
    translate = translator(domain, lang)
    text = translate(template)
    if not params:
        return text
    # Words passed as parameters ("row 1", a colour) are translated too when the catalogue has them.
    words = {
        key: translate(value) if isinstance(value, str) else value
        for key, value in params.items()
    }
    return text.format(**words)


@cache
def load_catalogue(domain: str, lang: str) -> dict[str, str]:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}
    return parse_po(path.read_text(encoding="utf-8"))


def parse_po(text: str) -> dict[str, str]:
    """Read the msgid/msgstr pairs of a .po file (multi-line strings included)."""
    entries: dict[str, str] = {}
    current: dict[str, list[str]] = {}
    key = ""

    def flush() -> None:
        msgid = "".join(current.get("msgid", []))
        msgstr = "".join(current.get("msgstr", []))
        if msgid and msgstr:
            entries[msgid] = msgstr

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            current = {}
            key, rest = "msgid", line[len("msgid ") :]
        elif line.startswith("msgstr "):
            key, rest = "msgstr", line[len("msgstr ") :]
        elif line.startswith('"'):
            rest = line
        else:
            continue
        current.setdefault(key, []).append(_unquoted(rest))
    flush()
    return entries


def _unquoted(quoted: str) -> str:
    """A .po string's text. Most have no escape: their text is what lies between the quotes
    (``ast.literal_eval`` left ~600 bytes of reference cycles a string, ~1 MB of garbage for a
    game's catalogues until the next collection, and took Crash by Crash's ~8 ms)."""
    if len(quoted) >= 2 and quoted[0] == quoted[-1] == '"' and "\\" not in quoted \
            and '"' not in quoted[1:-1]:
        return quoted[1:-1]
    return str(ast.literal_eval(quoted))


def _identity(message: str) -> str:
    return message
