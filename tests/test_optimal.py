"""The exact optimal solver against brute force, the known values, and its trees."""

from __future__ import annotations

import hashlib
import random
import threading
import time
from functools import cache
from pathlib import Path

import pytest

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.rules import Mode, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.jsonable import to_json
from wordlekit.solve import treefile
from wordlekit.solve.optimal import best_openers, solve_opening
from wordlekit.solve.optimal_cache import DEFAULT_CACHE, OptimalCache, tree_cache_path

ORIGINAL = WordList.bundled()
INF = float("inf")


def brute_force(wl: WordList, start: str, max_guesses: int, hard: bool) -> float:
    """Least total guesses by trying every guess at every node (no bounds, no tricks)."""
    win = all_green(wl.length)

    @cache
    def best(cands: frozenset[str], depth: int, history: tuple[Turn, ...]) -> float:
        if len(cands) == 1:
            return 1
        if depth == 0:
            return INF
        out = INF
        for g in wl.guesses:
            if hard and hard_mode_violation(history, g) is not None:
                continue
            v = cost(g, cands, depth, history)
            out = min(out, v)
        return out

    def cost(g: str, cands: frozenset[str], depth: int, history: tuple[Turn, ...]) -> float:
        buckets: dict[int, set[str]] = {}
        for a in cands:
            buckets.setdefault(score(g, a), set()).add(a)
        if len(buckets) == 1 and g not in cands:
            return INF  # no progress
        total: float = len(cands)
        for p, b in buckets.items():
            if p == win:
                continue
            key_history = (*history, Turn(g, p)) if hard else ()
            total += best(frozenset(b), depth - 1, key_history)
        return total

    return cost(start, frozenset(wl.answers), max_guesses, ())


def small_list(seed: int, n_answers: int, n_extra: int) -> WordList:
    rng = random.Random(seed)
    # words that share letters make harder, deeper trees
    pool = [w for w in ORIGINAL.answers if set(w) & set("ae") and set(w) & set("rst")]
    answers = sorted(rng.sample(pool, n_answers))
    extra = sorted(rng.sample([w for w in ORIGINAL.allowed if w not in answers], n_extra))
    return WordList.from_words(answers, extra, name=f"small{seed}")


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("hard", [False, True])
def test_equals_brute_force(seed: int, hard: bool) -> None:
    wl = small_list(seed, 14, 10)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    for start in random.Random(seed).sample(wl.guesses, 3):
        for max_guesses in (3, 4, 6):
            expected = brute_force(wl, start, max_guesses, hard)
            mode = Mode.HARD if hard else Mode.NORMAL
            r = solve_opening(pm, start, mode=mode, max_guesses=max_guesses)
            if expected == INF:
                assert (r.feasible, r.total, r.proven) == (False, None, True)
                continue
            assert r.total == expected, (seed, start, max_guesses, hard)
            check = treefile.verify(r.tree.root, wl, mode=mode, max_guesses=max_guesses)
            assert check.ok and check.total == r.total, check.problems


def test_best_opener_equals_brute_force() -> None:
    wl = small_list(42, 12, 8)
    pm = PatternMatrix.for_list(wl, use_cache=False)
    result, rows = best_openers(pm, k=len(wl.guesses))
    values = {g: brute_force(wl, g, 6, False) for g in wl.guesses}
    assert result.total == min(values.values())
    assert values[result.start] == result.total
    for row in rows:
        if row.total is not None:
            assert row.total == values[row.word]
        else:
            assert values[row.word] >= row.bound


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


def test_salet_normal_is_7920(pm: PatternMatrix) -> None:
    r = solve_opening(pm, "salet")
    assert r.total == 7920 and r.proven
    assert round(r.mean, 4) == 3.4212
    assert r.max == 5
    assert r.histogram == {2: 78, 3: 1225, 4: 971, 5: 41}
    check = treefile.verify(r.tree.root, ORIGINAL)
    assert check.ok and check.total == 7920


