"""Prove the best first guess of bundled word lists by a funnel (issue 25).

For each list and mode (normal, hard):

1. ``wordle rank-openers --method entropy``: the one-step figures of every valid guess;
2. ``--method entropy-bench`` on the best K of them: the entropy strategy's full benchmark
   from each, the best total B (over the openers that find every answer) is an upper bound;
3. ``--method optimal`` on the K candidates in the order of step 2: the first one with the
   cut-off B + 1 (its optimal total T is at most B, so it is found exactly), the others with
   the cut-off T + 1 (a word that cannot beat it is stopped early; one that ties or beats it
   is solved exactly). When every candidate is checked, the least total is proven the best
   among the K.

Each list and mode stops at its time budget (the running ``wordle`` is interrupted, then
terminated, its whole process group); what the stopped step finished is read back from its
SQLite file. Results are appended to ``--out`` as JSON lines (one object a line: a ``step``
record after each step, a ``result`` record per list and mode), so partial results survive.
Every step is resumable: the SQLite files under ``--db-dir`` keep what was computed, and a
rerun with the same K continues where a stopped one ended.

    .venv/bin/python scripts/prove_openers.py --lists de-5,it-5 --modes normal,hard \\
        --top 100 --budget 240 --out /work/openers/results.jsonl
    .venv/bin/python scripts/prove_openers.py --table --out /work/openers/results.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_WORDLE = ROOT / ".venv" / "bin" / "wordle"
SMALLEST_FIRST = (
    "de-5,it-5,en-4,fr-5,nl-5,pt-5,es-5,en-6,en-7,en-8"  # nyt and original are documented
)
#: Seconds a stopped ``wordle`` gets after SIGINT, then after SIGTERM, before SIGKILL.
GRACE = (10.0, 5.0)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class Run:
    """One ``wordle rank-openers`` call: its results (finished words, even when stopped)."""

    status: str  # "done", "stopped" (the budget), or "error"
    seconds: float
    results: list[dict[str, Any]] = field(default_factory=list)
    settings: str | None = None
    error: str | None = None


class Funnel:
    """The three steps for one list and mode, within one deadline."""

    def __init__(self, args: argparse.Namespace, name: str, mode: str, budget: float) -> None:
        self.args = args
        self.name = name
        self.mode = mode
        self.budget = budget
        self.deadline = time.monotonic() + budget
        self.db_dir = Path(args.db_dir)
        self.db_dir.mkdir(parents=True, exist_ok=True)
        self.version = list_version(name)
        self.retried: list[str] = []

    # the command line ------------------------------------------------------------------------

    def db(self, method: str, beta: int | None) -> Path:
        """One SQLite file per list version, mode, method and cut-off: all its rows are one
        run's (a list that changes gets new files)."""
        tail = "" if beta is None else f"-beta{beta}"
        return self.db_dir / f"{self.name}-{self.version}-{self.mode}-{method}{tail}.db"

    def call(self, cmd: list[str], deadline: float) -> tuple[str, float, str, str]:
        """Run ``cmd`` until it ends or ``deadline`` passes: its status ("done", "stopped" or
        "error"), wall time, stdout and the last line of its stderr."""
        with contextlib.ExitStack() as stack:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="openers-")))
            out = stack.enter_context(open(tmp / "out.json", "w+b"))
            err = stack.enter_context(open(tmp / "err.txt", "w+b"))
            t0 = time.monotonic()
            proc = subprocess.Popen(cmd, stdout=out, stderr=err, start_new_session=True)
            try:
                rc = proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                stop(proc)
                return "stopped", time.monotonic() - t0, "", ""
            seconds = time.monotonic() - t0
            out.seek(0)
            err.seek(0)
            text, errors = out.read().decode(), err.read().decode(errors="replace")
        if rc != 0:
            lines = [s.strip() for s in errors.splitlines() if s.strip()]
            return "error", seconds, text, lines[-1] if lines else f"exit code {rc}"
        return "done", seconds, text, ""

    def rank(self, method: str, words: list[str] | None, beta: int | None = None) -> Run:
        """Run ``wordle rank-openers`` until it ends or the deadline passes."""
        db = self.db(method, beta)
        cmd = [
            str(self.args.wordle), "rank-openers", "--method", method, "--lists", self.name,
            "--mode", self.mode, "--json", "--db", str(db), "--workers", str(self.args.workers),
        ]  # fmt: skip
        if beta is not None:
            cmd += ["--beta", str(beta)]
        with tempfile.TemporaryDirectory(prefix="openers-") as tmp:
            if words is not None:
                (Path(tmp) / "words.txt").write_text("\n".join(words) + "\n")
                cmd += ["--words", str(Path(tmp) / "words.txt")]
            status, seconds, text, error = self.call(cmd, self.deadline)
            if status == "error" and time.monotonic() + 5 < self.deadline:
                # once more: a failure may be passing (the package being edited meanwhile)
                time.sleep(5)
                first_error = error
                status, more, text, error = self.call(cmd, self.deadline)
                seconds += 5 + more
                if status == "done":
                    self.retried.append(f"{method}: {first_error} (the retry succeeded)")
        if status != "done":
            return Run(status, seconds, read_db(db, words), error=error or None)
        data = json.loads(text)
        results = [flat(p["result"]) for p in data["results"]]
        return Run("done", seconds, results, settings=data.get("settings"))

    def upper_bound(self, word: str) -> tuple[Run, int | None]:
        """When no benchmark finds every answer: ``wordle optimal --start WORD --top N``, a
        tree searched among the N most promising guesses per node, whose total (if it finds
        every answer) bounds WORD's optimal from above. At most half the time left."""
        cmd = [
            str(self.args.wordle), "optimal", "--start", word, "--top", str(self.args.bound_top),
            "--lists", self.name, "--mode", self.mode, "--json",
        ]  # fmt: skip
        deadline = time.monotonic() + (self.deadline - time.monotonic()) / 2
        status, seconds, text, error = self.call(cmd, deadline)
        total = None
        if status == "done":
            found = json.loads(text).get("result", {})
            total = found.get("total") if found.get("feasible", True) else None
        return Run(status, seconds, error=error or None), None if total is None else int(total)

    # the funnel ------------------------------------------------------------------------------

    def prove(self, info: dict[str, Any]) -> dict[str, Any]:
        k = self.args.top
        rec: dict[str, Any] = {
            "kind": "result", "list": self.name, "mode": self.mode, "started": now(),
            "language": info.get("language"), "language_name": info.get("language_name"),
            "length": info.get("length"), "answers": info.get("answers"),
            "allowed": info.get("allowed"), "guesses": info.get("guesses"),
            "alphabet": info.get("alphabet_shown"), "letters": len(info.get("alphabet", "")),
            "K": k, "budget_seconds": round(self.budget, 1), "steps": {}, "proven": False,
            "error": None,
        }  # fmt: skip
        t_start = time.monotonic()
        try:
            self._funnel(rec, k)
        finally:
            rec["wall_seconds"] = round(time.monotonic() - t_start, 2)
            rec["list_version"] = self.version
            if self.retried:
                rec["retried"] = self.retried
            rec["finished"] = now()
        return rec

    def _step(self, rec: dict[str, Any], step: str, run: Run, **extra: Any) -> None:
        rec["steps"][step] = {
            "status": run.status, "seconds": round(run.seconds, 2),
            "words_done": len(run.results), **extra,
        }  # fmt: skip
        if run.error is not None:
            rec["steps"][step]["error"] = run.error
            rec["error"] = f"{step}: {run.error}"
        append(self.args.out, {"kind": "step", "list": self.name, "mode": self.mode,
                               "step": step, "at": now(), **rec["steps"][step]})  # fmt: skip

    def _funnel(self, rec: dict[str, Any], k: int) -> None:
        # 1. one-step entropy over every valid guess
        run = self.rank("entropy", None)
        self._step(rec, "entropy", run)
        if run.status != "done":
            rec["summary"] = f"stopped in step 1 ({run.status})"
            return
        top = [r["word"] for r in run.results[:k]]
        rec["entropy_best"] = {"word": top[0], "bits": run.results[0]["value"]}
        rec["K"] = k = len(top)

        # 2. the entropy strategy's benchmark from each of the best K
        run = self.rank("entropy-bench", top)
        self._step(rec, "bench", run, words=k)
        benched = sorted(
            (r for r in run.results if r["value"] is not None),
            key=lambda r: (r.get("failures", 0) > 0, r["value"], r["word"]),
        )
        if run.status != "done":
            # the candidates then are the words benchmarked so far
            rec["K_benchmarked"] = len(benched)
        if not benched:
            rec["summary"] = f"stopped in step 2 ({run.status}), nothing benchmarked"
            return
        rec["bench_top"] = [
            {"word": r["word"], "total": int(r["value"]), "max": r.get("max"),
             "failures": r.get("failures")}
            for r in benched[:10]
        ]  # fmt: skip
        complete = [r for r in benched if r.get("failures", 0) == 0]
        best_bench = complete[0] if complete else None
        if best_bench is not None:
            rec["bench_best"] = {
                "word": best_bench["word"], "total": int(best_bench["value"]),
                "mean": best_bench.get("mean"), "max": best_bench.get("max"),
            }  # fmt: skip
        order = [r["word"] for r in benched]
        rec["candidates"] = len(order)

        # 3. exact: the benchmark's best with the cut-off B + 1, the rest with T + 1
        beta = None if best_bench is None else int(best_bench["value"]) + 1
        if best_bench is None and self.args.bound_top > 0:
            # no benchmark finds every answer: a bound from a narrowed exact search instead
            run, bound = self.upper_bound(order[0])
            how = f"wordle optimal --start {order[0]} --top {self.args.bound_top}"
            self._step(rec, "upper_bound", run, how=how, total=bound)
            if bound is not None:
                beta = bound + 1
                rec["upper_bound"] = {"word": order[0], "total": bound, "how": how}
        first = self.rank("optimal", order[:1], beta)
        self._step(rec, "optimal_first", first, beta=beta)
        checked = {r["word"]: r for r in first.results}
        if first.status == "done" and order[1:]:
            found = [r["value"] for r in first.results if r["value"] is not None]
            beta2 = int(min(found)) + 1 if found else beta
            rest = self.rank("optimal", order[1:], beta2)
            self._step(rec, "optimal_rest", rest, beta=beta2)
            checked.update({r["word"]: r for r in rest.results})
        self._conclude(rec, order, checked, best_bench)
        if "best" in rec:
            # where the winner stood in steps 1 and 2 (1 = first)
            w = rec["best"]["word"]
            rec["best_ranks"] = {"entropy": top.index(w) + 1, "bench": order.index(w) + 1}

    def _conclude(
        self,
        rec: dict[str, Any],
        order: list[str],
        checked: dict[str, dict[str, Any]],
        best_bench: dict[str, Any] | None,
    ) -> None:
        rec["optimal"] = [
            {"word": w, "total": None if checked[w]["value"] is None else int(checked[w]["value"]),
             "status": checked[w].get("status"), "seconds": round(checked[w]["seconds"], 3)}
            for w in order if w in checked
        ]  # fmt: skip
        rec["checked"] = n = len(rec["optimal"])
        exact = [r for r in rec["optimal"] if r["total"] is not None]
        k = len(order)
        if not exact:
            if best_bench is not None:
                rec["summary"] = (
                    f"no optimal total proven; upper bound {int(best_bench['value'])} "
                    f"(entropy benchmark from {best_bench['word'].upper()}); {n} of {k} "
                    "candidates checked"
                )
            elif "upper_bound" in rec:
                ub = rec["upper_bound"]
                rec["summary"] = (
                    f"no optimal total proven; upper bound {ub['total']} ({ub['how']}); "
                    f"{n} of {k} candidates checked"
                )
            else:
                rec["summary"] = f"no optimal total proven; {n} of {k} candidates checked"
            return
        t = min(r["total"] for r in exact)
        ties = sorted(r["word"] for r in exact if r["total"] == t)
        rec["best"] = {"word": ties[0], "total": t, "mean": round(t / rec["answers"], 4)}
        rec["ties"] = ties
        rec["proven"] = n == k and rec.get("K_benchmarked") is None
        steps = rec["steps"]
        rec["prove_seconds"] = round(
            sum(steps[s]["seconds"] for s in steps if s.startswith("optimal")), 2
        )
        words = "/".join(w.upper() for w in ties)
        if rec["proven"]:
            rec["summary"] = f"{words} {t}, proven the best of the K={k} candidates"
        else:
            rec["summary"] = (
                f"best found total {t} for {words}; {n} of {k} candidates checked (not proven)"
            )


