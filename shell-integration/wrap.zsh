# osc7501wrap shell integration for zsh.
#
# Load it at the end of ~/.zshrc:
#     eval "$(osc7501wrap shell-init zsh)"
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
#    wrap was killed. Skipped when OSC7501WRAP_NO_133=1 or when the terminal's own shell
#    integration (Ghostty, kitty, WezTerm, iTerm2, VTE) or another hook already marks prompts.

# __osc7501wrap_agents (the agents' program names, from the manifests) and
# __osc7501wrap_cfg_skip are set by the header `osc7501wrap shell-init` prints above.

# Is agent $1 opted out (OSC7501WRAP_SKIP, or `enabled = false` baked in by shell-init)?
__osc7501wrap_skipped() {
    emulate -L zsh
    local s=" ${OSC7501WRAP_SKIP-} ${__osc7501wrap_cfg_skip-} "
    s=${s//[,$'\t']/ }
    [[ $s == *" $1 "* ]]
}

# Run agent $1 with the remaining arguments, through wrap when that is right.
__osc7501wrap_run() {
    local name=$1
    shift
    if [[ -z ${OSC7501WRAP_SESSION-} ]] && ! __osc7501wrap_skipped "$name" \
        && whence -p wrap >/dev/null 2>&1; then
        HERDR_AGENT=$name command wrap "$name" "$@"
    else
        command "$name" "$@"
    fi
}

__osc7501wrap_define() {
    emulate -L zsh
    local name
    for name in ${=__osc7501wrap_agents}; do
        if __osc7501wrap_skipped "$name" || ! whence -p "$name" >/dev/null 2>&1; then
            # Not wanted (any more): drop a function defined by an earlier load.
            if [[ " ${__osc7501wrap_defined-} " == *" $name "* ]]; then
                unfunction "$name" 2>/dev/null
                typeset -g __osc7501wrap_defined=${${:-" ${__osc7501wrap_defined-} "}/ $name / }
            fi
            continue
        fi
        # A function of the user's own under that name is left alone.
        if (( ${+functions[$name]} )) && [[ " ${__osc7501wrap_defined-} " != *" $name "* ]]; then
            continue
        fi
        functions[$name]="__osc7501wrap_run $name \"\$@\""
        [[ " ${__osc7501wrap_defined-} " == *" $name "* ]] \
            || typeset -g __osc7501wrap_defined="${__osc7501wrap_defined-} $name"
    done
}

# --- OSC 133 prompt marks -------------------------------------------------------------

typeset -g __osc7501wrap_B=$'%{\e]133;B\a%}'

# Does something else mark prompts already? (Checked at every prompt: integrations that
# load after this file are seen from their first prompt on.)
__osc7501wrap_others() {
    emulate -L zsh
    [[ -n ${OSC7501WRAP_NO_133-} && ${OSC7501WRAP_NO_133} != 0 ]] && return 0
    # These variables describe the terminal around the shell; inside tmux they are stale.
    if [[ -z ${TMUX-} ]]; then
        [[ -n ${GHOSTTY_SHELL_FEATURES-} || -n ${KITTY_SHELL_INTEGRATION-} ]] && return 0
        [[ -n ${ITERM_SHELL_INTEGRATION_INSTALLED-} ]] && return 0
    fi
    local f
    for f in _ghostty_precmd _ghostty_deferred_init _ksi_precmd _ksi_deferred_init \
        __wezterm_semantic_precmd iterm2_precmd; do
        (( ${+functions[$f]} )) && return 0
    done
    local hooks=" ${precmd_functions[*]-} ${preexec_functions[*]-} "
    [[ -n ${VTE_VERSION-} && $hooks == *__vte* ]] && return 0
    [[ $hooks == *133* ]] && return 0
    return 1
}

# First precmd: end the last command (D), start the prompt (A).
__osc7501wrap_precmd() {
    local ret=$?
    emulate -L zsh
    if __osc7501wrap_others || [[ ! -o prompt_percent ]]; then
        typeset -g __osc7501wrap_on=
    else
        [[ -n ${__osc7501wrap_ran-} ]] && builtin print -n "\e]133;D;${ret}\a"
        builtin print -n '\e]133;A\a'
        typeset -g __osc7501wrap_on=1
    fi
    typeset -g __osc7501wrap_ran=
    return ret
}

# Last precmd: end the prompt (B) after anything that rebuilt PS1.
__osc7501wrap_prompt_end() {
    local ret=$?
    emulate -L zsh
    if [[ -n ${__osc7501wrap_on-} ]]; then
        [[ $PS1 == *"$__osc7501wrap_B" ]] || PS1+=$__osc7501wrap_B
    else
        PS1=${PS1%"$__osc7501wrap_B"}
    fi
    return ret
}

__osc7501wrap_preexec() {
    emulate -L zsh
    typeset -g __osc7501wrap_ran=1
    [[ -n ${__osc7501wrap_on-} ]] && builtin print -n '\e]133;C\a'
    return 0
}

__osc7501wrap_install_133() {
    emulate -L zsh
    (( ${precmd_functions[(I)__osc7501wrap_precmd]} )) && return 0
    typeset -ga precmd_functions preexec_functions
    precmd_functions=(__osc7501wrap_precmd $precmd_functions __osc7501wrap_prompt_end)
    preexec_functions+=(__osc7501wrap_preexec)
}

__osc7501wrap_define
if [[ -o interactive && ( -z ${OSC7501WRAP_NO_133-} || ${OSC7501WRAP_NO_133} == 0 ) ]]; then
    __osc7501wrap_install_133
fi