@pytest.mark.slow
def test_salet_hard_is_8122(pm: PatternMatrix) -> None:
    r = solve_opening(pm, "salet", mode=Mode.HARD)
    assert r.total == 8122 and r.proven
    check = treefile.verify(r.tree.root, ORIGINAL, mode=Mode.HARD)
    assert check.ok and check.total == 8122
    # the hard-mode rule holds at every node of every path
    for answer in ORIGINAL.answers:
        history: list[Turn] = []
        for guess, pattern in r.tree.path(answer, 5):
            assert hard_mode_violation(history, guess) is None
            history.append(Turn(guess, pattern))


@pytest.mark.slow
def test_other_openers_and_limits(pm: PatternMatrix) -> None:
    assert solve_opening(pm, "crane", build_tree=False).total == 7930
    assert solve_opening(pm, "trace", build_tree=False).total == 7926
    # with at most 5 guesses SALET still reaches 7920 (its optimal tree never needs 6)
    assert solve_opening(pm, "salet", max_guesses=5, build_tree=False).total == 7920


def test_top_is_an_upper_bound(pm: PatternMatrix) -> None:
    r = solve_opening(pm, "salet", top=5)
    assert not r.proven and r.total >= 7920
    assert treefile.verify(r.tree.root, ORIGINAL).total == r.total


def test_from_a_game_state(pm: PatternMatrix) -> None:
    r = solve_opening(pm, "brond", history=[Turn.parse("salet:bybbb")])
    assert r.games == 102
    # 102 answers: SALET (1 each) + BROND's optimal subtree
    full = solve_opening(pm, "salet")
    node = full.tree.root.children[Turn.parse("salet:bybbb").pattern]
    assert node.guess == "brond"
    sub = sum(len(p) for _, p in treefile.answers_below(node, 5))
    assert r.total == sub + 102


def test_infeasible_is_a_proven_result(pm: PatternMatrix) -> None:
    r = solve_opening(pm, "salet", max_guesses=2, build_tree=False)
    assert (r.feasible, r.total, r.proven, r.tree) == (False, None, True, None)
    d = to_json(r)
    assert (d["feasible"], d["total"], d["proven"], d["mean"]) == (False, None, True, None)
    with pytest.raises(WordleError):
        solve_opening(pm, "xxxxx")


# Tree files ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def salet_files(pm: PatternMatrix, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    r = solve_opening(pm, "salet")
    d = tmp_path_factory.mktemp("trees")
    meta = {"lists": "original", "total": r.total}
    treefile.write(d / "salet.txt", r.tree, 5, meta)
    treefile.write(d / "salet.json", r.tree, 5, meta)
    return d / "salet.txt", d / "salet.json"


@pytest.mark.slow
def test_round_trip(salet_files: tuple[Path, Path]) -> None:
    text, js = salet_files
    lines = [ln for ln in text.read_text().splitlines() if not ln.startswith("#")]
    assert len(lines) == 2315  # one line per answer
    assert lines[0].startswith("salet:")
    for f in (text, js):
        tf = treefile.read(f)
        assert tf.meta["total"] == 7920
        check = treefile.verify(tf.root, ORIGINAL)
        assert check.ok and check.total == 7920


def test_verification_catches_corruption(salet_files: tuple[Path, Path], tmp_path: Path) -> None:
    text = salet_files[0].read_text().splitlines()
    paths = [i for i, ln in enumerate(text) if not ln.startswith("#")]
    # 1: a missing answer
    missing = tmp_path / "missing.txt"
    missing.write_text("\n".join(ln for i, ln in enumerate(text) if i != paths[5]) + "\n")
    check = treefile.verify(treefile.read(missing).root, ORIGINAL)
    assert not check.ok and any("no branch" in p for p in check.problems)
    # 2: a wrong pattern on one path
    wrong = tmp_path / "wrong.txt"
    lines = list(text)
    tokens = lines[paths[7]].split()
    g, _ = tokens[-1].split(":")
    tokens[-1] = f"{g}:ggggb"
    lines[paths[7]] = " ".join(tokens)
    wrong.write_text("\n".join(lines) + "\n")
    with pytest.raises(treefile.TreeFileError):
        treefile.read(wrong)  # the path no longer ends in a win
    # 3: a JSON tree with one guess swapped
    import json

    doc = json.loads(salet_files[1].read_text())
    first_branch = next(iter(doc["root"]["children"].values()))
    first_branch["guess"] = "fuzzy"
    swapped = tmp_path / "swapped.json"
    swapped.write_text(json.dumps(doc))
    check = treefile.verify(treefile.read(swapped).root, ORIGINAL)
    assert not check.ok
    # 4: garbage
    junk = tmp_path / "junk.txt"
    junk.write_text("hello world\n")
    with pytest.raises(treefile.TreeFileError):
        treefile.read(junk)


