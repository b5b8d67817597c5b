"""The registry of variants: every game people play here, by name.

Each rule module declares its variants (``VARIANTS`` in :mod:`wordlekit.core.wordle` and
:mod:`wordlekit.core.absurdle`); this module collects them, and every front end's menus and the
web API read them from here. Adding a variant is its rule module (a
:class:`~wordlekit.core.game.Game` subclass and its ``VARIANTS``), one line in
:data:`_MODULES`, and its tests.

```pycon
>>> [v.name for v in VARIANTS.values()]
['classic', 'dordle', 'quordle', 'octordle', 'sedecordle', 'duotrigordle', 'absurdle']
>>> find_variant("Quordle").boards, find_variant("absurdle").max_guesses
(4, None)

```
"""

from __future__ import annotations

from wordlekit.core import absurdle, wordle
from wordlekit.core.game import Variant
from wordlekit.core.rules import Host, Rules
from wordlekit.errors import VariantError, quoted

#: The rule modules whose variants are offered, in menu order.
_MODULES = (wordle, absurdle)

VARIANTS: dict[str, Variant] = {v.name: v for m in _MODULES for v in m.VARIANTS}


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (case-insensitive), or :class:`VariantError` naming them."""
    key = name.strip().lower()
    found = VARIANTS.get(key)
    if found is None:
        raise VariantError(f"unknown variant {quoted(name)}: choose one of {', '.join(VARIANTS)}")
    return found


def variant_for(
    name: str | None = None, *, boards: int | None = None, max_guesses: int | None = None
) -> Variant:
    """The variant meant by a name and/or a number of boards and guesses.

    A name alone is that variant; a number of boards (and guesses) with no name is the named
    Wordle variant with those figures, or a custom ``N-board`` one; a name with figures that
    differ from the variant's makes a custom one of its host (Absurdle has no other figures).

    ```pycon
    >>> variant_for(boards=4).name, variant_for("quordle", max_guesses=10).name
    ('quordle', '4-board-10')
    >>> variant_for().name
    'classic'

    ```
    """
    if name is None:
        return wordle.boards_variant(1 if boards is None else boards, max_guesses)
    v = find_variant(name)
    if boards is not None and boards != v.boards:
        raise VariantError(
            f"{v.title} has {v.boards} board{'s' if v.boards != 1 else ''}, not {boards}"
        )
    if max_guesses is None or max_guesses == v.max_guesses:
        return v
    if v.host is not Host.FIXED:
        raise VariantError(f"{v.title} has no guess limit")
    return wordle.boards_variant(v.boards, max_guesses)


def variant_of(rules: Rules, name: str | None = None) -> Variant:
    """The variant whose rules these are (by ``name`` when given, e.g. as stored)."""
    if rules.host is Host.ADVERSARY:
        return absurdle.ABSURDLE
    if name is not None and name in VARIANTS:
        v = VARIANTS[name]
        if (v.boards, v.max_guesses) == (rules.boards, rules.max_guesses):
            return v
    return wordle.boards_variant(rules.boards, rules.max_guesses)
