"""The start-up boundary: the `wrap` command line and the per-event commands `hook` and
`emit`. Everything here is paid by every run, so it keeps to cheap imports
(tests/test_startup.py guards that)."""
