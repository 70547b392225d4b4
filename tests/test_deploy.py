"""deploy/: the image, the compose stack and the Kubernetes manifests, checked offline.

Linted and validated with the dev extra's tools (hadolint, the compose-spec schema that
check-jsonschema ships, kubernetes-validate's schemas), never fetched at test time; and
every `RUBRICFLOW_` variable the worker reads is documented and wired everywhere.
"""

from __future__ import annotations

import json
import os
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
        result = subprocess.run([hadolint(), "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
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

    def test_the_tree_has_no_symlink(self):
        """A checkout without symlinks (Windows, some archives) must build and run the same."""
        skipped = {".git", ".venv", ".rubricflow", "build", "dist", "__pycache__"}
        links = []
        for folder, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in skipped and not d.endswith(".egg-info")]
            links += [
                str(Path(folder, name).relative_to(ROOT)) for name in dirs + files if Path(folder, name).is_symlink()
            ]
        assert links == []

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


COMPOSE_DIR = DEPLOY / "compose"


def env_file(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, sep, value = line.partition("=")
            assert sep, f"{path.name}: {line!r} is not NAME=VALUE"
            values[name.strip()] = value.strip()
    return values


INTERPOLATION = re.compile(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)")


def interpolate(value, variables: dict[str, str]):
    """Compose's `${NAME}`, `${NAME:-default}`, `${NAME:?error}` and `$$`, as `docker compose
    config` does before it validates; an unset variable without a default is an error."""
    if isinstance(value, dict):
        return {key: interpolate(item, variables) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, variables) for item in value]
    if not isinstance(value, str):
        return value

    def one(match: re.Match) -> str:
        if match.group(0) == "$$":
            return "$"
        name = match.group(1) or match.group(4)
        op, arg = match.group(2), match.group(3)
        current = variables.get(name)
        if op in (":-", "-"):
            return current if current not in (None, "") or (op == "-" and current is not None) else arg
        assert current not in (None, ""), (
            f"compose.yaml uses ${{{name}}}, which neither .env nor secrets.env.example sets"
        )
        return current

    return INTERPOLATION.sub(one, value)


def compose_variables() -> dict[str, str]:
    return {**env_file(COMPOSE_DIR / ".env"), **env_file(COMPOSE_DIR / "secrets.env.example")}


def compose_errors(document: dict) -> list[str]:
    """Errors against the compose-spec schema that check-jsonschema ships (draft 2020-12)."""
    schema_file = resources.files("check_jsonschema.builtin_schemas.vendor") / "compose-spec.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)
    validator.check_schema(schema)
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in sorted(validator(schema).iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    ]


def compose_file() -> dict:
    raw = yaml.safe_load((COMPOSE_DIR / "compose.yaml").read_text(encoding="utf-8"))
    return interpolate(raw, compose_variables())


class TestCompose:
    def test_the_interpolated_file_is_valid_against_the_compose_spec_schema(self):
        errors = compose_errors(compose_file())
        assert not errors, "\n".join(errors)

    def test_the_schema_check_catches_a_misspelt_key_and_a_bad_value(self):
        broken = compose_file()
        broken["services"]["worker"]["stop_grace_priod"] = "45s"
        broken["services"]["postgresql"]["volumes"] = "postgres-data"
        errors = "\n".join(compose_errors(broken))
        assert "stop_grace_priod" in errors and "services/postgresql/volumes" in errors

    def test_every_image_is_pinned_in_env(self):
        raw = yaml.safe_load((COMPOSE_DIR / "compose.yaml").read_text(encoding="utf-8"))
        variables = env_file(COMPOSE_DIR / ".env")
        for name, service in raw["services"].items():
            assert re.fullmatch(r"\$\{[A-Z_]+(:\?[^}]*)?\}", service["image"]), f"{name}: image not from .env"
            image = compose_file()["services"][name]["image"]
            assert re.search(r":[0-9][\w.-]*$", image), f"{name}: {image} has no exact version tag"
        assert all(not value.endswith(":latest") for value in variables.values())

    def test_workers_scale_because_they_have_no_fixed_name_or_host_port(self):
        worker = compose_file()["services"]["worker"]
        assert "container_name" not in worker and "ports" not in worker

    def test_the_stack_has_every_part_the_cluster_needs(self):
        services = compose_file()["services"]
        assert {
            "postgresql",
            "temporal-schema",
            "temporal",
            "temporal-setup",
            "temporal-ui",
            "codec-server",
            "worker",
            "otel-collector",
            "jaeger",
        } <= set(services)
        assert "healthcheck" in services["postgresql"] and services["postgresql"]["volumes"]
        assert services["temporal"]["depends_on"]["temporal-schema"]["condition"] == "service_completed_successfully"
        assert services["worker"]["depends_on"]["temporal-setup"]["condition"] == "service_completed_successfully"
        setup = "\n".join(services["temporal-setup"]["command"])
        for attribute in ("RubricStatus:Keyword", "RubricIteration:Int", "GradingRunId:Keyword"):
            assert attribute in setup

    def test_the_search_attributes_registered_are_the_ones_the_worker_needs(self):
        from temporalio.api.enums.v1 import IndexedValueType

        from rubricflow.search_attributes import required as required_search_attributes

        setup = "\n".join(compose_file()["services"]["temporal-setup"]["command"])
        kinds = {IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD: "Keyword", IndexedValueType.INDEXED_VALUE_TYPE_INT: "Int"}
        registered = set(re.findall(r"(\w+):(Keyword|Int)\b", setup))
        assert registered == {(name, kinds[kind]) for name, kind in required_search_attributes().items()}

    def test_docker_stops_a_worker_only_after_its_graceful_shutdown(self):
        variables = env_file(COMPOSE_DIR / ".env")
        stop = compose_file()["services"]["worker"]["stop_grace_period"]
        assert re.fullmatch(r"\d+s", stop), stop
        assert int(stop[:-1]) > int(variables["RUBRICFLOW_GRACEFUL_SHUTDOWN_S"])

    def test_secrets_come_from_the_uncommitted_secrets_file(self):
        gitignore = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
        assert "deploy/compose/secrets.env" in gitignore
        public = env_file(COMPOSE_DIR / ".env")
        secrets = env_file(COMPOSE_DIR / "secrets.env.example")
        assert {"POSTGRES_PASSWORD", "RUBRICFLOW_CODEC_KEYS", "OPENAI_API_KEY"} <= set(secrets)
        assert not set(public) & set(secrets), "a secret in the committed .env"

    def test_the_codec_server_command_is_one_the_cli_accepts_and_listens_beyond_loopback(self):
        from rubricflow.cli.parser import build_parser

        service = compose_file()["services"]["codec-server"]
        args = build_parser().parse_args(service["command"])
        assert args.host == "0.0.0.0" and args.port == 8081
        published = service["ports"][0]
        assert published.startswith("127.0.0.1:"), "the codec server decrypts for anyone who reaches it"


K8S = DEPLOY / "k8s"
KUBERNETES_VERSION = "1.30.0"  # the oldest release the manifests support (appArmorProfile)


def k8s_documents() -> list[tuple[str, dict]]:
    return [
        (path.name, document)
        for path in sorted(K8S.glob("worker-*.yaml"))
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8"))
        if document
    ]


def k8s_kind(kind: str) -> dict:
    (document,) = [d for _, d in k8s_documents() if d["kind"] == kind]
    return document


def worker_container() -> dict:
    (container,) = k8s_kind("Deployment")["spec"]["template"]["spec"]["containers"]
    return container


class TestKubernetes:
    @pytest.mark.parametrize("name, document", k8s_documents(), ids=lambda v: v if isinstance(v, str) else v["kind"])
    def test_each_manifest_is_valid_for_kubernetes(self, name, document):
        kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)

    def test_the_validator_rejects_a_misspelt_field(self):
        deployment = k8s_kind("Deployment")
        deployment["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]["httpGet"]["pathh"] = "/healthz"
        with pytest.raises(kubernetes_validate.ValidationError, match="pathh"):
            kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)

    def test_there_is_a_deployment_an_autoscaler_and_a_disruption_budget_for_the_same_pods(self):
        labels = k8s_kind("Deployment")["spec"]["template"]["metadata"]["labels"]
        assert k8s_kind("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]["name"] == "rubricflow-worker"
        assert k8s_kind("PodDisruptionBudget")["spec"]["selector"]["matchLabels"].items() <= labels.items()

    def test_secrets_come_only_from_secret_key_refs(self):
        config = k8s_kind("ConfigMap")["data"]
        secret_like = re.compile(r"KEY|PASSWORD|TOKEN|SECRET|CERT")
        assert not [name for name in config if secret_like.search(name)], "a secret in the ConfigMap"
        refs = {
            item["name"]: item["valueFrom"]["secretKeyRef"]
            for item in worker_container()["env"]
            if "secretKeyRef" in item.get("valueFrom", {})
        }
        assert {"RUBRICFLOW_CODEC_KEYS", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "TEMPORAL_API_KEY"} <= set(refs)
        assert all("value" not in item for item in worker_container()["env"])

    def test_requests_limits_and_probes_on_the_health_endpoints(self):
        container = worker_container()
        assert {"cpu", "memory"} <= set(container["resources"]["requests"])
        assert {"cpu", "memory"} <= set(container["resources"]["limits"])
        assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
        assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
        (port,) = container["ports"]
        assert str(port["containerPort"]) == k8s_kind("ConfigMap")["data"]["RUBRICFLOW_HEALTH_PORT"]

    def test_kubernetes_waits_for_the_graceful_shutdown(self):
        grace = int(k8s_kind("ConfigMap")["data"]["RUBRICFLOW_GRACEFUL_SHUTDOWN_S"])
        assert k8s_kind("Deployment")["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] > grace

    def test_the_helm_values_use_postgres_with_the_password_from_a_secret(self):
        values = yaml.safe_load((K8S / "temporal-values.yaml").read_text(encoding="utf-8"))
        for store in values["server"]["config"]["persistence"]["datastores"].values():
            assert store["sql"]["pluginName"] == "postgres12"
            assert "password" not in store["sql"] and store["sql"]["existingSecret"]


WORKER_SOURCES = [
    ROOT / "worker.py",
    ROOT / "rubricflow" / "settings.py",
    ROOT / "rubricflow" / "codec.py",
    *sorted((ROOT / "activities").glob("*.py")),
]
# Read by worker.py once the health server is wired in; the image and probes already use it.
PROPOSED = {"RUBRICFLOW_HEALTH_PORT"}


def worker_variables() -> set[str]:
    """Every RUBRICFLOW_ name the worker's code mentions, so a new one is caught here."""
    names = set()
    for path in WORKER_SOURCES:
        names |= set(re.findall(r"\bRUBRICFLOW_[A-Z][A-Z0-9_]*\b", path.read_text(encoding="utf-8")))
    assert "RUBRICFLOW_TASK_QUEUE" in names, "the search over the worker's sources finds nothing"
    return names | PROPOSED


class TestEveryWorkerVariable:
    @pytest.mark.parametrize("name", sorted(worker_variables()))
    def test_is_documented_in_the_deploy_readme(self, name):
        assert f"`{name}`" in (DEPLOY / "README.md").read_text(encoding="utf-8")

    @pytest.mark.parametrize("name", sorted(worker_variables()))
    def test_is_wired_into_the_compose_workers(self, name):
        raw = yaml.safe_load((COMPOSE_DIR / "compose.yaml").read_text(encoding="utf-8"))
        assert name in raw["services"]["worker"]["environment"], f"add {name} to the worker in compose.yaml"

    @pytest.mark.parametrize("name", sorted(worker_variables()))
    def test_is_wired_into_the_kubernetes_deployment(self, name):
        wired = set(k8s_kind("ConfigMap")["data"]) | {item["name"] for item in worker_container()["env"]}
        assert name in wired, f"add {name} to deploy/k8s/worker-config.yaml (or a secretKeyRef if secret)"

    def test_the_image_and_both_stacks_agree_on_the_health_port(self):
        dockerfile = DOCKERFILE.read_text(encoding="utf-8")
        port = k8s_kind("ConfigMap")["data"]["RUBRICFLOW_HEALTH_PORT"]
        assert f"RUBRICFLOW_HEALTH_PORT={port}" in dockerfile and f"EXPOSE {port}" in dockerfile
        assert env_file(COMPOSE_DIR / ".env")["RUBRICFLOW_HEALTH_PORT"] == port
