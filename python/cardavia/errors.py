"""The cardavia exception hierarchy.

Every error cardavia raises on purpose is a :class:`CardaviaError`. Errors about bad input are also
``ValueError`` so that generic code that catches ``ValueError`` keeps working.
"""

from __future__ import annotations


class CardaviaError(Exception):
    """Root of every error cardavia raises on purpose."""


class InvalidCardError(CardaviaError, ValueError):
    """Card text that cannot be read, or a card that is not allowed where it was given.

    ``token`` is the offending text (e.g. ``"Xd"``) and ``position`` its 0-based character offset
    in the input, when known.
    """

    def __init__(self, message: str, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class InvalidArgumentError(CardaviaError, ValueError):
    """An argument that cannot be used as given (wrong card count, an impossible deal, an empty
    range...). The message names the problem."""


class IllegalActionError(CardaviaError, ValueError):
    """An action the rules forbid in the current state. ``rule`` is the id of the rule that forbids
    it (e.g. ``"DDZ-5.2"``); the state is left exactly as it was."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


__all__ = [
    "CardaviaError",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
]
