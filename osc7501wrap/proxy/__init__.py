"""The pty loop (proxy), the passthrough stream's tracker, and cheap process facts."""
