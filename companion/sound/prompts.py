"""What the companion says, in Czech and English, at the moments a glance would be needed.

Three kinds of prompt, joined into one sentence per moment (a newer one replaces it):

- **table**: what to change on the table after an automatic consequence: the lines the play
  screen shows (the game's ``text.describe``), read out, the first few;
- **turn**: whose turn and what to do ("Eva, roll the die."). Czech avoids the vocative, which
  no rule turns every name into: "Hraje Eva: hoď kostkou.";
- **winner**: the result screen's headline ("Eva wins!").

English is written here; the Czech is in ``locale/cs/LC_MESSAGES/sound.po``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.i18n import translator

DOMAIN = "sound"
MAX_TABLE_LINES = 3
"""More lines than this are left to the screen: a long speech is not listened to."""

TURN_TEXTS = {
    "roll": "{name}, roll the die.",
    "move": "{name}, your move.",
    "choice": "{name}, choose.",
    "setup": "{name}, set up the board.",
}
"""The turn prompt for each thing the game may await (``Match.awaiting``)."""

SAMPLE_TABLE = "Pat goes back to the start; the go-kart stays where it is."
"""A sample of a table prompt for ``companion sounds`` (the game supplies the real ones)."""
SAMPLE_NAMES = ("Eva", "Mat")
WINNER_TEXT = "{name} wins!"
"""The app's headline on the result screen (domain ``app``): what is said is what is shown."""

_WORDS = {
    "en": {"to": "to", "plus": "plus", "minus": "minus"},
    "cs": {"to": "na", "plus": "plus", "minus": "mínus"},
}
_ARROW = re.compile(r"\s*(?:→|->|⇒)\s*")
_SIGNED = re.compile(r"(?<![\w])([+−-])(\d)")
_PATH_DASH = re.compile(r"(?<=\d)-(?=[a-z])")


def turn_prompt(name: str, awaiting: str, lang: str) -> str:
    """Whose turn and what to do; "" without a name (nobody to call yet)."""
    if not name.strip():
        return ""
    template = TURN_TEXTS.get(awaiting, TURN_TEXTS["move"])
    return translator(DOMAIN, lang)(template).format(name=name)


def table_prompt(lines: Sequence[str], lang: str, limit: int = MAX_TABLE_LINES) -> str:
    """The first ``limit`` "what to change on the table" lines, as one spoken text."""
    return compose([speakable(line, lang) for line in lines[:limit]])


def winner_prompt(names: Sequence[str], lang: str) -> str:
    """The winner(s), as the result screen's headline says it."""
    return translator("app", lang)(WINNER_TEXT).format(name=", ".join(names))


def speakable(text: str, lang: str) -> str:
    """A line of the screen as espeak-ng should read it: arrows and signs in words ("g7 → g8"
    → "g7 to g8", "Red +2" → "Red plus 2"), a path's dashes as pauses."""
    words = _WORDS.get(lang, _WORDS["en"])
    text = _ARROW.sub(f" {words['to']} ", text)
    text = _SIGNED.sub(lambda sign: f"{words['plus' if sign[1] == '+' else 'minus']} "
                                    f"{sign[2]}", text)
    text = _PATH_DASH.sub(" ", text)
    return " ".join(text.replace(";", ",").split())


def compose(parts: Sequence[str]) -> str:
    """Sentences joined into one text, each ended with a full stop unless it has its own."""
    sentences = []
    for part in parts:
        part = part.strip()
        if part:
            sentences.append(part if part[-1] in ".!?…" else f"{part}.")
    return " ".join(sentences)


def samples(lang: str) -> dict[str, str]:
    """A sample of every prompt kind (file name → text), for ``companion sounds``."""
    name = SAMPLE_NAMES[0]
    found = {f"turn_{awaiting}": turn_prompt(name, awaiting, lang) for awaiting in TURN_TEXTS}
    found["table"] = table_prompt([translator(DOMAIN, lang)(SAMPLE_TABLE)], lang)
    found["table_and_turn"] = compose([found["table"], turn_prompt(SAMPLE_NAMES[1], "roll",
                                                                   lang)])
    found["winner"] = winner_prompt([name], lang)
    return found


__all__ = ["MAX_TABLE_LINES", "TURN_TEXTS", "compose", "samples", "speakable", "table_prompt",
           "turn_prompt", "winner_prompt"]
