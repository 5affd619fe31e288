"""The Quoridor board on the touchscreen."""
