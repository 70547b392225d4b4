"""deploy/: the image, the compose stack and the Kubernetes manifests, checked offline.

Linted and validated with the dev extra's tools (hadolint, the compose-spec schema that
check-jsonschema ships, kubernetes-validate's schemas), never fetched at test time; and
every `RUBRICFLOW_` variable the worker reads is documented and wired everywhere.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "docker" / "Dockerfile"


def hadolint() -> str:
    beside = Path(sys.executable).parent / "hadolint"
    assert beside.exists(), "hadolint is missing: install the dev extra (bash deploy/install.sh --dev)"
    return str(beside)


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    instructions = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            instructions.append((word.upper(), rest.strip()))
    return instructions


class TestDockerfile:
    def test_hadolint_finds_nothing(self):
        result = subprocess.run(
            [hadolint(), "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stdout + result.stderr

    def test_every_stage_starts_from_an_exact_python_311_bookworm_tag(self):
        bases = [args.split()[0] for word, args in dockerfile_instructions() if word == "FROM"]
        assert len(bases) >= 2, "a multi-stage build"
        for base in bases:
            assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm(@sha256:[0-9a-f]{64})?", base), base

    def test_the_worker_runs_as_a_non_root_user(self):
        users = [args for word, args in dockerfile_instructions() if word == "USER"]
        assert users and users[-1].split(":")[0] not in ("root", "0")
        entrypoint = json.loads(next(args for word, args in dockerfile_instructions() if word == "ENTRYPOINT"))
        assert entrypoint[-3:] == ["python", "-m", "rubricflow.worker"]

    def test_the_healthcheck_asks_the_health_endpoint_on_the_configured_port(self):
        checks = [args for word, args in dockerfile_instructions() if word == "HEALTHCHECK"]
        assert len(checks) == 1
        assert "/healthz" in checks[0] and "RUBRICFLOW_HEALTH_PORT" in checks[0]

    def test_bubblewrap_is_installed_in_the_runtime_stage(self):
        stages = DOCKERFILE.read_text(encoding="utf-8").split("\nFROM ")
        assert "bubblewrap=" in stages[-1]

    def test_llama_cpp_is_built_with_the_same_cmake_flags_as_install_sh(self):
        install = (DEPLOY / "install.sh").read_text(encoding="utf-8")
        flags = re.search(r'CMAKE_ARGS:-([^}"]+)\}', install)
        assert flags, "deploy/install.sh no longer sets default CMAKE_ARGS"
        assert f'ARG CMAKE_ARGS="{flags.group(1)}"' in DOCKERFILE.read_text(encoding="utf-8")

    def test_everything_copied_is_in_the_repository_and_kept_by_the_dockerignore(self):
        ignore = (DEPLOY / "docker" / "Dockerfile.dockerignore").read_text(encoding="utf-8").split()
        kept = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
        for word, args in dockerfile_instructions():
            if word != "COPY" or args.startswith("--from"):
                continue
            for source in shlex.split(args)[:-1]:
                source = source.rstrip("/")
                assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
                assert source in kept, f"COPY {source}: excluded by Dockerfile.dockerignore"
        # rubricflow/worker.py is a symlink into the top level: both ends are in the context.
        assert (ROOT / "rubricflow" / "worker.py").is_symlink() and "worker.py" in kept

    def test_constraints_pin_every_runtime_dependency(self):
        import tomllib

        project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        wanted = project["dependencies"] + project["optional-dependencies"]["local"]
        pinned = {
            re.split(r"==", line)[0].lower().replace("_", "-")
            for line in (DEPLOY / "docker" / "constraints.txt").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")
        }
        names = {re.split(r"[<>=!~ \[]", spec)[0].lower().replace("_", "-") for spec in wanted}
        assert names - pinned == set(), "add these to deploy/docker/constraints.txt"
