"""The ``wordle`` command: every command, its JSON, its help, and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import SMALL_ANSWERS
from harness_cli import bad, failed, ok, run, runner
from wordlekit.cli import app, load_commands
from wordlekit.cli.app import COMMANDS
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError
from wordlekit.services.games import open_store


def commands() -> list[str]:
    load_commands()
    return sorted(app.commands)


def test_the_map_of_commands_names_each_command_and_its_module() -> None:
    """A command missing from the map would be left out of ``wordle --help``."""
    load_commands()
    assert sorted(COMMANDS) == sorted(app.commands)
    for name, module in COMMANDS.items():
        assert app.commands[name].callback.__module__ == f"wordlekit.cli.{module}", name


def test_every_command_has_help_with_an_example() -> None:
    names = commands()
    for sub in ("verify", "show"):
        text = ok("tree", sub, "--help")
        assert "Example" in text and f"wordle tree {sub}" in text
    assert {
        "score",
        "filter",
        "lists",
        "play",
        "daily",
        "suggest",
        "solve",
        "bench",
        "optimal",
        "tree",
    } <= set(names)
    for name in names:
        text = ok(name, "--help")
        assert "Example" in text, name
        assert f"wordle {name}" in text, name


def test_top_level_help() -> None:
    assert "score" in ok("--help")


# score -------------------------------------------------------------------------------------


def test_score() -> None:
    assert ok("score", "crane", "cigar").strip() == "🟩🟨🟨⬛⬛"
    assert ok("score", "CRANE", "cigar", "--format", "letters").strip() == "gyybb"
    assert ok("score", "crane", "cigar", "-f", "digits").strip() == "21100"
    assert json.loads(ok("score", "crane", "cigar", "--format", "json"))["letters"] == "gyybb"
    data = json.loads(ok("score", "added", "dread", "--json"))
    assert data["pattern"] == 1 + 1 * 3 + 0 + 1 * 27 + 2 * 81
    assert data["emoji"] == "🟨🟨⬛🟨🟩"
    assert len(data["explain"]) == 5
    text = ok("score", "geese", "those", "--explain")
    assert "the first E is gray: THOSE has one E" in text


def test_score_any_strings_of_equal_length() -> None:
    assert ok("score", "abcd", "dcba", "-f", "letters").strip() == "yyyy"


def test_score_bad_input() -> None:
    bad("score", "abc", "abcd", match="3 letters")
    bad("score", "cr4ne", "cigar", match="not a word")
    bad("score", "crane", "cigar", "--format", "hex", match="unknown format")
    code, out, _err = run("score", "crane")
    assert code == 2 and out == ""


# filter ------------------------------------------------------------------------------------


def test_filter_turns() -> None:
    out = ok("filter", "crane:bbggb", "moist:bbybg")
    assert out.splitlines()[0].startswith("1 word remain")
    assert "giant" in out.splitlines()
    data = json.loads(ok("filter", "crane:⬛⬛🟩🟩⬛", "--json"))
    assert data["count"] == 16 and len(data["words"]) == 16
    assert data["turns"][0]["before"] == 2315 and data["turns"][0]["after"] == 16
    assert data["knowledge"]["pattern"] == "??an?"


def test_filter_pool_and_lists(tmp_path: Path) -> None:
    valid = json.loads(ok("filter", "crane:bbygb", "--pool", "valid", "--json"))
    answers = json.loads(ok("filter", "crane:bbygb", "--json"))
    assert valid["count"] > answers["count"]
    nyt = json.loads(ok("filter", "--lists", "nyt", "--json"))
    assert nyt["count"] == 2309
    custom = tmp_path / "words.txt"
    custom.write_text("cigar\nrebut\nsissy\ncrane\n")
    data = json.loads(ok("filter", "crane:gyybb", "--lists", str(custom), "--json"))
    assert data["words"] == ["cigar"]


def test_filter_hints() -> None:
    data = json.loads(
        ok("filter", "--known", "?r??e", "--contains", "a", "--absent", "st", "--json")
    )
    assert "crane" in data["words"] and all(w[1] == "r" for w in data["words"])
    data = json.loads(ok("filter", "--misplaced", "a????", "--json"))
    assert all(w[0] != "a" and "a" in w for w in data["words"])


def test_filter_explain_and_limit() -> None:
    out = ok("filter", "crane:bbggb", "--explain", "--limit", "3")
    assert "2315 → 16" in out and "Placed" in out and "… and 13 more" in out


def test_filter_bad_input() -> None:
    bad("filter", "crane:bbzgb", match="bad tile 'z'")
    bad("filter", "crane", match="GUESS:PATTERN")
    bad("filter", "xxxxx:bbbbb", match="not in the original word list")
    bad("filter", "crane:bbbbb", "plant:ggggg", match="turn 2")
    bad("filter", "eerie:bybbb", match="impossible")
    bad("filter", "--pool", "everything", match="unknown pool")
    bad("filter", "--lists", "missing.txt", match="no word list")
    bad("filter", "--known", "?r?e", match="expected 5")
    bad("filter", "--contains", "abcdef", match="more than 5 letters")


# lists and daily -----------------------------------------------------------------------------


def test_lists() -> None:
    out = ok("lists")
    assert "2315" in out and "10657" in out and "a-z and ñ" in out
    data = json.loads(ok("lists", "--json"))
    names = ["original", "nyt", "en-4", "en-6", "en-7", "en-8"]
    names += ["de-5", "es-5", "fr-5", "it-5", "nl-5", "pt-5"]
    assert [d["name"] for d in data] == names
    assert [d["length"] for d in data] == [5, 5, 4, 6, 7, 8] + [5] * 6
    assert [d["language"] for d in data] == ["en"] * 6 + ["de", "es", "fr", "it", "nl", "pt"]
    es = data[7]
    assert (es["answers"], es["allowed"], es["alphabet"]) == (
        1699,
        7384,
        "abcdefghijklmnñopqrstuvwxyz",
    )
    assert json.loads(ok("lists", "es-5", "--json"))["language_name"] == "Spanish"
    words = ok("lists", "en-4", "--words").split()
    assert len(words) == 1975 and words == sorted(WordList.bundled("en-4").answers)
    both = ok("lists", "de-5", "--words", "--allowed").split()
    assert len(both) == 886 + 3153
    bad("lists", "xx-5", match="no bundled list")
    bad("lists", "--words", match="need a list NAME")


def test_lang_and_length_choose_a_bundled_list() -> None:
    data = json.loads(ok("solve", "niños", "--lang", "es", "--answers", "all", "--json"))
    assert data["solved"] and data["turns"][-1]["turn"]["guess"] == "niños"
    data = json.loads(ok("solve", "NIÑOS", "--lists", "es-5", "--answers", "all", "--json"))
    assert data["turns"][-1]["turn"]["emoji"] == "🟩" * 5
    out = ok("suggest", "--length", "6", "--top", "1")
    assert "2500 possible answers" in out
    bad("suggest", "--lang", "xx", match="no bundled list in language")
    bad("suggest", "--lang", "es", "--length", "6", match="es has 5")
    bad("suggest", "--lists", "de-5", "--lang", "es", match="not both")
    bad("suggest", "--lists", "nyt", "--length", "6", match="not both")
    bad("solve", "niños", "--lang", "es", "--answers", "likely", match="fitted to the NYT")


def test_daily() -> None:
    assert "CIGAR" in ok("daily", "2021-06-19")
    assert json.loads(ok("daily", "2022-02-15", "--json")) == {
        "date": "2022-02-15",
        "number": 241,
        "answer": "agora",
        "lists": "original",
    }
    # another list has a daily order of its own: one of its answers a day, the same for all
    es = WordList.bundled("es-5")
    days = [json.loads(ok("daily", f"2026-12-0{i}", "--lang", "es", "--json")) for i in (1, 2)]
    assert all(es.is_answer(d["answer"]) and d["lists"] == "es-5" for d in days)
    assert days[0]["answer"] != days[1]["answer"]
    assert days[1]["answer"] == es.daily_answer("2026-12-02")
    assert "es-5" in ok("daily", "2026-12-02", "--lists", "es-5")
    bad("daily", "2021-01-01", match="before the first")
    bad("daily", "soon", match="bad date")


# the mode: one option group wherever a command has one ------------------------------------

MODE_COMMANDS = (
    ("play",), ("suggest",), ("solve",), ("bench",), ("review",), ("optimal",),
    ("rank-openers",), ("tree", "verify"), ("boards",),
)  # fmt: skip


@pytest.mark.parametrize("cmd", MODE_COMMANDS, ids=" ".join)
def test_every_mode_command_takes_mode_hard_and_ultrahard(cmd: tuple[str, ...]) -> None:
    text = " ".join(ok(*cmd, "--help").split())
    assert "--mode MODE The rules: normal, hard or ultrahard" in text, cmd
    assert "--hard " in text and "--ultrahard" in text, cmd
    assert "could still be the answer" in text, cmd  # the ultrahard rule, spelt out


@pytest.mark.parametrize("cmd", [("absurdle", "solve")], ids=" ".join)
def test_commands_without_ultrahard_offer_normal_and_hard(cmd: tuple[str, ...]) -> None:
    text = " ".join(ok(*cmd, "--help").split())
    assert "--mode MODE The rules: normal or hard" in text and "--hard " in text, cmd
    assert "--ultrahard" not in text, cmd
    bad(*cmd, "--mode", "ultrahard", match="unknown mode 'ultrahard': choose one of normal, hard")


def test_the_tui_help_explains_ultrahard() -> None:
    text = " ".join(ok("tui", "--help").split())
    assert "--ultrahard" in text and "could still be the answer" in text


def test_a_mode_given_twice_keeps_the_last() -> None:
    hard = json.loads(ok("suggest", "crane:bbybb", "--hard", "--json", "--top", "1"))
    assert hard["mode"] == "hard"
    last = json.loads(ok("suggest", "crane:bbybb", "--ultrahard", "--mode", "hard", "--json"))
    assert last["mode"] == "hard"
    ultra = json.loads(ok("suggest", "crane:bbybb", "--mode", "ultrahard", "--json", "--top", "1"))
    assert ultra["mode"] == "ultrahard"
    bad("suggest", "--mode", "brutal", match="unknown mode 'brutal'")


@pytest.mark.parametrize(
    "cmd", ["score", "filter", "lists", "daily", "play", "suggest", "solve", "bench"]
)
def test_unknown_option_is_exit_2(cmd: str) -> None:
    code, out, _ = run(cmd, "--no-such-option")
    assert code == 2 and out == ""


# suggest, solve, bench -----------------------------------------------------------------------


def test_suggest() -> None:
    data = json.loads(ok("suggest", "--json", "--top", "3"))
    assert data["remaining"] == 2315 and len(data["candidates"]) == 200
    assert (data["mode"], data["pool"], data["answers"]) == ("normal", "valid", "list")
    advice = data["advice"]
    assert advice["strategy"] == advice["used"] == "entropy" and advice["exact"]
    assert [s["word"] for s in advice["suggestions"]] == ["soare", "roate", "raise"]
    assert {"word", "score", "parts", "largest", "expected", "bits", "can_win"} <= set(
        advice["suggestions"][0]
    )
    data = json.loads(ok("suggest", "crane:bbggb", "moist:bbybg", "--json"))
    assert data["remaining"] == 1 and suggested(data)[0]["word"] == "giant"
    assert data["known"]["pattern"] == "??ant" and data["steps"][1]["after"] == 1
    text = ok("suggest", "crane:bbygb", "--strategy", "minimax", "--top", "4")
    assert "20 possible answers" in text and "Remaining: aging" in text
    hard = json.loads(ok("suggest", "crane:gbbbb", "--hard", "--json"))
    assert all(s["word"][0] == "c" for s in suggested(hard))
    only = json.loads(ok("suggest", "crane:bbygb", "--candidates-only", "--json"))
    assert only["pool"] == "candidates" and all(s["can_win"] for s in suggested(only))
    ultra = json.loads(ok("suggest", "crane:bbygb", "--ultrahard", "--json"))
    assert ultra["mode"] == "ultrahard"
    assert all(s["can_win"] for s in suggested(ultra))


def suggested(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The suggestions of ``wordle suggest --json``."""
    return list(data["advice"]["suggestions"])


