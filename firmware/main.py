# Runs at boot on the Pico (MicroPython). Deploy: see docs/firmware.md.
from mbfw.glue import main

main()
