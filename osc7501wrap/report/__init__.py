"""The reporting side: decisions -> the places people look, each one
:class:`.sink.Sink` (what to do on a decision, what to write at the next safe point,
when it next needs the time, what to do at the exit).

- :mod:`.sink`: the interface, and the window-title marker (``[fallbacks] title``);
- :mod:`.emitter`: OSC 7501 reports (full, coalesced, wrapped for tmux), sub-records,
  notifications, at safe points the session asks for;
- :mod:`.fallbacks`: OSC 9;4 progress for terminals without OSC 7501;
- :mod:`.detect`: what the terminal is and what it runs inside (tmux, herdr): the one
  reading of the environment, a frozen value passed down;
- :mod:`.terminals`: other terminals' own channels (OSC 1337 user variables, kitty's OSC
  99, Otty's OSC 26);
- :mod:`.tmux_display`: the state as tmux pane options (``@osc7501_state`` ...);
- :mod:`.herdr`: the state reported to herdr's socket (inside a herdr pane only);
- :mod:`.sinks`: a session's sinks as one object: which ones, their order, which
  channel notifies, late changes, a failing part taken out alone.

Not here: deciding states (fusion), writing to the terminal (the session and proxy),
the wire format itself (:mod:`osc7501wrap.protocol`), the registry entry
(:mod:`osc7501wrap.session.listing`).
"""