def test_suggest_lists_only_guesses_that_teach_something() -> None:
    data = json.loads(ok("suggest", "crane:bbggb", "moist:bbybg", "--top", "5", "--json"))
    assert [s["word"] for s in suggested(data)] == ["giant"]
    data = json.loads(ok("suggest", "crane:bbygb", "--top", "20", "--json"))
    assert all(s["parts"] > 1 or s["can_win"] for s in suggested(data))


def test_suggest_bad_input() -> None:
    bad("suggest", "--strategy", "magic", match="unknown strategy 'magic'")
    bad("suggest", "crane:bbbbb", "plant:ggggg", match="turn 2")
    bad("suggest", "crane:bbq", match="bad tile")
    bad("suggest", "zzzzz:bbbbb", match="not in the original word list")


def test_solve() -> None:
    text = ok("solve", "cigar", "--start", "salet")
    assert "1. SALET ⬛🟨⬛⬛⬛  102 left" in text and "Solved in 4 guesses." in text
    data = json.loads(ok("solve", "cigar", "--json", "--strategy", "minimax"))
    assert data["solved"] is True and data["turns"][-1]["turn"]["guess"] == "cigar"
    assert data["guesses"] == len(data["turns"]) and data["answer"] == "cigar"
    assert all({"guess", "pattern", "emoji", "letters"} <= set(t["turn"]) for t in data["turns"])
    assert (data["strategy"], data["mode"], data["pool"]) == ("minimax", "normal", "valid")
    counts = [t["remaining"] for t in data["turns"]]
    assert counts == sorted(counts, reverse=True)


