#!/usr/bin/env bash
# Install the companion as a user would, on an emulated Raspberry Pi (arm64 Debian bookworm),
# and check that it works: systemd/install.sh itself, the terminal player, the app's first
# frame (a screenshot) and `companion doctor`.
#
#   sudo tools/pi-check.sh              # everything
#   sudo tools/pi-check.sh --root-only  # only build (or find) the arm64 root
#
# Needs root (debootstrap, chroot, mounts) and an amd64/arm64 Debian host; installs
# debootstrap, qemu-user-static and binfmt-support when they are missing and registers the
# qemu-aarch64 binfmt handler. The arm64 root is built once and kept (PI_ROOT, default
# /var/cache/companion-pi-root); delete it to build it again. The screenshot goes to
# artifacts/pi-check/home-arm64.png (PI_CHECK_ARTIFACTS to change the folder).
#
# Prints each step's time; exits non-zero when a step fails. Environment:
#   PI_ROOT              the arm64 root (kept between runs)
#   PI_MIRROR            the Debian mirror (default: the one this machine's apt uses)
#   PI_CHECK_ARTIFACTS   where the screenshot and logs go
#   PI_CHECK_APP_TIMEOUT seconds to wait for the app's first frame (default 900: emulated)
set -euo pipefail

CHECKOUT=$(cd "$(dirname "$0")/.." && pwd)
PI_ROOT=${PI_ROOT:-/var/cache/companion-pi-root}
# The Debian mirror: the one this machine's own apt sources name (deb822 or one-line format).
host_mirror() {
    # either file may be missing (deb822 only, or one-line only): that is not a failure
    { sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true
      awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; break } }' \
          /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true
    } | tr ' ' '\n' | { grep -E '^https?://' || true; } | { grep -v -- '-security' || true; } \
      | head -n 1
}
PI_MIRROR=${PI_MIRROR:-$(host_mirror)}
if [ -z "$PI_MIRROR" ]; then
    echo "pi-check: no Debian mirror in this machine's apt sources; set PI_MIRROR" >&2
    exit 2
fi
SUITE=bookworm
ARTIFACTS=${PI_CHECK_ARTIFACTS:-$CHECKOUT/artifacts/pi-check}
APP_TIMEOUT=${PI_CHECK_APP_TIMEOUT:-900}
READY_MARK=.companion-pi-root-ready
SRC_IN_ROOT=/root/companion-src
NOTIFY_IN_ROOT=/tmp/pi-check-notify.sock
DISPLAY_NUMBER=""
# What pi-check itself needs inside the root for the screenshot (not install.sh's business:
# a Pi has a real display).
SCREENSHOT_PACKAGES="xvfb x11-apps x11-utils netpbm"

FAILED=0
declare -a SUMMARY=()
declare -a BACKGROUND_PIDS=()
declare -a MOUNTED=()

say() { printf '==> %s\n' "$*"; }
fail() { printf 'pi-check: %s\n' "$*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    fail "run as root (sudo $0): it builds a root with debootstrap and chroots into it"
    exit 2
fi

mkdir -p "$ARTIFACTS"
LOG_DIR=$ARTIFACTS/logs
mkdir -p "$LOG_DIR"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# record STEP START RESULT: prints and keeps "STEP: 12.3 s ok".
record() {
    local line
    line=$(printf '%-28s %8s s  %s' "$1" "$(elapsed "$2")" "$3")
    SUMMARY+=("$line")
    printf -- '--- %s\n' "$line"
    case $3 in
        ok* | skipped*) ;;
        *) FAILED=1 ;;
    esac
}

# ---------------------------------------------------------------- host tools and binfmt

