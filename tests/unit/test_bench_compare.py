"""`bench/compare` reads every figure `bench/run` prints, and judges each in its goal's
direction: the list of benchmarks is the one `bench/run` runs, its summary table is read
as `bench/common.figures_table` writes it, and a figure that got worse by more than the
tolerance is called worse (a lower time, a higher rate, a ratio goal on its ratio).

The scripts are read as they are shipped (bench/run with ast: importing it would start
the benchmarks' interpreter; bench/compare loaded from its path, nothing run)."""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _compare() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("bench_compare", str(BENCH / "compare"))
    spec = importlib.util.spec_from_loader("bench_compare", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_compare"] = module  # its dataclasses look their module up
    loader.exec_module(module)
    return module


compare = _compare()
sys.path.insert(0, str(BENCH))
from common import Figure, figures_table  # noqa: E402

sys.path.remove(str(BENCH))


def _run_sections() -> list[str]:
    """The names of `bench/run`'s benchmarks, in its order (its `sections` table)."""
    tree = ast.parse((BENCH / "run").read_text(encoding="utf-8"))
    fn = next(n for n in ast.walk(tree)
              if isinstance(n, ast.FunctionDef) and n.name == "sections")
    ret = next(n for n in ast.walk(fn) if isinstance(n, ast.Return))
    assert isinstance(ret.value, ast.List)
    names = []
    for row in ret.value.elts:
        assert isinstance(row, ast.Tuple) and isinstance(row.elts[0], ast.Constant)
        names.append(row.elts[0].value)
    return names


def test_compare_knows_every_benchmark_of_bench_run() -> None:
    names = _run_sections()
    assert len(names) >= 13
    assert list(compare.NAMES) == names
    for name in names:
        assert (BENCH / f"bench_{name}.py").exists(), name


def test_the_summary_is_read_as_bench_run_writes_it() -> None:
    figs = [Figure("cat 64 MB through wrap", "412.0 MB/s", "script(1) 430.1 MB/s", "0.96x",
                   ">= 1.0x"),
            Figure("echo p99 added", "0.06 ms", "", "", "added <= 1 ms"),
            Figure("peak RSS", "37.8 MiB", "", "", "<= 40 MiB")]
    text = "noise\nSUMMARY (every baseline measured in this run; 1.0 min in all)\n\n" \
        + figures_table(figs) + "\n\ntrailing words\n"
    rows = compare.parse_summary(text)
    assert rows == {"cat 64 MB through wrap": ("412.0 MB/s", "0.96x", ">= 1.0x"),
                    "echo p99 added": ("0.06 ms", "", "added <= 1 ms"),
                    "peak RSS": ("37.8 MiB", "", "<= 40 MiB")}
    assert compare.parse_summary("no summary here\n") == {}


@pytest.mark.parametrize(("goal", "column", "higher"), [
    (">= 1.0x", "ratio", True),
    ("<= 1.0x tmux", "ratio", False),
    ("added <= 1 ms", "ratio", False),
    ("<= 40 MiB", "measured", False),
    (">= 100 MB/s", "measured", True),
    ("", "measured", None),
])
def test_each_goal_is_judged_in_its_direction(goal: str, column: str,
                                              higher: bool | None) -> None:
    assert compare.judged(goal) == column
    assert compare.better_is_higher(goal) is higher


def test_the_rules_table_reads_typical_and_worst_rates() -> None:
    text = ("manifest rules screens typical/s us x-base worst/s us x-base\n"
            "claude 61 120 9,800 102 1.00 4,100 244 1.00\n"
            "generic 88 120 6,400 156 1.53 2,900 345 1.41\n")
    rows = compare.parse_tables("rules", text)
    assert rows["rules claude typical"] == (9800.0, "/s", ">=")
    assert rows["rules generic worst"] == (2900.0, "/s", ">=")
    assert compare.number("0.96x of script(1)") == (0.96, "x of script(1)")
    assert compare.number("failed") is None
