"""Where a state shows besides the OSC 7501 report: tmux pane options (:mod:`.tmux_display`)
and other terminals' own channels (:mod:`.terminals`)."""
