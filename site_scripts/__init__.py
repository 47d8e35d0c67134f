"""Build-time helpers for the Petteia site (wheel, vendored runtime, board fences, servers, checks)."""
