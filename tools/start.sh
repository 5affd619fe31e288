#!/usr/bin/env bash
# Set up (if needed) and start the companion in a window with the software die, no hardware.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/companion --windowed --die software "$@"