host_tools() {
    local missing=()
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    [ -e /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null 2>&1 || missing+=(binfmt-support)
    command -v rsync >/dev/null 2>&1 || missing+=(rsync)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing on the host: ${missing[*]}"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    fi
}

binfmt() {
    [ "$(uname -m)" = aarch64 ] && return 0
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        update-binfmts --enable qemu-aarch64 2>/dev/null || true
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        # The register string qemu-user-static ships; F: the kernel opens the interpreter
        # now, so it works inside the chroot too.
        local magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
        local mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
        printf ':qemu-aarch64:M::%s:%s:/usr/bin/qemu-aarch64-static:F' "$magic" "$mask" \
            >/proc/sys/fs/binfmt_misc/register
    fi
    grep -q '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64 ||
        echo 1 >/proc/sys/fs/binfmt_misc/qemu-aarch64
}

# ---------------------------------------------------------------- the arm64 root

in_root() {
    chroot "$PI_ROOT" /usr/bin/env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
        PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
        REQUESTS_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt \
        "$@"
}

build_root() {
    if [ -e "$PI_ROOT/$READY_MARK" ]; then
        echo "    reusing $PI_ROOT"
        return 0
    fi
    say "building the arm64 $SUITE root in $PI_ROOT (slow: the second stage is emulated)"
    rm -rf "$PI_ROOT"
    mkdir -p "$PI_ROOT"
    # A Raspberry Pi OS Lite-like base: systemd and udev installed (not running in here).
    debootstrap --arch=arm64 --foreign --variant=minbase \
        --include=systemd,systemd-sysv,udev,ca-certificates,apt-utils,procps \
        "$SUITE" "$PI_ROOT" "$PI_MIRROR"
    [ "$(uname -m)" = aarch64 ] || install -m 0755 /usr/bin/qemu-aarch64-static "$PI_ROOT/usr/bin/"
    cp /etc/resolv.conf "$PI_ROOT/etc/resolv.conf"
    chroot "$PI_ROOT" /debootstrap/debootstrap --second-stage
    cat >"$PI_ROOT/etc/apt/sources.list" <<EOF
deb $PI_MIRROR $SUITE main contrib non-free non-free-firmware
deb $PI_MIRROR $SUITE-updates main contrib non-free non-free-firmware
deb ${PI_MIRROR%/debian}/debian-security $SUITE-security main contrib non-free non-free-firmware
EOF
    # No daemons start inside the chroot when packages are installed (as in image builds).
    printf '#!/bin/sh\nexit 101\n' >"$PI_ROOT/usr/sbin/policy-rc.d"
    chmod 0755 "$PI_ROOT/usr/sbin/policy-rc.d"
    echo companion-pi >"$PI_ROOT/etc/hostname"
    touch "$PI_ROOT/$READY_MARK"
}

mount_root() {
    local target
    for target in proc sys dev dev/pts run; do
        mountpoint -q "$PI_ROOT/$target" && continue
        mkdir -p "$PI_ROOT/$target"
        case $target in
            proc) mount -t proc proc "$PI_ROOT/proc" ;;
            run) mount -t tmpfs -o mode=0755 tmpfs "$PI_ROOT/run" ;; # no /run/systemd/system
            *) mount --bind "/$target" "$PI_ROOT/$target" ;;
        esac
        MOUNTED+=("$PI_ROOT/$target")
    done
}

# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() {
    local pid index
    for pid in "${BACKGROUND_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${BACKGROUND_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    for ((index = ${#MOUNTED[@]} - 1; index >= 0; index--)); do
        umount "${MOUNTED[index]}" 2>/dev/null || umount -l "${MOUNTED[index]}" || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Copy the host's CA certificates in (pip and apt behind a TLS-inspecting proxy), in a way that
