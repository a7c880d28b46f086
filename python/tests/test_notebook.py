"""The guide's notebook runs from top to bottom (nbclient) and draws its picture."""

import os

import nbformat
from nbclient import NotebookClient

NOTEBOOK = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "notebooks", "break-study.ipynb")


def test_the_break_study_notebook_runs_and_draws(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    table = nb.cells[2].outputs[0]["data"]["text/plain"]
    assert "made a ball" in table and "template" in table
    assert (tmp_path / "break-study.png").stat().st_size > 10_000
