"""The codes a phone scans, one at a time, big: a seat's, the spectators', a game's BG Stats
link. Back and Next step through the seats; Done closes."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.app.kvlang.loading import load_kv

DENSE_MODULES = 61
"""From this many modules across (a long link: BG Stats' play), a code gets the view's whole
height, its caption beside it: under ~6 px a module, every pixel counts for a camera."""


class PhoneCodes(ModalView):
    """Over the whole screen: one code with its caption under it and its address small; the
    pages are dicts ``{"caption": …, "url": …, "note": …}``."""

    pages = ListProperty([])
    page = NumericProperty(0)
    caption = StringProperty("")
    url = StringProperty("")
    note = StringProperty("")
    """What to do with the phone, in a sentence, beside the code."""
    counter = StringProperty("")
    """"2 of 3" when there are several codes, else ""."""
    done_text = StringProperty("")
    is_dense = BooleanProperty(False)
    """The code shown has more than :data:`DENSE_MODULES` modules across."""
    tr: Any = None

    def __init__(self, tr: Any, **kwargs: Any) -> None:
        load_kv("phones")  # its rule, first asked for here (the home screen opens it)
        self.tr = tr
        super().__init__(**kwargs)
        self.bind(pages=self._show, page=self._show)
        self._show()

    def next(self) -> None:
        if self.page + 1 < len(self.pages):
            self.page += 1

    def back(self) -> None:
        if self.page > 0:
            self.page -= 1

    def _show(self, *_: Any) -> None:
        if not self.pages:
            self.caption = self.url = self.note = self.counter = ""
            return
        self.page = min(self.page, len(self.pages) - 1)
        shown = self.pages[self.page]
        self.caption = shown["caption"]
        self.url = shown["url"]  # the code is made now (kv binds its text to it)
        self.is_dense = self.ids.code.modules > DENSE_MODULES
        self.note = shown.get("note", "")
        count = len(self.pages)
        self.counter = self.tr("{number} of {count}").format(
            number=self.page + 1, count=count) if count > 1 else ""


class ForgetPhonesDialog(ModalView):
    """Forget phones costs every phone a new scan: asked first."""

    action: Any = None

    def __init__(self, action: Any, **kwargs: Any) -> None:
        load_kv("phones")
        self.action = action
        super().__init__(**kwargs)

    def confirm(self) -> None:
        self.dismiss(animation=False)
        self.action()


def seat_pages(phones: Any, table: Any) -> list[dict[str, str]]:
    """A page per seat a person plays: "Play Eva's seat on your phone"."""
    match = table.match
    if match is None:
        return []
    note = table.tr("Scan it with the phone's camera: that seat opens in the browser, "
                    "nothing to install.")
    return [{"caption": table.tr("Play {name}'s seat on your phone").format(
                 name=match.names[seat]), "url": url, "note": note}
            for seat, url in phones.seat_urls()]


def watch_page(phones: Any, table: Any) -> dict[str, str]:
    """The spectators' page: everyone may follow the game, nobody plays from it."""
    return {"caption": table.tr("Watch on your phone"), "url": phones.view_url(),
            "note": table.tr("Scan it with the phone's camera to follow the game, its history "
                             "and statistics. It cannot play.")}


def bgstats_page(url: str, table: Any) -> dict[str, str]:
    """A finished game's "Log to BG Stats" link."""
    return {"caption": table.tr("Log this game to BG Stats"), "url": url,
            "note": table.tr("Scan it with the phone that has BG Stats: the play opens there, "
                             "ready to save.")}


def show_codes(pages: list[dict[str, str]], table: Any, done_text: str = "") -> PhoneCodes:
    """Open the codes over the screen (nothing opens for no page)."""
    view = PhoneCodes(tr=table.tr, pages=pages, done_text=done_text or table.tr("Done"))
    if pages:
        view.open(animation=False)
    return view
