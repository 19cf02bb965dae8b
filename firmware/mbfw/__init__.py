# mazeboard co-processor firmware (MicroPython on the RP2040). Pure logic lives in
# this package and runs under CPython in the tests; main.py and glue.py touch hardware.
