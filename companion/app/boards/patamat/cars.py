"""Pat a Mat's cars as the board draws and names them: types, counts, words, letters, looks.

The board and its fix mode both read these (Kivy-free); the words are English msgids of the
``patamat`` catalogue.
"""

from __future__ import annotations

CAR_TYPES = ("kart", "car", "tractor", "rusty", "garbage")
CAR_COUNTS = {"kart": 3, "car": 4, "tractor": 2, "rusty": 3, "garbage": 3}
NOUN = {"kart": "go-kart", "car": "car", "tractor": "tractor", "rusty": "rusty car",
        "garbage": "garbage truck"}
LETTER = {"kart": "K|go-kart letter", "car": "C|car letter", "tractor": "T|tractor letter",
          "rusty": "R|rusty car letter", "garbage": "G|garbage truck letter"}
"""The letter on a car token; the text after ``|`` only tells translators what it is."""
CAR_LOOK = {  # colour, shape
    "kart": ((0.98, 0.80, 0.10, 1), "triangle"),
    "car": ((0.40, 0.74, 1.00, 1), "circle"),
    "tractor": ((0.25, 0.72, 0.28, 1), "square"),
    "rusty": ((0.66, 0.33, 0.12, 1), "diamond"),
    "garbage": ((0.62, 0.64, 0.67, 1), "hexagon"),
}
CHOICE_TEXT = {
    "kart": "Go-kart: three times the roll, forward",
    "car": "Car: twice the roll, forward",
    "tractor": "Tractor: 2 fields forward",
    "rusty": "Rusty car: sit out this turn",
    "garbage": "Garbage truck: the roll, backward",
}
PANEL_TEXTS = {
    "place": "{name}: tap a plain field for {car} ({left} left)",
    "rolloff": "Who starts? Everyone rolls once; the highest roll starts",
    "light_wait": "{name} stands at the traffic light: 1–3 green, 4 orange, 5–6 red",
    "go": "{name}: tap OK (or the pawn)",
}
BOARD_MESSAGES = (*CHOICE_TEXT.values(), *PANEL_TEXTS.values(), *LETTER.values())
