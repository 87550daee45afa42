"""The child's byte stream, read as it passes: the layer below the loop and the core.

- :mod:`.scanner`: the child's own OSC 7501 sequences (reports, the probe) found, and
  taken out, in a stream split anywhere (:class:`~.scanner.ReportScanner`);
- :mod:`.tracker`: safe points, the modes left on, the title and progress
  (:class:`~.tracker.StreamTracker`).

The proxy (the loop) feeds a tracker with what it writes; the core (fusion/) takes the
child's reports from a scanner and the title and progress as events (it never reads
the proxy's tracker). Nothing here does I/O or knows what a state means.
"""
