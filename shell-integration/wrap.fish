# osc7501wrap shell integration for fish (3.1 or later).
#
# Load it in ~/.config/fish/config.fish:
#     osc7501wrap shell-init fish | source
#
# 1. For each coding agent installed when this runs, a function of the same name that runs
#    it through `wrap` (`claude x` runs `wrap claude x`). The real program runs directly when
#    `wrap` is not on PATH, when OSC7501WRAP_SESSION is set (wrap sets it for the program it
#    runs, so nothing is wrapped twice), or when the agent is named in OSC7501WRAP_SKIP
#    ("codex aider") or disabled in the config. `command claude` always bypasses.
#    wrap gets HERDR_AGENT=<the agent> in its environment: herdr, which knows an agent by
#    the pane's foreground process (wrap), reads it to pick its own rules for the pane.
# 2. OSC 133 prompt marks (A prompt start, B prompt end, C output start, D;status after),
#    so that the terminal drops a stale working/blocked state at the next prompt even when
#    wrap was killed. Skipped when OSC7501WRAP_NO_133=1, in fish 4.0 or later (which marks
#    prompts itself), or when the terminal's own shell integration (Ghostty, kitty, WezTerm,
#    iTerm2) or another hook already marks prompts.

# __osc7501wrap_agents (the agents' program names, from the manifests) and
# __osc7501wrap_cfg_skip are set by the header `osc7501wrap shell-init` prints above.

# Is agent $argv[1] opted out (OSC7501WRAP_SKIP, or `enabled = false` baked in by shell-init)?
function __osc7501wrap_skipped --argument-names name
    set -l skip (string split -n ' ' -- (string replace -ra '[,\t]' ' ' -- "$OSC7501WRAP_SKIP $__osc7501wrap_cfg_skip"))
    contains -- $name $skip
end

# Run agent $argv[1] with the remaining arguments, through wrap when that is right.
function __osc7501wrap_run
    set -l name $argv[1]
    set -e argv[1]
    if test -z "$OSC7501WRAP_SESSION"; and not __osc7501wrap_skipped $name; and command -sq wrap
        HERDR_AGENT=$name command wrap $name $argv
    else
        command $name $argv
    end
end

function __osc7501wrap_define
    for name in $__osc7501wrap_agents
        if __osc7501wrap_skipped $name; or not command -sq $name
            # Not wanted (any more): drop a function defined by an earlier load.
            if set -l i (contains -i -- $name $__osc7501wrap_defined)
                functions -e $name
                set -e __osc7501wrap_defined[$i]
            end
            continue
        end
        # A function of the user's own under that name is left alone.
        if functions -q $name; and not contains -- $name $__osc7501wrap_defined
            continue
        end
        eval "function $name --wraps $name --description 'run $name through wrap'; __osc7501wrap_run $name \$argv; end"
        contains -- $name $__osc7501wrap_defined; or set -g __osc7501wrap_defined $__osc7501wrap_defined $name
    end
end

# --- OSC 133 prompt marks -------------------------------------------------------------

# Does something else mark prompts already? (Checked at every prompt: integrations that
# load after this file are seen from their first prompt on.)
function __osc7501wrap_others
    if test -n "$OSC7501WRAP_NO_133"; and test "$OSC7501WRAP_NO_133" != 0
        return 0
    end
    set -l major (string split -m 1 . -- $version)[1]
    if string match -qr '^[0-9]+$' -- $major; and test $major -ge 4
        return 0
    end
    # These variables describe the terminal around the shell; inside tmux they are stale.
    if test -z "$TMUX"
        if test -n "$GHOSTTY_SHELL_FEATURES" -o -n "$KITTY_SHELL_INTEGRATION" -o -n "$ITERM_SHELL_INTEGRATION_INSTALLED"
            return 0
        end
    end
    string match -qr '^(__?ghostty_|__?ksi_|__wezterm_semantic|iterm2_|.*133)' -- (functions -an)
end

function __osc7501wrap_prompt_start --on-event fish_prompt
    if __osc7501wrap_others
        set -g __osc7501wrap_on 0
        return
    end
    set -g __osc7501wrap_on 1
    printf '\e]133;A\a'
    # End the prompt (B): wrap whatever fish_prompt is in force now (again if it changed).
    if functions -q fish_prompt; and not string match -q '*__osc7501wrap_orig_fish_prompt*' -- (functions fish_prompt)
        functions -e __osc7501wrap_orig_fish_prompt
        functions -c fish_prompt __osc7501wrap_orig_fish_prompt
        function fish_prompt
            __osc7501wrap_orig_fish_prompt
            test "$__osc7501wrap_on" = 1; and printf '\e]133;B\a'
        end
    end
end

function __osc7501wrap_preexec --on-event fish_preexec
    test "$__osc7501wrap_on" = 1; and printf '\e]133;C\a'
end

function __osc7501wrap_postexec --on-event fish_postexec
    set -l ret $status
    test "$__osc7501wrap_on" = 1; and printf '\e]133;D;%s\a' $ret
end

__osc7501wrap_define
if not status is-interactive; or begin; test -n "$OSC7501WRAP_NO_133"; and test "$OSC7501WRAP_NO_133" != 0; end
    functions -e __osc7501wrap_prompt_start __osc7501wrap_preexec __osc7501wrap_postexec
end
