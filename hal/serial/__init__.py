"""The co-processor link: an RP2040 (``firmware/``) talking a checksummed line protocol.

Separate pieces, as picochess's newer board drivers split them:

* :mod:`.protocol` -- line framing, CRC-16, the message vocabulary of both directions;
* :mod:`.parser` -- bytes in, messages out (pure; counts bad lines), sequence checking;
* :mod:`.transport` -- a pyserial port that reopens itself after an unplug, with backoff;
* :mod:`.board` -- :class:`SerialBoard`, the hal Board over all of the above;
* :mod:`.backend` -- the ``serial`` backend registered in :mod:`mazeboard.hal.backends`.

The protocol is specified in ``docs/protocol.md``; ``firmware/vectors.json``
holds golden lines that both sides' tests check.
"""
