"""Pat a Mat's cars as the board draws and names them: types, counts, words, letters, looks.

The board and its fix mode both read these (Kivy-free); the words are English msgids of the
``patamat`` catalogue. A car type's words on a button (``CHOICE_TEXT``) are the game's
(``companion.games.patamat.choices``), the same on every face, and so are the car types, their
counts and their names on the set-up's buttons.
"""

from __future__ import annotations

from companion.games.patamat.choices import CAR_COUNTS, CAR_TYPES, CHOICE_TEXT, NOUN
from companion.geometry.patamat import CAR_LOOK

LETTER = {"kart": "K|go-kart letter", "car": "C|car letter", "tractor": "T|tractor letter",
          "rusty": "R|rusty car letter", "garbage": "G|garbage truck letter"}
"""The letter on a car token; the text after ``|`` only tells translators what it is."""
PANEL_TEXTS = {
    "place": "{name}: tap a plain field for {car} ({left} left)",
    "rolloff": "Who starts? Everyone rolls once; the highest roll starts",
    "light_wait": "{name} stands at the traffic light: 1–3 green, 4 orange, 5–6 red",
    "go": "{name}: tap OK (or the pawn)",
}
BOARD_MESSAGES = (*CHOICE_TEXT.values(), *PANEL_TEXTS.values(), *LETTER.values())

__all__ = ["BOARD_MESSAGES", "CAR_COUNTS", "CAR_LOOK", "CAR_TYPES", "CHOICE_TEXT", "LETTER", "NOUN",
           "PANEL_TEXTS"]
