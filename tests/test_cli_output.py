"""The command line's shared pieces: rendering (``cli.render``), the progress bar
(``cli.progress``) and the options (``cli.options``)."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from wordlekit.cli import app
from wordlekit.cli.options import FORMATS, NamedChoice
from wordlekit.cli.progress import LogLines, TimeLeft, duration, progress
from wordlekit.cli.render import bars, number, plural, print_csv, print_json, table


def test_bars_scale_to_the_tallest_and_show_every_nonzero_count() -> None:
    lines = bars([("2", 10), ("3", 40), ("4", 0), ("5", 1)], width=20)
    assert lines == ["  2 █████ 10", "  3 " + "█" * 20 + " 40", "  4  0", "  5 █ 1"]
    assert bars([]) == []


def test_json_is_the_typed_result_s_fields(capsys: pytest.CaptureFixture[str]) -> None:
    from wordlekit.core.feedback import Turn, TurnView
    from wordlekit.core.rules import Mode

    print_json({"mode": Mode.HARD, "turn": TurnView.of(Turn.parse("crane:bbygb"))})
    assert json.loads(capsys.readouterr().out) == {
        "mode": "hard",
        "turn": {"guess": "crane", "pattern": 63, "emoji": "⬛⬛🟨🟩⬛", "letters": "bbygb"},
    }


def test_numbers_and_nouns() -> None:
    assert number(12.0) == "12" and number(3.14159) == "3.1416" and number(7) == "7"
    assert plural(1, "word") == "word" and plural(2, "word") == "words"
    assert plural(3, "guess", "guesses") == "guesses"


def test_csv(capsys: pytest.CaptureFixture[str]) -> None:
    print_csv(("word", "value"), [("cigar", 1.5), ("a,b", "")])
    assert capsys.readouterr().out.splitlines() == ["word,value", "cigar,1.5", '"a,b",']


def test_table_aligns_names_left_and_figures_right() -> None:
    t = table(("word", "value"), [("CIGAR", "1.5")], left={"word"}, title="t")
    assert [c.justify for c in t.columns] == ["left", "right"]
    assert t.title == "t" and t.box is None and t.row_count == 1


def test_progress_is_quiet_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    """Piped, a short run prints nothing (a long one a plain line now and then: test_cli)."""
    with progress("words", 3) as bar:
        assert isinstance(bar, LogLines)
        bar.advance()
        bar.update(3, 3, "done")
    assert capsys.readouterr().err == ""


def test_progress_shows_a_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    with progress("ranking", unit="words") as bar:
        assert bar is not None
        bar.update(2, 10)  # a resumed run: 2 done before
        bar.update(5, 10)
        bar.update(6, status="CRANE", left=12.0)
        bar.advance(4)
    assert "ranking" in capsys.readouterr().err


def test_the_time_left_can_be_the_caller_s(capsys: pytest.CaptureFixture[str]) -> None:
    """A run that projects its own time left (rank-openers: at this run's rate) shows it,
    on the bar and in the plain lines; without one, the bar shows rich's estimate."""
    from rich.progress import Progress

    with Progress() as display:
        task = display.add_task("ranking", total=10, left=None)
        column = TimeLeft()
        assert column.render(display.tasks[0]).plain == "-:--:--"  # rich's: nothing done yet
        display.update(task, completed=2, left=425.2)
        assert column.render(display.tasks[0]).plain == "0:07:05"
    assert duration(90061) == "25:01:01"
    lines = LogLines("optimal", 10, every=0.0)
    lines.update(2, 10, "best SALET 7920", 425.2)
    err = capsys.readouterr().err
    assert err.startswith("optimal: 2/10 (best SALET 7920) after ") and err.endswith(
        " s, 0:07:05 left\n"
    )


def test_a_command_s_bar_goes_to_stderr_on_a_terminal() -> None:
    env = {"FORCE_COLOR": "1", "TERM": "xterm"}
    r = CliRunner(env=env).invoke(app, ["bench", "-s", "entropy", "--start", "salet", "--json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["results"][0]["counts"]["total"] == 7946
    assert "entropy" in r.stderr


def test_named_choice_matches_case_and_underscores() -> None:
    choice = NamedChoice("strategy", ["letter-frequency", "entropy"])
    assert choice.convert("Letter_Frequency", None, None) == "letter-frequency"
    assert choice.convert(" ENTROPY ", None, None) == "entropy"
    with pytest.raises(click.BadParameter, match="unknown strategy 'magic': choose one of"):
        choice.convert("magic", None, None)
    assert FORMATS == ("emoji", "letters", "digits", "json")


def test_choices_on_the_command_line() -> None:
    def ok(*args: str) -> str:
        r = CliRunner().invoke(app, list(args))
        assert r.exit_code == 0, r.stderr
        return r.stdout

    assert ok("score", "crane", "cigar", "-f", "LETTERS").strip() == "gyybb"
    data = json.loads(ok("suggest", "--strategy", "MiniMax", "--top", "1", "--json"))
    assert data["advice"]["strategy"] == "minimax"
    data = json.loads(ok("bench", "-s", "letter_frequency", "--start", "salet", "--json"))
    assert data["results"][0]["strategy"] == "letter-frequency"
    assert json.loads(ok("filter", "--pool", "VALID", "--json"))["pool"] == "valid"


def test_the_mode_group_hands_the_command_one_mode() -> None:
    from wordlekit.cli.options import mode_options
    from wordlekit.core.rules import Mode

    seen: list[object] = []

    @click.command()
    @mode_options()
    def full(mode: Mode) -> None:
        seen.append(mode)

    @click.command()
    @mode_options(modes=(Mode.NORMAL, Mode.HARD))
    def two(mode: Mode) -> None:
        seen.append(mode)

    for args, want in (
        ([], Mode.NORMAL),
        (["--hard"], Mode.HARD),
        (["--ultrahard"], Mode.ULTRAHARD),
        (["--mode", "Ultrahard"], Mode.ULTRAHARD),
        (["--hard", "--mode", "normal"], Mode.NORMAL),  # the last one given wins
    ):
        seen.clear()
        assert CliRunner().invoke(full, args).exit_code == 0, args
        assert seen == [want] and type(seen[0]) is Mode, args
    assert CliRunner().invoke(two, ["--hard"]).exit_code == 0 and seen[-1] is Mode.HARD
    r = CliRunner().invoke(two, ["--ultrahard"])
    assert r.exit_code == 2 and "No such option '--ultrahard'" in r.output
    r = CliRunner().invoke(two, ["--mode", "ultrahard"])
    assert r.exit_code == 2 and "choose one of normal, hard" in r.output