# survives update-ca-certificates runs inside the root.
copy_certificates() {
    local local_cas=/usr/local/share/ca-certificates
    if [ -d "$local_cas" ] && [ -n "$(ls -A "$local_cas" 2>/dev/null)" ]; then
        mkdir -p "$PI_ROOT$local_cas"
        cp -a "$local_cas/." "$PI_ROOT$local_cas/"
        in_root update-ca-certificates >/dev/null 2>&1 || true
    fi
    if [ -e /etc/ssl/certs/ca-certificates.crt ] && ! cmp -s /etc/ssl/certs/ca-certificates.crt \
        "$PI_ROOT/etc/ssl/certs/ca-certificates.crt"; then
        # Anything the host trusts beyond the root's own list.
        cat /etc/ssl/certs/ca-certificates.crt >>"$PI_ROOT/etc/ssl/certs/ca-certificates.crt"
    fi
    cp /etc/resolv.conf "$PI_ROOT/etc/resolv.conf"
}

# ---------------------------------------------------------------- steps

step_install() {
    say "copying the checkout to $SRC_IN_ROOT and running systemd/install.sh in the root"
    mkdir -p "$PI_ROOT$SRC_IN_ROOT"
    rsync -a --delete --exclude .git --exclude .venv --exclude artifacts \
        --exclude '__pycache__' --exclude '*.egg-info' --exclude build \
        --exclude .pytest_cache --exclude .mypy_cache --exclude .ruff_cache \
        --exclude .hypothesis "$CHECKOUT/" "$PI_ROOT$SRC_IN_ROOT/"
    # The whole output goes to the log; its own lines ("==> step", "    note") to the screen.
    in_root "$SRC_IN_ROOT/systemd/install.sh" 2>&1 | tee "$LOG_DIR/install.log" |
        grep -E '^(==>|    [^ ])' || true
    local status=${PIPESTATUS[0]}
    [ "$status" -eq 0 ] || { fail "install.sh exited $status"; return 1; }
    local wants=$PI_ROOT/etc/systemd/system/multi-user.target.wants/companion.service
    [ -L "$wants" ] || { fail "the unit is not enabled ($wants missing)"; return 1; }
    [ -x "$PI_ROOT/opt/companion/venv/bin/companion" ] || { fail "no installed companion"; return 1; }
}

step_terminal_player() {
    local output
    rm -f "$PI_ROOT/tmp/pi-check.sqlite3"
    output=$(printf 'e8\ne2\ne3h\nposition\n' |
        in_root /opt/companion/venv/bin/companion play quoridor \
            --store /tmp/pi-check.sqlite3 --json 2>"$LOG_DIR/terminal.err") || {
        fail "the terminal player exited non-zero"
        cat "$LOG_DIR/terminal.err" >&2
        return 1
    }
    printf '%s\n' "$output" >"$LOG_DIR/terminal.jsonl"
    python3 - "$output" <<'EOF'
import json, sys
records = [json.loads(line) for line in sys.argv[1].splitlines() if line.strip()]
assert len(records) == 4, f"4 answers expected, got {len(records)}"
assert all(record["ok"] is True for record in records), records
assert records[-1]["text"].startswith("quoridor 2 | turn e1"), records[-1]
for line, record in zip(["e8", "e2", "e3h", "position"], records):
    print(f"    {line:9} ok: {record['ok']}  {' '.join(record['events']) or record.get('text', '')}")
EOF
}

# The installed unit's Environment= lines, User= and ExecStart=, as the app is started at boot.
unit_value() { sed -n "s/^$1=//p" "$PI_ROOT/etc/systemd/system/companion.service"; }

