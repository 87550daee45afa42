"""The reporting side: decisions -> bytes for the terminal and the places people look.

- :mod:`.emitter`: OSC 7501 reports (full, coalesced, wrapped for tmux), sub-records,
  notifications, at safe points the session asks for;
- :mod:`.fallbacks`: OSC 9;4 progress for terminals without OSC 7501, and which
  notification channel a terminal takes;
- :mod:`.tmux_display`: the state as tmux pane options (``@osc7501_state`` ...);
- :mod:`.terminals`: other terminals' own channels (OSC 1337 user variables, kitty's
  OSC 99, Otty's OSC 26).

Not here: deciding states (fusion), writing to the terminal (the session and proxy),
the wire format itself (:mod:`osc7501wrap.protocol`).
"""
