"""Deciding: screen timing (classifier), one state from every signal (fusion), and the
I/O-free pipeline that feeds them (pipeline)."""
