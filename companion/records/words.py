"""The records' words in Czech and English (gettext domain ``records``): the games' names, the
players' names (the companion's seats as "Companion (strong)"), times, durations and rates, for
``companion stats`` and the records the phones read (:mod:`companion.records.views`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.i18n import Translate
    from companion.records.players import Player

GAME_NAMES = {
    "quoridor": ("Quoridor", "Quoridor"),
    "pacman": ("Quoridor PAC-MAN", "Quoridor PAC-MAN"),
    "crash": ("Crash by Crash", "Crash by Crash"),
    "patamat": ("Pat and Mat race", "Pat a Mat závodí"),
    "clovece": ("Matfyzácké Člověče nezlob se", "Matfyzácké Člověče nezlob se"),
}
"""(English, Czech) names, as the registry has them (a test checks): the records do not load
every game's rules just to name them."""


def translator(lang: str) -> Translate:
    """The ``records`` texts in ``lang`` (the catalogue is only loaded for Czech: a command
    starts faster without it). ValueError for a language other than cs or en."""
    if lang not in ("cs", "en"):
        raise ValueError(f"the language {lang!r} is not cs or en")
    if lang == "en":
        return str
    from companion.i18n import translator as domain_translator

    return domain_translator("records", lang)


def game_name(game: str, lang: str) -> str:
    names = GAME_NAMES.get(game)
    return names[1 if lang == "cs" else 0] if names else game


def player_name(player: Player, tr: Translate) -> str:
    """A player's name; the companion's player is "Companion (strong)" in the language."""
    return seat_name(player.name, player.companion_level, tr)


def seat_name(name: str, level: str | None, tr: Translate) -> str:
    """A seat's name: the player's, or the companion's for a seat it played at ``level``."""
    if level is None:
        return name
    return tr("Companion ({level})").format(level=tr(level))


def local_time(iso: str | None) -> str:
    """A stored moment (ISO 8601, UTC) in this machine's local time: "12.03.2025 18:40", as the
    touchscreen writes it; "" for none."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%d.%m.%Y %H:%M")


def duration_text(seconds: int, tr: Translate) -> str:
    """"14 min", "1 h 05 min"."""
    minutes = round(max(0, seconds) / 60)
    if minutes < 60:
        return tr("{minutes} min").format(minutes=max(1, minutes))
    return tr("{hours} h {minutes:02d} min").format(hours=minutes // 60, minutes=minutes % 60)


def percent(rate: float) -> str:
    """A win rate (0–1) as a whole percentage: "67 %"."""
    return f"{round(100 * rate)} %"