@pytest.mark.slow
def test_solve_and_bench_ultrahard() -> None:
    data = json.loads(ok("solve", "cigar", "--ultrahard", "--start", "crane", "--json"))
    assert data["solved"] and data["turns"][0]["turn"]["guess"] == "crane"
    bad("solve", "cigar", "--ultrahard", "--start", "salet", match="SALET cannot be the answer")
    data = json.loads(ok("bench", "--ultrahard", "--start", "slate", "--json"))
    (result,) = data["results"]
    assert result["mode"] == "ultrahard"
    assert result["counts"]["total"] == 8169  # as candidates-only: same game
    assert "ultrahard mode" in ok("bench", "--ultrahard", "--start", "slate").splitlines()[0]


def test_solve_bad_input() -> None:
    bad("solve", "xxxxx", match="not in the original word list")
    bad("solve", "aahed", match="never an answer")
    bad("solve", "cigar", "--start", "qqqqq", match="QQQQQ is not in")
    bad("solve", "cigar", "--strategy", "nope", match="unknown strategy")


@pytest.mark.slow
def test_bench() -> None:
    data = json.loads(ok("bench", "-s", "entropy", "-s", "minimax", "--start", "salet", "--json"))
    results = {r["strategy"]: r for r in data["results"]}
    entropy, minimax = results["entropy"]["counts"], results["minimax"]["counts"]
    assert entropy["total"] == 7946 and minimax["max"] == 5
    for r in results.values():
        assert {"games", "total", "mean", "max", "failures", "histogram"} <= set(r["counts"])
        assert sum(r["counts"]["histogram"].values()) == r["counts"]["games"] == 2315
        assert (r["start"], r["lists"], r["answers"]) == ("salet", "original", "list")
        assert r["seconds"] >= 0 and "per_answer" not in r
    text = ok("bench", "--strategy", "most-parts", "--start", "salet")
    assert "most-parts" in text and "█" in text and "7937" in text


def test_bench_bad_input() -> None:
    bad("bench", "--strategy", "nope", match="unknown strategy")
    bad("bench", "--start", "xxxxx", match="XXXXX is not in")
    bad("bench", "--lists", "missing.txt", match="no word list")


# optimal and tree ----------------------------------------------------------------------------


@pytest.mark.slow
def test_optimal_and_tree_files(tmp_path: Path) -> None:
    out_file = tmp_path / "salet.txt"
    data = json.loads(ok("optimal", "--start", "salet", "--tree-out", str(out_file), "--json"))
    assert data["tree_file"] == str(out_file) and data["openers"] == []
    result = data["result"]
    assert result["total"] == 7920 and result["proven"] is True and result["max"] == 5
    assert {"total", "mean", "max", "counts", "proven", "seconds", "hit_rate"} <= set(result)
    assert sum(result["counts"]["histogram"].values()) == 2315 and "tree" not in result
    text = ok("tree", "verify", str(out_file))
    assert "valid" in text and "7920" in text
    check = json.loads(ok("tree", "verify", str(out_file), "--json"))
    assert check["file"] == str(out_file) and check["verification"]["ok"]
    assert check["verification"]["counts"]["total"] == 7920 and check["meta"]["total"] == 7920
    shown = ok("tree", "show", str(out_file), "salet:bybbb", "--limit", "3")
    assert "Play BROND: 102 answers below" in shown
    info = json.loads(ok("tree", "show", str(out_file), "salet:bybbb", "brond:bybbb", "--json"))
    assert info["answers"] == len(info["paths"]) == 8 and info["guess"] == "chair"
    path = info["paths"][0]
    assert path["turns"][-1]["guess"] == path["answer"] and path["turns"][-1]["letters"] == "ggggg"
    code, out, _ = run("tree", "verify", str(out_file), "--hard")
    assert code == 1 and "INVALID" in out and "breaks hard mode" in out


