#!/bin/sh
# osc7501wrap for iTerm2: show the wrapped agent's state as the session badge.
#
# wrap writes OSC 1337 SetUserVar osc7501_state / osc7501_kind / osc7501_msg /
# osc7501_agent when TERM_PROGRAM is iTerm.app or LC_TERMINAL is iTerm2 (so also over
# ssh and inside tmux with allow-passthrough on). Either paste the badge format below
# into Settings > Profiles > General > Badge, or run this script once in a session to
# set it there with iTerm2's SetBadgeFormat sequence.
#
#   \(user.osc7501_agent) \(user.osc7501_state) \(user.osc7501_kind)
#   \(user.osc7501_msg)
format='\(user.osc7501_agent) \(user.osc7501_state) \(user.osc7501_kind)
\(user.osc7501_msg)'
b64=$(printf '%s' "$format" | base64 | tr -d '\n')
if [ -n "$TMUX" ]; then
  printf '\033Ptmux;\033\033]1337;SetBadgeFormat=%s\007\033\\' "$b64"
else
  printf '\033]1337;SetBadgeFormat=%s\007' "$b64"
fi
