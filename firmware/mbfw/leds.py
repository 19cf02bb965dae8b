# LED frames onto the physical chain, straight into the bytes the strip receives.
#
# Frames arrive in the host's cell order (row-major a1, b1, ...) as bytes r,g,b,r,g,b,...;
# `chain` maps each chain position to a frame index (serpentine wiring, spare LEDs: None).
# `order` names the channels in the order the strip takes them off the wire ("GRB" for
# WS2812B: green byte first), so each channel's byte goes to order.index(channel) -- correct
# for all six orders by construction.
#
# The glue hands the buffer to machine.bitstream() itself, with the timing micropython-lib's
# neopixel driver uses (micropython/drivers/led/neopixel/neopixel.py: (400, 850, 800, 450) ns,
# 800 kHz). That driver is the same bit-bang underneath (rp2: ports/rp2/machine_bitstream.c);
# writing its bytes here saves a Python __setitem__ per LED with its own ORDER shuffle.

TIMING_NS = (400, 850, 800, 450)
WAITING = (0, 0, 24)  # dim blue on the first LED: no host (docs/firmware.md)


class LedChain:
    def __init__(self, count, order="GRB", brightness=1.0, chain=None):
        if not isinstance(order, str) or len(order) != 3 or sorted(order) != ["B", "G", "R"]:
            raise ValueError("leds.order must be one of GRB, RGB, BRG, RBG, GBR, BGR")
        if not 0 <= brightness <= 1:
            raise ValueError("leds.brightness must be 0.0-1.0")
        self.count = count
        self.at = (order.index("R"), order.index("G"), order.index("B"))  # wire offset of r, g, b
        scale = int(brightness * 256)
        self.lut = bytes([(v * scale) >> 8 for v in range(256)])
        self.chain = [j if j is not None else -1 for j in chain] if chain is not None else list(range(count))
        if len(self.chain) != count:
            raise ValueError("leds.chain must list one frame index per LED")

    def buffer(self):
        return bytearray(3 * self.count)

    def render(self, pixels, buf):
        """Fill buf (3 bytes per LED, wire order) from a frame (bytes r,g,b per frame index;
        LEDs the frame does not reach stay dark)."""
        lut = self.lut
        r_at, g_at, b_at = self.at
        n = len(pixels)
        k = 0
        for j in self.chain:
            p = 3 * j
            if 0 <= p < n - 2:
                buf[k + r_at] = lut[pixels[p]]
                buf[k + g_at] = lut[pixels[p + 1]]
                buf[k + b_at] = lut[pixels[p + 2]]
            else:
                buf[k] = buf[k + 1] = buf[k + 2] = 0
            k += 3
        return buf

    def waiting(self, buf):
        """The waiting light into buf: the first LED dim blue, the rest dark."""
        for i in range(len(buf)):
            buf[i] = 0
        if self.count:
            for at, v in zip(self.at, WAITING):
                buf[at] = self.lut[v]
        return buf
