"""Benchmarks (scripts that print numbers, never tests): the computer's speed and strength, load times, audits."""
