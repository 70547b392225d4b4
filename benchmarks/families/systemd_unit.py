"""Systemd unit family (fresh12): a systemd service unit for the daemon a task describes (a gunicorn
web app, a Go MQTT bridge, a Node.js chat bot, a Java tile server), with its [Unit], [Service] and
[Install] sections, the user it runs as, its restart policy, its ExecStart, the environment asked,
an order after network-online.target, WantedBy=multi-user.target, no password in the unit, and the
file's path and the command that enables it, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh12`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the unit in a fenced block with a few words around it and the commands to enable it,
written right and then changed by switches: a non-root user or root (by name, by uid 0, or no
User= at all), a restart on failure or none (Restart=no, on-success, or the line dropped while
RestartSec stays), an absolute ExecStart or a bare program name, WantedBy=multi-user.target in
[Install] or another target or no [Install] section, one ExecStart or a second one, no password in
an Environment line or one added (by name or inside a URL), After=network-online.target or
another order, the variable asked set to its value or to another or commented out, and an enable
command naming the unit the answer saves or another name. Every truth is read from the text: the
unit from the fenced block that holds a [Service] section, its lines joined where they end in a
backslash and comments dropped, each key's values by section, the Environment assignments split
as the shell would, and the saved path and the enable command by pattern (below).
"""

from __future__ import annotations

import random
import re
import shlex
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "systemd_unit"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
SECTION = re.compile(r"\[([^\]]+)\]")
SAVED = re.compile(r"/etc/systemd/system/([\w@.-]+?)\.service\b")
ENABLED = re.compile(r"systemctl\s+enable\s+(?:--now\s+)?([\w@.-]+)")
SECRET = re.compile(r"pass|pwd|secret", re.I)
USERINFO = re.compile(r"://[^/\s:@]+:[^/\s@]+@")
RESTARTS = ("on-failure", "always")

Unit = dict[str, list[tuple[str, str]]]
"""A unit's sections, each its (key, value) lines in order."""


@dataclass(frozen=True)
class Daemon:
    task: str
    text: str
    """The answer written right."""
    name: str
    key: str
    value: str
    """The environment variable the task asks for, and its value."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


DAEMONS = (
    Daemon(
        "Write a systemd service for our invoicer web app: gunicorn from the virtualenv in /opt/invoicer/venv, app "
        "`invoicer.wsgi:app` on 127.0.0.1:8000, run as the invoicer user, restarted if it fails, started once the "
        "network is online and at boot in the normal multi-user target. Set LOG_LEVEL=info; the database password "
        "is in /etc/invoicer/env and must stay out of the unit. Tell me where to save it and how to turn it on.",
        """Here is the unit. Save it as `/etc/systemd/system/invoicer.service`.

```ini
[Unit]
Description=Invoicer web app (gunicorn)
Wants=network-online.target
After=network-online.target

[Service]
User=invoicer
Group=invoicer
WorkingDirectory=/opt/invoicer
# DB_PASSWORD and SECRET_KEY come from the environment file, never from this unit
EnvironmentFile=/etc/invoicer/env
Environment=LOG_LEVEL=info
ExecStart=/opt/invoicer/venv/bin/gunicorn --workers 3 --bind 127.0.0.1:8000 invoicer.wsgi:app
Restart=on-failure
RestartSec=5

[Install]
WantedBy=multi-user.target
```

Then load it and start it:

