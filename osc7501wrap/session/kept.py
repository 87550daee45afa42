"""What a session keeps of its output and keystrokes until its boot: :class:`Kept`.

Plain Python with no import: it is loaded before the child starts (session.session).
It does not decide when the boot comes, nor what the kept reads are replayed into.
"""


class Kept:
    """Reads kept until the boot, each with its time: the last `keep` bytes (reads that
    would leave more are dropped from the front), and the most ever kept."""

    __slots__ = ("cut", "high", "keep", "reads", "size")

    def __init__(self, keep: int) -> None:
        self.reads: list[tuple[bytes, float]] = []
        self.size = self.high = 0
        self.cut = False  # reads were dropped from the front
        self.keep = keep

    def add(self, data: bytes, at: float) -> None:
        reads = self.reads
        reads.append((data, at))
        self.size += len(data)
        if self.size > self.high:
            self.high = self.size
        while self.size - len(reads[0][0]) >= self.keep:
            self.size -= len(reads.pop(0)[0])
            self.cut = True

    def take(self) -> list[tuple[bytes, float]]:
        reads, self.reads, self.size = self.reads, [], 0
        return reads
