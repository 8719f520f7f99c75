"""The list of tests that run alone names real tests: a renamed file or test would otherwise
leave its entry matching nothing, and the test would run beside others without anyone knowing."""

import re

import pytest

from tests.conftest import HERE, SERIAL, serial_reason


@pytest.mark.parametrize("prefix", sorted(SERIAL))
def test_each_serial_entry_names_a_test_file_or_a_test_in_it(prefix: str) -> None:
    path, _, name = prefix.partition("::")
    assert (HERE / path).is_file(), f"no file {path}"
    if name:
        source = (HERE / path).read_text()
        assert re.search(rf"^def {re.escape(name)}\(", source, re.MULTILINE), f"no test {name}"


def test_a_prefix_matches_its_tests_and_their_parameters_only() -> None:
    assert serial_reason("server/test_cluster.py::test_x[a-b]") is not None
    test = "server/test_accounts.py::test_sessions_expire"
    assert serial_reason(test) is not None and serial_reason(test + "[sqlite]") is not None
    assert serial_reason(test + "_soon") is None
    assert serial_reason("server/test_cluster.pyc::test_x") is None
