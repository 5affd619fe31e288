# mypy: ignore-errors
"""MicroPython firmware of the companion's electronic die (Raspberry Pi Pico / Pico W).

Copy ``main.py`` and ``die_logic.py`` to the Pico (e.g. ``mpremote cp main.py
die_logic.py :``). Wiring (see hardware/README.md):

* the roll button between GP14 and GND (internal pull-up);
* a common-cathode 7-segment digit, segments a..g on GP0..GP6 through 330 ohm resistors
  (or, with ``DISPLAY = "pips"``, seven LEDs laid out like a die's pips on GP0..GP6).

The USB serial console carries the protocol: this file only moves bits between the pins,
the console and ``die_logic``; all decisions are made there.
"""

import os
import select
import sys
import time

import die_logic
from machine import Pin

BUTTON_PIN = 14
DISPLAY_PINS = (0, 1, 2, 3, 4, 5, 6)
DISPLAY = "segments"  # or "pips"
SHUFFLE_STEPS = 6
SHUFFLE_MS = 60
POLL_MS = 2

button = Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP)
leds = [Pin(number, Pin.OUT, value=0) for number in DISPLAY_PINS]
debouncer = die_logic.Debouncer(20, time.ticks_diff)
reader = die_logic.LineReader()
console = select.poll()
console.register(sys.stdin, select.POLLIN)


def show(face):
    pattern = die_logic.pips_for(face) if DISPLAY == "pips" else die_logic.segments_for(face)
    for led, level in zip(leds, pattern):
        led.value(level)


def send(line):
    sys.stdout.write(line + "\n")


def roll():
    """Roll with a short shuffle on the display, show and return the face."""
    for _ in range(SHUFFLE_STEPS):
        show(die_logic.roll_from_bytes(os.urandom))
        time.sleep_ms(SHUFFLE_MS)
    face = die_logic.roll_from_bytes(os.urandom)
    show(face)
    return face


def main():
    show(0)
    send(die_logic.HELLO_LINE)
    while True:
        if debouncer.update(button.value() == 0, time.ticks_ms()):
            send(die_logic.roll_line(roll()))
        while console.poll(0):
            for line in reader.feed(sys.stdin.read(1)):
                answer = die_logic.reply(line, roll)
                if answer is not None:
                    send(answer)
        time.sleep_ms(POLL_MS)


main()
