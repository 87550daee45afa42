# osc7501wrap shell integration for bash (3.2 or later).
#
# Load it at the end of ~/.bashrc:
#     eval "$(osc7501wrap shell-init bash)"
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
    local s=" ${OSC7501WRAP_SKIP-} ${__osc7501wrap_cfg_skip-} "
    s=${s//[,$'\t']/ }
    [[ $s == *" $1 "* ]]
}

# Run agent $1 with the remaining arguments, through wrap when that is right.
__osc7501wrap_run() {
    local name=$1
    shift
    if [[ -z ${OSC7501WRAP_SESSION-} ]] && ! __osc7501wrap_skipped "$name" \
        && type -P wrap >/dev/null 2>&1; then
        HERDR_AGENT=$name command wrap "$name" "$@"
    else
        command "$name" "$@"
    fi
}

__osc7501wrap_define() {
    local name
    for name in $__osc7501wrap_agents; do
        if __osc7501wrap_skipped "$name" || ! type -P "$name" >/dev/null 2>&1; then
            # Not wanted (any more): drop a function defined by an earlier load.
            if [[ " ${__osc7501wrap_defined-} " == *" $name "* ]]; then
                unset -f "$name"
                __osc7501wrap_defined=" ${__osc7501wrap_defined-} "
                __osc7501wrap_defined=${__osc7501wrap_defined/ $name / }
            fi
            continue
        fi
        # A function of the user's own under that name is left alone.
        if declare -F "$name" >/dev/null && [[ " ${__osc7501wrap_defined-} " != *" $name "* ]]; then
            continue
        fi
        eval "function $name { __osc7501wrap_run $name \"\$@\"; }" 2>/dev/null || continue
        [[ " ${__osc7501wrap_defined-} " == *" $name "* ]] \
            || __osc7501wrap_defined="${__osc7501wrap_defined-} $name"
    done
}

# --- OSC 133 prompt marks -------------------------------------------------------------

__osc7501wrap_B='\[\e]133;B\a\]'

# Does something else mark prompts already? (Checked at every prompt: integrations that
# load after this file are seen from their first prompt on.)
__osc7501wrap_others() {
    [[ -n ${OSC7501WRAP_NO_133-} && ${OSC7501WRAP_NO_133} != 0 ]] && return 0
    # These variables describe the terminal around the shell; inside tmux they are stale.
    if [[ -z ${TMUX-} ]]; then
        [[ -n ${GHOSTTY_SHELL_FEATURES-} || -n ${KITTY_SHELL_INTEGRATION-} ]] && return 0
        [[ -n ${ITERM_SHELL_INTEGRATION_INSTALLED-} ]] && return 0
    fi
    local f
    for f in __ghostty_precmd __ghostty_hook _ksi_prompt_command __wezterm_semantic_precmd \
        iterm2_precmd __iterm2_prompt_command; do
        declare -F "$f" >/dev/null && return 0
    done
    local hooks=" ${PROMPT_COMMAND[*]-} ${precmd_functions[*]-} "
    [[ -n ${VTE_VERSION-} && $hooks == *__vte_prompt_command* ]] && return 0
    [[ $hooks == *133* ]] && return 0
    return 1
}

# First in PROMPT_COMMAND: end the last command (D), start the prompt (A). Keeps $?.
__osc7501wrap_precmd() {
    local ret=$?
    if __osc7501wrap_others; then
        __osc7501wrap_on=
        __osc7501wrap_C=
    else
        [[ -n ${__osc7501wrap_ran-} ]] && builtin printf '\033]133;D;%s\007' "$ret"
        builtin printf '\033]133;A\007'
        __osc7501wrap_on=1
        __osc7501wrap_C=$'\033]133;C\007'
    fi
    __osc7501wrap_ran=
    return "$ret"
}

# Last in PROMPT_COMMAND: end the prompt (B) after anything that rebuilt PS1. Keeps $?.
__osc7501wrap_prompt_end() {
    local ret=$?
    if [[ -n ${__osc7501wrap_on-} ]]; then
        [[ ${PS1-} == *"$__osc7501wrap_B" ]] || PS1="${PS1-}$__osc7501wrap_B"
    else
        PS1=${PS1-}
        PS1=${PS1%"$__osc7501wrap_B"}
    fi
    return "$ret"
}

__osc7501wrap_install_133() {
    [[ ${PROMPT_COMMAND[*]-} == *__osc7501wrap_precmd* ]] && return 0
    if [[ $(declare -p PROMPT_COMMAND 2>/dev/null) == "declare -a"* ]]; then
        PROMPT_COMMAND=("__osc7501wrap_precmd 2>/dev/null" "${PROMPT_COMMAND[@]}"
            "__osc7501wrap_prompt_end 2>/dev/null")
    else
        PROMPT_COMMAND="__osc7501wrap_precmd 2>/dev/null"$'\n'"${PROMPT_COMMAND-}"$'\n'"__osc7501wrap_prompt_end 2>/dev/null"
    fi
    # C before the output, and note that a command ran (PS0 needs bash 4.4; the array
    # subscript sets the flag in this shell and expands to nothing).
    if ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))) \
        && shopt -q promptvars; then
        # shellcheck disable=SC2016
        [[ ${PS0-} == *__osc7501wrap_C* ]] \
            || PS0="${PS0-}"'${__osc7501wrap_C-}${__osc7501wrap_x[__osc7501wrap_ran=1]-}'
    fi
}

__osc7501wrap_define
if [[ $- == *i* && ( -z ${OSC7501WRAP_NO_133-} || ${OSC7501WRAP_NO_133} == 0 ) ]]; then
    __osc7501wrap_install_133
fi
