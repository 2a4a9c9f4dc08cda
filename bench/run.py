"""Run the benchmarks: every ``bench/bench_*.py`` module's ``run()``, its lines printed.

Each module exposes ``run() -> list[str]`` and returns the lines to print (what it measured and
the figure). ``python bench/run.py engine`` runs only the modules whose name contains "engine".
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def discover(directory: Path = HERE) -> list[ModuleType]:
    """The benchmark modules in ``directory``, imported, in file-name order."""
    modules = []
    for path in sorted(directory.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(f"bench.{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        # Registered before it runs, as an import would: dataclasses look their module up.
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        if not callable(getattr(module, "run", None)):
            raise TypeError(f"{path.name} has no run() -> list[str]")
        modules.append(module)
    return modules


def main(argv: list[str], directory: Path = HERE, out: Callable[[str], None] = print) -> int:
    # The benchmarks import the project (scoring/, league/) from the repository root.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    wanted = argv[1:]
    modules = [
        m
        for m in discover(directory)
        if not wanted or any(w in m.__name__.removeprefix("bench.") for w in wanted)
    ]
    if not modules:
        out(
            f"no benchmarks found: {directory}/bench_*.py"
            + (f" matching {wanted}" if wanted else "")
        )
        return 0
    for module in modules:
        name = module.__name__.removeprefix("bench.bench_")
        started = time.perf_counter()
        lines = module.run()
        out(f"== {name} ({time.perf_counter() - started:.2f} s)")
        for line in lines:
            out(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
