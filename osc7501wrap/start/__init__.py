"""The start-up boundary: what runs before the child starts (see the module docs inside)."""
