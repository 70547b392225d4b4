"""Dockerfile family (fresh2): a Dockerfile for an app the task describes (a Flask API, an
Express service, a Go service, a Sinatra app), a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh2`, never in `all`, `new`, `docs`, `held` or
`fresh`.

An answer is a lead-in line, one ```dockerfile block and a line on how to build it, assembled
from switches: the base image pinned to the tag the task gives or `:latest`, a non-root USER
or a user created and never switched to (or none at all), an EXPOSE of the task's port or of a
near one, a HEALTHCHECK or none, the dependency manifest copied and installed before the
source is copied or the whole source copied first, CMD in exec (JSON array) form or in shell
form, no secret in an ENV line or a password, token or key baked into one, and a WORKDIR or
absolute paths with `cd` instead. Every truth is a function of the Dockerfile's text, read
instruction by instruction (below).
"""

from __future__ import annotations

import json
import random
import re
import shlex
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "dockerfile"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SECRET_NAME = re.compile(r"PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|PRIVATE_?KEY|CREDENTIAL", re.IGNORECASE)


@dataclass(frozen=True)
class App:
    task: str
    name: str
    base: str
    """The base image and tag the task asks for."""
    latest: str
    """The same image at `:latest`."""
    port: int
    wrong_port: int
    """A port an answer may expose instead: another common default."""
    env: tuple[str, ...]
    """`KEY=value` settings with no secret in them."""
    secret: str
    """A `KEY=value` with a credential in it, which an answer may bake into the image."""
    manifest: str
    """The dependency files, as a COPY names them."""
    install: str
    """The command that installs the dependencies (run in the app's directory)."""
    build: str
    """A command run after the source is copied, or empty."""
    add_user: str
    """The RUN that creates the app's user, or empty when the base image has one."""
    user: str
    health: str
    """The command the HEALTHCHECK runs."""
    cmd: tuple[str, ...]
    """The start command, run from the app's directory."""
    cmd_abs: tuple[str, ...]
    """The same command with absolute paths, for an answer with no WORKDIR."""


APPS = (
    App(
        "Write a Dockerfile for our Flask API. The code is in app.py, the dependencies are in requirements.txt, "
        "and it is served by gunicorn on port 5000. Use the python:3.12-slim base image, run the app as a "
        "non-root user and add a health check against /health. The database password is passed in at runtime.",
        "the Flask API",
        "python:3.12-slim",
        "python:latest",
        5000,
        8000,
        ("PYTHONDONTWRITEBYTECODE=1", "PYTHONUNBUFFERED=1"),
        "DB_PASSWORD=pg-Vx72-stage",
        "requirements.txt",
        "pip install --no-cache-dir -r requirements.txt",
        "",
        "useradd --create-home --shell /usr/sbin/nologin appuser",
        "appuser",
        "python -c \"import urllib.request; urllib.request.urlopen('http://localhost:5000/health')\"",
        ("gunicorn", "--bind", "0.0.0.0:5000", "app:app"),
        ("gunicorn", "--chdir", "/app", "--bind", "0.0.0.0:5000", "app:app"),
    ),
    App(
        "Write a Dockerfile for our Express service (entry point server.js, dependencies in package.json and "
        "package-lock.json). Base it on node:20-alpine, install only production dependencies, listen on port "
        "3000, don't run as root, and add a health check that calls /healthz. The JWT signing secret comes from "
        "the deployment, not the image.",
        "the Express service",
        "node:20-alpine",
        "node:latest",
        3000,
        8080,
        ("NODE_ENV=production",),
        "JWT_SECRET=f3a9c1d7e2b84a60",
        "package.json package-lock.json",
        "npm ci --omit=dev",
        "",
        "",
        "node",
        "wget -qO- http://localhost:3000/healthz || exit 1",
        ("node", "server.js"),
        ("node", "/app/server.js"),
    ),
    App(
        "Write a single-stage Dockerfile for our Go orders service: go.mod and go.sum are at the repository "
        "root and the main package is ./cmd/orders. Use golang:1.22-alpine as the base image, expose port 8080, "
        "run the binary as a non-root user and add a health check on /healthz. The Stripe key is injected at "
        "deploy time.",
        "the orders service",
        "golang:1.22-alpine",
        "golang:latest",
        8080,
        80,
        ("CGO_ENABLED=0",),
        "STRIPE_API_KEY=sk_live_51Hb9x2eZvKYlo2C",
        "go.mod go.sum",
        "go mod download",
        "go build -o /usr/local/bin/orders ./cmd/orders",
        "adduser -D -H appuser",
        "appuser",
        "wget -qO- http://localhost:8080/healthz || exit 1",
        ("/usr/local/bin/orders",),
        ("/usr/local/bin/orders",),
    ),
    App(
        "Write a Dockerfile for a small Sinatra app (app.rb, with a Gemfile and Gemfile.lock). Use ruby:3.3-slim "
        "as the base, serve it on port 4567, run it as a non-root user and give it a health check against "
        "/health. The session secret will be provided as an environment variable when the container starts.",
        "the Sinatra app",
        "ruby:3.3-slim",
        "ruby:latest",
        4567,
        3000,
        ("RACK_ENV=production",),
        "SESSION_SECRET=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "Gemfile Gemfile.lock",
        "bundle install",
        "",
        "useradd --create-home appuser",
        "appuser",
        "ruby -rnet/http -e \"exit Net::HTTP.get_response(URI('http://localhost:4567/health')).code == '200'\"",
        ("ruby", "app.rb", "-o", "0.0.0.0", "-p", "4567"),
        ("ruby", "/app/app.rb", "-o", "0.0.0.0", "-p", "4567"),
    ),
)


