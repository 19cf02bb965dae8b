# LED frames onto the physical chain. Frames arrive in the host's cell order
# (row-major a1, b1, ...); `chain` maps each chain position to a frame index
# (serpentine wiring, spare LEDs). MicroPython's neopixel driver writes GRB;
# strips with another order get their channels swapped here.

ORDERS = {"GRB": (0, 1, 2), "RGB": (1, 0, 2), "BRG": (2, 0, 1), "RBG": (0, 2, 1), "GBR": (2, 1, 0), "BGR": (1, 2, 0)}
WAITING = (0, 0, 24)  # dim blue on the first LED: no host (docs/firmware.md)


class LedChain:
    def __init__(self, count, order="GRB", brightness=1.0, chain=None):
        if order not in ORDERS:
            raise ValueError("leds.order must be one of " + ", ".join(sorted(ORDERS)))
        if not 0 <= brightness <= 1:
            raise ValueError("leds.brightness must be 0.0-1.0")
        self.count = count
        self.perm = ORDERS[order]
        self.scale = int(brightness * 256)
        self.chain = list(chain) if chain is not None else list(range(count))
        if len(self.chain) != count:
            raise ValueError("leds.chain must list one frame index per LED")

    def pixel(self, rgb):
        s = self.scale
        v = ((rgb[0] * s) >> 8, (rgb[1] * s) >> 8, (rgb[2] * s) >> 8)
        p = self.perm
        return (v[p[0]], v[p[1]], v[p[2]])

    def render(self, pixels):
        """What to assign to np[0..count-1] for a frame (list of (r, g, b))."""
        out = []
        for i in range(self.count):
            j = self.chain[i]
            rgb = pixels[j] if j is not None and 0 <= j < len(pixels) else (0, 0, 0)
            out.append(self.pixel(rgb))
        return out

    def waiting(self):
        return [self.pixel(WAITING)] + [(0, 0, 0)] * (self.count - 1)
