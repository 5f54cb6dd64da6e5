"""The suite runs against a real server (npm start, or the e2e runtime of test/tools/python-client.test.ts).

Environment: SYNTH_BASE, SYNTH_KEY, SYNTH_SCENARIO (a historical_context scenario with AAPL),
SYNTH_BRANCH (a future_branch scenario), SYNTH_TINY_KEY (a key allowed 1 request a minute, used by
nothing else). A missing variable fails the tests that need it, naming it: nothing is skipped.
"""
import os

import pytest

from synthmarket import Client


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: these tests need a running server (see clients/python/README.md)")
    return value


@pytest.fixture(scope="session")
def base() -> str:
    return env("SYNTH_BASE")


@pytest.fixture(scope="session")
def scenario() -> str:
    return env("SYNTH_SCENARIO")


@pytest.fixture(scope="session")
def branch() -> str:
    return env("SYNTH_BRANCH")


@pytest.fixture
def client(base):
    with Client(base, env("SYNTH_KEY")) as c:
        yield c
