"""The ``wordle`` process ends at once when its command is done (``wordlekit.cli``'s last exit
handler), with all a normal exit does for the program: the command's status, the output
flushed, threads joined, the other exit handlers run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

WORDLE = str(Path(sys.executable).parent / "wordle")

# main() runs a command after the program started a thread and registered an exit handler
AROUND = """
import atexit, sys, threading, time
from wordlekit.cli import main
atexit.register(lambda: print("handler ran"))
def late():
    time.sleep(0.3)
    print("thread done")
threading.Thread(target=late).start()
sys.argv = ["wordle", *{argv!r}]
main()
"""


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_the_command_s_status_and_output_stay() -> None:
    done = subprocess.run([WORDLE, "score", "crane", "cigar"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    bad = subprocess.run([WORDLE, "score", "crane", "cig"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr


def test_threads_are_joined_and_exit_handlers_run_before_the_end() -> None:
    done = python(AROUND.format(argv=["--version"]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == ["thread done", "handler ran"], done.stdout
    assert done.stdout.startswith("wordle, version")
    failed = python(AROUND.format(argv=["score", "crane", "cig"]))
    assert failed.returncode == 2
    assert failed.stdout == "thread done\nhandler ran\n"


def test_an_escaping_error_still_ends_with_status_1() -> None:
    done = python(
        "import sys\n"
        "from wordlekit.cli import app, main\n"
        "@app.command('boom')\n"
        "def boom():\n"
        "    raise SystemExit('no such thing')\n"
        "sys.argv = ['wordle', 'boom']\n"
        "main()\n"
    )
    assert done.returncode == 1
    assert done.stderr.strip().endswith("no such thing")


def test_without_main_nothing_changes() -> None:
    # a program (or a test) that imports the app and exits on its own keeps its own status
    assert python("import wordlekit.cli, sys; sys.exit(5)").returncode == 5


def test_a_closed_pipe_ends_quietly() -> None:
    # the reader is gone before the output is flushed (``wordle … | head``): the rest cannot be
    # written, and nothing is said of it
    code = (
        "import sys\n"
        "from wordlekit.cli import app, main\n"
        "@app.command('quiet')\n"
        "def quiet():\n"
        "    sys.stdout.write('x' * 100)  # buffered, not flushed\n"
        "sys.argv = ['wordle', 'quiet']\n"
        "main()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # buffered output (a pipe's, unless PYTHONUNBUFFERED says otherwise): what is left in
        # the buffer is written at the end
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert err == "", err
