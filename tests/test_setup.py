"""Setting up a fresh machine: scripts/ensure-chromium and the Makefile that calls it.

The script runs with a PATH holding only stub ``id``, ``apt-get`` and ``sudo`` executables and
links to the few real tools it needs (bash, sh, env, chmod, true), so these tests never reach the
real apt-get: the stub records its arguments and, for ``install``, creates the browser file
(unless told not to).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "scripts" / "ensure-chromium"

REAL_TOOLS = ("bash", "sh", "env", "chmod", "true")
STUB_ID = """#!/bin/sh
if [ "$1" = "-u" ]; then echo "$STUB_UID"; else echo "uid=$STUB_UID"; fi
"""
STUB_APT_GET = """#!/bin/sh
echo "apt-get $* DEBIAN_FRONTEND=${DEBIAN_FRONTEND:-}" >> "$STUB_LOG"
echo "Reading package lists..."
if [ "$1" = "install" ] && [ "$STUB_CREATE" = "1" ]; then
    printf '#!/bin/sh\\n' > "$WORDLEKIT_CHROMIUM"
    chmod +x "$WORDLEKIT_CHROMIUM"
fi
exit "$STUB_APT_EXIT"
"""
STUB_SUDO = """#!/bin/sh
echo "sudo $*" >> "$STUB_LOG"
[ "$STUB_SUDO_OK" = "1" ] || { echo "sudo: a password is required" >&2; exit 1; }
[ "$1" = "-n" ] && shift
exec "$@"
"""


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str
    calls: list[str]

    def errors(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.startswith("error:")]


@pytest.fixture
def stubs(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("id", STUB_ID), ("apt-get", STUB_APT_GET), ("sudo", STUB_SUDO)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    for tool in REAL_TOOLS:
        found = shutil.which(tool)
        assert found is not None, f"{tool} is needed to run scripts/ensure-chromium"
        (bin_dir / tool).symlink_to(found)
    return bin_dir


def ensure(
    stubs: Path,
    chromium: Path,
    *,
    uid: int = 0,
    sudo_ok: bool = False,
    creates: bool = True,
    apt_exit: int = 0,
) -> Run:
    log = stubs.parent / "calls.log"
    env = {
        **os.environ,
        "PATH": str(stubs),
        "WORDLEKIT_CHROMIUM": str(chromium),
        "STUB_LOG": str(log),
        "STUB_UID": str(uid),
        "STUB_SUDO_OK": "1" if sudo_ok else "0",
        "STUB_CREATE": "1" if creates else "0",
        "STUB_APT_EXIT": str(apt_exit),
    }
    env.pop("DEBIAN_FRONTEND", None)
    r = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    calls = log.read_text().splitlines() if log.exists() else []
    return Run(r.returncode, r.stdout, r.stderr, calls)


def test_the_script_is_an_executable_bash_script() -> None:
    assert os.access(SCRIPT, os.X_OK)
    assert SCRIPT.read_text().startswith("#!/usr/bin/env bash\n")


def test_a_present_browser_needs_nothing(stubs: Path, tmp_path: Path) -> None:
    chromium = tmp_path / "chromium"
    chromium.write_text("#!/bin/sh\n")
    chromium.chmod(0o755)
    for uid in (0, 1000):
        r = ensure(stubs, chromium, uid=uid, sudo_ok=True)
        assert (r.code, r.stdout, r.stderr, r.calls) == (0, "", "", [])


def test_as_root_apt_get_installs_chromium(stubs: Path, tmp_path: Path) -> None:
    chromium = tmp_path / "usr" / "bin" / "chromium"
    chromium.parent.mkdir(parents=True)
    r = ensure(stubs, chromium, uid=0)
    assert r.code == 0, r.stderr
    assert r.calls == [
        "apt-get update -q DEBIAN_FRONTEND=noninteractive",
        "apt-get install -y -q --no-install-recommends chromium DEBIAN_FRONTEND=noninteractive",
    ]
    assert chromium.is_file()
    assert r.stdout == ""  # apt-get's output goes to stderr
    assert r.errors() == []


def test_a_user_with_sudo_installs_through_sudo(stubs: Path, tmp_path: Path) -> None:
    chromium = tmp_path / "chromium"
    r = ensure(stubs, chromium, uid=1000, sudo_ok=True)
    assert r.code == 0, r.stderr
    assert "sudo -n true" in r.calls
    install = [c for c in r.calls if c.startswith("apt-get install")]
    assert install == [
        "apt-get install -y -q --no-install-recommends chromium DEBIAN_FRONTEND=noninteractive"
    ]
    assert any(c.startswith("sudo -n ") and c.endswith(" chromium") for c in r.calls)
    assert chromium.is_file()


def test_a_user_without_sudo_gets_one_line_saying_what_to_install(
    stubs: Path, tmp_path: Path
) -> None:
    chromium = tmp_path / "chromium"
    r = ensure(stubs, chromium, uid=1000, sudo_ok=False)
    assert r.code != 0
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("error:")
    assert "chromium" in lines[0] and str(chromium) in lines[0]
    assert "apt-get install chromium" in lines[0]
    assert not any(c.startswith("apt-get") for c in r.calls)
    assert not chromium.exists()


def test_a_user_without_a_sudo_command_gets_the_same_line(stubs: Path, tmp_path: Path) -> None:
    (stubs / "sudo").unlink()
    r = ensure(stubs, tmp_path / "chromium", uid=1000)
    assert r.code != 0
    assert len(r.stderr.splitlines()) == 1 and "chromium" in r.stderr
    assert r.calls == []


def test_an_install_that_leaves_no_browser_fails_in_one_line(stubs: Path, tmp_path: Path) -> None:
    chromium = tmp_path / "chromium"
    r = ensure(stubs, chromium, uid=0, creates=False)
    assert r.code != 0
    assert [c.split()[1] for c in r.calls] == ["update", "install"]
    errors = r.errors()
    assert len(errors) == 1, r.stderr
    assert str(chromium) in errors[0] and "chromium" in errors[0]
    assert r.stderr.splitlines()[-1] == errors[0]


def test_a_failing_apt_get_fails_in_one_line(stubs: Path, tmp_path: Path) -> None:
    chromium = tmp_path / "chromium"
    r = ensure(stubs, chromium, uid=0, apt_exit=100)
    assert r.code != 0
    assert r.calls == ["apt-get update -q DEBIAN_FRONTEND=noninteractive"]
    errors = r.errors()
    assert len(errors) == 1, r.stderr
    assert "chromium" in errors[0]
    assert r.stderr.splitlines()[-1] == errors[0]


def make_dry_run(target: str) -> list[str]:
    r = subprocess.run(
        ["make", "-n", target], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    return r.stdout.splitlines()


def test_make_test_ensures_chromium_before_pytest_and_make_run_does_not() -> None:
    for target in ("test", "pytest"):
        lines = make_dry_run(target)
        ensure_at = [i for i, line in enumerate(lines) if "scripts/ensure-chromium" in line]
        pytest_at = [i for i, line in enumerate(lines) if "-m pytest" in line]
        assert ensure_at and pytest_at, lines
        assert ensure_at[0] < pytest_at[0], lines
    assert not any("ensure-chromium" in line for line in make_dry_run("run"))


def locked() -> dict[str, str]:
    """requirements.lock as {normalised name: version}."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, pinned = line.partition("==")
            pins[canonical(name)] = pinned
    return pins


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_lock_pins_every_dependency_and_the_venv_has_those_versions() -> None:
    """make run and make test install requirements.lock's versions: every dependency of
    wordlekit and of its dev extra is pinned there, and this environment has them."""
    pins = locked()
    requires = metadata.requires("wordlekit") or []
    wanted = {
        canonical(re.split(r"[\s\[<>=;!~]", spec, maxsplit=1)[0])
        for spec in requires
        if "extra ==" not in spec or 'extra == "dev"' in spec
    }
    assert wanted - pins.keys() == set()
    for name, pinned in pins.items():
        assert metadata.version(name) == pinned, name
    makefile = (ROOT / "Makefile").read_text()
    assert makefile.count("--constraint requirements.lock") == 2
