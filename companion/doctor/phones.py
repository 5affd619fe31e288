"""The phones' server in the doctor's report: on or off (``config.toml [web]``), the URL phones
would open, and whether its port is free, taken by the companion itself, or by another program.

It knows the server only from outside (the doctor never imports a face): a bind probe, and a
look at what answers on a taken port (the phones' server sends its own security header).
"""

from __future__ import annotations

import errno
import socket
import urllib.error
import urllib.request
from collections.abc import Callable

from companion.config import WebConfig
from companion.doctor.system import Check
from companion.i18n import Translate
from companion.table.phones import lan_address

OURS = "frame-ancestors 'none'"
"""Part of the Content-Security-Policy only the phones' server sends."""
PortState = str
"""``free``, ``ours`` (the companion's server answers there), ``taken``, or ``denied``."""


def port_state(host: str, port: int) -> PortState:
    """Try to bind ``host``:``port`` (and let go at once)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EACCES:
                return "denied"
            if error.errno != errno.EADDRINUSE:
                raise
            return "ours" if answers_as_phones_server(port) else "taken"
    return "free"


def answers_as_phones_server(port: int, timeout: float = 1.0) -> bool:
    """The companion's phones' server answers ``/`` on this machine's ``port``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=timeout) as response:
            return OURS in response.headers.get("Content-Security-Policy", "")
    except urllib.error.HTTPError as error:
        return OURS in (error.headers.get("Content-Security-Policy") or "")
    except (OSError, ValueError):
        return False


def check_phones(web: WebConfig, t: Translate,
                 probe: Callable[[str, int], PortState] = port_state) -> Check:
    """One line: on/off, the URL, the port's state; a port another program holds is a warning
    (phones are not required)."""
    host = lan_address() if web.host in ("0.0.0.0", "", "::") else web.host
    url = f"http://{host}:{web.port}/"
    state = probe("" if web.host == "0.0.0.0" else web.host, web.port)
    if web.enabled:
        said = t("phones' server: on (config), {url}").format(url=url)
    else:
        said = t("phones' server: off (config; Settings can turn it on), would be {url}").format(
            url=url)
    if state == "free":
        return Check("phones", "ok", t("{said}; port {port} is free").format(
            said=said, port=web.port))
    if state == "ours":
        return Check("phones", "ok", t("{said}; the companion answers on port {port}").format(
            said=said, port=web.port))
    if state == "denied":
        return Check("phones", "warn", t(
            "{said}; port {port} needs administrator rights").format(said=said, port=web.port),
            t("Choose a port above 1023 in config.toml [web] port."))
    return Check("phones", "warn", t(
        "{said}; port {port} is taken by another program").format(said=said, port=web.port),
        t("Stop that program, or choose another port in config.toml [web] port."))


__all__ = ["check_phones", "port_state"]
