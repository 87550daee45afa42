"""What an agent's own signals mean, per agent: Claude Code's hooks (claude_hooks: the
settings that register them and the input kept; claude: what each event means). The list
of agents is the manifests' (rules/*.toml); a module here exists only for an agent that
reports more than its screen shows. versions: which release of an agent is installed,
against the releases its manifest was verified on."""
