"""The PAC-MAN variant's board on the touchscreen."""
