"""Board files shipped with the game (a package so that its ``*.toml`` is installed with it)."""
