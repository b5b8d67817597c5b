"""``wordle play``: any variant in the terminal, line by line (the full-screen app is
``wordle tui``).

One command, one loop and one renderer (:mod:`wordlekit.cli.game_render`) for every variant of
the registry: the classic game, Dordle … Duotrigordle, a custom number of boards, Absurdle.
Which game (the daily, seed and challenge rules) is :func:`wordlekit.services.games.make_game`'s,
as in the web app and the TUI; the game is played locally (not stored) and every guess is
refereed by the game value (:meth:`~wordlekit.core.game.Game.guess`), in any mode, on every
board. This module reads lines and hands the game's public view to the renderer.
"""

from __future__ import annotations

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli import game_render
from wordlekit.cli.answers import answers_option, describe
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import game_options, lists_option, mode_options, variant_options
from wordlekit.cli.render import out, percent, plural, read_line
from wordlekit.core.game import Game, Kind
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import HardModeError, InvalidWordError, WordleError
from wordlekit.services.advice import Assist, assist
from wordlekit.services.engine import Engine
from wordlekit.services.games import UNLIMITED_CAP, GameRequest, make_game
from wordlekit.services.views import GameView, game_view

QUIT = (":q", ":quit")
#: How many of the words left the helper names after a guess.
MOST_LIKELY = 5


@app.command(
    "play",
    epilog=examples(
        "wordle play                                   a practice game of Wordle",
        "wordle play --daily                           today's puzzle",
        "wordle play --daily 2022-02-15 --hard         a past daily puzzle in hard mode",
        "wordle play --seed 42                         the same practice game every time",
        "wordle play --ultrahard                       every guess must be a possible answer",
        "wordle play --variant quordle --seed 3        four boards at once, nine guesses",
        "wordle play --variant octordle --mode hard    the hard rule on every board",
        "wordle play --boards 3 --max-guesses 9        a custom game of three boards",
        "wordle play --challenge cigar,humor           a Dordle on chosen answers",
        "wordle play --variant absurdle                the host that dodges your guesses",
        "wordle play --variant absurdle --challenge cigar   corner the host on CIGAR",
        "wordle play --assist --answers likely         the helper after every guess",
        "Type a word and Enter; ':q' or Ctrl-D leaves.",
    ),
)
@variant_options
@game_options
@click.option(
    "--challenge",
    metavar="WORD[,WORD...]",
    help="A game on chosen answers, one per board (boards: as many as words, unless "
    "--variant or --boards says); for Absurdle, the target the host must end on.",
)
@mode_options(
    "Hard mode: every guess uses the hints (on several boards, the hints of every board "
    "still being played)."
)
@lists_option
@click.option(
    "--assist",
    is_flag=True,
    help="After every guess, the helper: the words left, the likeliest, the best next guess "
    "(games of one board).",
)
@answers_option(
    "With --assist, which words the helper counts as possible answers: list, likely (every "
    "valid word, weighted by how likely it is) or all. The game's answer is from the list."
)
def play_cmd(
    variant: str | None,
    boards: int | None,
    max_guesses: int | None,
    daily: str | None,
    seed: int | None,
    challenge: str | None,
    mode: Mode,
    lists: str,
    assist: bool,
    answers: str,
) -> None:
    """Play any variant in the terminal: Wordle, Dordle, Quordle, Octordle, Sedecordle,
    Duotrigordle, N boards of your own, or Absurdle; coloured tiles, the keyboard, and the
    share text at the end.

    A practice game by default (--seed N: the same one every time), the daily puzzle with
    --daily, or chosen answers with --challenge. With --assist the helper speaks after every
    guess (counted as help, not as a hint).
    """
    chosen = (("--daily", daily), ("--seed", seed), ("--challenge", challenge))
    given = [name for name, value in chosen if value is not None]
    if len(given) > 1:
        raise WordleError(
            f"choose one of --daily, --seed and --challenge, not {' and '.join(given)}"
        )
    if answers != "list" and not assist:
        raise WordleError("--answers chooses the helper's answers: use it with --assist")
    words = _challenge_words(challenge)
    if words and len(words) > 1 and variant is None and boards is None:
        boards = len(words)  # `--challenge cigar,humor` is a Dordle
    kind: Kind = "daily" if daily is not None else "challenge" if words else "practice"
    wl = WordList.load(lists)
    request = GameRequest(variant, kind, mode, daily, seed, words, boards, max_guesses)
    new = make_game(request, wl)
    game = new.game
    if assist and len(game.boards) != 1:
        raise WordleError(
            "--assist helps games of one board: the helper of several boards is `wordle boards`"
        )
    console = out()
    first = game_view(game, kind=new.kind, date=new.day)
    for line in game_render.intro(first):
        console.print(line)
    helper = Helper(wl.with_answers(answers)) if assist else None
    final = play_turns(console, game, helper, kind=new.kind, date=new.day)
    if final is None:
        console.print("Game left unfinished.")
        return
    game_render.outcome(console, final)


