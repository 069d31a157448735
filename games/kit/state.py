"""The base of every engine's state, and the fields ``dump`` and ``load`` convert.

A state is a bag of plain attributes that the engine treats as immutable: a move copies
the state (one C call, ``copy``) and sets what changed on the copy. Two states are equal
when their attributes are, which is what ``load(dump(s)) == s`` checks.

``dump``/``load`` list a state's stored attributes once, each with a ``Field`` saying how
it becomes JSON and back (tuples are stored as lists, card masks as card lists, ...):

    FIELDS = {"seed": PLAIN, "totals": TUPLE, "hands": each(MASK)}
    data = dump_fields(state, FIELDS)          # {"seed": ..., "totals": [...], ...}
    state = load_fields(HeartsState, data, FIELDS)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, TypeVar

from games.kit.cards import cards_of, mask_of

_new = object.__new__


class GameState:
    """Plain attributes, compared by value, copied whole. Subclass it; add ``__repr__``."""

    def copy(self):
        # A plain __dict__ copied in one C call: the hottest line of every playout.
        other = _new(self.__class__)
        other.__dict__.update(self.__dict__)
        return other

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def blank(cls):
        """A state with no attributes yet, for ``new_game`` and ``load`` to fill in."""
        return cls.__new__(cls)


class Field(NamedTuple):
    """How one attribute is stored: ``dump`` makes it JSON-safe, ``load`` rebuilds it."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


PLAIN = Field(_same, _same)
"""Stored as it is: text, numbers, booleans, None."""

TUPLE = Field(list, tuple)
"""A flat tuple, stored as a list."""

TUPLES = Field(lambda rows: [list(row) for row in rows], lambda rows: tuple(tuple(row) for row in rows))
"""A tuple of tuples (scores per hand, hands of cards), stored as lists of lists."""

MASK = Field(lambda mask: list(cards_of(mask)), mask_of)
"""A 52-card mask (see ``cards.mask_of``), stored as its cards in canonical order."""


def each(field: Field) -> Field:
    """A tuple whose every item is stored as ``field`` says."""
    item_dump, item_load = field
    return Field(
        lambda values: [item_dump(value) for value in values],
        lambda values: tuple(item_load(value) for value in values),
    )


def optional(field: Field) -> Field:
    """``field``, or None stored as None."""
    item_dump, item_load = field
    return Field(
        lambda value: None if value is None else item_dump(value),
        lambda value: None if value is None else item_load(value),
    )


def dump_fields(state: GameState, fields: Mapping[str, Field]) -> dict[str, Any]:
    """The JSON-safe data of ``state``'s attributes named in ``fields``, under those names."""
    return {name: field.dump(getattr(state, name)) for name, field in fields.items()}


S = TypeVar("S", bound=GameState)


def load_fields(cls: type[S], data: Mapping[str, Any], fields: Mapping[str, Field]) -> S:
    """A new ``cls`` state with the attributes of ``fields`` rebuilt from ``data``."""
    state = cls.blank()
    for name, field in fields.items():
        setattr(state, name, field.load(data[name]))
    return state


def options_of(state: GameState, names: Iterable[str]) -> dict[str, Any]:
    """The table options a state carries, by name: what ``dump`` stores and a view shows."""
    return {name: getattr(state, name) for name in names}


def set_options(state: S, options: Mapping[str, Any], names: Iterable[str]) -> S:
    """``state`` given the options named, from ``options`` (an engine's resolved options)."""
    for name in names:
        setattr(state, name, options[name])
    return state
