"""The phones at the table, measured (issue #22): ``push.py`` (an input → every phone has the
state; the server's memory and idle CPU), ``tap.py`` (the touchscreen's tap with the phones'
server on and 10 phones against off), ``render.py`` (CPU per board and per change). Each runs
alone: ``python benchmarks/web/tap.py``."""
