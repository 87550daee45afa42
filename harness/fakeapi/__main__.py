"""Run the fake API by hand: ``python -m fakeapi [PORT]`` (from ``tests/``)."""

import sys

from .server import main

sys.exit(main())
