"""Quoridor, the PAC-MAN variant (rules/quoridor.md, Part C).

The engine package is loaded first: its registry imports this package's rules, so importing a
module of this package on its own (e.g. ``companion.games.pacman.layout``) would otherwise meet
a half-initialised module.
"""

import companion.engine  # noqa: F401
