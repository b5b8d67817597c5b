"""Typed results as JSON: one rule for every value the services return.

The services return dataclasses (declared once, where the value is made); front ends that
print JSON (``wordle … --json``) turn them into plain data with :func:`to_json`, and the web app
lets FastAPI do the same from the same dataclasses. The rule: a dataclass becomes an object of
its fields (properties are not fields: a value that should be in the JSON is a field; a field
made with ``metadata={"json": False}``, such as a benchmark's score of every answer, is left
out), an
enum its value, a tuple or list a list, a mapping an object with string keys, numpy scalars and
arrays their Python numbers and lists, floats as they are (``nan`` and infinities as
``null``, which JSON has no other word for).

>>> from dataclasses import dataclass
>>> from wordlekit.core.rules import Mode
>>> @dataclass
... class Row:
...     mode: Mode
...     counts: dict[int, int]
...     words: tuple[str, ...]
>>> to_json(Row(Mode.HARD, {1: 2}, ("crane",)))
{'mode': 'hard', 'counts': {'1': 2}, 'words': ['crane']}
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

JSON = dict[str, Any] | list[Any] | str | int | float | bool | None


def to_json(value: Any) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | str | int) or value is None:
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_json(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.metadata.get("json", True)
        }
    if isinstance(value, Mapping):
        return {str(to_json(k)): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(v) for v in value]
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, np.ndarray):
        return [to_json(v) for v in value.tolist()]
    raise TypeError(f"no JSON form for {type(value).__name__}")


def dumps(value: Any, *, indent: int | None = 2) -> str:
    """``value`` as JSON text (UTF-8, not ASCII-escaped: emoji stay emoji)."""
    return json.dumps(to_json(value), indent=indent, ensure_ascii=False)
