#!/bin/sh
# Install the companion on Raspberry Pi OS (Bookworm, Lite is enough) or plain Debian arm64
# so it starts at boot on the display.
#
#   sudo systemd/install.sh            # from a checkout of the project
#
# Idempotent: run it again after `git pull` to update. What it does (systemd/README.md):
#   1. apt packages: python3-venv, the EGL/GLES/GBM/DRM/GL libraries Kivy's bundled SDL2
#      loads, mtdev, rsync, espeak-ng; python3-lgpio where the distribution has it (Raspberry
#      Pi OS)
#   2. a system user `companion` in the groups gpio dialout video render input audio
#   3. the project copied to /opt/companion/src and pip-installed into /opt/companion/venv
#   4. the udev rule for the electronic die (/dev/companion-die)
#   5. /etc/companion/config.toml from the example (kept if it exists)
#   6. the Kivy config for the touchscreen, the unit; enables it and, where systemd is
#      running, (re)starts it. In a chroot or an image build (no running systemd) the unit is
#      only enabled and starts at the next boot.
set -eu

PREFIX=${PREFIX:-/opt/companion}
STATE=/var/lib/companion
USER_NAME=companion
GROUPS_WANTED="gpio dialout video render input audio"
SRC_DIR=$(cd "$(dirname "$0")/.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo $0)" >&2
    exit 1
fi

say() { printf '==> %s\n' "$*"; }

# A package apt can install here (it has a candidate version).
available() {
    candidate=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
    [ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}

# Is systemd running (not a chroot, a container without it or an image build)?
systemd_running() { [ -d /run/systemd/system ]; }

say "packages"
if command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    # Kivy's wheel bundles SDL2 and loads EGL, GLES 2, GBM and DRM (the console, KMS/DRM)
    # or GL (glew, a desktop) from the system; the Mesa drivers come with libgl1-mesa-dri.
    packages="python3 python3-venv libegl1 libgles2 libgbm1 libdrm2 libgl1 libgl1-mesa-dri"
    packages="$packages libmtdev1 rsync"
    # espeak-ng speaks the prompts ("Eva, roll the die"); without it the app only plays cues
    packages="$packages espeak-ng"
    # lgpio drives the GPIO buttons on a Pi 5 (gpiozero's default there); only Raspberry Pi
    # OS has it. Without it the buttons report "no GPIO" and the keyboard stands in.
    if available python3-lgpio; then
        packages="$packages python3-lgpio"
    else
        echo "    python3-lgpio is not available here (not Raspberry Pi OS): no GPIO buttons;"
        echo "    the keyboard (R U O M) stands in for them"
    fi
    # shellcheck disable=SC2086  # one word per package
    apt-get install -y -q $packages
else
    echo "    no apt-get: install Python 3.11+ with venv, Mesa's EGL/GLES/GBM/DRM/GL and mtdev"
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
# --delete-excluded: no stale build/ or *.egg-info from an earlier install ends up in the
# next wheel.
rsync -a --delete --delete-excluded --exclude .git --exclude .venv --exclude '__pycache__' \
    --exclude build --exclude '*.egg-info' --exclude artifacts --exclude .pytest_cache \
    --exclude .mypy_cache --exclude .ruff_cache --exclude .hypothesis \
    "$SRC_DIR/" "$PREFIX/src/"
# --system-site-packages: use the distribution's lgpio (built for this kernel).
[ -x "$PREFIX/venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install -q --upgrade pip
"$PREFIX/venv/bin/pip" install -q --upgrade "$PREFIX/src"

say "udev rule for the electronic die"
install -d -m 0755 /etc/udev/rules.d
install -m 0644 "$SRC_DIR/hardware/udev/99-companion-die.rules" /etc/udev/rules.d/
if command -v udevadm >/dev/null 2>&1 && udevadm control --reload 2>/dev/null; then
    udevadm trigger --subsystem-match=tty || true
else
    echo "    udev is not running here: the rule applies at the next boot"
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
install -d -m 0755 /etc/systemd/system
install -m 0644 "$SRC_DIR/systemd/companion.service" /etc/systemd/system/companion.service
if systemd_running; then
    systemctl daemon-reload
    systemctl enable companion.service
    systemctl restart companion.service
    say "done: systemctl status companion; journalctl -u companion -f"
else
    # A chroot or an image build: `systemctl enable` works offline; without systemctl the
    # link it would make is made by hand.
    if ! { command -v systemctl >/dev/null 2>&1 && systemctl enable companion.service; }; then
        install -d -m 0755 /etc/systemd/system/multi-user.target.wants
        ln -sf /etc/systemd/system/companion.service \
            /etc/systemd/system/multi-user.target.wants/companion.service
    fi
    say "done: systemd is not running here; companion.service is enabled and starts at the next boot"
fi
