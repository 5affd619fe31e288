"""How to play Matfyzácké Člověče nezlob se: the essentials, with the board's diagrams."""

from __future__ import annotations

from companion.games.howto import Diagram, Page

START = ("board4 seats{S0,S2} | S0 home{R,Y,G,B} goal{} | S2 home{R,Y,G,B} goal{} | track{} "
         "| turn S0")
MIDDLE = ("board4 seats{S0,S2} | S0 home{G} goal{3:B} | S2 home{Y,G,B} goal{} "
          "| track{4:R, 15:Y, 24:R} | turn S0")

PAGES = (
    Page(
        "One piece of every colour",
        ("Your colour is the colour of your houses, not of a piece.",
         "Every home starts with four pieces: red, yellow, green and blue.",
         "Goal: bring one piece of every colour into your own goal."),
        Diagram(START, 2, caption="Each home holds one piece of each colour"),
    ),
    Page(
        "Sixes and moving",
        ("Roll. After a 6 roll again, as long as sixes come. Use the sixes first, each roll "
         "for one move.",
         "A 6 may bring any piece from your home onto your start field.",
         "You may move any piece on the track whose colour is neither in your home nor in "
         "your goal, whoever brought it in.",
         "A roll you can use must be used; one you cannot is lost."),
        Diagram(MIDDLE, 2, caption="Home: green, goal: blue. So red and yellow may be moved"),
    ),
    Page(
        "Captures and gifts",
        ("End your turn on a piece and you capture it.",
         "It goes to the home of a player who can play it: one without that colour in home "
         "and goal. When several can, you choose.",
         "Careful: it may have to go to your own home.",
         "Enter your goal by the exact count. Pieces in the goal may jump and move on in it."),
        Diagram(MIDDLE, 2, caption="A captured yellow piece can go only to {0}: {1} has yellow "
                                   "at home"),
    ),
)