```bash
sudo systemctl daemon-reload
sudo systemctl enable --now invoicer.service
```""",
        "invoicer",
        "LOG_LEVEL",
        "info",
        (
            ("user", "User=invoicer", "User=root"),
            ("restart", "Restart=on-failure", "Restart=no"),
            ("absolute", "ExecStart=/opt/invoicer/venv/bin/gunicorn", "ExecStart=gunicorn"),
            ("install", "WantedBy=multi-user.target", "WantedBy=graphical.target"),
            ("single_exec", "wsgi:app\n", "wsgi:app\nExecStart=/opt/invoicer/venv/bin/python -m invoicer.worker\n"),
            ("no_password", "/etc/invoicer/env\n", "/etc/invoicer/env\nEnvironment=DB_PASSWORD=Tr0ub4dor-2026\n"),
            ("network", "After=network-online.target", "After=network.target"),
            ("env", "Environment=LOG_LEVEL=info", "Environment=LOG_LEVEL=debug"),
            ("enable", "enable --now invoicer.service", "enable --now invoicer-web.service"),
        ),
    ),
    Daemon(
        "I need a systemd unit for mqtt-bridge, a Go binary installed at /usr/local/bin/mqtt-bridge that reads "
        "/etc/mqtt-bridge/config.yaml. It should run as the mqttbridge user, always come back if it dies, wait for "
        "the network to be online, start at boot (multi-user), and have MQTT_BROKER=tcp://broker.lan:1883 and "
        "INFLUX_URL=http://influx.lan:8086 in its environment. The Influx token is a file, not an env var. Include "
        "the install commands.",
        """```ini
# /etc/systemd/system/mqtt-bridge.service
[Unit]
Description=MQTT to InfluxDB bridge
Documentation=https://git.example.org/iot/mqtt-bridge
After=network-online.target mosquitto.service
Wants=network-online.target

[Service]
User=mqttbridge
Group=mqttbridge
Environment="MQTT_BROKER=tcp://broker.lan:1883" "INFLUX_URL=http://influx.lan:8086"
LoadCredential=influx-token:/etc/mqtt-bridge/influx.token
ExecStart=/usr/local/bin/mqtt-bridge \\
    --config /etc/mqtt-bridge/config.yaml \\
    --token-file ${CREDENTIALS_DIRECTORY}/influx-token
Restart=always
RestartSec=3
NoNewPrivileges=yes

[Install]
WantedBy=multi-user.target
```

Install and start it:

```bash
sudo install -m 644 mqtt-bridge.service /etc/systemd/system/
sudo systemctl daemon-reload && sudo systemctl enable --now mqtt-bridge
```

The token is handed over with `LoadCredential=`, so it never shows up in `systemctl show`.""",
        "mqtt-bridge",
        "INFLUX_URL",
        "http://influx.lan:8086",
        (
            ("user", "User=mqttbridge\n", ""),
            ("restart", "Restart=always", "Restart=on-success"),
            ("absolute", "ExecStart=/usr/local/bin/mqtt-bridge \\", "ExecStart=./mqtt-bridge \\"),
            ("install", "WantedBy=multi-user.target", "WantedBy=default.target"),
            ("single_exec", "RestartSec=3\n", "RestartSec=3\nExecStart=/usr/local/bin/mqtt-bridge --healthcheck\n"),
            ("no_password", "tcp://broker.lan:1883", "tcp://bridge:Gr33nhouse@broker.lan:1883"),
            ("network", "After=network-online.target mosquitto.service", "After=network.target mosquitto.service"),
            ("env", "INFLUX_URL=http://influx.lan:8086", "INFLUX_URL=http://localhost:8086"),
            ("enable", "enable --now mqtt-bridge", "enable --now mqttbridge"),
        ),
    ),
    Daemon(
        "Systemd service please for our helpdesk chat bot: Node.js, started with /usr/bin/node "
        "/srv/helpdesk-bot/server.js from /srv/helpdesk-bot, as the helpdesk user. Restart it when it crashes, "
        "only start after the network is up (network-online), enable it for multi-user.target, and set "
        "NODE_ENV=production and PORT=3000. The Slack token and admin password live in "
        "/etc/helpdesk-bot/secrets.env. Say what file to create and how to enable it.",
        """Save this as `/etc/systemd/system/helpdesk-bot.service`:

```ini
[Unit]
Description=Helpdesk chat bot (Node.js)
After=network-online.target
Wants=network-online.target
StartLimitIntervalSec=300
StartLimitBurst=5

[Service]
Type=simple
User=helpdesk
WorkingDirectory=/srv/helpdesk-bot
Environment=NODE_ENV=production
Environment=PORT=3000
EnvironmentFile=/etc/helpdesk-bot/secrets.env
ExecStart=/usr/bin/node /srv/helpdesk-bot/server.js
Restart=on-failure
RestartSec=10
StandardOutput=journal

[Install]
WantedBy=multi-user.target
```

