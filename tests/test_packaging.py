"""The built wheel: one top-level name, and it lives beside a user's own `workflows`,
`activities` and `worker` modules without shadowing them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PROBE = Path(__file__).with_name("packaging_probe.py")
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".rubricflow")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout (the build leaves nothing in it)."""
    where = tmp_path_factory.mktemp("wheel")
    source = where / "src"
    shutil.copytree(ROOT, source, symlinks=True, ignore=NOT_SOURCE)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(where), str(source)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (where / "build.log").write_text(built.stdout + built.stderr)
    [wheel] = where.glob("rubricflow-*.whl")
    return wheel


def test_the_build_says_no_warning_and_ships_the_data_folders(wheel: Path):
    """Issue 40: `deploy/install.sh` scrolled a 30-line "Package would be ignored" block past
    for each folder of data (the example, the web view's static files and templates)."""
    said = (wheel.parent / "build.log").read_text()
    assert "would be ignored" not in said and "Warning" not in said, said
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for name in ("agent.json", "deep_agent.json", "grader.json", "rubric.md", "rubric_deep.md"):
        assert f"rubricflow/examples/find_duplicates/{name}" in names
    assert {"rubricflow/ui/static/ui.css", "rubricflow/ui/templates/base.html"} <= names


def test_the_only_top_level_name_is_rubricflow(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        tops = {name.split("/")[0] for name in names if ".dist-info/" not in name}
        [top_level] = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        declared = archive.read(top_level).decode().split()
    assert tops == {"rubricflow"}
    assert declared == ["rubricflow"]
    for module in (
        "rubricflow/worker.py",
        "rubricflow/cli/__init__.py",
        "rubricflow/workflows/rubric.py",
        "rubricflow/activities/grader/named_checks.py",
        "rubricflow/ui/server.py",
        "rubricflow/ui/templates/thread.html",
        "rubricflow/ui/static/ui.js",
        "rubricflow/labels/judge.jsonl",
    ):
        assert module in names
    benchmarks = [n for n in names if n.startswith(("benchmarks/", "rubricflow/bench/"))]
    assert benchmarks == [], "the benchmarks run from a checkout; the wheel ships none of them"


def test_installed_beside_a_users_own_workflows_activities_and_worker(wheel: Path, tmp_path: Path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # The dependencies (temporalio, pydantic, ...) come from this interpreter's
    # site-packages, found from sys.prefix, never from the checkout.
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    deps = Path(sysconfig.get_paths(vars={"base": sys.prefix, "platbase": sys.prefix})["purelib"])
    assert (deps / "temporalio").is_dir() and not (deps / "rubricflow").exists()
    (site / "project_deps.pth").write_text(f"{deps}\n")

    project = tmp_path / "project"
    (project / "activities").mkdir(parents=True)
    (project / "workflows.py").write_text("MARKER = 'user workflows'\n")
    (project / "activities" / "__init__.py").write_text("MARKER = 'user activities'\n")
    (project / "worker.py").write_text("MARKER = 'user worker'\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(
        [str(python), str(PROBE)],
        cwd=project,
        env={**env, "PYTHONPATH": str(project)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["user"] == ["user workflows", "user activities", "user worker"]
    assert Path(seen["workflows"]) == project / "workflows.py"
    assert Path(seen["rubricflow"]).is_relative_to(site)  # the wheel, not the checkout
    assert Path(seen["rubricflow.worker"]).is_relative_to(site)
    assert seen["client"] == "rubricflow.client"
    assert seen["run"]["agent"]["model"] == "scripted:agent.json" and seen["run"]["message"] == "hello"
