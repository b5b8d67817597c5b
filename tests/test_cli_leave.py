"""The ``wordle`` process ends at once when its command is done (wordlekit.cli.leave), with
all a normal exit does for the program: output flushed, threads joined, exit handlers run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

WORDLE = str(Path(sys.executable).parent / "wordle")


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_the_command_s_exit_code_and_output_stay() -> None:
    done = subprocess.run(
        [WORDLE, "score", "crane", "cigar", "--json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert '"pattern"' in done.stdout or "pattern" in done.stdout
    bad = subprocess.run([WORDLE, "score", "crane", "cig"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr


def test_threads_are_joined_and_exit_handlers_run_before_the_end() -> None:
    done = python(
        "import atexit, sys, threading, time\n"
        "from wordlekit.cli import leave\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "def late():\n"
        "    time.sleep(0.3)\n"
        "    print('thread done')\n"
        "threading.Thread(target=late).start()\n"
        "sys.stdout.write('buffered, no newline')\n"
        "leave(3)\n"
    )
    assert done.returncode == 3
    assert done.stdout == "buffered, no newlinethread done\nhandler ran\n"


def test_exit_codes_as_system_exit_takes_them() -> None:
    assert python("from wordlekit.cli import leave; leave(None)").returncode == 0
    message = python("from wordlekit.cli import leave; leave('no such thing')")
    assert message.returncode == 1
    assert message.stderr == "no such thing\n"


def test_a_closed_pipe_ends_quietly() -> None:
    # the reader is gone before the output is flushed (``wordle … | head``): the rest cannot be
    # written, and nothing is said of it
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from wordlekit.cli import leave\n"
            "sys.stdout.write('x' * 100)\n"
            "time.sleep(0.5)\n"
            "leave(0)\n",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # buffered output (a pipe's, unless PYTHONUNBUFFERED says otherwise): what is left
        # in the buffer is written when the process leaves
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert err == "", err
