#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite; exits non-zero when a test fails.
# The tests run in parallel (pytest-xdist, TEST_WORKERS processes, 4 by default: the UI tests
# mostly wait for their app process); each worker starts its own Xvfb and has its own temporary
# folders (the installed wheel's tests share one wheel and venv a run: tests/test_installed.py);
# a free worker takes the next test, longest first (tests/conftest.py). TEST_WORKERS=0 runs
# them in one process. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider -n "${TEST_WORKERS:-4}" --dist load "$@"