step_app() {
    local start=$1
    say "installing what the screenshot needs inside the root: $SCREENSHOT_PACKAGES"
    # shellcheck disable=SC2086
    in_root apt-get install -y -q --no-install-recommends $SCREENSHOT_PACKAGES \
        >"$LOG_DIR/screenshot-packages.log" 2>&1 || {
        fail "apt-get install $SCREENSHOT_PACKAGES failed (see $LOG_DIR)"
        return 1
    }
    start=$(now) # the app's time starts here, not with the package install
    app_start=$start

    # A display number no X server on the host uses (abstract sockets are shared with the
    # chroot; -nolisten local keeps ours off them anyway).
    local number=91
    while [ -e "/tmp/.X$number-lock" ] || [ -e "$PI_ROOT/tmp/.X$number-lock" ] ||
        grep -q "@/tmp/.X11-unix/X$number\$" /proc/net/unix 2>/dev/null; do
        number=$((number + 1))
    done
    DISPLAY_NUMBER=:$number
    # chroot itself in the background (not the in_root function, a subshell): $! is then
    # Xvfb's own PID (chroot and env exec), which the cleanup kills.
    chroot "$PI_ROOT" /usr/bin/env -i PATH=/usr/bin:/bin \
        Xvfb "$DISPLAY_NUMBER" -screen 0 800x480x24 -nolisten tcp -nolisten local \
        >"$LOG_DIR/xvfb.log" 2>&1 &
    BACKGROUND_PIDS+=($!)

    local user env_args=() line
    user=$(unit_value User)
    while IFS= read -r line; do
        [ -n "$line" ] && env_args+=("$line")
    done < <(unit_value Environment)
    local exec_start working_directory
    exec_start=$(unit_value ExecStart)
    working_directory=$(unit_value WorkingDirectory)
    if [ -z "$user" ] || [ -z "$exec_start" ]; then
        fail "no User=/ExecStart= in the unit"
        return 1
    fi

    rm -f "$PI_ROOT$NOTIFY_IN_ROOT"
    python3 - "$PI_ROOT$NOTIFY_IN_ROOT" "$APP_TIMEOUT" >"$LOG_DIR/notify.log" 2>&1 <<'EOF' &
import os, socket, sys, time
path, timeout = sys.argv[1], float(sys.argv[2])
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind(path)
os.chmod(path, 0o777)
deadline = time.monotonic() + timeout
while time.monotonic() < deadline:
    sock.settimeout(max(0.1, deadline - time.monotonic()))
    try:
        message = sock.recv(4096).decode(errors="replace")
    except TimeoutError:
        break
    print(message, flush=True)
    if "READY=1" in message.split("\n"):
        sys.exit(0)
sys.exit(1)
EOF
    local listener=$!
    BACKGROUND_PIDS+=("$listener")
    while [ ! -S "$PI_ROOT$NOTIFY_IN_ROOT" ]; do sleep 0.1; done
    # Wait for the X server.
    local tries=0
    until in_root xdpyinfo -display "$DISPLAY_NUMBER" >/dev/null 2>&1; do
        tries=$((tries + 1))
        [ "$tries" -lt 120 ] || { fail "Xvfb did not start"; return 1; }
        sleep 1
    done

    local launched
    launched=$(now)
    # shellcheck disable=SC2086,SC2016  # ExecStart= is split into words, as systemd does
    chroot "$PI_ROOT" /usr/bin/env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        "${env_args[@]}" \
        SDL_VIDEODRIVER=x11 DISPLAY="$DISPLAY_NUMBER" LIBGL_ALWAYS_SOFTWARE=1 \
        NOTIFY_SOCKET="$NOTIFY_IN_ROOT" \
        setpriv --reuid="$user" --regid="$user" --init-groups \
        sh -c 'cd "$1" && shift && exec "$@"' sh "${working_directory:-/}" $exec_start \
        >"$LOG_DIR/app.log" 2>&1 &
    local app=$!
    BACKGROUND_PIDS+=("$app")

    local ready=1
    while kill -0 "$listener" 2>/dev/null; do
        if ! kill -0 "$app" 2>/dev/null; then
            fail "the app exited before its first frame (log: $LOG_DIR/app.log)"
            tail -n 30 "$LOG_DIR/app.log" >&2
            return 1
        fi
        sleep 1
    done
    wait "$listener" && ready=0
    [ "$ready" -eq 0 ] || {
        fail "no READY=1 from the app within ${APP_TIMEOUT}s (log: $LOG_DIR/app.log)"
        tail -n 30 "$LOG_DIR/app.log" >&2
        return 1
    }
    app_ready=$(elapsed "$launched")
    sleep 3 # let the home screen settle (READY=1 comes right after the first frame)
    in_root sh -c "xwd -root -silent -display $DISPLAY_NUMBER | xwdtopnm 2>/dev/null |
        pnmtopng > /tmp/home-arm64.png" || { fail "the screenshot failed"; return 1; }
    cp "$PI_ROOT/tmp/home-arm64.png" "$ARTIFACTS/home-arm64.png"
    echo "    screenshot: $ARTIFACTS/home-arm64.png"
    kill -0 "$app" 2>/dev/null || { fail "the app died after its first frame"; return 1; }
    APP_PID=$app
}

