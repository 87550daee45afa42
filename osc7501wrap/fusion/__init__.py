"""Deciding: screen timing (classifier), one state from every signal (fusion), and the
I/O-free pipeline that feeds them behind one entry (pipeline: events in, effects out,
as events.py spells them; drive.py drives it on a capture's clock)."""
