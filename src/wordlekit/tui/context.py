"""What the screens need from the app, as an interface: the screens are given an
:class:`AppContext` (the app implements it) and never import the app, so the app can import
the screens without a cycle."""

from __future__ import annotations

from typing import Protocol

from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, GameStore
from wordlekit.tui.engine import Jobs


class AppContext(Protocol):
    """The games database and the player, the word list, the jobs that run the service
    operations (on the app's engine, under its budget), the strategy chosen for hints and
    suggestions, the variant being played and the colour theme."""

    store: GameStore
    player: str
    wordlist: WordList
    jobs: Jobs
    #: The strategy of the play hint on one board and the assist suggestions (Assist's ] and
    #: [ change it; several boards take the registry's default for several).
    strategy: str
    #: Which words may be the answer on the Assist screen (F7 switches): ``likely`` (every
    #: valid word, weighted: a game played elsewhere may have an answer outside the list) or
    #: ``list``. The built-in game always draws from the list.
    answers: str
    #: The name of the variant of the game on the Play screen (the Statistics screen opens on
    #: its figures).
    variant: str

    def switch_list(self, name: str, request: GameRequest) -> None:
        """Start ``request`` on the bundled list ``name`` (the app starts again on it)."""

    @property
    def high_contrast(self) -> bool: ...
