#!/usr/bin/env bash
# Set up everything the companion needs on a fresh Debian / Raspberry Pi OS machine:
# the system packages (a virtual X server for tests, OpenGL for Kivy) and a virtualenv in .venv
# with the project and its test tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# espeak-ng speaks the prompts (tests render with it); sox measures sounds by hand; chromium and
# chromium-driver run the phone page in a real browser (tests/web, Selenium)
packages=(xvfb xauth x11-utils x11-apps libgl1 libgl1-mesa-dri libegl1 libmtdev1 espeak-ng sox
          chromium chromium-driver)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python_cmd="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python_cmd" -m venv .venv
fi
# pip and the project (editable, with its test tools) again only when pyproject.toml or the
# venv's Python changed since the last time (~8 s a run of tools/test.sh otherwise); delete
# .venv/installed-from to have them installed again anyway
installed_from="$(sha256sum pyproject.toml | cut -d' ' -f1) $(.venv/bin/python -V 2>&1)"
if [ "$(cat .venv/installed-from 2>/dev/null)" != "$installed_from" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".[test]"
  echo "$installed_from" > .venv/installed-from
fi
