"""Every ```python block of docs/python.md runs, in order, as a reader would paste them."""

import os
import re

GUIDE = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")


def test_the_python_guides_code_blocks_run(monkeypatch):
    text = open(GUIDE, encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    # As a reader runs them: from the repository's root.
    monkeypatch.chdir(os.path.join(os.path.dirname(__file__), "..", ".."))
    namespace = {}
    for i, block in enumerate(blocks):
        try:
            exec(compile(block, f"docs/python.md block {i + 1}", "exec"), namespace)
        except Exception as e:  # the block's number in the failure
            raise AssertionError(f"block {i + 1} of docs/python.md failed: {e!r}\n{block}") from e
