"""How to play Pat a Mat závodí: the essentials, with the board's own diagram."""

from __future__ import annotations

from companion.games.howto import Diagram, Page

CARS = ('kart1 = "F42", kart2 = "F19", kart3 = "F09", car1 = "F16", car2 = "F31", '
        'car3 = "F41", car4 = "F17", tractor1 = "F04", tractor2 = "F01", rusty1 = "F13", '
        'rusty2 = "F32", rusty3 = "F26", garbage1 = "F36", garbage2 = "F23", garbage3 = "F07"')
RACE = "\n".join((
    'board = "standin-v1"',
    'board_sha = "5a027cd8f802a272"',
    'players = ["Pat", "Mat"]',
    "target = 3",
    'turn = "Pat"',
    "flags = { Pat = 0, Mat = 1 }",
    f"cars = {{ {CARS} }}",
    "[pawns]",
    'Pat = { field = "F19" }',
    'Mat = { field = "F11" }',
    "",
))

PAGES = (
    Page(
        "Race for the flags",
        ("Before the race, take turns placing all the cars on ordinary fields.",
         "Agree how many flags win (usually 3). Roll and move forward that many fields.",
         "Reach CÍL (no exact roll needed) and take a flag. Then everyone starts the next "
         "lap from START.",
         "Whoever first has the agreed number of flags wins."),
        Diagram(RACE, 2, caption="The cars wait on the track", names=("Pat", "Mat")),
    ),
    Page(
        "Cars",
        ("Stop on a car: your next move follows that car, and you take it along and leave it "
         "where you stop.",
         "Go-kart: three times the roll. Car: twice the roll.",
         "Tractor: 2 fields, no rolling. Rusty car: you miss a turn.",
         "Garbage truck: the roll, but backwards.",
         "Several kinds of car on your field: you choose one."),
        Diagram(RACE, 2, caption="Each kind of car has its sign on the board",
                names=("Pat", "Mat")),
    ),
    Page(
        "Traffic light, signs, bumping",
        ("Stop on the traffic light: next turn roll for the light first.",
         "1 to 3 green: roll again and go. 4 orange: roll the light again. 5 or 6 red: your "
         "turn is over.",
         "Stop on a sign (white arrow on blue): your next move starts the way it points.",
         "Stop where another player stands: he goes one field back, and boards a car if one "
         "is there."),
    ),
)