def build(app: App, on: dict[str, bool]) -> str:
    lines = [f"FROM {app.base if on['pinned'] else app.latest}", ""]
    if on["workdir"]:
        lines.append("WORKDIR /app")
    dest, source_dest, cd = ("./", ".", "") if on["workdir"] else ("/app/", "/app", "cd /app && ")
    settings = list(app.env) if on["no_secrets"] else [*app.env, app.secret]
    lines.append("ENV " + " \\\n    ".join(settings))
    lines.append("")
    install = [f"COPY {app.manifest} {dest}", f"RUN {cd}{app.install}"]
    source = [f"COPY . {source_dest}"]
    lines += [*install, *source] if on["layers"] else [*source, f"RUN {cd}{app.install}"]
    if app.build:
        lines.append(f"RUN {cd}{app.build}")
    lines.append("")
    if app.add_user:
        lines.append(f"RUN {app.add_user}")
    if on["user"]:
        lines.append(f"USER {app.user}")
    if app.add_user or on["user"]:
        lines.append("")
    lines.append(f"EXPOSE {app.port if on['expose'] else app.wrong_port}")
    if on["healthcheck"]:
        lines.append(f"HEALTHCHECK --interval=30s --timeout=3s --retries=3 \\\n  CMD {app.health}")
    command = app.cmd if on["workdir"] else app.cmd_abs
    lines.append("CMD " + (json.dumps(list(command)) if on["exec_cmd"] else " ".join(command)))
    tag = app.name.split()[1].lower()
    return (
        f"Here is a Dockerfile for {app.name}:\n\n```dockerfile\n"
        + "\n".join(lines)
        + f"\n```\n\nBuild it with `docker build -t {tag} .` and run it with `docker run -p {app.port}:{app.port} {tag}`."
    )


# Reading a Dockerfile ---------------------------------------------------------------------


