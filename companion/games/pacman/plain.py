"""The PAC-MAN variant's refusals in the players' words (see ``companion/table/words/refusals.py``).

Moves are spoken of as ways across the board ("Tap the square PAC-MAN goes to"), never in the
notation (``P:e7-e8-e9``). The layout and position sentences are for whoever edits a layout file
or the position text, so they may quote what was typed.
"""

from __future__ import annotations

PLAIN: dict[str, str] = {
    # PAC-MAN's move
    "{line} is not a PAC-MAN path like P:e7-e8-e9 or a ghost move like blinky:c3":
        "That is not a move. Tap the square PAC-MAN or a ghost goes to.",
    "the game is over":
        "The game is over: nothing more can be played.",
    "it is the ghosts' turn, PAC-MAN moves again after them":
        "Not yet: the ghosts move now, then PAC-MAN again.",
    "it is PAC-MAN's turn, {ghost} moves after him":
        "Not yet: PAC-MAN moves first, then {ghost}.",
    "PAC-MAN can move, so he may not pass":
        "PAC-MAN can move, so he may not stay where he is. Move him two steps.",
    "PAC-MAN stands on {square}, not on {start}":
        "PAC-MAN stands on {square}, not on {start}. His move starts on {square}.",
    "{origin} and {square} are not neighbouring squares":
        "{origin} and {square} are not next to each other. Each step goes to a neighbouring "
        "square.",
    "a wall stands between {origin} and {square}":
        "A wall stands between {origin} and {square}. Go around it.",
    "PAC-MAN may not enter {ghost}'s square {square}: he eats ghosts only during a bonus":
        "PAC-MAN may not step onto {ghost} on {square}: he eats ghosts only in the bonus steps "
        "after a dot. Go another way.",
    "the path is too short: PAC-MAN still has {count} step(s) to make after {square}":
        "PAC-MAN does not stop on {square}: he goes on ({count} more). Tap where his move ends.",
    "the path is too long: PAC-MAN's move ends on {square} after {count} step(s)":
        "That way is too long: PAC-MAN's move ends on {square}.",
    "no legal move of PAC-MAN leads from {origin} to {square}":
        "PAC-MAN cannot get from {origin} to {square} in this move. Tap a square he can "
        "reach.",
    "paths from {origin} to {square} eat different things: give the whole path":
        "Several ways lead from {origin} to {square}, and they eat different things. Choose "
        "the way he goes.",
    # the ghosts
    "{ghost} has been eaten and is off the board":
        "{ghost} has been eaten and is off the board. Move another ghost.",
    "{ghost} has already moved in this ghost phase":
        "{ghost} has already moved this round. Move another ghost.",
    "{ghost} can move, so it may not pass":
        "{ghost} can move, so it may not stay where it is. Move it.",
    "{ghost} stands on {square}, not on {start}":
        "{ghost} stands on {square}, not on {start}. Its move starts on {square}.",
    "{ghost} may not end on the dot {square}":
        "{ghost} may not stop on the dot on {square}. Choose another square.",
    "{ghost} may not end on {other}'s square {square}":
        "{ghost} may not stop on {square}, where {other} stands. Choose another square.",
    "{ghost} on {origin} cannot reach {square} in one or two steps":
        "{ghost} on {origin} cannot reach {square}: it goes one or two steps. Choose a nearer "
        "square.",
    "{ghost} on {origin} cannot reach {square}: without sight of PAC-MAN it makes one step":
        "{ghost} on {origin} cannot reach {square}: a ghost that does not see PAC-MAN goes "
        "one step.",
    "{ghost} catches PAC-MAN on {square}, so its move ends there":
        "{ghost} catches PAC-MAN on {square}, so its move ends there.",
    # a corrected position (Fix the position)
    "position: it must read 'pacman | layout <name> | phase … | pacman … | dots … | "
    "blinky … | pinky … | inky … | clyde … | moved … | walls …', with '| winner …' at the end":
        "The position text cannot be read: it must read 'pacman | layout <name> | phase … | "
        "pacman … | dots … | blinky … | pinky … | inky … | clyde … | moved … | walls …', with "
        "'| winner …' at the end.",
    "position: it belongs to the layout {name!r}, not to {layout!r}":
        "The corrected position belongs to another layout ({name}), not to this game's "
        "({layout}).",
    "position: the phase must be pacman, ghosts or over, not {value!r}":
        "The position text cannot be read: the phase must be pacman, ghosts or over, not "
        "{value!r}.",
    "position: the winner must be pacman or ghosts, not {value!r}":
        "The position text cannot be read: the winner must be pacman or ghosts, not {value!r}.",
    "position: the field {field!r} must read '{key} <value>'":
        "The position text cannot be read at {field!r}: it must read '{key} <value>'.",
    "position: the field {field!r} must read 'pacman <square> lives <n>'":
        "The position text cannot be read at {field!r}: it must read "
        "'pacman <square> lives <n>'.",
    "position: the field {field!r} must read 'dots <squares>' or 'dots -'":
        "The position text cannot be read at {field!r}: it must read 'dots <squares>' or "
        "'dots -'.",
    "position: the field {field!r} must read 'moved <ghosts>' or 'moved -'":
        "The position text cannot be read at {field!r}: it must read 'moved <ghosts>' or "
        "'moved -'.",
    "position: the field {field!r} must read 'walls <walls>' or 'walls -'":
        "The position text cannot be read at {field!r}: it must read 'walls <walls>' or "
        "'walls -'.",
    "position: {value!r} is not a square like e7":
        "The position text cannot be read: {value!r} is not a square like e7.",
    "position: {value!r} is not a wall like e3h":
        "The position text cannot be read: {value!r} is not a wall like e3h.",
    "position: there is no ghost {value!r} (ghosts: blinky, pinky, inky, clyde)":
        "The position text cannot be read: there is no ghost {value!r} (the ghosts are "
        "blinky, pinky, inky and clyde).",
    "position: a dot is listed twice":
        "In the corrected position a dot is listed twice.",
    "position: a ghost is listed twice as moved":
        "In the corrected position a ghost is listed twice as moved.",
    "position: {square} is not a dot of the layout":
        "In the corrected position there is a dot on {square}, where the layout has none.",
    "position: the walls are not those of the layout (the walls are fixed)":
        "In the corrected position the walls differ from the layout's. The walls never move.",
    "position: a finished game (phase over) names its winner, and only a finished game does":
        "In the corrected position the winner and the end of the game do not agree: only a "
        "finished game has a winner.",
    "position: PAC-MAN has {lives} lives, more than the layout's {most}":
        "In the corrected position PAC-MAN has {lives} lives, more than the {most} he starts "
        "with.",
    "position: the ghosts win exactly when PAC-MAN has no lives left":
        "In the corrected position the ghosts' win and PAC-MAN's lives do not agree: the "
        "ghosts win when PAC-MAN has no lives left.",
    "position: PAC-MAN wins exactly when no dots are left":
        "In the corrected position PAC-MAN's win and the dots do not agree: PAC-MAN wins when "
        "no dots are left.",
    "position: PAC-MAN stands on the dot {square}, which he would have eaten":
        "In the corrected position PAC-MAN stands on the dot on {square}, which he would have "
        "eaten.",
    "position: {ghost} stands on the dot {square}":
        "In the corrected position {ghost} stands on the dot on {square}; a ghost never ends "
        "its move on a dot.",
    "position: {ghost} and {other} share the square {square}":
        "In the corrected position {ghost} and {other} both stand on {square}.",
    "position: {ghost} stands on PAC-MAN's square {square} but the game is not over":
        "In the corrected position {ghost} stands on PAC-MAN's square {square}, but the game "
        "is not over.",
    "position: {ghost} is off the board, so it cannot have moved":
        "In the corrected position {ghost} is off the board, so it cannot have moved.",
    "position: ghosts are listed as moved outside the ghost phase":
        "In the corrected position ghosts are marked as moved, but it is not the ghosts' "
        "turn.",
    "position: in the ghost phase at least one ghost on the board is still to move":
        "In the corrected position it is the ghosts' turn, but no ghost is left to move.",
    # a layout file (the game's option)
    "layout: the layout must be a file path or a dict, not {value!r}":
        "The layout cannot be used: it must be a file, not {value!r}.",
    "layout: the layout file {path} cannot be read":
        "The layout cannot be used: the file {path} cannot be read.",
    "layout: the layout {path} is not valid JSON ({error})":
        "The layout cannot be used: the file {path} is not valid JSON ({error}).",
    "layout: the layout {path} must hold a JSON object":
        "The layout cannot be used: the file {path} must hold a JSON object.",
    "layout: the layout format is {value!r}, not {expected!r}":
        "The layout cannot be used: its format is {value!r}, not {expected!r}.",
    "layout: the layout needs a name":
        "The layout cannot be used: it has no name.",
    "layout: the layout name {value!r} may not contain '|' or a line break":
        "The layout cannot be used: its name {value!r} may not contain '|' or a line break.",
    "layout: PAC-MAN's start square must be a square like e7, not {value!r}":
        "The layout cannot be used: PAC-MAN's start square must be a square like e7, not "
        "{value!r}.",
    "layout: the layout needs the ghosts' start squares (blinky, pinky, inky, clyde)":
        "The layout cannot be used: the ghosts' start squares (blinky, pinky, inky, clyde) "
        "are missing.",
    "layout: there is no ghost {value!r} (ghosts: blinky, pinky, inky, clyde)":
        "The layout cannot be used: there is no ghost {value!r} (the ghosts are blinky, "
        "pinky, inky and clyde).",
    "layout: the layout gives no start square for {ghost}":
        "The layout cannot be used: it gives no start square for {ghost}.",
    "layout: the start square of {ghost} must be a square like d5, not {value!r}":
        "The layout cannot be used: the start square of {ghost} must be a square like d5, not "
        "{value!r}.",
    "layout: the layout needs a list of dots":
        "The layout cannot be used: the list of dots is missing.",
    "layout: a dot must be a square like a1, not {value!r}":
        "The layout cannot be used: a dot must be a square like a1, not {value!r}.",
    "layout: there must be exactly 4 dots, not {count}":
        "The layout cannot be used: it needs exactly 4 dots, not {count}.",
    "layout: the dots must lie on 4 different squares":
        "The layout cannot be used: the 4 dots must lie on 4 different squares.",
    "layout: {first} and {second} start on the same square {square}":
        "The layout cannot be used: {first} and {second} start on the same square {square}.",
    "layout: {piece} starts on the dot {square}":
        "The layout cannot be used: {piece} starts on the dot on {square}.",
    "layout: the walls must be a list like [\"b1h\", \"c2v\"]":
        "The layout cannot be used: the walls must be a list like [\"b1h\", \"c2v\"].",
    "layout: {value!r} is not a wall like e3h":
        "The layout cannot be used: {value!r} is not a wall like e3h.",
    "layout: wall {wall} lies partly off the board":
        "The layout cannot be used: the wall {wall} sticks out of the board.",
    "layout: walls {wall} and {other} overlap":
        "The layout cannot be used: the walls {wall} and {other} overlap.",
    "layout: walls {wall} and {other} cross":
        "The layout cannot be used: the walls {wall} and {other} cross.",
    "layout: a layout has at most 20 walls, not {count}":
        "The layout cannot be used: it may have at most 20 walls, not {count}.",
    "layout: the walls cut the square {square} off from the rest of the board":
        "The layout cannot be used: its walls cut the square {square} off from the rest of "
        "the board.",
    "layout: lives must be a whole number of at least 1, not {value!r}":
        "The layout cannot be used: the lives must be a whole number of at least 1, not "
        "{value!r}.",
}

DERIVED: frozenset[str] = frozenset()
"""No parameter needs other words: the board names ghosts and squares as the engine does."""
