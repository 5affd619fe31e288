"""The Pat a Mat board on the touchscreen."""
