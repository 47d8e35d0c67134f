"""Generators of the stored data: the puzzle collection, its ratings and the lab's self-play table."""
