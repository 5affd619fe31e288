"""``config.toml [web]``: the phones' server is off by default, on every network, port 8080; a
bad value keeps its default and says which key."""

from __future__ import annotations

from pathlib import Path

from companion.config import WebConfig, load_config, parse_config


def test_the_phones_server_is_off_by_default_on_port_8080() -> None:
    assert parse_config({}).web == WebConfig(enabled=False, host="0.0.0.0", port=8080)


def test_the_web_keys_are_read() -> None:
    config = parse_config({"web": {"enabled": True, "host": "127.0.0.1", "port": 8181}})
    assert config.web == WebConfig(enabled=True, host="127.0.0.1", port=8181)
    assert config.warnings == ()


def test_a_bad_web_value_keeps_its_default_and_names_its_key() -> None:
    config = parse_config({"web": {"enabled": "yes", "port": 70000, "host": "", "tls": True}})
    assert config.web == WebConfig()
    assert [warning.split(":")[0] for warning in config.warnings] == [
        "web.enabled", "web.host", "web.port", "web.tls"]


def test_the_example_config_holds_the_web_defaults() -> None:
    example = Path(__file__).resolve().parents[2] / "hardware" / "config.example.toml"
    config = load_config(example)
    assert config.web == WebConfig() and config.warnings == ()