def test_normal_tree_fails_hard_verification(salet_files: tuple[Path, Path]) -> None:
    check = treefile.verify(treefile.read(salet_files[0]).root, ORIGINAL, mode=Mode.HARD)
    assert not check.ok and any("breaks hard mode" in p for p in check.problems)


def test_descend_and_answers_below(salet_files: tuple[Path, Path]) -> None:
    root = treefile.read(salet_files[0]).root
    node = treefile.descend(root, [Turn.parse("salet:bybbb")])
    assert node is not None and node.guess == "brond"
    below = treefile.answers_below(node, 5)
    assert len(below) == 102 and ("cigar" in dict(below))
    with pytest.raises(WordleError, match="guesses SALET here"):
        treefile.descend(root, [Turn.parse("crane:bbbbb")])


def test_tree_file_paths_must_agree(tmp_path: Path) -> None:
    after_win = tmp_path / "after_win.txt"
    after_win.write_text("salet:ggggg crane:ggggg\n")
    with pytest.raises(treefile.TreeFileError, match="goes on after a win"):
        treefile.read(after_win)
    conflict = tmp_path / "conflict.txt"
    conflict.write_text("# lists: original\nsalet:ggggg\ncrane:ggggg\n")
    with pytest.raises(treefile.TreeFileError, match="line 3: turn 1 guesses CRANE"):
        treefile.read(conflict)
    meta = tmp_path / "meta.txt"
    meta.write_text("# total: 1\n# note: not json\n# a comment: ignored\nsalet:ggggg\n")
    assert treefile.read(meta).meta == {"total": 1, "note": "not json"}


def test_results_carry_guess_counts(pm: PatternMatrix, salet_files: tuple[Path, Path]) -> None:
    check = treefile.verify(treefile.read(salet_files[0]).root, ORIGINAL)
    assert check.counts.histogram == {2: 78, 3: 1225, 4: 971, 5: 41}
    assert (check.games, check.total, check.max) == (2315, 7920, 5)
    assert to_json(check)["counts"]["histogram"] == {"2": 78, "3": 1225, "4": 971, "5": 41}
    partial = treefile.verify(
        treefile.read(salet_files[0]).root, ORIGINAL, max_guesses=3, answers=["cigar", "zzzzz"]
    )
    # CIGAR needs 4 > 3 (a problem, still counted); ZZZZZ is never found
    assert partial.counts.games == 2 and partial.counts.unsolved == 1
    assert partial.counts.histogram == {4: 1} and partial.counts.failures == 2
    assert len(partial.problems) == 2 and not partial.ok
    result = solve_opening(pm, "brond", history=[Turn.parse("salet:bybbb")])
    assert result.counts is not None and result.counts.histogram == {3: 46, 4: 56}
    assert result.histogram == {3: 46, 4: 56} and result.max == 4
    assert result.counts.total == result.total == 362
    bare = solve_opening(pm, "brond", history=[Turn.parse("salet:bybbb")], build_tree=False)
    assert bare.counts is None and bare.histogram == {} and bare.total == 362


# The optimal strategy's cache ---------------------------------------------------------------


def test_the_cache_is_bounded(pm: PatternMatrix) -> None:
    cache = OptimalCache(solvers=1, trees=2)
    normal = cache.solver(pm, Mode.NORMAL)
    assert cache.solver(pm, Mode.NORMAL) is normal
    hard = cache.solver(pm, Mode.HARD)  # evicts the normal solver (and its memo)
    assert len(cache.solvers) == 1 and hard.mode is Mode.HARD
    assert cache.solver(pm, Mode.NORMAL) is not normal
    small = PatternMatrix.for_list(small_list(3, 12, 6), use_cache=False)
    openers = small.wordlist.guesses[:3]
    trees = [cache.opening_tree(small, w) for w in openers]
    assert [t.guess for t in trees] == list(openers)
    assert len(cache.trees) == 2
    assert cache.opening_tree(small, openers[2]) is trees[2]  # kept
    assert cache.opening_tree(small, openers[0]) is not trees[0]  # evicted, read again
    cache.clear()
    assert len(cache.solvers) == len(cache.trees) == len(cache.openers) == 0