def test_optimal_openers_on_a_small_list(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL_ANSWERS[:12]) + "\n")
    data = json.loads(ok("optimal", "--lists", str(words), "--openers", "5", "--json"))
    assert len(data["openers"]) == 5
    assert min(r["total"] for r in data["openers"] if r["total"]) == data["result"]["total"]
    assert {"word", "total", "bound", "feasible", "worst", "over", "seconds"} <= set(
        data["openers"][0]
    )
    text = ok("optimal", "--lists", str(words), "--openers", "5")
    assert "most promising first guesses" in text
    # the table best first; the time of the whole search, not only the best tree's
    shown = [w.upper() for w in re.findall(r"^\s*│?\s*([A-Z]{5})\s", text, flags=re.M)]
    best = sorted((r for r in data["openers"] if r["total"]), key=lambda r: r["total"])
    assert shown[: len(best)] == [r["word"].upper() for r in best], text
    assert "5 first guesses searched in" in text


def test_optimal_bad_input(tmp_path: Path) -> None:
    bad("optimal", "--start", "xxxxx", match="XXXXX is not in")
    bad("optimal", "--start", "salet", "--ultrahard", match="could still be the answer")
    bad("optimal", "--start", "salet", "--objective", "fastest", match="unknown objective")
    bad("tree", "verify", str(tmp_path / "nope.txt"), match="no such tree file")
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    bad("tree", "show", str(junk), match="bad JSON")


def test_optimal_proves_what_cannot_work() -> None:
    """ "No tree within N guesses" is a result: exit 0, in words and in JSON."""
    text = ok("optimal", "--start", "salet", "--max-guesses", "3")
    assert "no tree finds every answer" in text and "proven" in text
    data = json.loads(ok("optimal", "--start", "salet", "--max-guesses", "3", "--json"))["result"]
    assert (data["feasible"], data["total"], data["proven"]) == (False, None, True)
    # ultrahard: only words that could be the answer; from CIGAR no tree fits in 6
    data = json.loads(ok("optimal", "--start", "cigar", "--ultrahard", "--json"))["result"]
    assert (data["feasible"], data["mode"], data["proven"]) == (False, "ultrahard", True)


@pytest.mark.slow
def test_optimal_objectives_and_budget() -> None:
    data = json.loads(ok("optimal", "--start", "salet", "--objective", "worst", "--json"))["result"]
    assert data["objective"] == {"name": "worst", "k": None}
    assert (data["worst"], data["max"], data["total"]) == (5, 5, 7920)
    data = json.loads(ok("optimal", "--start", "salet", "--max-nodes", "50", "--json"))["result"]
    assert data["total"] is None and data["proven"] is False
    assert data["stopped"].startswith("the work needs more than 50 search nodes")
    assert 2 * 2315 < data["bound"] < 7920  # a proven lower bound, below the value
    text = ok("optimal", "--start", "salet", "--max-nodes", "50")
    assert "search stopped" in text and "not proven" in text and "(nodes)" not in text


def test_optimal_strategy_everywhere() -> None:
    data = json.loads(ok("suggest", "--strategy", "optimal", "--json"))
    assert suggested(data)[0]["word"] == "salet"
    assert abs(suggested(data)[0]["score"] - 7920 / 2315) < 1e-6
    data = json.loads(ok("suggest", "salet:bybbb", "--strategy", "optimal", "--top", "3", "--json"))
    assert suggested(data)[0]["word"] == "brond"
    solved = json.loads(ok("solve", "cigar", "--strategy", "optimal", "--json"))
    assert [t["turn"]["guess"] for t in solved["turns"]] == ["salet", "brond", "chair", "cigar"]
    bench = json.loads(ok("bench", "--strategy", "optimal", "--json"))
    assert bench["results"][0]["counts"]["total"] == 7920


# expected and review -------------------------------------------------------------------------


@pytest.mark.slow
def test_expected_one_word(tmp_path: Path) -> None:
    # the exact figures and a simulation beside them, in one run (the exact one takes seconds)
    data = json.loads(ok("expected", "cigar", "--simulate", "100", "--json"))
    assert (data["lists"], data["words"]) == ("original", 2315)
    exact = data["exact"]
    assert round(exact["expected"], 4) == 3.7625 and exact["worst"] == 10
    assert 0 < exact["p_over_6"] < 0.001
    sim = data["simulation"]
    assert sim["counts"]["games"] == 100 and sim["mean_low"] < sim["mean_high"]
    text = ok("expected", "cigar", "--simulate", "5000", "--seed", "3")
    assert "contains the exact value" in text
    # without --simulate, none
    words = tmp_path / "atch.txt"
    words.write_text("batch\ncatch\nhatch\nlatch\nmatch\n")
    small = json.loads(ok("expected", "catch", "--lists", str(words), "--json"))
    assert (small["words"], small["simulation"]) == (5, None)


def test_expected_all_on_a_small_list(tmp_path: Path) -> None:
    words = tmp_path / "atch.txt"
    words.write_text("batch\ncatch\nhatch\nlatch\nmatch\npatch\nwatch\ncrane\nslate\n")
    db = tmp_path / "a.sqlite3"
    data = json.loads(
        ok(
            "expected",
            "--all",
            "--lists",
            str(words),
            "--db",
            str(db),
            "--json",
            "--workers",
            "1",
            "--top",
            "3",
        )
    )
    assert data["words"] == 9 and len(data["easiest"]) == 3 and len(data["hardest"]) == 3
    assert data["hardest"][0]["expected"] >= data["easiest"][0]["expected"]
    assert len(data["results"]) == 9 and data["simulations"] == {}
    assert sum(n for _label, n in data["histogram"]) == 9
    csv_text = ok("expected", "--all", "--lists", str(words), "--db", str(db), "--csv")
    lines = csv_text.strip().splitlines()
    assert lines[0].startswith("word,expected,worst,p_over_6") and len(lines) == 10
    text = ok("expected", "--all", "--lists", str(words), "--db", str(db), "--simulate", "2000")
    assert "hidden words" in text and "intervals contain the exact value" in text
    per = json.loads(
        ok("expected", "--all", "--lists", str(words), "--db", str(tmp_path / "p.sqlite3"),
           "--method", "per-word", "--json")
    )  # fmt: skip
    shared = {r["word"]: r for r in data["results"]}
    assert {r["word"] for r in per["results"]} == set(shared)
    for a in per["results"]:
        b = shared[a["word"]]
        assert abs(a["expected"] - b["expected"]) <= 1e-9 and a["worst"] == b["worst"]


