"""The suite's serial groups (`conftest.SERIAL_GROUPS`) name tests that exist: a renamed
file or class would otherwise fall out of its group silently and run beside the others."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tests.conftest import SERIAL_GROUPS, serial_group

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("prefix", [p for prefixes in SERIAL_GROUPS.values() for p in prefixes])
def test_every_prefix_names_a_test_module_and_its_tests(prefix: str):
    path, _, inside = prefix.partition("::")
    assert (ROOT / path).is_file(), f"{path} is not a file"
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    if inside:
        assert any(name.startswith(inside) for name in vars(module)), f"{path} has nothing named {inside}*"


def test_a_grouped_test_is_scheduled_with_its_group_and_others_alone():
    assert serial_group("tests/test_bad_input.py::TestCatalogue::test_zz_nothing_is_stuck_anywhere") == "bad_input"
    assert serial_group("tests/test_state.py::test_x") == "tests/test_state.py::test_x"