def dockerfile_of(answer: str) -> str:
    match = re.search(r"```(?:dockerfile|Dockerfile|docker)\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order: comment lines dropped, lines ending in a backslash
    joined to the next."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        word, _, rest = whole.partition(" ")
        out.append((word.upper(), rest.strip()))
    if pending.strip():
        word, _, rest = pending.strip().partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def words(arguments: str) -> list[str]:
    """An instruction's arguments without its `--flag` options."""
    return [w for w in shlex.split(arguments) if not w.startswith("--")]


def base_image(text: str) -> str | None:
    froms = [words(args) for name, args in instructions(text) if name == "FROM"]
    return froms[0][0] if froms and froms[0] else None


def runs_as_non_root(text: str) -> bool:
    """The last USER instruction names a user other than root (or uid 0)."""
    users = [args.split(":")[0].strip() for name, args in instructions(text) if name == "USER"]
    return bool(users) and users[-1] not in ("root", "0", "")


def exposed_ports(text: str) -> set[str]:
    ports = set()
    for name, args in instructions(text):
        if name == "EXPOSE":
            ports |= {w.split("/")[0] for w in args.split()}
    return ports


def has_healthcheck(text: str) -> bool:
    return any(name == "HEALTHCHECK" and not args.upper().startswith("NONE") for name, args in instructions(text))


def installs_before_source(text: str, install: str) -> bool:
    """The RUN that installs the dependencies comes before the first COPY of the whole build
    context (`COPY . <dest>`)."""
    install_at = source_at = None
    for at, (name, args) in enumerate(instructions(text)):
        if name == "RUN" and install in args and install_at is None:
            install_at = at
        if name in ("COPY", "ADD") and "." in words(args)[:-1] and source_at is None:
            source_at = at
    return install_at is not None and source_at is not None and install_at < source_at


def cmd_in_exec_form(text: str) -> bool:
    """The last CMD is a JSON array of strings."""
    cmds = [args for name, args in instructions(text) if name == "CMD"]
    if not cmds or not cmds[-1].startswith("["):
        return False
    try:
        value = json.loads(cmds[-1])
    except json.JSONDecodeError:
        return False
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def env_settings(text: str) -> dict[str, str]:
    """Every ENV's keys and values (`ENV K=V K2=V2` or the older `ENV K V`)."""
    found: dict[str, str] = {}
    for name, args in instructions(text):
        if name != "ENV":
            continue
        parts = shlex.split(args)
        if parts and "=" not in parts[0]:
            found[parts[0]] = " ".join(parts[1:])
            continue
        for part in parts:
            key, _, value = part.partition("=")
            found[key] = value
    return found


def secrets_in_env(text: str) -> list[str]:
    """ENV keys that name a credential and are given a value."""
    return [key for key, value in env_settings(text).items() if SECRET_NAME.search(key) and value]


def has_workdir(text: str) -> bool:
    return any(name == "WORKDIR" for name, _ in instructions(text))


def candidates(rng: random.Random, app: App, answer: str) -> list[Criterion]:
    text = dockerfile_of(answer)
    base, port = app.base, app.port
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "pinned",
            base_image(text) == base,
            (f"Uses {base} as the base image", f"Pins the base image to {base} rather than latest"),
        ),
        (
            "user",
            runs_as_non_root(text),
            ("Runs the app as a non-root user", "Switches to a non-root USER before the app starts"),
        ),
        ("expose", str(port) in exposed_ports(text), (f"Exposes port {port}", f"Declares port {port} with EXPOSE")),
        (
            "healthcheck",
            has_healthcheck(text),
            ("Defines a HEALTHCHECK", "Tells Docker how to check that the container is healthy"),
        ),
        (
            "layers",
            installs_before_source(text, app.install),
            (
                "Installs the dependencies before copying the rest of the source code",
                f"Copies {app.manifest.split()[0]} and installs dependencies before the application code is copied",
            ),
        ),
        (
            "exec_cmd",
            cmd_in_exec_form(text),
            ("Uses the exec (JSON array) form for CMD", "Writes CMD as a JSON array rather than a shell string"),
        ),
        (
            "no_secrets",
            not secrets_in_env(text),
            (
                "Does not put secrets such as passwords or API keys in ENV",
                "Keeps credentials out of the image's environment variables",
            ),
        ),
        (
            "workdir",
            has_workdir(text),
            ("Sets a WORKDIR", "Sets the working directory with a WORKDIR instruction"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("pinned", "user", "expose", "healthcheck", "layers", "exec_cmd", "no_secrets", "workdir")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, APPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
