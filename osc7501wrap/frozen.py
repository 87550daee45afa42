"""Small immutable value classes without :mod:`dataclasses`.

The classes built before ``wrap`` starts its child (the configuration, the probe's result
and decision, OSC 7501 reports) derive from :class:`Frozen` instead of being frozen
dataclasses: importing dataclasses pulls in inspect, ast, dis and tokenize, 6.0 ms of
start-up (`python -X importtime`; `wrap true` went from 2.1-2.4x to 3.0x `python3 -c pass`).
A subclass lists its fields in ``FIELDS`` (in order), keeps each in the slot of that name,
writes its own ``__init__`` with :meth:`Frozen._init`, and gets what a frozen dataclass
would give it:
``==`` and ``hash()`` over the fields in order (only between instances of the same
class), a ``repr()`` that leaves out the fields in ``_HIDDEN``, no assignment, and
:meth:`Frozen.replace`.
"""

from __future__ import annotations


class Frozen:
    """Base of immutable values with named fields (see the module docstring)."""

    __slots__ = ()
    # class attributes, set by each subclass (``typing.ClassVar`` is not imported: typing
    # costs start-up time)
    FIELDS: tuple[str, ...] = ()
    _HIDDEN: tuple[str, ...] = ()

    def _init(self, *values: object) -> None:
        """Set every field, in ``FIELDS`` order (for ``__init__``)."""
        for name, value in zip(self.FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        """The fields as kept, in ``FIELDS`` order."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS
                          if name not in self._HIDDEN)
        return f"{type(self).__name__}({inner})"

    def replace(self, **changes: object):
        """A copy of the same class with `changes` applied; an unknown field name raises
        TypeError. (Its return type, ``Self``, is inferred from ``type(self)(...)``:
        spelling it needs `typing`, which costs start-up time.)"""
        for name in changes:
            if name not in self.FIELDS:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
        values = dict(zip(self.FIELDS, self._values(), strict=True))
        values.update(changes)
        return type(self)(**values)


def fields(cls: type[Frozen]) -> tuple[str, ...]:
    """The field names of a :class:`Frozen` class, in order."""
    return cls.FIELDS
