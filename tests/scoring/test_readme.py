"""The README's engine example runs as written and says what the engine really returns."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_engine_example_runs():
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert block, "README.md has no python example"
    code = block.group(1)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    r, g = namespace["r"], namespace["g"]
    assert (r.points, r.marks, r.made) == ((100, 82), ("100", "82"), True)
    assert (g.totals, g.winner) == ((140, 404), None)
    # Declared melds and the dealer.
    rules, runs, fours = namespace["rules"], namespace["runs"], namespace["fours"]
    assert namespace["meld_winner"](rules, (runs, fours), elder=1) == 1
    assert namespace["why"] == "run of four to the king in trumps beats run of four to the king"
    assert namespace["elder_side"](rules, 1) == 0
    for line in code.splitlines():
        # Each "expression   # value" line that names a plain value must hold.
        match = re.match(r"^(\S.*?)\s+# (\(.*?\)|\".*?\")(?::|$)", line)
        if match and "=" not in match.group(1):
            assert str(eval(match.group(1), namespace)) == str(eval(match.group(2))), line
