"""Tools by name: built-ins, the registry's errors, and tools and checks from entry points."""

from __future__ import annotations

from pathlib import Path

import pytest

from rubricflow.activities.grader import default_checks
from rubricflow.activities.registries import CHECKS_ENTRY_POINT_GROUP, TOOLS_ENTRY_POINT_GROUP
from rubricflow.activities.tools import ToolRegistry, UnknownToolError, default_registry
from rubricflow.workflows.rubric import parse_rubric


class TestRegistry:
    def test_unknown_names_are_refused_with_what_exists(self):
        registry = ToolRegistry()

        @registry.tool
        def shout(text: str) -> str:
            """Upper-case the text."""
            return text.upper()

        assert registry.resolve(["shout"])[0].invoke({"text": "hi"}) == "HI"
        with pytest.raises(UnknownToolError, match=r"unknown tool\(s\) \['nope'\]; this worker has: shout"):
            registry.resolve(["shout", "nope"])

    def test_duplicate_names_are_refused(self):
        registry = ToolRegistry([_tool("dup")])
        with pytest.raises(ValueError, match="already registered"):
            registry.add(_tool("dup"))

    def test_defaults_hold_the_builtins(self, tmp_path):
        assert default_registry(tmp_path).names() == ["list_files", "read_file", "run_python_tests"]
        assert default_checks().names() == ["run_python_tests"]


class TestReadFile:
    def test_reads_inside_the_directory_only(self, tmp_path: Path):
        root = tmp_path / "files"
        (root / "pkg").mkdir(parents=True)
        (root / "pkg" / "a.py").write_text("print('hi')\n")
        (tmp_path / "secret.env").write_text("OPENAI_API_KEY=sk-secret\n")
        (root / "link").symlink_to(tmp_path / "secret.env")
        read = default_registry(root).resolve(["read_file"])[0]
        assert read.invoke({"path": "pkg/a.py"}) == "print('hi')\n"
        for escape in ("../secret.env", str(tmp_path / "secret.env"), "link", "pkg/../../secret.env"):
            result = read.invoke({"path": escape})
            assert result.startswith("error:") and "sk-secret" not in result, escape
        assert read.invoke({"path": "missing.txt"}).startswith("error: no file")

    def test_long_files_are_truncated_visibly(self, tmp_path: Path):
        (tmp_path / "big.txt").write_text("x" * 50_000)
        text = default_registry(tmp_path).resolve(["read_file"])[0].invoke({"path": "big.txt"})
        assert text.endswith("...(truncated)") and len(text) < 50_000


class TestEntryPoints:
    async def test_installed_packages_add_tools_and_checks(self, tmp_path: Path, monkeypatch):
        (tmp_path / "rf_plugin_mod.py").write_text(
            "from rubricflow.activities.grader import CheckOutcome\n"
            "def shout(text: str) -> str:\n"
            "    '''Upper-case the text.'''\n"
            "    return text.upper()\n"
            "async def says_hello(context):\n"
            "    return CheckOutcome('hello' in context.answer, 'no hello')\n"
        )
        dist = tmp_path / "rf_plugin-0.1.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: rf-plugin\nVersion: 0.1\n")
        (dist / "entry_points.txt").write_text(
            f"[{TOOLS_ENTRY_POINT_GROUP}]\nshout = rf_plugin_mod:shout\n\n"
            f"[{CHECKS_ENTRY_POINT_GROUP}]\nsays_hello = rf_plugin_mod:says_hello\n"
        )
        monkeypatch.syspath_prepend(str(tmp_path))
        registry = default_registry(tmp_path)
        assert "shout" in registry.names()
        assert registry.resolve(["shout"])[0].invoke({"text": "ok"}) == "OK"
        checks = default_checks()
        assert "says_hello" in checks.names()
        rubric = parse_rubric("- greets [check: says_hello]", checks.names())
        [criterion] = await checks.run(rubric, [], "hello there")
        assert criterion.passed


def _tool(name: str):
    from langchain_core.tools import StructuredTool

    return StructuredTool.from_function(func=lambda: name, name=name, description=name)
