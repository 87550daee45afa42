-- osc7501wrap for WezTerm: the state of wrapped agents from their user variables.
--
-- wrap writes OSC 1337 SetUserVar osc7501_state / osc7501_kind / osc7501_msg /
-- osc7501_agent when TERM_PROGRAM is WezTerm (or fallbacks.channels names "uservar").
-- Merge this into ~/.wezterm.lua (or `dofile` it and pass your config table).
local wezterm = require 'wezterm'

local style = {
  working = { glyph = '●', colour = '#5f87ff' },
  blocked = { glyph = '◆', colour = '#ffd75f' },
  error   = { glyph = '✖', colour = '#ff5f5f' },
  done    = { glyph = '✔', colour = '#87d787' },
  idle    = { glyph = '○', colour = '#8a8a8a' },
}

-- The tab title gets the glyph of its active pane's state.
wezterm.on('format-tab-title', function(tab, tabs, panes, config, hover, max_width)
  local vars = tab.active_pane.user_vars or {}
  local s = style[vars.osc7501_state or '']
  local title = tab.active_pane.title
  if s then
    return { { Foreground = { Color = s.colour } }, { Text = ' ' .. s.glyph .. ' ' },
             'ResetAttributes', { Text = title .. ' ' } }
  end
  return ' ' .. title .. ' '
end)

-- The right status shows how many panes of this window wait for you.
wezterm.on('update-right-status', function(window, pane)
  local waiting = 0
  for _, tab in ipairs(window:mux_window():tabs()) do
    for _, p in ipairs(tab:panes()) do
      if (p:get_user_vars().osc7501_state or '') == 'blocked' then
        waiting = waiting + 1
      end
    end
  end
  window:set_right_status(waiting > 0 and wezterm.format {
    { Foreground = { Color = style.blocked.colour } }, { Text = waiting .. ' waiting ' },
  } or '')
end)

-- A toast when a pane starts waiting, saying what it waits for.
wezterm.on('user-var-changed', function(window, pane, name, value)
  if name == 'osc7501_state' and value == 'blocked' then
    local vars = pane:get_user_vars()
    window:toast_notification((vars.osc7501_agent or 'wrap') .. ' needs you',
                              vars.osc7501_msg or '', nil, 5000)
  end
end)

return {}