def _challenge_words(text: str | None) -> list[str]:
    if text is None:
        return []
    words = [w.strip() for w in text.split(",") if w.strip()]
    if not words:
        raise WordleError("--challenge takes the answers, separated by commas")
    return words


def play_turns(
    console: Console,
    game: Game,
    helper: Helper | None = None,
    *,
    kind: Kind = "practice",
    date: str | None = None,
) -> GameView | None:
    """Read guesses until the game is over (its last view) or the player leaves (``None``).

    A refused word (not in the list, against the mode) says why and uses no turn. A game with
    no guess limit stops at the same cap as a stored one
    (:data:`~wordlekit.services.games.UNLIMITED_CAP`).
    """
    view = game_view(game, kind=kind, date=date)
    while not game.over:
        if game.max_guesses is None and len(game.guesses) >= UNLIMITED_CAP:
            console.print(f"A game takes at most {UNLIMITED_CAP} guesses.")
            return None
        line = read_line(console, game_render.prompt(view))
        if line is None or line.strip() in QUIT:
            return None
        if not line.strip():
            continue
        try:
            game = game.guess(line.strip())
        except (InvalidWordError, HardModeError) as e:
            # A mode's refusal says which mode (hard or ultrahard); Text, not markup: the
            # message may quote what was typed.
            rule = f"{game.mode.value.capitalize()} mode: " if isinstance(e, HardModeError) else ""
            console.print(Text.assemble((f"{rule}{e}", "yellow"), " (no turn used)"))
            continue
        view = game_view(game, kind=kind, date=date)
        game_render.draw(console, view)
        if helper is not None and not game.over:
            helper.say(console, game)
    return view


class Helper:
    """``--assist``: what the helper says after a guess (the helper service, on an engine whose
    pattern matrix loads with the first guess: the game itself never needs it)."""

    def __init__(self, wordlist: WordList) -> None:
        self.wordlist = wordlist
        self.engine = Engine(wordlist)

    def advice(self, game: Game) -> Assist:
        return self.engine.call(
            assist, game.turns, top=3, mode=game.mode, max_candidates=MOST_LIKELY
        )

    def say(self, console: Console, game: Game) -> None:
        found = self.advice(game)
        n = found.remaining
        words = found.candidates
        if found.probabilities is not None:
            shown = ", ".join(
                f"{w.upper()} {percent(p)}" for w, p in zip(words, found.probabilities, strict=True)
            )
            likeliest = f"; most likely {shown}"
        else:
            likeliest = f": {' '.join(w.upper() for w in words)}" if n <= MOST_LIKELY else ""
        more = " …" if likeliest and n > len(words) else ""
        console.print(
            f"Assist: {n} {plural(n, 'word')} left ({describe(self.wordlist)}){likeliest}{more}"
        )
        best = found.advice.suggestions[0]
        verdict = "could be the answer" if best.can_win else "cannot be the answer"
        console.print(f"Assist: next {best.word.upper()} ({best.bits:.2f} bits, {verdict})")
