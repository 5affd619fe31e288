"""Quoridor, the PAC-MAN variant (rules/quoridor.md, Part C)."""