def list_version(name: str) -> str:
    """The list's content hash (its first 12 digits), or a hash of the list's words if
    wordlekit cannot be imported here."""
    try:
        from wordlekit.core.words import WordList

        return str(WordList.load(name).content_hash)[:12]
    except Exception:
        import hashlib

        text = subprocess.run(
            [str(DEFAULT_WORDLE), "lists", "--json"], capture_output=True, text=True
        ).stdout
        sizes = [(d["answers"], d["allowed"]) for d in json.loads(text) if d["name"] == name]
        return hashlib.sha256(repr(sizes).encode()).hexdigest()[:12]


def flat(result: dict[str, Any]) -> dict[str, Any]:
    """A ranked word as one flat dict: word, value, seconds and its detail's fields."""
    return {
        "word": result["word"],
        "value": result["value"],
        "seconds": result["seconds"],
        **result.get("detail", {}),
    }


def read_db(db: Path, words: list[str] | None) -> list[dict[str, Any]]:
    """What a stopped run stored (its SQLite file holds one run's rows), in the words' order."""
    if not db.exists():
        return []
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            rows = conn.execute("SELECT word, value, detail, seconds FROM openers").fetchall()
    except sqlite3.Error:
        return []
    got = {w: {"word": w, "value": v, "seconds": s, **json.loads(d)} for w, v, d, s in rows}
    if words is None:
        return list(got.values())
    return [got[w] for w in words if w in got]


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Interrupt the process group we started, then terminate, then kill it."""
    for sig, wait in ((signal.SIGINT, GRACE[0]), (signal.SIGTERM, GRACE[1]), (None, 5.0)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig or signal.SIGKILL)
        try:
            proc.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    # the cluster's worker processes share the group: make sure none is left behind
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, 0)
        time.sleep(2.0)
        os.killpg(proc.pid, signal.SIGKILL)


def append(path: str, record: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record, ensure_ascii=False) + "\n")


def list_info(wordle: str) -> dict[str, dict[str, Any]]:
    text = subprocess.run(
        [wordle, "lists", "--json"], check=True, capture_output=True, text=True
    ).stdout
    return {d["name"]: d for d in json.loads(text)}


def table(path: str) -> str:
    """A Markdown table of the latest result of each list and mode in ``path``."""
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("kind") == "result":
            latest[rec["list"], rec["mode"]] = rec
    rows = [
        "| list | mode | K | entropy best | bench best | result | checked | prove s | wall s |",
        "| --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: |",
    ]
    for (name, mode), r in latest.items():
        eb = r.get("entropy_best", {}).get("word", "-").upper()
        bb = r.get("bench_best")
        bench = f"{bb['word'].upper()} {bb['total']}" if bb else "-"
        rows.append(
            f"| {name} | {mode} | {r.get('K')} | {eb} | {bench} | {r.get('summary', '-')} "
            f"| {r.get('checked', '-')}/{r.get('candidates', '-')} "
            f"| {r.get('prove_seconds', '-')} | {r.get('wall_seconds')} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lists", default=SMALLEST_FIRST, help="comma-separated bundled lists")
    p.add_argument("--modes", default="normal,hard", help="comma-separated: normal, hard")
    p.add_argument("--top", type=int, default=100, help="K: candidates kept after step 1")
    p.add_argument("--budget", type=float, default=240.0, help="seconds per list and mode")
    p.add_argument(
        "--total",
        type=float,
        help="seconds for the whole run: each list and mode then gets an equal share of the "
        "time left (time a quick one leaves rolls over to the next), instead of --budget",
    )
    p.add_argument("--out", default="/work/openers/results.jsonl", help="JSON lines, appended")
    p.add_argument("--db-dir", default="/work/openers/db", help="the SQLite files")
    p.add_argument("--workers", type=int, default=1, help="wordle's local cluster size")
    p.add_argument(
        "--bound-top",
        type=int,
        default=10,
        help="when no benchmark finds every answer, bound the first candidate by `wordle "
        "optimal --top N` (0: no bound, the exact search then has no cut-off)",
    )
    p.add_argument("--wordle", default=str(DEFAULT_WORDLE), help="the wordle command")
    p.add_argument("--table", action="store_true", help="print the results of --out, run none")
    args = p.parse_args(argv)
    if args.table:
        print(table(args.out))
        return 0
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    info = list_info(args.wordle)
    names = [s.strip() for s in args.lists.split(",") if s.strip()]
    modes = [s.strip() for s in args.modes.split(",") if s.strip()]
    items = [(name, mode) for name in names for mode in modes]
    end = None if args.total is None else time.monotonic() + args.total
    for i, (name, mode) in enumerate(items):
        budget = args.budget
        if end is not None:
            budget = max(1.0, (end - time.monotonic()) / (len(items) - i))
        if name not in info:
            rec = {"kind": "result", "list": name, "mode": mode, "error": "unknown list"}
        else:
            rec = Funnel(args, name, mode, budget).prove(info[name])
        append(args.out, rec)
        print(
            f"{name} {mode}: {rec.get('summary', rec.get('error'))} "
            f"({rec.get('wall_seconds', 0)} of {budget:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