Enable it at boot and start it now:

```bash
sudo systemctl daemon-reload
sudo systemctl enable --now helpdesk-bot.service
systemctl status helpdesk-bot
```""",
        "helpdesk-bot",
        "NODE_ENV",
        "production",
        (
            ("user", "User=helpdesk", "User=root"),
            ("restart", "Restart=on-failure\n", ""),
            ("absolute", "ExecStart=/usr/bin/node ", "ExecStart=node "),
            ("install", "\n\n[Install]\nWantedBy=multi-user.target\n```", "\n```"),
            ("single_exec", "server.js\n", "server.js\nExecStart=/usr/bin/node /srv/helpdesk-bot/jobs.js\n"),
            ("no_password", "PORT=3000\n", "PORT=3000\nEnvironment=ADMIN_PASSWORD=helpdesk!2026\n"),
            ("network", "After=network-online.target", "After=network.target"),
            ("env", "Environment=NODE_ENV=production", "#Environment=NODE_ENV=production"),
            ("enable", "enable --now helpdesk-bot.service", "enable --now helpdesk.service"),
        ),
    ),
    Daemon(
        "Write the systemd unit for our map tile server: `java -jar /opt/tileserver/tileserver.jar --port 8085` "
        "with JAVA_OPTS=-Xmx2g, working directory /opt/tileserver, user tiles, restarted on failure, ordered after "
        "network-online.target and postgresql, wanted by multi-user.target. It needs "
        "TILE_CACHE_DIR=/var/cache/tileserver; the PostGIS credentials are in ~tiles/.pgpass. Where does it go and "
        "how do I enable it?",
        """```ini
[Unit]
Description=Map tile server
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
User=tiles
Group=tiles
WorkingDirectory=/opt/tileserver
Environment=JAVA_OPTS=-Xmx2g
Environment=TILE_CACHE_DIR=/var/cache/tileserver
ExecStart=/usr/bin/java $JAVA_OPTS -jar /opt/tileserver/tileserver.jar --port 8085
SuccessExitStatus=143
Restart=on-failure
RestartSec=5s
TimeoutStopSec=30

[Install]
WantedBy=multi-user.target
```

Save it as /etc/systemd/system/tileserver.service, then run `sudo systemctl daemon-reload` and
`sudo systemctl enable --now tileserver`. The JVM exits with 143 on SIGTERM, which
`SuccessExitStatus=143` counts as a clean stop.""",
        "tileserver",
        "TILE_CACHE_DIR",
        "/var/cache/tileserver",
        (
            ("user", "User=tiles", "User=0"),
            ("restart", "Restart=on-failure", "Restart=no"),
            ("absolute", "ExecStart=/usr/bin/java ", "ExecStart=java "),
            ("install", "WantedBy=multi-user.target", "WantedBy=default.target"),
            ("single_exec", "--port 8085\n", "--port 8085\nExecStart=/usr/bin/java -jar /opt/tileserver/warmup.jar\n"),
            ("no_password", "-Xmx2g\n", "-Xmx2g\nEnvironment=PGPASSWORD=tiles4ever\n"),
            ("network", "After=network-online.target postgresql.service", "After=postgresql.service"),
            ("env", "TILE_CACHE_DIR=/var/cache/tileserver", "TILE_CACHE_DIR=/tmp/tiles"),
            ("enable", "enable --now tileserver`", "enable --now tile-server`"),
        ),
    ),
)


def build(daemon: Daemon, on: dict[str, bool]) -> str:
    return slipped(daemon.text, daemon.slips, on, daemon.name)


# Reading a unit ---------------------------------------------------------------------------------


def unit_text(answer: str) -> str:
    """The fenced block that holds a [Service] section, or the whole answer if none does."""
    return next((block for block in FENCED.findall(answer) if "[Service]" in block), answer)


def sections(answer: str) -> Unit:
    """The unit's sections: lines ending in a backslash joined to the next, comments dropped."""
    out: Unit = {}
    current: str | None = None
    pending = ""
    for raw in unit_text(answer).splitlines():
        line = pending + raw.strip()
        if line.endswith("\\"):
            pending = line[:-1].rstrip() + " "
            continue
        pending = ""
        if not line or line.startswith(("#", ";")):
            continue
        if match := SECTION.fullmatch(line):
            current = match.group(1)
            out.setdefault(current, [])
        elif current is not None and "=" in line:
            key, _, value = line.partition("=")
            out[current].append((key.strip(), value.strip()))
    return out


