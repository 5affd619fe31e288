#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite; exits non-zero when a test fails.
# The tests run in parallel (pytest-xdist, TEST_WORKERS processes, 4 by default: the UI tests
# mostly wait for their app process); each worker starts its own Xvfb and has its own temporary
# folders; tests marked with one xdist_group (the installed wheel's) share a worker (--dist
# loadgroup). TEST_WORKERS=0 runs them in one process. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider -n "${TEST_WORKERS:-4}" --dist loadgroup "$@"
