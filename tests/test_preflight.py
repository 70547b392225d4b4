"""What the client refuses before a run starts, known without importing the worker's code."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rubricflow.client import RunRefused, check_input
from rubricflow.preflight import LANGCHAIN_PROVIDERS, check_provider, known_providers
from rubricflow.workflows.types import AgentSettings, RunInput

PROBE = Path(__file__).with_name("import_probe.py")
CLIENT_SIDE = Path(__file__).parents[1] / "rubricflow"
FORBIDDEN = ("langchain", "langchain_core", "langgraph", "rubricflow.activities", "rubricflow.worker")


def loaded_by(*modules: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(PROBE), *modules], capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(done.stdout)


class TestLayers:
    def test_client_and_cli_load_neither_langchain_nor_the_worker(self):
        loaded = loaded_by(
            "rubricflow.client",
            "rubricflow.cli",
            "rubricflow.cli.commands",
            "rubricflow.preflight",
            "rubricflow.ui.server",
        )
        assert "rubricflow.cli.commands" in loaded  # the probe imported what it was asked to
        assert "rubricflow.ui.server" in loaded
        wrong = [m for m in loaded if m.split(".")[0] in FORBIDDEN or m.startswith(FORBIDDEN[3:])]
        assert wrong == []

    def test_contract_modules_import_nothing_of_ours_above_them(self):
        for path in (CLIENT_SIDE.parent / "workflows").glob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
            imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
            ours = [m for m in imported if m.startswith("rubricflow") and not m.startswith("rubricflow.workflows")]
            assert ours == [], path.name
            assert not [m for m in imported if m.split(".")[0] in ("langchain", "langchain_core", "langgraph")], (
                path.name
            )

    def test_client_side_sources_never_name_activities_or_worker(self):
        for path in [
            CLIENT_SIDE / "client.py",
            CLIENT_SIDE / "preflight.py",
            *(CLIENT_SIDE / "cli").glob("*.py"),
            *(CLIENT_SIDE / "ui").glob("*.py"),
        ]:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
            imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
            wrong = [m for m in imported if m.split(".")[0] in FORBIDDEN or m.startswith(FORBIDDEN[3:])]
            assert wrong == [], path.name


class TestProviders:
    def test_table_matches_langchains(self):
        from langchain.chat_models.base import _BUILTIN_PROVIDERS

        theirs = {name: module.split(".")[0] for name, (module, _, _) in _BUILTIN_PROVIDERS.items()}
        assert LANGCHAIN_PROVIDERS == theirs

    def test_unknown_provider_is_refused_with_the_known_ones(self):
        run = RunInput(message="x", agent=AgentSettings(model="nosuch:m"))
        with pytest.raises(RunRefused) as err:
            check_input(run)
        assert "unknown model provider 'nosuch' in 'nosuch:m'; use one of: scripted, local, profile, anthropic" in str(
            err.value
        )
        assert known_providers()[:2] == ["scripted", "local"]

    def test_missing_package_is_refused_naming_what_to_install(self):
        provider, module = next((p, m) for p, m in LANGCHAIN_PROVIDERS.items() if importlib.util.find_spec(m) is None)
        spec = f"{provider}:some-model"
        check_provider(spec)  # the name alone is fine: a remote worker may have the package
        with pytest.raises(RunRefused) as err:
            check_provider(spec, installed=True)
        assert f"needs the package(s) {module.replace('_', '-')}" in str(err.value)
        assert f"pip install {module.replace('_', '-')}" in str(err.value)

    def test_providers_whose_packages_are_here_pass(self):
        check_provider("scripted:agent.json", installed=True)
        if importlib.util.find_spec("llama_cpp") and importlib.util.find_spec("langchain_community"):
            check_provider("local:qwen2.5-coder-0.5b", installed=True)
