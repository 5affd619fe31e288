"""The Crash by Crash board on the touchscreen."""
