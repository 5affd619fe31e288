"""The Člověče board on the touchscreen."""
