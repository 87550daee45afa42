"""The pty loop (proxy) and cheap process facts (procinfo); the stream tracker it feeds is
stream/'s, below the core and the loop alike."""
