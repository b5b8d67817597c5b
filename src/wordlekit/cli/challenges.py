"""``wordle challenge``: challenge links on the local games database (the one the terminal UI
and a local ``wordle serve`` share), as the terminal player
(:func:`wordlekit.services.players.local_player_id`).

``new`` stores a challenge on chosen words and prints its id and the Play page's link path
(put the server's address before it); ``results`` prints the counts of one of this player's
challenges. The rules are :mod:`wordlekit.services.challenges`'.
"""

from __future__ import annotations

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    db_option,
    json_option,
    lists_option,
    mode_options,
    variant_options,
)
from wordlekit.cli.render import out, print_json, table
from wordlekit.core.rules import Mode
from wordlekit.core.words import BUNDLED, WordList
from wordlekit.errors import WordleError, WordListError
from wordlekit.services.challenges import challenge_info, create_challenge
from wordlekit.services.games import GameStore, open_list_store
from wordlekit.services.players import local_player_id


def _store(db: str | None, lists: str) -> GameStore:
    """The games database of ``lists``, one of the bundled lists (the web app's)."""
    wl = WordList.load(lists)
    if wl.name not in BUNDLED:
        raise WordListError(
            "a challenge link is played on the web app, whose lists are the bundled ones: "
            f"choose one of {', '.join(BUNDLED)}"
        )
    return open_list_store(db, wl)


@app.group(
    "challenge",
    epilog=examples(
        "wordle challenge new knoll",
        "wordle challenge new knoll cigar --variant dordle --hard",
        "wordle challenge results K3xQ7aZP1c9mTq2w",
    ),
)
def challenge_group() -> None:
    """Challenge links: a puzzle on a word you chose, for friends to play on the web app."""


@challenge_group.command(
    "new",
    epilog=examples(
        "wordle challenge new knoll",
        "wordle challenge new aahed --mode hard --json",
        "wordle challenge new perro --lists es-5",
    ),
)
@click.argument("words", nargs=-1, required=True, metavar="WORD...")
@variant_options
@mode_options()
@lists_option
@db_option("The games database (default: the one in the user data folder).")
@json_option
def new_cmd(
    words: tuple[str, ...],
    variant: str | None,
    boards: int | None,
    max_guesses: int | None,
    mode: Mode,
    lists: str,
    db: str | None,
    json_: bool,
) -> None:
    """Create a challenge on WORD (one a board; Absurdle: its target) and print its id and
    link path. Any valid word may be chosen, also one outside the answers (the players are
    told so). Several words and no --variant: a game of that many boards."""
    if variant is None and boards is None and len(words) > 1:
        boards = len(words)
    store = _store(db, lists)
    made = create_challenge(
        store, local_player_id(), list(words), variant=variant, mode=mode, boards=boards,
        max_guesses=max_guesses,
    )  # fmt: skip
    if json_:
        print_json(made)
        return
    note = "" if made.in_answers else " (not in the answer list: the players are told so)"
    click.echo(f"challenge {made.id}: {made.variant.title}, {made.mode} mode{note}")
    click.echo(f"link: {made.url}  (after the web app's address, e.g. http://127.0.0.1:8000)")


@challenge_group.command(
    "results",
    epilog=examples(
        "wordle challenge results K3xQ7aZP1c9mTq2w",
        "wordle challenge results K3xQ7aZP1c9mTq2w --json",
    ),
)
@click.argument("cid", metavar="ID")
@lists_option
@db_option("The games database (default: the one in the user data folder).")
@json_option
def results_cmd(cid: str, lists: str, db: str | None, json_: bool) -> None:
    """The results of one of your challenges, as counts: played, won, lost, in progress and
    the guess distribution (never who played). An id made by an older version may begin
    with "-": put it after -- (wordle challenge results -- -K3xQ7aZP1c9mTq2)."""
    info = challenge_info(_store(db, lists), cid, local_player_id())
    if info.results is None:
        raise WordleError(f"challenge {cid} was made by another player: only they see its results")
    if json_:
        print_json(info)
        return
    r = info.results
    console = out()
    console.print(f"challenge {info.id}: {info.variant.title}, {info.mode} mode")
    console.print(
        table(
            ["played", "won", "lost", "in progress"],
            [[str(r.played), str(r.won), str(r.lost), str(r.playing)]],
        )
    )
    if r.distribution:
        console.print(
            table(
                ["guesses", "wins"],
                [[str(n), str(c)] for n, c in enumerate(r.distribution, start=1)],
            )
        )