def values(unit: Unit, section: str, key: str) -> list[str]:
    return [value for name, value in unit.get(section, []) if name == key]


def words(unit: Unit, section: str, key: str) -> list[str]:
    """The space-separated words of every `key=` line of `section` (After=, WantedBy=)."""
    return [word for value in values(unit, section, key) for word in value.split()]


def environment(unit: Unit) -> list[tuple[str, str]]:
    """Every NAME=value assignment of the service's Environment= lines, quotes removed."""
    out = []
    for value in values(unit, "Service", "Environment"):
        for word in shlex.split(value):
            name, _, setting = word.partition("=")
            out.append((name, setting))
    return out


def secret(name: str, value: str) -> bool:
    """A password-like variable with a value, or a URL with a password in it."""
    return bool(SECRET.search(name) and value) or USERINFO.search(value) is not None


def enable_names(answer: str) -> tuple[str | None, str | None]:
    """The unit the answer saves (by its path) and the unit its enable command names."""
    saved, enabled = SAVED.search(answer), ENABLED.search(answer)
    return (
        saved.group(1) if saved else None,
        enabled.group(1).removesuffix(".service") if enabled else None,
    )


WORDINGS = {
    "user": ("Runs as a non-root user", "The service does not run as root"),
    "restart": ("Restarts on failure", "Is restarted automatically when it fails"),
    "absolute": ("ExecStart uses an absolute path", "The program in ExecStart is given by its absolute path"),
    "install": (
        "Has an [Install] section with WantedBy=multi-user.target",
        "Is wanted by multi-user.target in its [Install] section",
    ),
    "single_exec": ("Sets no more than one ExecStart", "Has a single ExecStart line"),
    "no_password": (
        "Does not hard-code a password in an Environment line",
        "No password is written into the unit's Environment settings",
    ),
    "network": (
        "Orders itself after network-online.target",
        "Starts after the network is online (After=network-online.target)",
    ),
    "env": ("Sets {env} in the service's environment", "Its environment includes {env}"),
    "enable": (
        "The enable command names the unit file it says to save",
        "Enables the same unit it tells you to create",
    ),
}
"""Two wordings of each kind of criterion, filled from the daemon."""


def truths(daemon: Daemon, answer: str) -> dict[str, bool]:
    unit = sections(answer)
    execs = values(unit, "Service", "ExecStart")
    user, restart = values(unit, "Service", "User"), values(unit, "Service", "Restart")
    saved, enabled = enable_names(answer)
    return {
        "user": bool(user) and user[-1] not in ("root", "0"),
        "restart": bool(restart) and restart[-1] in RESTARTS,
        "absolute": bool(execs) and all(line.lstrip("@-:+!").startswith("/") for line in execs),
        "install": "multi-user.target" in words(unit, "Install", "WantedBy"),
        "single_exec": len(execs) == 1,
        "no_password": "Service" in unit and not any(secret(name, value) for name, value in environment(unit)),
        "network": "network-online.target" in words(unit, "Unit", "After"),
        "env": (daemon.key, daemon.value) in environment(unit),
        "enable": saved is not None and saved == enabled,
    }


def candidates(rng: random.Random, daemon: Daemon, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], env=f"{daemon.key}={daemon.value}"), truth, kind, FAMILY)
        for kind, truth in truths(daemon, answer).items()
    ]


SWITCHES = ("user", "restart", "absolute", "install", "single_exec", "no_password", "network", "env", "enable")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, DAEMONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