def test_the_cache_is_shared_safely_between_threads(
    pm: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two threads asking for the same tree get one tree, solved once; the default opener
    (no SALET in these lists) is searched once too."""
    cache = OptimalCache()
    small = PatternMatrix.for_list(small_list(5, 12, 6), use_cache=False)
    solved: list[str] = []
    load = OptimalCache._load_or_solve

    def slow_load(self: OptimalCache, *args: object) -> object:
        solved.append(str(args[1]))
        time.sleep(0.2)
        return load(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(OptimalCache, "_load_or_solve", slow_load)
    barrier = threading.Barrier(2)
    got: list[object] = []

    def ask() -> None:
        barrier.wait()
        opener = cache.default_opener(small, Mode.NORMAL, 6)
        got.append((opener, cache.opening_tree(small, opener)))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(got) == 2 and got[0] == got[1] and len(solved) == 1
    assert len(cache.openers) == 1
    best, _ = best_openers(small, 5)
    assert got[0][0] == best.start  # type: ignore[index]


def test_tree_metadata_names_the_mode_and_old_files_still_read(tmp_path: Path) -> None:
    """The solver's trees name their mode (``mode``); files written before carry ``hard``
    and ``ultrahard`` flags, read as the same modes."""
    assert treefile.mode_of({"mode": "ultrahard"}) is Mode.ULTRAHARD
    assert treefile.mode_of({"hard": True, "ultrahard": False}) is Mode.HARD
    assert treefile.mode_of({"hard": True, "ultrahard": True}) is Mode.ULTRAHARD
    assert treefile.mode_of({"lists": "original"}) is Mode.NORMAL
    with pytest.raises(WordleError, match="unknown mode"):
        treefile.mode_of({"mode": "easy"})
    old = tmp_path / "old.txt"
    old.write_text("# wordlekit decision tree\n# hard: true\n# ultrahard: false\nsalet:ggggg\n")
    assert treefile.read(old).mode is Mode.HARD


def test_the_cache_reads_opening_trees_written_before_the_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An opening tree cached on disk by an earlier version (the same file name, its mode
    in flags) is read, not solved again."""
    small = PatternMatrix.for_list(small_list(7, 12, 6), use_cache=False)
    opener = small.wordlist.answers[0]
    path = tree_cache_path(small, opener, Mode.HARD, 6)
    assert path.name == f"optimal-{small.wordlist.content_hash[:24]}-{opener}-hard-6.json"
    r = solve_opening(small, opener, mode=Mode.HARD)
    assert r.tree is not None
    meta = {"lists": small.wordlist.name, "start": opener, "hard": True, "ultrahard": False,
            "objective": "total", "max_guesses": 6, "total": r.total, "proven": True}  # fmt: skip
    treefile.write(path, r.tree, small.length, meta)

    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("the cached tree should have been read")

    monkeypatch.setattr("wordlekit.solve.optimal_cache.solve_opening", no_search)
    root = OptimalCache().opening_tree(small, opener, mode=Mode.HARD)
    assert root.guess == opener
    # a tree of another mode is not taken for this one
    with pytest.raises(AssertionError, match="should have been read"):
        OptimalCache().opening_tree(small, opener, mode=Mode.ULTRAHARD)


def test_the_default_cache_is_explicit_and_bounded() -> None:
    assert isinstance(DEFAULT_CACHE, OptimalCache)
    assert DEFAULT_CACHE.solvers.maxsize >= 2  # normal and hard mode at once
    assert DEFAULT_CACHE.trees.maxsize < 100 and DEFAULT_CACHE.openers.maxsize < 100


def test_the_search_is_compiled_again_when_its_helpers_change() -> None:
    """numba checks its cache of ``solve`` against _solver_jit.py alone: the hash of the
    helpers it compiles in (_solver_parts.py) is pinned there."""
    from wordlekit.solve import _feasible_jit, _solver_jit, _weighted_jit

    parts = Path(_solver_jit.__file__).with_name("_solver_parts.py")
    digest = hashlib.sha256(parts.read_bytes().replace(b"\r\n", b"\n")).hexdigest()
    for module in (_solver_jit, _feasible_jit, _weighted_jit):
        name = Path(module.__file__ or "").name
        assert digest == module.PARTS_SHA256, f"set PARTS_SHA256 in {name} to {digest}"


def test_a_buckets_key_is_the_key_of_its_constraints(pm: PatternMatrix) -> None:
    """child_key (the parent's constraint hash changed by the pattern) gives the memo key
    that node_key gives the child's constraints, in every mode: else the searches would
    miss (or mix up) memo entries."""
    import numpy as np

    from wordlekit.solve import _solver_parts as parts
    from wordlekit.solve.solver import Solver

    rng = random.Random(27)
    n_answers, n_guesses = len(ORIGINAL.answers), len(ORIGINAL.guesses)
    for mode in (Mode.HARD, Mode.NORMAL):
        solver = Solver(pm, mode)
        t = solver.tables
        for _ in range(400):
            fixed, mincnt = solver.constraints()
            answer = rng.randrange(n_answers)
            for _ in range(rng.randrange(3)):  # a history that fits one answer
                g = rng.randrange(n_guesses)
                fixed, mincnt = parts.child_constraints(
                    fixed, mincnt, t[2], g, int(pm.data[g, answer])
                )
            g = rng.randrange(n_guesses)
            pattern = int(pm.data[g, answer])
            sub = np.array(sorted(rng.sample(range(n_answers), 6)), dtype=np.int32)
            nf, nm = parts.constraints_after(solver.code, fixed, mincnt, t[2], g, pattern)
            h1, h2 = parts.constraint_hash(fixed, mincnt, t[6], t[7])
            expected = parts.node_key(sub, 3, solver.code, nf, nm, t)
            got = parts.child_key(
                sub, 3, solver.code, fixed, mincnt, np.uint64(h1), np.uint64(h2), g, pattern, t
            )
            assert got == expected, (ORIGINAL.guesses[g], pattern)


def test_buckets_into_groups_as_the_partition_does(pm: PatternMatrix) -> None:
    """buckets_into: partition's groups (patterns ascending, members in order), the buckets
    of three or more (not the win) largest first with ties by pattern, and the bound."""
    import numpy as np

    from wordlekit.solve import _solver_parts as parts
    from wordlekit.solve.solver import Solver

    solver = Solver(pm, Mode.HARD)
    inc, win, n_patterns = solver.inc, solver.win, solver.n_patterns
    rng = random.Random(28)
    counts = np.zeros(n_patterns, dtype=np.int32)
    for _ in range(300):
        n = rng.choice([3, 8, 30, 200])
        cands = np.array(sorted(rng.sample(range(len(ORIGINAL.answers)), n)), dtype=np.int32)
        row = pm.data[rng.randrange(len(ORIGINAL.guesses))]
        depth = rng.choice([2, 3, 5])
        out, starts, pats = parts.partition(row, cands, n_patterns)
        got = [np.empty(n, np.int32), np.empty(n + 1, np.int32), np.empty(n, np.int32)]
        sizes, border = np.empty(n, np.int64), np.empty(n, np.int64)
        n_parts, m, bound = parts.buckets_into(
            row, cands, counts, win, depth, inc, *got, sizes, border
        )
        assert n_parts == len(pats) and not counts.any()
        assert (got[0] == out).all() and (got[1][: n_parts + 1] == starts).all()
        assert (got[2][:n_parts] == pats).all()
        size = np.diff(starts)
        keep = [b for b in range(n_parts) if pats[b] != win and size[b] > 2]
        assert border[:m].tolist() == sorted(keep, key=lambda b: -size[b])
        lost = [b for b in range(n_parts) if pats[b] != win]
        expected = n * inc[depth] + sum(
            parts.bucket_bound(int(size[b]), depth - 1, inc) for b in lost
        )
        assert bound == expected
