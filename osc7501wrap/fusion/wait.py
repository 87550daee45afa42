"""The core's taker of frames that wait: :class:`Wait`, handed to the driver as
``Effects.wait`` while a hold is in force.

A frame that waits (docs/fusion.md: the first read after a pause, shaped like the last
frame the core read at once, within that frame's hold, with no OSC string in it) needs
nothing of the core but to be kept for later. The driver offers each read to
:meth:`Wait.take` before it makes an ``Output`` event of it; the frame is taken (kept,
unfed) or refused (the driver then hands it to ``Pipeline.handle``, which offers it to
the same object first: a driver that never calls it gets the same decisions).

The pipeline sets the terms (:meth:`Pipeline._wait_terms`: until when, the shape, the
room left, the time of the last output, the deadline and whether a taken frame is
settled) after every event it takes, and folds the frames taken into its own state
(backlog, bytes unfed, times, counts) first thing at its next event or question: what it
reads then is what it read when it held those frames itself. So the core stays the only
decider: the driver only calls.

Not here: what a shape is and the hold's conditions (:mod:`.pipeline`), what the driver
does with a frame taken (write it; the session's own deadlines).
"""

from __future__ import annotations

from collections.abc import Callable

#: What :meth:`Wait.take` says: the frame is the core's to feed (hand it to
#: ``Pipeline.handle`` as ``Output``); it waits, and a ``Written`` follows it; it waits
#: and its round needs nothing more (``Effects.settled``).
REFUSED, TAKEN, SETTLED = 0, 1, 2

# Every digit as "0": a frame and its shape key have one shape (digits are masked in runs,
# and SGR parameters are left out whatever they are), and a spinner's frames repeat as
# keys (its glyphs cycle, its counters change only digits), so a shape is looked up
# rather than worked out again.
DIGITS_AS_0 = bytes.maketrans(b"123456789", b"000000000")
SHAPE_KEY_MAX = 512  # longer frames are shaped each time, not kept
NEVER = float("-inf")  # `until` when no frame may wait


class Wait:
    """Takes the frames of a hold while its terms allow (see the module docstring).

    The terms, set by the pipeline alone: ``until`` (frames before then may wait; -inf:
    none), ``settle`` (the pause before a first read), ``last`` (the time of the last
    output), ``room`` (bytes a read may still have: the core's read-at-once limit less
    what waits unfed), ``shape`` and ``shapes`` (the shape of the frame read last, and
    the core's shapes of recent frames by key) with ``shape_of`` (the core's own lookup,
    for a key not among them), ``due`` (when the core next needs the time with frames
    waiting) and ``result`` (:data:`TAKEN` or :data:`SETTLED`). What it took and the
    pipeline has not folded yet: ``frames`` and ``first`` (when the first of them came).
    """

    __slots__ = ("due", "first", "frames", "last", "result", "room", "settle", "shape",
                 "shape_of", "shapes", "until")

    def __init__(self, settle: float, shapes: dict[bytes, bytes],
                 shape_of: Callable[[bytes], bytes]) -> None:
        self.until = NEVER
        self.settle = settle
        self.last = -1.0
        self.room = 0
        self.shape: bytes | None = None
        self.shapes = shapes
        self.shape_of = shape_of
        self.due: float | None = None
        self.result = TAKEN
        self.frames: list[bytes] = []
        self.first = 0.0

    def take(self, data: bytes, now: float) -> int:
        """Take `data`, read at `now`, if it is a frame that waits: :data:`TAKEN` or
        :data:`SETTLED`; else :data:`REFUSED` and nothing changed. The tests are the
        pipeline's for an ``Output``, in its order (the shape last: a key not seen yet
        is shaped and kept by the core's lookup)."""
        if now >= self.until:
            return REFUSED
        n = len(data)
        if (not n or now - self.last < self.settle or n > self.room
                or (0x5D in data and data.find(b"\x1b]") >= 0)  # an OSC string
                or data[n - 1] == 0x1B  # an escape the next read ends
                or ((self.shapes.get(data.translate(DIGITS_AS_0)) if n <= SHAPE_KEY_MAX
                     else None) or self.shape_of(data)) != self.shape):
            return REFUSED
        frames = self.frames
        if not frames:
            self.first = now
        frames.append(data)
        self.room -= n
        self.last = now
        return self.result
