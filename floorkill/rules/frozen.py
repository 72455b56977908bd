"""A faster ``__init__`` for the frozen value classes built on every event.

``@dataclass(frozen=True, slots=True)`` sets each field with
``object.__setattr__(self, name, value)``: a global lookup, an attribute lookup and a
generic set per field, about 0.1 µs each. A replay builds a state, a button, a hand, a
decision and a step per event, and that was nearly half the rules' time. :func:`fast_init`
gives such a class an ``__init__`` with the same parameters and defaults that stores each
field through its slot's own descriptor. Nothing else changes: instances stay frozen
(assigning an attribute still raises ``FrozenInstanceError``), equal, hashable and
printable as before.
"""

from __future__ import annotations

import dataclasses
import types
from typing import TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Replace the dataclass ``__init__`` of a frozen, slotted dataclass (fields with
    plain defaults only: no factories, no ``__post_init__``, no keyword-only fields)."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_init is for frozen, slotted dataclasses")
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields
    ):
        raise TypeError(f"{cls.__name__}: fast_init takes plain fields with plain defaults")
    outer = {}  # closure values: setters, defaults
    args, body = [], []
    for i, f in enumerate(fields):
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{cls.__name__}.{f.name} is not a slot")
        outer[f"_set{i}"] = slot.__set__  # the slot's own descriptor
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            outer[f"_default{i}"] = f.default
            args.append(f"{f.name}=_default{i}")
        body.append(f"        _set{i}(self, {f.name})")
    source = (
        f"def _make({', '.join(outer)}):\n"
        f"    def __init__(self, {', '.join(args)}):\n"
        + "\n".join(body or ["        pass"])
        + "\n    return __init__\n"
    )
    namespace: dict = {}
    exec(source, {}, namespace)  # noqa: S102 - built from field names
    init = namespace["_make"](**outer)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[misc]
    return cls
