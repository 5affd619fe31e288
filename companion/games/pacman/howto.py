"""How to play the PAC-MAN variant of Quoridor: the essentials, with the board's diagrams."""

from __future__ import annotations

from companion.games.howto import Diagram, Page

WALLS = ("b1h g1h c2v f2v d2v e2v a3h h3h c4h f4h c5h f5h a6h h6h c7v f7v d7v e7v b8h g8h")
LAYOUT = "Default symmetric maze (proposal, not the printed leaflet layout)"
START = (f"pacman | layout {LAYOUT} | phase pacman | pacman e7 lives 3 | dots a1 i1 a9 i9 | "
         f"blinky d5 | pinky f5 | inky c5 | clyde g5 | moved - | walls {WALLS}")
GHOSTS = (f"pacman | layout {LAYOUT} | phase ghosts | pacman d6 lives 3 | dots a1 i1 a9 i9 | "
          f"blinky d5 | pinky f5 | inky c5 | clyde g5 | moved - | walls {WALLS}")

PAGES = (
    Page(
        "Eat all four dots",
        ("One player is PAC-MAN, the others share the four ghosts.",
         "PAC-MAN wins by eating all 4 big dots. He has 3 lives.",
         "The ghosts win by catching PAC-MAN three times first.",
         "The walls are fixed: nobody places or moves them."),
        Diagram(START, 2, caption="PAC-MAN, the four ghosts and the four dots"),
    ),
    Page(
        "PAC-MAN moves first",
        ("PAC-MAN always moves 2 squares, never diagonally. He may turn and go back.",
         "On a dot he stops, eats it and moves 3 squares more at once.",
         "During those 3 squares he eats every ghost he runs into.",
         "Otherwise he may not step onto a ghost."),
        Diagram(START, 2, caption="The marks: where PAC-MAN can get to", shows_moves=True),
    ),
    Page(
        "Then every ghost moves",
        ("Each ghost on the board moves one square, in any order.",
         "A ghost that sees PAC-MAN along a row or column, with no wall between, may move "
         "2 squares.",
         "A ghost may pass over a dot but not stop on it.",
         "A ghost that reaches PAC-MAN catches him: he loses a life and everyone goes back to "
         "the start. Eaten dots stay eaten."),
        Diagram(GHOSTS, 2, caption="The ghosts' turn after PAC-MAN's move"),
    ),
)
