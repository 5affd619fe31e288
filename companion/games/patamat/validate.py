"""Check a Pat a Mat board file: ``python -m companion.games.patamat.validate FILE``.

Prints ``OK`` (exit status 0) or one line per problem, each naming the field (exit status 1).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion.games.patamat.board import load_board_file, validate_board_file


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m companion.games.patamat.validate BOARD_FILE.toml", file=sys.stderr)
        return 2
    errors = validate_board_file(args[0])
    if errors:
        for error in errors:
            print(error)
        return 1
    board = load_board_file(args[0])
    print(f"OK: board {board.name!r}, {len(board.fields)} fields")
    return 0


if __name__ == "__main__":
    sys.exit(main())
