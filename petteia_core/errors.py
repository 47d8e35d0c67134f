"""Exceptions raised by petteia_core. Every bad input raises a subclass of PetteiaError."""


class PetteiaError(ValueError):
    """Base class: something given to petteia_core is not valid."""


class PositionError(PetteiaError):
    """A position string is malformed or describes an impossible position."""


class NotationError(PetteiaError):
    """A move, square, roll or game record cannot be read, or names an illegal move."""
