#!/bin/sh
# Install the companion on Raspberry Pi OS (Bookworm) so it starts at boot on the display.
#
#   sudo systemd/install.sh            # from a checkout of the project
#
# Idempotent: run it again after `git pull` to update. What it does (systemd/README.md):
#   1. apt packages the venv needs (python3-venv, lgpio for gpiozero on a Pi 5, SDL2 libs)
#   2. a system user `companion` in the groups gpio dialout video render input
#   3. the project copied to /opt/companion/src and pip-installed into /opt/companion/venv
#   4. the udev rule for the electronic die (/dev/companion-die)
#   5. /etc/companion/config.toml from the example (kept if it exists)
#   6. the Kivy config for the touchscreen, the unit; enables and (re)starts it
set -eu

PREFIX=${PREFIX:-/opt/companion}
STATE=/var/lib/companion
USER_NAME=companion
GROUPS_WANTED="gpio dialout video render input"
SRC_DIR=$(cd "$(dirname "$0")/.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo $0)" >&2
    exit 1
fi

say() { printf '==> %s\n' "$*"; }

say "packages"
if command -v apt-get >/dev/null 2>&1; then
    apt-get update -q
    apt-get install -y -q python3 python3-venv python3-dev python3-lgpio \
        libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0 \
        libmtdev1 rsync
fi

say "user $USER_NAME"
for group in $GROUPS_WANTED; do
    getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id "$USER_NAME" >/dev/null 2>&1; then
    useradd --system --home-dir "$STATE" --create-home --shell /usr/sbin/nologin \
        --user-group "$USER_NAME"
fi
usermod -a -G "$(echo "$GROUPS_WANTED" | tr ' ' ',')" "$USER_NAME"
install -d -o "$USER_NAME" -g "$USER_NAME" -m 0750 "$STATE" "$STATE/kivy"

say "venv in $PREFIX/venv"
install -d "$PREFIX"
rsync -a --delete --exclude .git --exclude .venv --exclude '__pycache__' \
    "$SRC_DIR/" "$PREFIX/src/"
# --system-site-packages: use the distribution's lgpio (built for this kernel).
[ -x "$PREFIX/venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install -q --upgrade pip
"$PREFIX/venv/bin/pip" install -q --upgrade "$PREFIX/src"

say "udev rule for the electronic die"
install -m 0644 "$SRC_DIR/hardware/udev/99-companion-die.rules" /etc/udev/rules.d/
if command -v udevadm >/dev/null 2>&1; then
    udevadm control --reload
    udevadm trigger --subsystem-match=tty || true
fi

say "configuration"
install -d -m 0755 /etc/companion
if [ ! -e /etc/companion/config.toml ]; then
    install -m 0644 "$SRC_DIR/hardware/config.example.toml" /etc/companion/config.toml
else
    echo "    keeping /etc/companion/config.toml"
fi
install -m 0644 "$SRC_DIR/hardware/config.example.toml" /etc/companion/config.example.toml
install -o "$USER_NAME" -g "$USER_NAME" -m 0644 "$SRC_DIR/systemd/kivy-config.ini" \
    "$STATE/kivy/config.ini"

say "service"
install -m 0644 "$SRC_DIR/systemd/companion.service" /etc/systemd/system/companion.service
systemctl daemon-reload
systemctl enable companion.service
systemctl restart companion.service
say "done: systemctl status companion; journalctl -u companion -f"