def test_expected_with_every_valid_guess(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("batch\nhatch\nmatch\ncigar\ncrane\n")
    allowed = tmp_path / "allowed.txt"
    allowed.write_text("catch\nlatch\npatch\nwatch\n")
    lists = f"{answers},{allowed}"
    one = json.loads(ok("expected", "match", "--lists", lists, "--guesses", "valid", "--json"))
    assert one["method"] == "exact" and one["guesses"] == "valid" and one["words"] == 9
    plain = json.loads(ok("expected", "match", "--lists", lists, "--json"))
    assert one["exact"]["expected"] > plain["exact"]["expected"]  # more words to guess among
    mc = json.loads(
        ok("expected", "match", "--lists", lists, "--guesses", "valid", "--budget", "1",
           "--simulate", "3000", "--json")
    )  # fmt: skip
    assert mc["method"] == "monte carlo" and mc["exact"] is None
    assert mc["simulation"]["mean_low"] <= one["exact"]["expected"] <= mc["simulation"]["mean_high"]
    db = str(tmp_path / "v.sqlite3")
    every = json.loads(
        ok("expected", "--all", "--lists", lists, "--guesses", "valid", "--db", db, "--json")
    )
    assert every["method"] == "exact" and len(every["results"]) == 5
    text = ok("expected", "--all", "--lists", lists, "--guesses", "valid", "--db", db,
              "--budget", "1")  # fmt: skip
    assert "every valid guess" in text  # read back: exact, computed before
    fresh = str(tmp_path / "w.sqlite3")
    text = ok("expected", "--all", "--lists", lists, "--guesses", "valid", "--db", fresh,
              "--budget", "1", "--simulate", "200")  # fmt: skip
    assert "Monte Carlo (the exact recursion is over its budget), 200 games a word" in text


def test_expected_bad_input() -> None:
    bad("expected", "cigar", "--guesses", "all", match="answers")
    bad("expected", match="give a WORD or --all")
    bad("expected", "cigar", "--all", match="give a WORD or --all")
    bad("expected", "xxxxx", match="not in the original word list")
    bad("expected", "aahed", match="not in the original word list")


def test_review() -> None:
    text = ok("review", "--answer", "cigar", "adieu", "story", "cigar")
    assert "ADIEU" in text and "You solved CIGAR in 3" in text and "skill" in text
    data = json.loads(ok("review", "crane:bbggb", "moist:bbybg", "giant:ggggg", "--json"))
    assert data["answer"] == "giant" and len(data["turns"]) == 3
    assert data["turns"][1]["remaining_before"] == 16 and data["turns"][1]["remaining_after"] == 1


def test_review_turns_with_and_without_patterns() -> None:
    bare = json.loads(ok("review", "--answer", "cigar", "adieu", "story", "cigar", "--json"))
    mixed = json.loads(ok("review", "--answer", "cigar", "adieu:ybybb", "story", "cigar", "--json"))
    assert [t["turn"] for t in mixed["turns"]] == [t["turn"] for t in bare["turns"]]
    bad("review", "--answer", "cigar", "adieu", "zzzzz", match="turn 2")
    bad("review", "--answer", "zzzzz", "adieu", match="answer")


def test_review_bad_input() -> None:
    bad("review", "crane", match="has no pattern")
    bad("review", "crane:bbbbb", "plant:ggggg", match="turn 2")
    bad("review", "crane:bbbbb", "--answer", "cigar", match="CRANE against CIGAR gives")
    bad("review", "crane", "salty", "--answer", "cigar", "--hard", match="turn 2")
    bad(
        "review",
        *("crane", "cairn", "--answer", "cigar", "--ultrahard"),
        match="turn 2 breaks ultrahard mode: CAIRN cannot be the answer: CRANE would have shown",
    )
    bad("review", "salet:bybbb", "--ultrahard", match="turn 1 breaks ultrahard mode: SALET")


# rank-openers --------------------------------------------------------------------------------


@pytest.mark.slow
def test_rank_openers_on_a_small_list(tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\n")
    allowed = tmp_path / "b.txt"
    allowed.write_text("salet\ncrane\nslate\n")
    lists = f"{answers},{allowed}"
    db = str(tmp_path / "o.sqlite3")
    data = json.loads(
        ok(
            "rank-openers",
            "--lists",
            lists,
            "--method",
            "minimax",
            "--workers",
            "1",
            "--db",
            db,
            "--json",
        )
    )
    assert data["words"] == 13 and data["results"][0]["rank"] == 1
    assert (data["method"], data["higher_is_better"], data["mode"]) == ("minimax", False, "normal")
    assert len(data["settings"]) == 32 and data["objective"] == "total" and data["beta"] is None
    values = [r["result"]["value"] for r in data["results"]]
    assert values == sorted(values)  # minimax: lower is better
    text = ok("rank-openers", "--lists", lists, "--method", "minimax", "--db", db, "--top", "3")
    assert "13 first guesses by minimax (lower is better)" in text
    assert "All 13 from the store (nothing computed)." in text
    csv_text = ok("rank-openers", "--lists", lists, "--method", "minimax", "--db", db, "--csv")
    assert csv_text.splitlines()[0] == "rank,word,value,detail,seconds,exact,bound,nodes"
    assert data["totals"]["computed"] == 13 and data["totals"]["workers"] == 1


@pytest.mark.slow
def test_rank_openers_optimal_keeps_only_the_best_exact(tmp_path: Path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\n")
    allowed = tmp_path / "b.txt"
    allowed.write_text("salet\ncrane\nslate\n")
    run = ("rank-openers", "--lists", f"{answers},{allowed}", "--method", "optimal")
    db = ("--db", str(tmp_path / "o.sqlite3"), "--workers", "1")
    data = json.loads(ok(*run, *db, "--json"))
    assert data["cutoff"] is True and data["beta"] is None
    rows = [p["result"] for p in data["results"]]
    best = rows[0]
    assert best["exact"] is True and best["bound"] is None and best["value"] == 20  # SERVE
    proven = [r for r in rows if not r["exact"]]
    assert proven and all(r["value"] is None and r["bound"] > best["value"] for r in proven)
    assert all(r["detail"]["status"] == "worse than 20" for r in proven)
    assert all(isinstance(r["nodes"], int) and r["seconds"] >= 0 for r in rows)
    totals = data["totals"]
    assert (totals["computed"], totals["workers"]) == (13, 1)
    assert totals["wall_seconds"] > 0 and totals["core_seconds"] == pytest.approx(
        sum(r["seconds"] for r in rows)
    )
    text = ok(*run, *db, "--top", "20")
    assert "SERVE             20  mean 2.0, total 20" in text
    assert f"{len(proven)} proven worse than the best without their exact value." in text
    csv_rows = ok(*run, *db, "--csv").splitlines()
    assert csv_rows[1].startswith("1,serve,20.0,") and csv_rows[1].endswith(",true,,0")
    assert ",false,21.0," in csv_rows[-1]
    # every exact value: only the words the cut-off stopped are computed
    exact = json.loads(ok(*run, *db, "--exact-all", "--json"))
    assert exact["cutoff"] is False and all(p["result"]["exact"] for p in exact["results"])
    assert exact["totals"]["computed"] == len(proven)
    assert exact["results"][0]["result"]["value"] == 20
    assert all(p["result"]["value"] > 20 for p in exact["results"][1:])  # SERVE alone is best
    # and now the cut-off run finds every exact value stored
    assert all(p["result"]["exact"] for p in json.loads(ok(*run, *db, "--json"))["results"])


def test_rank_openers_help_shows_the_cutoff() -> None:
    text = " ".join(ok("rank-openers", "--help").split())
    assert "--exact-all optimal: every word's exact value" in text
    assert "cannot beat or tie the best found so far" in text
    assert "wordle rank-openers --method optimal --words salet,trace,crane,slate" in text


def test_rank_openers_bad_input(tmp_path: Path) -> None:
    bad("rank-openers", "--method", "magic", match="unknown method")
    bad("rank-openers", "--words", "nothing.txt", match="use all, answers or a file")
    bad("rank-openers", "--words", "salet,zzzzz", match="1 word(s) not in the original list")
    bad(
        "rank-openers",
        *("--method", "minimax", "--exact-all", "--db", str(tmp_path / "x.db")),
        match="--exact-all only applies to --method optimal",
    )
    bad(
        "rank-openers",
        "--method",
        "entropy",
        "--beta",
        "5",
        "--db",
        str(tmp_path / "x.db"),
        match="only applies",
    )
    bad(
        "rank-openers",
        "--scheduler",
        "nowhere:1",
        "--db",
        str(tmp_path / "x.db"),
        match="tcp://HOST:PORT",
    )


# bad input never crashes -----------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

junk = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=12
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from(["score", "filter", "suggest", "solve", "daily", "review", "expected", "play"]),
    st.lists(junk, min_size=1, max_size=3),
)
def test_junk_arguments_never_crash(cmd: str, args: list[str]) -> None:
    r = runner.invoke(app, [cmd, *args])
    assert r.exit_code in (0, 2), (cmd, args, r.exit_code, r.output, r.exception)
    if r.exit_code == 2:
        assert "Traceback" not in r.stderr and r.stdout == ""


def test_serve_refuses_a_taken_port_and_a_bad_database(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        failed("serve", "--port", str(port), "--db", str(tmp_path / "x.db"), match="cannot listen")
    bad("serve", "--host", "no.such.host.invalid", match="unknown host")
    for cmd in (["tui"], ["expected", "--all"], ["rank-openers"]):
        failed(*cmd, "--db", str(tmp_path), match="cannot open the database")
    failed("serve", "--db", str(tmp_path), "--port", str(port), match="cannot open the database")


# wordle db backup ------------------------------------------------------------------------------


def stored_finished_game(db: Path) -> str:
    """A database holding one won practice game; returns the game's id."""
    from wordlekit.services.games import GameRequest, open_store, play_guess, start_game

    store = open_store(db)
    stored, _ = start_game(store, "player", GameRequest("classic", seed=7))
    play_guess(store, stored.id, "player", stored.game.secret[0])
    assert store.count_finished() == 1
    return stored.id


def test_db_backup_help_has_an_example() -> None:
    for args in (["db"], ["db", "backup"]):
        text = ok(*args, "--help")
        assert "Example" in text and "wordle db backup " in text
    assert "--force" in ok("db", "backup", "--help")


def test_db_backup_of_a_database_with_a_finished_game(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "games.sqlite3"
    gid = stored_finished_game(db)
    dest = tmp_path / "backups" / "copy.sqlite3"
    dest.parent.mkdir()
    line = ok("db", "backup", str(dest), "--db", str(db))
    assert line.count("\n") == 1
    assert str(dest.absolute()) in line and "1 game " in line and "KiB" in line
    copy = sqlite3.connect(dest)
    assert copy.execute("SELECT id, status FROM games").fetchall() == [(gid, "won")]
    assert copy.execute("SELECT COUNT(*) FROM turns").fetchone() == (1,)
    copy.close()

    data = json.loads(ok("db", "backup", str(dest), "--db", str(db), "--force", "--json"))
    assert data["path"] == str(dest.absolute()) and data["source"] == str(db)
    # every table is counted; only those the game wrote to hold rows
    tables = data["tables"]
    assert {"games", "secrets", "turns", "summaries", "challenges"} <= set(tables)
    assert data["games"] == 1 and {name: n for name, n in tables.items() if n} == {
        "games": 1, "secrets": 1, "turns": 1, "summaries": 1, "summary_wins": 1,
    }  # fmt: skip
    assert data["bytes"] == dest.stat().st_size


def test_db_backup_uses_the_default_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordlekit.services.files import default_db_path

    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path / "data"))
    bad("db", "backup", str(tmp_path / "b.sqlite3"), match="no database at")
    stored_finished_game(default_db_path())
    assert "1 game " in ok("db", "backup", str(tmp_path / "b.sqlite3"))
    assert (tmp_path / "b.sqlite3").is_file()


def test_db_backup_refuses_to_overwrite(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    stored_finished_game(db)
    dest = tmp_path / "copy.sqlite3"
    dest.write_bytes(b"an older backup")
    bad("db", "backup", str(dest), "--db", str(db), match="already exists: pass --force")
    assert dest.read_bytes() == b"an older backup"
    ok("db", "backup", str(dest), "--db", str(db), "--force")
    assert dest.read_bytes().startswith(b"SQLite format 3\x00")
    failed("db", "backup", str(tmp_path), "--db", str(db), "--force", match="is a folder")
    failed("db", "backup", str(tmp_path / "x.sqlite3"), "--db", str(tmp_path), match="not a file")
    assert not list(tmp_path.glob("*.tmp"))


def test_a_typo_in_a_path_makes_no_folder(tmp_path: Path) -> None:
    """A backup or a database in a folder that does not exist is an error (it once made the
    folders), and so is a folder that is a file; only wordlekit's own folders are made."""
    db = tmp_path / "games.sqlite3"
    stored_finished_game(db)
    typo = tmp_path / "nonexistent" / "dir" / "x.sqlite3"
    failed("db", "backup", str(typo), "--db", str(db), match="does not exist")
    with pytest.raises(StorageError, match=r"the folder .* does not exist"):
        open_store(typo)  # what wordle serve --db and wordle tui --db open
    (tmp_path / "afile").write_text("")
    failed("db", "backup", str(tmp_path / "afile" / "x.sqlite3"), "--db", str(db),
           match="afile is a file, not a folder")  # fmt: skip
    assert not (tmp_path / "nonexistent").exists()


# answer models: --answers list|likely|all and --add ----------------------------------------------

ANSWER_MODEL_COMMANDS = ("filter", "suggest", "solve", "bench", "review", "play")


@pytest.mark.slow
def test_every_answers_example_of_the_help_works() -> None:
    import shlex

    for name in ANSWER_MODEL_COMMANDS:
        text = ok(name, "--help")
        assert "--answers" in text, name
        examples = [
            line.strip() for line in text.splitlines() if line.strip().startswith("wordle ")
        ]
        mine = [e for e in examples if "--answers" in e]
        assert mine, name
        for example in mine:
            args = shlex.split(example.split("   ")[0])[1:]
            assert args[0] == name
            ok(*args, input=":q\n")


def test_filter_likely_lists_aioli_with_its_probability() -> None:
    """AIOLI, an answer outside the original list: after CRANE ⬛⬛🟨⬛⬛ it is a candidate."""
    assert "aioli" not in ok("filter", "crane:bbybb").split()
    text = ok("filter", "crane:bbybb", "--answers", "likely", "--date", "none")
    lines = text.splitlines()
    assert lines[0].startswith("1200 words remain (every valid word of the original list")
    assert lines[0].endswith("to be the answer)")  # no date: nothing served
    assert lines[1].split() == ["about", "1.8%"]  # most likely first
    assert any(line.split()[0] == "aioli" and line.endswith("%") for line in lines[1:])
    data = json.loads(ok("filter", "crane:bbybb", "--answers", "likely", "--json", "--date=none"))
    assert data["answers"] == "likely" and data["count"] == 1200
    probs = data["probabilities"]
    assert probs == sorted(probs, reverse=True) and sum(probs) == pytest.approx(1.0)
    p = dict(zip(data["words"], probs, strict=True))
    assert p["about"] > p["aioli"] > 0 and data["turns"][0]["probability"] < 1
    uniform = json.loads(ok("filter", "crane:bbybb", "--answers", "all", "--json"))
    assert uniform["count"] == 1200 and "probabilities" not in uniform
    assert sorted(uniform["words"]) == sorted(data["words"])


def test_the_likely_model_is_as_of_the_puzzle_s_day() -> None:
    """ABOUT, the likeliest word with nothing served, was the answer on 2023-06-27: the
    helper of a later day weighs it as a repeat, and the words never served first."""
    args = ("filter", "crane:bbybb", "--answers", "likely", "--json", "--limit", "5")
    before = json.loads(ok(*args, "--date", "2023-06-27"))
    after = json.loads(ok(*args, "--date", "2023-06-28"))
    assert before["words"][0] == "about" and "about" not in after["words"]
    text = ok("filter", "crane:bbybb", "--answers", "likely", "--date", "2023-06-28")
    assert text.splitlines()[0].endswith("to be the answer on 2023-06-28)")
    today = json.loads(ok(*args))  # today by default
    assert today["words"] == json.loads(ok(*args, "--date", "today"))["words"]
    bad(*args, "--date", "2021-06-18", match="before the first Wordle")
    bad(*args, "--date", "someday", match="bad date")
    # a date is the likely model's: the list does not change with it
    assert ok("filter", "crane:bbybb", "--date", "2023-06-28") == ok("filter", "crane:bbybb")


def test_filter_likely_with_hints_renormalises() -> None:
    data = json.loads(
        ok("filter", "crane:bbybb", "--answers", "likely", "--known", "a????", "--json")
    )
    assert all(w.startswith("a") for w in data["words"]) and "aioli" in data["words"]
    assert sum(data["probabilities"]) == pytest.approx(1.0)


def test_no_word_fits_says_what_would_help() -> None:
    # the list: no answer fits, but valid words do
    bad("filter", "crane:bbybb", "aioli:ggggg", match="--answers likely")
    bad("suggest", "crane:bbybb", "aioli:ggggg", match="valid word")
    # likely: not even a valid word fits; the answer may be a word the lists do not know
    turns = ("crane:bbybb", "aioli:ggggb")
    for cmd in ("filter", "suggest"):
        bad(cmd, *turns, "--answers", "likely", match="add it with --add WORD")
    data = json.loads(ok("filter", *turns, "--answers", "likely", "--add", "aiold", "--json"))
    assert data["words"] == ["aiold"] and data["probabilities"] == [1.0]
    # a guess the lists do not know
    bad("filter", "aiold:bbbbb", match="add it with --add aiold")
    assert ok("filter", "aiold:bbbbb", "--add", "aiold", "--limit", "1")
    # impossible feedback stays impossible
    bad("filter", "eerie:bybbb", "--answers", "likely", match="impossible")
    # turns that contradict each other: no word could help, so none is suggested
    for args in (
        ("filter", "crane:bbbbb", "plant:ggggg"),
        ("filter", "crane:bbggb", "crane:bbbbb"),
        ("suggest", "crane:bbggb", "--hard", "moist:ggggg"),
        ("review", "crane:bbbbb", "plant:ggggg"),
    ):
        _, _, err = run(*args)
        assert "no word at all fits" in err and "--add" not in err and "--answers" not in err


def test_suggest_likely() -> None:
    likely = ("--answers", "likely", "--date", "none")
    data = json.loads(ok("suggest", "crane:bbybb", *likely, "--json", "--top", "3"))
    assert data["answers"] == "likely" and data["remaining"] == 1200
    assert data["candidates"][0] == "about" and len(data["candidates"]) == 200  # the likeliest
    assert data["probabilities"] == sorted(data["probabilities"], reverse=True)
    for s in suggested(data):
        assert (s["probability"] > 0) == s["can_win"]
    text = ok("suggest", "crane:bbybb", *likely, "--top", "10")
    assert "1200 possible answers (every valid word" in text and "Most likely: about" in text
    assert "yes " in text  # the chance of winning now beside "can win"
    plain = json.loads(ok("suggest", "crane:bbybb", "--json", "--top", "1"))
    assert plain["answers"] == "list" and plain["probabilities"] is None
    assert suggested(plain)[0]["probability"] is None


@pytest.mark.slow
def test_solve_aioli_with_likely_answers() -> None:
    bad("solve", "aioli", match="--answers likely")
    text = ok("solve", "aioli", "--answers", "likely")
    assert text.startswith("entropy bot on AIOLI: 12972 possible answers")
    data = json.loads(ok("solve", "aioli", "--answers", "likely", "--json"))
    assert data["solved"] and data["guesses"] <= 6 and data["answers"] == "likely"
    assert 0 < data["prior"] < 0.001
    assert json.loads(ok("solve", "aioli", "--answers", "all", "--json"))["solved"]
    bad("solve", "aiold", "--answers", "likely", match="add it with --add aiold")
    assert json.loads(ok("solve", "aiold", "--answers", "likely", "--add", "aiold", "--json"))[
        "solved"
    ]


def test_the_worst_case_optimal_refuses_other_answer_models() -> None:
    for args in (
        ("suggest", "crane:bbybb"),
        ("solve", "aioli"),
        ("bench", "--hidden", "answers"),
    ):
        bad(*args, "--answers", "likely", "-s", "optimal-worst", match="only the answer list")
    bad("suggest", "--answers", "maybe", match="unknown answer model 'maybe'")


def test_optimal_plays_likely_answers_on_small_positions(tmp_path: Path) -> None:
    """The least expected guesses under the prior, on a small list from the start (the
    bundled lists once turns have narrowed the words: docs/cli.md's example)."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL_ANSWERS) + "\n")
    likely = ("--lists", str(words), "--answers", "likely", "--strategy", "optimal")
    data = json.loads(ok("suggest", *likely, "--top", "3", "--json"))
    first = suggested(data)[0]
    assert data["advice"]["used"] == "optimal" and data["advice"]["exact"]
    assert 1 < first["score"] < 3 and first["probability"] is not None
    played = json.loads(ok("solve", "karma", *likely, "--json"))
    assert played["solved"] and played["exact"]
    assert played["turns"][0]["turn"]["guess"] == first["word"]
    (r,) = json.loads(ok("bench", *likely, "--hidden", str(words), "--json"))["results"]
    assert r["strategy"] == "optimal" and r["counts"]["games"] == 20
    assert r["counts"]["failures"] == 0


@pytest.mark.slow
def test_bench_likely_on_chosen_hidden_words(tmp_path: Path) -> None:
    words = tmp_path / "hidden.txt"
    words.write_text("cigar\naioli\nxylyl\n")
    data = json.loads(
        ok("bench", "--answers", "likely", "--hidden", str(words), "--json", "-s", "minimax")
    )
    (r,) = data["results"]
    assert r["answers"] == "likely" and r["counts"]["games"] == 3 and r["counts"]["unsolved"] == 0
    text = ok("bench", "--answers", "likely", "--hidden", str(words))
    assert text.startswith("3 games") and "answers: every valid word" in text
    bad("bench", "--hidden", "nowhere.txt", match="no hidden words")
    words.write_text("cigar\naioli\n")
    bad("bench", "--hidden", str(words), match="never an answer")


@pytest.mark.slow
def test_review_likely() -> None:
    data = json.loads(
        ok(
            "review",
            "--answer",
            "aioli",
            "crane",
            "slate",
            "aioli",
            "--answers",
            "likely",
            "--json",
        )
    )
    assert data["answers"] == "likely" and data["bot"] == "entropy" and data["solved"]
    assert {t["method"] for t in data["turns"]} == {"estimate"}
    assert data["turns"][0]["remaining_before"] == 12972
    text = ok("review", "--answer", "aioli", "crane", "aioli", "--answers", "likely")
    assert "The entropy bot needs" in text and "Every valid word may be the answer" in text
    bad("review", "--answer", "aioli", "crane", "aioli", match="answer:")


def test_progress_off_a_terminal_is_a_plain_line_every_few_seconds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Piped or redirected, a long run says how far it got now and then, on stderr."""
    from wordlekit.cli.progress import LogLines

    quiet = LogLines("openers", 100)  # the default: a line every 10 s, so none here
    quiet.update(5)
    assert capsys.readouterr().err == ""
    lines = LogLines("Absurdle", None, every=0.0)
    lines.update(152, 12972, "1 first guess wins")
    lines.advance()
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("Absurdle: 152/12,972 (1 first guess wins) after ")
    assert err[1].startswith("Absurdle: 153/12,972 (1 first guess wins) after ")
