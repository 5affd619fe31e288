"""The phone page's files: nothing that needs 'unsafe-inline' in the CSP, nothing fetched from
elsewhere, every text set as text, and every word of the page in Czech and English."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from companion.resources import package_path

STATIC = package_path("companion.web", "static")


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []
        self.inline_script = False
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_script = True


def test_the_page_has_no_inline_script_or_style_and_nothing_from_elsewhere() -> None:
    tags = Tags()
    tags.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    assert not tags.inline_script
    assert all(tag != "style" for tag, _attrs in tags.found)
    for tag, attrs in tags.found:
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not value or value.startswith("/static/"), (tag, value)
    scripts = [attrs.get("src") for tag, attrs in tags.found if tag == "script"]
    assert scripts == ["/static/records.js", "/static/app.js"]  # records.js: the Records tab


def test_no_file_reaches_outside_the_table() -> None:
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import", text, re.I), path


def scripts() -> str:
    """Every script of the page, one after another."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js")))


def test_the_script_sets_text_never_markup() -> None:
    script = scripts()
    for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                      "eval(", "new Function", "setAttribute(\"style\"", ".cssText"):
        assert forbidden not in script, forbidden
    assert "DOMParser" in script and "importNode" in script  # the board: parsed, then imported


def test_every_word_of_the_page_is_in_czech_and_english() -> None:
    words = json.loads((STATIC / "words.json").read_text(encoding="utf-8"))
    assert set(words) == {"cs", "en"}
    assert set(words["cs"]) == set(words["en"])
    for key in words["en"]:
        assert words["cs"][key] and words["en"][key]
        assert re.findall(r"{\w+}", words["cs"][key]) == re.findall(r"{\w+}", words["en"][key])
    script = scripts()
    used = set(re.findall(r'word\("(\w+)"(?! \+)', script))
    # the records' words named after their part or format: word("part_" + …)
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    used |= {f"part_{part}" for part in re.findall(r'data-part="(\w+)"', page)}
    formats = re.search(r"const FORMATS = \[([^\]]*)\]", script)
    assert formats is not None
    used |= {f"download_{name}" for name in re.findall(r'"(\w+)"', formats.group(1))}
    assert {"part_stats", "download_bgstats"} <= used
    assert used <= set(words["en"]), used - set(words["en"])
