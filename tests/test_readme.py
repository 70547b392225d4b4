"""Every command in README.md runs, or is checked in a way that fails when it is wrong.

The commands are read from the README's ```bash blocks (continuation lines joined, comments
dropped, `&&` chains split) and its ```python block; a command that no rule below covers fails
`test_every_readme_command_is_covered`, so a new one cannot slip in unchecked.

Executed fully, against the session's real Temporal server (tests/conftest.py):
- `rubricflow demo --scripted`, with `--port` (the test server's) and `--data-dir` (a temporary
  directory) appended, so that it reuses the test server rather than start one on :7233.
- `rubricflow run ...`, `watch`, `status --json` and `list --status`, in the README's order, on a
  worker that serves scripted models. `run` is the README's argv with two substitutions: the
  paid models (`openai:...`) become the shipped example's scripted replies, and the thread id
  `t1` a unique id (every test uses its own). `@rubric.md` is the shipped example's rubric.
- The Python example, as a script, on the same kind of worker.

Checked, because they run for minutes or until Ctrl-C:
- `bash deploy/install.sh` (builds llama-cpp-python and fetches 1.6 GB of weights) and
  `bash .ci/run` (the whole suite, this test included): the script exists and `bash -n` parses it.
- `.venv/bin/rubricflow demo` (a real local model, minutes): the entry point is an executable
  file, the argv parses, and every `local:` model the demo defaults to is one install.sh installs.
- `rubricflow dev`, `rubricflow worker` (until Ctrl-C): the argv parses.
- `rubricflow calibrate --embedded` (the shipped labels on a real local model, minutes): the
  argv parses; tests/test_calibrate.py runs the command on the embedded server.
Every `rubricflow` argv, executed or not, is parsed by the CLI's own parser first: an unknown
subcommand or flag, or a bad value, fails here.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import uuid
from importlib.resources import files
from pathlib import Path

import pytest

from rubricflow.cli import commands
from rubricflow.cli.parser import build_parser
from tests.test_cli import cli_env, rubricflow, server_port

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
EXAMPLE = files("rubricflow") / "examples" / "find_duplicates"
MAX_LINES = 250


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def readme_commands() -> list[list[str]]:
    """Every shell command of the README's bash blocks, as an argv."""
    found = []
    for block in blocks("bash"):
        for line in block.replace("\\\n", " ").splitlines():
            argv: list[str] = []
            for word in shlex.split(line, comments=True) + ["&&"]:
                if word == "&&":
                    if argv:
                        found.append(argv)
                    argv = []
                else:
                    argv.append(word)
    assert found, "no command found in the README's bash blocks"
    return found


COMMANDS = readme_commands()
SCRIPTS = {("bash", "deploy/install.sh"), ("bash", ".ci/run")}
EXECUTED = {"demo", "run", "watch", "status", "list"}  # with `rubricflow`, the executed ones
LONG_RUNNING = {"dev", "worker"}
MEASURING = {"calibrate"}  # minutes on a local model: the argv parses


def rubricflow_args(argv: list[str]) -> list[str] | None:
    """The arguments after `rubricflow` (or `.venv/bin/rubricflow`), else None."""
    return argv[1:] if Path(argv[0]).name == "rubricflow" else None


def parse(args: list[str]):
    try:
        return build_parser().parse_args(args)
    except SystemExit as exit_:
        pytest.fail(f"README command `rubricflow {shlex.join(args)}` does not parse (exit {exit_.code})")


def test_readme_is_at_most_250_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; move detail to docs/"


def test_every_readme_command_is_covered():
    for argv in COMMANDS:
        args = rubricflow_args(argv)
        covered = tuple(argv) in SCRIPTS or (args is not None and args[0] in EXECUTED | LONG_RUNNING | MEASURING)
        assert covered, f"README command `{shlex.join(argv)}` has no rule in tests/test_readme.py"


@pytest.mark.parametrize("argv", [a for a in COMMANDS if rubricflow_args(a) is not None], ids=shlex.join)
def test_every_rubricflow_command_parses(argv):
    if argv[0] != "rubricflow":  # a path: the installed entry point
        path = ROOT / argv[0]
        assert path.is_file() and os.access(path, os.X_OK), f"{argv[0]} is not an executable file"
    parse(rubricflow_args(argv))