step_doctor() {
    if ! grep -q 'doctor' "$PI_ROOT/opt/companion/venv/bin/companion" 2>/dev/null &&
        ! in_root /opt/companion/venv/bin/companion doctor --help >/dev/null 2>&1; then
        DOCTOR_RESULT="skipped: no doctor command"
        return 0
    fi
    local env_args=() line user store_args=() store
    user=$(unit_value User)
    # The store the service uses (ExecStart=... --store PATH).
    store=$(unit_value ExecStart | sed -n 's/.*--store[ =]\([^ ]*\).*/\1/p')
    [ -z "$store" ] || store_args=(--store "$store")
    while IFS= read -r line; do
        [ -n "$line" ] && env_args+=("$line")
    done < <(unit_value Environment)
    chroot "$PI_ROOT" /usr/bin/env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        "${env_args[@]}" SDL_VIDEODRIVER=x11 DISPLAY="$DISPLAY_NUMBER" \
        setpriv --reuid="$user" --regid="$user" --init-groups \
        /opt/companion/venv/bin/companion doctor "${store_args[@]}" 2>&1 |
        tee "$LOG_DIR/doctor.log"
    local status=${PIPESTATUS[0]}
    DOCTOR_RESULT="ok"
    [ "$status" -eq 0 ] || DOCTOR_RESULT="FAILED (exit $status)"
}

# ---------------------------------------------------------------- main

# All in one function: bash reads it whole before it runs, so editing this file while a check
# runs does not derail it.
main() {

    started=$(now)
    host_tools
    binfmt
    record "host tools + binfmt" "$started" ok

    started=$(now)
    if build_root >"$LOG_DIR/root.log" 2>&1; then
        record "root build" "$started" "ok"
    else
        tail -n 30 "$LOG_DIR/root.log" >&2
        record "root build" "$started" "FAILED (log: $LOG_DIR/root.log)"
        exit 1
    fi
    if [ "${1:-}" = --root-only ]; then
        printf '  %s\n' "${SUMMARY[@]}"
        exit 0
    fi
    mount_root
    copy_certificates

    started=$(now)
    if step_install; then
        record "install.sh" "$started" ok
    else
        record "install.sh" "$started" "FAILED (log: $LOG_DIR/install.log)"
        printf '%s\n' "${SUMMARY[@]}"
        exit 1
    fi

    started=$(now)
    if step_terminal_player; then
        record "terminal player" "$started" ok
    else
        record "terminal player" "$started" FAILED
    fi

    app_start=$(now)
    app_ready=""
    APP_PID=""
    if step_app "$app_start"; then
        record "app start to first frame" "$app_start" \
            "ok (READY=1 ${app_ready} s after launch; with Xvfb and the screenshot)"
    else
        record "app start to first frame" "$app_start" FAILED
    fi

    started=$(now)
    DOCTOR_RESULT="FAILED"
    step_doctor || true
    record "doctor" "$started" "$DOCTOR_RESULT"

    if [ -n "$APP_PID" ]; then
        kill "$APP_PID" 2>/dev/null || true
    fi

    echo
    echo "pi-check summary ($(uname -m) host, arm64 root $PI_ROOT):"
    printf '  %s\n' "${SUMMARY[@]}"
    if [ "$FAILED" -ne 0 ]; then
        echo "pi-check: FAILED"
        exit 1
    fi
    echo "pi-check: ok"
    exit 0
}

main "$@"
