"""SHA-256 without loading OpenSSL where the interpreter has its own.

``hashlib`` loads libcrypto at import (its ``_hashlib``): 2 ms and 3.9 MiB of resident
memory in every session, which needs the digest only for a dialog's id and herdr's
socket key. CPython builds its own SHA-256 as ``_sha2`` (3.12 and later) or ``_sha256``
(3.11); an interpreter with neither takes hashlib's. The digests are the same.
"""

from __future__ import annotations

try:
    from _sha2 import sha256  # CPython 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # CPython 3.11
    except ImportError:  # another interpreter
        from hashlib import sha256

__all__ = ["sha256"]
