"""osc7501wrap.digest: the interpreter's own SHA-256 gives hashlib's digests."""

from __future__ import annotations

import hashlib

from osc7501wrap.digest import sha256


def test_the_digest_is_hashlibs() -> None:
    for data in (b"", b"abc", "Run rm -rf old? [y/N]\x1e\u202e".encode(), bytes(range(256)) * 40):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