@pytest.mark.parametrize("argv", sorted(SCRIPTS), ids=shlex.join)
def test_the_scripts_exist_and_parse(argv):
    assert argv in {tuple(a) for a in COMMANDS}, f"`{shlex.join(argv)}` is no longer in the README: drop its rule"
    script = ROOT / argv[1]
    assert script.is_file(), f"{argv[1]} does not exist"
    check = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_the_real_demo_models_are_the_ones_install_installs():
    """`rubricflow demo` with no model runs the default local models: install.sh must fetch them."""
    assert ["bash", "deploy/install.sh"] in COMMANDS and [".venv/bin/rubricflow", "demo"] in COMMANDS
    script = (ROOT / "deploy" / "install.sh").read_text(encoding="utf-8")
    defaults = re.search(r"^\s*models=\((.+)\)$", script, re.M).group(1).split()
    for model in (commands.DEMO_LOCAL_MODEL, commands.DEMO_GRADER_MODEL):
        name = model.removeprefix("local:")
        assert name in defaults and (ROOT / "deploy" / "models" / f"{name}.txt").is_file(), model


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("page", [README, *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name)
def test_links_point_at_files_and_headings(page: Path):
    """The README's links and the docs' (images included) resolve from the page's own folder."""
    for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", page.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{page.name} links to {target}#{anchor}: no such heading"


def commands_named(*names: str) -> list[list[str]]:
    found = [rubricflow_args(a) for a in COMMANDS if rubricflow_args(a) and rubricflow_args(a)[0] in names]
    assert found, f"no README command {names}"
    return found


async def test_the_scripted_demo_runs(client, task_queue, tmp_path: Path):
    (args,) = [a for a in commands_named("demo") if "--scripted" in a]
    code, out, err = await rubricflow(
        client, task_queue, *args, "--port", server_port(client), "--data-dir", str(tmp_path / "data")
    )
    assert code == 0, err
    assert "status: satisfied" in out


def with_scripted_models(args: list[str], tid: str) -> list[str]:
    """The README's argv, its paid models as the shipped example's scripted replies, `t1` as `tid`."""
    swap = {"--model": f"scripted:{EXAMPLE / 'agent.json'}", "--grader-model": f"scripted:{EXAMPLE / 'grader.json'}"}
    out, previous = [], None
    for word in args:
        if previous in swap:
            word = swap[previous]
        out.append(tid if word == "t1" else word)
        previous = word
    return out


async def test_the_thread_commands_run_in_order(client, task_queue, worker, tmp_path: Path):
    tid = f"readme-{uuid.uuid4().hex[:10]}"
    shutil.copy(EXAMPLE / "rubric.md", tmp_path / "rubric.md")
    env = cli_env(client, task_queue)
    seen = []
    for args in commands_named("run", "watch", "status", "list"):
        args = with_scripted_models(args, tid)
        parse(args)
        for _ in range(100):  # visibility is eventually consistent: bounded wait for `list` to show it
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "rubricflow.cli",
                *args,
                env=env,
                cwd=str(tmp_path),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
            if args[0] != "list" or tid in out.decode():
                break
            await asyncio.sleep(0.1)
        assert proc.returncode == 0, f"rubricflow {shlex.join(args)}: {err.decode()}"
        seen.append(args[0])
        if args[0] == "status":
            assert json.loads(out)["status"] == "satisfied"
        if args[0] == "list":
            assert tid in out.decode()
    assert seen[0] == "run" and set(seen) == {"run", "watch", "status", "list"}


async def test_the_python_example_runs(client, task_queue, worker, tmp_path: Path):
    (code,) = blocks("python")
    example = tmp_path / "example.py"
    example.write_text(code, encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(example),
        env=cli_env(client, task_queue),
        cwd=str(tmp_path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
    assert proc.returncode == 0, err.decode()
    lines = out.decode().splitlines()
    assert lines[0].startswith("0 agent_turn_start")
    assert lines[-1] == "satisfied 2 passes"
