#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite; exits non-zero when a test fails.
# The UI tests start their own Xvfb; extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
