"""Shared by the tests: the `tenball` binary of the same build (TENBALL_BIN, set by
tests/python.rs), run with a JSON input."""

import json
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    binary = os.environ.get("TENBALL_BIN")
    if not binary:
        pytest.fail("TENBALL_BIN names the tenball binary to compare with (tests/python.rs sets it)")

    def run(args, data=None):
        out = subprocess.run(
            [binary, *args],
            input=None if data is None else json.dumps(data),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout

    return run
