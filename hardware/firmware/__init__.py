"""Firmware of the electronic die (MicroPython on a Raspberry Pi Pico).

Only ``die_logic`` is imported on the host (tests, ``hardware.fake_die``); ``main.py`` runs
on the Pico alone. This file is not copied to the Pico.
"""
