"""The ``lookahead`` multi-board strategy: the finisher, looking one turn ahead by play-outs.

Kept apart from :mod:`wordlekit.solve.boards` (the state and the two one-step strategies)
because its play-outs are a game loop of their own: candidate arrays per board, no game
state, and in hard mode each board's rule kept as a mask over the few words a play-out can
choose from.
"""

from __future__ import annotations

import hashlib
import math

import numpy as np

from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import IntArray, figures, hard_mode_mask
from wordlekit.solve.boards import (
    PLAY_ON,
    BoardsState,
    BoolArray,
    Finisher,
    best_of,
)

#: How many of the finisher's best guesses the lookahead tries, and on how many answer sets.
LOOK_TOP = 4
LOOK_SAMPLES = 16


class PlayoutRules:
    """What a play-out may guess under the mode: each board's hard-mode rule as a mask over
    ``words`` (the only words a play-out chooses from), narrowed as the play-out goes."""

    def __init__(self, state: BoardsState, words: IntArray) -> None:
        self.mode = state.mode
        self.words = words
        pm = state.matrix
        self.codes = pm.guess_codes[words]
        self.counts = pm.guess_letter_counts[words]
        self.alphabet = pm.wordlist.alphabet
        self.masks: list[BoolArray | None] = [
            None if s is None or not self.mode.hard else s.hard_mask[words] for s in state.boards
        ]

    def played(self, board: int, word: str, pattern: int) -> None:
        """Board ``board`` showed ``pattern`` for ``word``: its rule now asks that too."""
        mask = self.masks[board]
        if mask is not None:
            turn = [Turn(word, int(pattern))]
            self.masks[board] = mask & hard_mode_mask(self.codes, turn, self.counts, self.alphabet)

    def allowed(self, pool: IntArray, live: list[int], answers: IntArray) -> BoolArray:
        """Which of ``pool`` (a subset of the words) the mode allows on the ``live`` boards,
        whose candidates together are ``answers``."""
        ok = np.ones(len(pool), dtype=bool)
        if not self.mode.hard:
            return ok
        at = np.searchsorted(self.words, pool)
        for b in live:
            mask = self.masks[b]
            assert mask is not None
            ok &= mask[at]
        if self.mode is Mode.ULTRAHARD:
            ok &= np.isin(pool, answers)
        return ok


class Lookahead(Finisher):
    """``finisher``, looking one turn ahead where no board has one word left: it tries the
    finisher's ``top`` best guesses and its ``top`` best words that could be an answer, each
    played on ``samples`` answer sets drawn from the boards' candidates and the game played
    out to its end, and plays the guess with the fewest guesses on average (a loss counting
    ``LOSS_PENALTY`` more). The same answer sets judge every guess (less noise), drawn from a
    generator seeded by the guesses so far, so the choice is deterministic.

    The play-outs follow the finisher's rules over a short list of guesses (the words that
    could still be an answer and the ``INFO_POOL`` most informative guesses of the decision),
    which makes them a hundred times cheaper than ranking every valid guess at every turn.
    They keep the mode's rule too: every guess tried and played obeys it.
    """

    name = "lookahead"
    summary = (
        "finisher, looking one turn ahead: its best guesses and best possible answers, each "
        "played out on answer sets drawn from the boards' candidates; the fewest guesses wins"
    )
    LOSS_PENALTY = 5.0
    INFO_POOL = 48

    def __init__(self, top: int = LOOK_TOP, samples: int = LOOK_SAMPLES) -> None:
        super().__init__()
        self.top = top
        self.samples = samples

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        first = super().choose(state)
        if not state.guesses or self._singletons(state):
            return first
        key = self.scores(state)
        chance = self.solve_chance(state)
        order = np.argsort(-key, kind="stable")
        order = order[state.allowed_mask[order]]
        answers = order[chance[order] > 0][: self.top]
        pool = list(dict.fromkeys([first, *order[: self.top].tolist(), *answers.tolist()]))
        info = order[: self.INFO_POOL]
        rng = np.random.default_rng(
            int.from_bytes(hashlib.sha256(" ".join(state.guesses).encode()).digest()[:8])
        )
        sets = []
        for _ in range(self.samples):
            sets.append(
                [-1 if s is None else int(s.candidates[rng.integers(s.n)]) for s in state.boards]
            )
        # the words any play-out may choose from: the decision's informative guesses and
        # every candidate of an unsolved board (candidates only shrink)
        words = np.unique(np.concatenate([info, *(s.candidates for _, s in state.live)]))
        best, best_cost = first, math.inf
        for g in pool:
            cost = 0.0
            for picks in sets:
                turns = self._playout(state, int(g), picks, info, words)
                cost += turns + (self.LOSS_PENALTY if turns > state.max_guesses else 0.0)
            cost /= len(sets)
            if cost < best_cost - 1e-9:
                best, best_cost = int(g), cost
        return best

    def _playout(
        self, state: BoardsState, g: int, picks: list[int], info: IntArray, words: IntArray
    ) -> int:
        stop = state.max_guesses + PLAY_ON
        pm = state.matrix
        data = pm.data
        rules = PlayoutRules(state, words)
        # The boards as candidate arrays only (no GameState: the play-out is a hot loop).
        cands = [None if s is None else s.candidates for s in state.boards]
        turns = len(state.guesses)
        while True:
            turns += 1
            row = data[g]
            word = pm.wordlist.guesses[g]
            for b, c in enumerate(cands):
                if c is None:
                    continue
                p = row[picks[b]]
                rules.played(b, word, int(p))
                cands[b] = None if g == picks[b] else c[row[c] == p]
            live = [b for b, c in enumerate(cands) if c is not None]
            if not live or turns >= stop:
                return turns
            left = [c for c in cands if c is not None]
            choice = self._quick_choice(pm, left, info, state.max_guesses - turns, rules, live)
            if choice is None:
                if state.mode is Mode.ULTRAHARD:
                    return stop  # no word may be played on every board: the game is lost
                # In hard mode the last guess obeys every board's rule after it: played again
                # it teaches nothing, and the play-out goes on to its limit.
                choice = g
            g = choice

    def _quick_choice(
        self,
        matrix: PatternMatrix,
        live: list[IntArray],
        info: IntArray,
        left: int,
        rules: PlayoutRules | None = None,
        boards: list[int] | None = None,
    ) -> int | None:
        """The finisher's choice among the candidates and the ``info`` guesses (those the
        play-out's ``rules`` allow on the live ``boards``); ``None`` when none is allowed."""
        live_all = np.concatenate(live)
        pool = np.unique(np.concatenate([info, live_all]))
        if rules is not None and boards is not None:
            pool = pool[rules.allowed(pool, boards, live_all)]
        allowed = set(pool.tolist())
        singles = [int(c[0]) for c in live if len(c) == 1 and int(c[0]) in allowed]
        if singles:
            return singles[0]
        if not len(pool):
            return None
        bits = np.zeros(len(pool))
        chance = np.zeros(len(pool))
        for c in live:
            figs = figures(matrix.data, pool, c, use_numba=False)
            bits += figs.bits
            chance += np.isin(pool, c) / len(c)
        key = bits + self.bonus * chance
        if self.budget_rule(left, len(live)) and (chance > 0).any():
            key = np.where(chance > 0, chance * 1000.0 + key, -np.inf)
        # Ties as the finisher breaks them: a possible answer, then alphabetical.
        where = np.arange(len(pool))
        rank = matrix.alphabetical_rank[pool]
        found = best_of(key, where, np.isin(pool, live_all), rank)
        assert found is not None
        return int(pool[found])
