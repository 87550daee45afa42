"""Prints READY; the first key typed makes it draw a [Y/n] question at once (the dialog
appears while the text goes in); Enter then prints GOT-ENTER. For the send tests."""

import os
import sys
import termios
import tty

fd = 0
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    os.write(1, b"READY\r\n")
    asked = False
    while True:
        data = os.read(fd, 1024)
        if not data:
            break
        if b"\r" in data:
            os.write(1, b"\r\nGOT-ENTER\r\n")
            break
        if not asked:
            asked = True
            os.write(1, b"\r\nDelete everything? [Y/n] ")
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
sys.exit(0)
