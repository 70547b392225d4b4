"""Gitignore family (fresh15): the `.gitignore` a task asks for (a React app built with Vite, a Python
package with data files, an Android app built with Gradle, a Go service), with its patterns grouped
under comment headings, the build output, caches and secrets ignored, a file re-included with `!`,
the files the team commits left alone and a source folder that shares a name with an ignored one, a
kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh15`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the file in a fenced block with a few words around it, written right and then changed by
switches: the output folder asked ignored or a pattern that misses it, the re-included file's `!`
line kept or dropped, the secret file ignored or a pattern that misses it, the file the team commits
left alone or ignored too, no pattern written twice or one repeated, every group of patterns under a
comment or one without, a first line that is a comment naming the project or none, the source folder
left alone or caught by an unanchored pattern, and a file ignored in every folder or only at the
root. Every truth is read from the text: the file is the first fenced block; which paths it ignores
follows git's rules (the last pattern that matches wins, `!` re-includes, a trailing `/` matches
folders only, a `/` at the start or in the middle anchors a pattern to the root, `*` and `?` stop at
`/`, `**` crosses folders, and nothing under an ignored folder can be re-included).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    comment_first_names,
    fenced_or_whole,
    pick_wording,
    slipped,
    switched_cases,
)

FAMILY = "gitignore"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
GLOB = re.compile(r"\*\*/|/\*\*$|\*\*|\*|\?|\[!?[^\]]+\]|.", re.DOTALL)
WILDCARDS = {"**/": "(?:.*/)?", "/**": "/.*", "**": ".*", "*": "[^/]*", "?": "[^/]"}

Rule = tuple[bool, bool, re.Pattern[str]]
"""(negated, folders only, the pattern as a regular expression over a path from the root)."""


@dataclass(frozen=True)
class Project:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The project's name, which the first line's comment gives."""
    folder: str
    """The output folder the task asks to ignore."""
    output: str
    secret: str
    kept: str
    committed: str
    source: str
    nested: str
    """Paths from the repository's root: a file under the output folder, the secret, the file a `!`
    line re-includes, the file the team commits, a source file in a folder named like an ignored
    one, and a file the task wants ignored in every folder, here one in a subfolder."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


VITE = """Here's a `.gitignore` for the dashboard:

```gitignore
# .gitignore for acme-dashboard (React + Vite, npm)

# Dependencies
node_modules/

# Build output
/dist/
*.tsbuildinfo

# Tests and coverage
/coverage/

# Logs (only the root folder: src/logs/ is source code)
/logs/
*.log
npm-debug.log*

# Environment files: real values stay on each machine
.env*
!.env.example

# Editors and OS files
.vscode/*
!.vscode/extensions.json
.idea/
.DS_Store
```

`package-lock.json` is deliberately not listed, so CI installs exactly the versions you tested."""

TIDYFRAME = """```
# Python .gitignore for tidyframe

# Byte-compiled files
__pycache__/
*.py[cod]

# Virtual environment
.venv/

# Packaging (src/tidyframe/build/ is a subpackage, so only the root folder)
/build/
/dist/
*.egg-info/

# Test and type-check caches
.pytest_cache/
.mypy_cache/
.coverage
htmlcov/

# Data: only the small test fixtures are committed
*.csv
*.parquet
!tests/fixtures/*.csv

# Local secrets
.env

# Jupyter
.ipynb_checkpoints/
```

Notes:
- `poetry.lock` stays in the repo, since tidyframe also ships a CLI and we want reproducible installs.
- Run `git rm -r --cached .` and commit again if some of these files were already tracked."""

TRAILHEAD = """### `.gitignore`

```
# .gitignore for Trailhead (Android, Gradle, Kotlin)

# Gradle caches and build output of every module
.gradle/
build/

# Machine-specific settings
local.properties

# Signing keys: never commit these
*.jks
*.keystore

# Jars come from Maven; only the Gradle wrapper is committed
*.jar
!gradle/wrapper/gradle-wrapper.jar

# Android Studio
.idea/
*.iml
/captures/

# macOS
.DS_Store
```

`gradle.properties` holds the shared build flags, so it is committed; put credentials in
`~/.gradle/gradle.properties` instead."""

LEDGERD = """This covers the build output, local config and editor files:

```gitignore
# .gitignore for the ledgerd Go service

# Binaries built by `make build`
/bin/
/ledgerd
*.exe

# Test output
*.test
*.out
coverage.html

# Dependencies (we don't vendor)
/vendor/

# Local config holds credentials; the sample is committed
config/*.yaml
!config/sample.yaml

# TLS keys for local testing
*.pem
*.key

# Editors and OS files
.idea/
*.swp
.DS_Store
```

`/ledgerd` is anchored to the root on purpose: a bare `ledgerd` would also hide `cmd/ledgerd/`. Keep
`go.sum` committed alongside `go.mod`."""

PROJECTS = (
    Project(
        "Write a .gitignore for our React + Vite app, acme-dashboard (npm). Ignore node_modules, the Vite build "
        "output, coverage, logs and every .env file (Vite also reads .env.local), but keep .env.example. We commit "
        "package-lock.json. Note that src/logs/ is a source folder. Also ignore .DS_Store files, and editor folders "
        "except .vscode/extensions.json. Group the patterns with comments.",
        VITE,
        "acme-dashboard",
        "dist",
        "dist/assets/index-4f2a9c.js",
        ".env.local",
        ".vscode/extensions.json",
        "package-lock.json",
        "src/logs/LogViewer.tsx",
        "src/assets/.DS_Store",
        (
            ("output", "/dist/\n", "/build/\n"),
            ("kept", "!.vscode/extensions.json\n", ""),
            ("secret", ".env*\n", ".env\n"),
            ("committed", "node_modules/\n", "node_modules/\npackage-lock.json\n"),
            ("no_repeat", "/coverage/\n", "/coverage/\n*.log\n"),
            ("grouped", "# Build output\n", ""),
            ("first_line", "# .gitignore for acme-dashboard (React + Vite, npm)\n\n", ""),
            ("source", "\n/logs/\n", "\nlogs/\n"),
            ("nested", "\n.DS_Store\n", "\n/.DS_Store\n"),
        ),
    ),
    Project(
        "I need a .gitignore for tidyframe, a Python package (src layout, Poetry, a .venv virtualenv). Ignore "
        "bytecode, the venv, build artefacts, test caches, data files (CSV and Parquet) except the small CSV "
        "fixtures in tests/fixtures/, the .env with our API keys and Jupyter checkpoints in any folder. We commit "
        "poetry.lock, and src/tidyframe/build/ is a real subpackage. Comment each group.",
        TIDYFRAME,
        "tidyframe",
        ".venv",
        ".venv/bin/python",
        ".env",
        "tests/fixtures/small.csv",
        "poetry.lock",
        "src/tidyframe/build/__init__.py",
        "notebooks/.ipynb_checkpoints/explore-checkpoint.ipynb",
        (
            ("output", ".venv/\n", "venv/\n"),
            ("kept", "!tests/fixtures/*.csv\n", ""),
            ("secret", "\n.env\n", "\n.env.local\n"),
            ("committed", "*.egg-info/\n", "*.egg-info/\npoetry.lock\n"),
            ("no_repeat", "htmlcov/\n", "htmlcov/\n*.py[cod]\n"),
            ("grouped", "# Virtual environment\n", ""),
            ("first_line", "# Python .gitignore for tidyframe\n\n", ""),
            ("source", "\n/build/\n", "\nbuild/\n"),
            ("nested", "\n.ipynb_checkpoints/\n", "\n/.ipynb_checkpoints/\n"),
        ),
    ),
    Project(
        "Please write the .gitignore for Trailhead, our Android app (Gradle, Kotlin, modules app/ and core/). "
        "Ignore the Gradle caches and every module's build folder, local.properties, signing keys (.jks and "
        ".keystore), jars except the Gradle wrapper jar, Android Studio files (.idea, .iml files in every module, "
        "captures at the root) and .DS_Store. gradle.properties must stay committed; we have a Kotlin package "
        "named captures under app/src/main/java. Comment each section.",
        TRAILHEAD,
        "Trailhead",
        "app/build",
        "app/build/outputs/apk/debug/app-debug.apk",
        "keystore/release.jks",
        "gradle/wrapper/gradle-wrapper.jar",
        "gradle.properties",
        "app/src/main/java/com/trailhead/captures/CaptureScreen.kt",
        "core/core.iml",
        (
            ("output", "\nbuild/\n", "\n/build/\n"),
            ("kept", "!gradle/wrapper/gradle-wrapper.jar\n", ""),
            ("secret", "*.jks\n*.keystore\n", "*.keystore\n"),
            ("committed", "local.properties\n", "local.properties\ngradle.properties\n"),
            ("no_repeat", "*.iml\n", "*.iml\nlocal.properties\n"),
            ("grouped", "# macOS\n", ""),
            ("first_line", "# .gitignore for Trailhead (Android, Gradle, Kotlin)\n\n", ""),
            ("source", "/captures/\n", "captures/\n"),
            ("nested", "\n*.iml\n", "\n.iml\n"),
        ),
    ),
    Project(
        "Give me a .gitignore for ledgerd, a Go service. `make build` writes binaries to bin/ and the ledgerd binary "
        "to the repo root; the entry point lives in cmd/ledgerd/. Ignore test binaries and coverage output, a "
        "vendor folder, the YAML files in config/ (they hold credentials) except config/sample.yaml, the TLS "
        "keys and certificates we generate for local testing, IDE files and vim swap files anywhere. We commit go.sum. Put a comment above each group.",
        LEDGERD,
        "ledgerd",
        "bin",
        "bin/ledgerd-linux-amd64",
        "certs/dev.key",
        "config/sample.yaml",
        "go.sum",
        "cmd/ledgerd/main.go",
        "internal/ledger/.store.go.swp",
        (
            ("output", "/bin/\n", "/dist/\n"),
            ("kept", "!config/sample.yaml\n", ""),
            ("secret", "*.pem\n*.key\n", "*.pem\n"),
            ("committed", "/vendor/\n", "/vendor/\ngo.sum\n"),
            ("no_repeat", "coverage.html\n", "coverage.html\n*.exe\n"),
            ("grouped", "# Test output\n", ""),
            ("first_line", "# .gitignore for the ledgerd Go service\n\n", ""),
            ("source", "\n/ledgerd\n", "\nledgerd\n"),
            ("nested", "\n*.swp\n", "\n.swp\n"),
        ),
    ),
)


def build(project: Project, on: dict[str, bool]) -> str:
    return slipped(project.text, project.slips, on, project.name)


# Reading a .gitignore ---------------------------------------------------------------------------


def patterns(text: str) -> list[str]:
    """The pattern lines in order: not blank, not a comment, trailing spaces dropped."""
    return [line.rstrip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def translate(glob: str) -> str:
    """A regular expression for a pattern's glob, `**` crossing folders and `*`, `?` not."""
    out = []
    for token in GLOB.findall(glob):
        if token in WILDCARDS:
            out.append(WILDCARDS[token])
        elif token.startswith("[") and len(token) > 1:
            out.append("[" + ("^" + token[2:-1] if token[1] == "!" else token[1:-1]) + "]")
        else:
            out.append(re.escape(token))
    return "".join(out)


def rules(text: str) -> list[Rule]:
    out: list[Rule] = []
    for line in patterns(text):
        negated = line.startswith("!")
        glob = line[1:] if negated else line
        folders = glob.endswith("/")
        glob = glob.rstrip("/")
        anchored = "/" in glob
        body = translate(glob.lstrip("/"))
        out.append((negated, folders, re.compile(body if anchored else f"(?:.*/)?{body}")))
    return out


def decided(config: list[Rule], path: str, folder: bool) -> bool:
    """Whether the last rule matching `path` ignores it (no rule: not ignored)."""
    verdict = False
    for negated, folders, pattern in config:
        if (folder or not folders) and pattern.fullmatch(path):
            verdict = not negated
    return verdict


def ignored(text: str, path: str) -> bool:
    """Git ignores the file at `path`: a folder above it is ignored, or the file itself is."""
    config = rules(text)
    parts = path.split("/")
    if any(decided(config, "/".join(parts[:depth]), True) for depth in range(1, len(parts))):
        return True
    return decided(config, path, False)


def grouped(text: str) -> bool:
    """Every run of non-blank lines holding a pattern opens with a comment."""
    runs = [[line.strip() for line in run.strip().splitlines()] for run in re.split(r"\n\s*\n", text) if run.strip()]
    with_patterns = [run for run in runs if any(not line.startswith("#") for line in run)]
    return bool(with_patterns) and all(run[0].startswith("#") for run in with_patterns)


WORDINGS = {
    "output": (
        "Ignores everything under {folder}/",
        "Nothing inside the {folder} folder would be committed",
    ),
    "kept": ("Re-includes {kept} so that it is still committed", "Does not ignore {kept}"),
    "secret": ("Keeps {secret} out of version control", "Ignores {secret}"),
    "committed": ("Leaves {committed} tracked, as the team asked", "{committed} is not ignored by any rule"),
    "no_repeat": ("No pattern is listed twice", "Each pattern appears only once in the file"),
    "grouped": (
        "Every group of patterns starts with a comment saying what it is for",
        "Each block of patterns has its own comment heading",
    ),
    "first_line": (
        "The first line is a comment naming {name}",
        "Opens with a comment line that names the {name} project",
    ),
    "source": ("Does not ignore the source file {source}", "{source} would still be committed"),
    "nested": (
        "A file like {nested} deep in the tree is ignored, not only one at the root",
        "Ignores {nested} in its subfolder as well",
    ),
}
"""Two wordings of each kind of criterion, filled from the project."""


def truths(project: Project, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    lines = patterns(text)
    return {
        "output": ignored(text, project.output),
        "kept": not ignored(text, project.kept),
        "secret": ignored(text, project.secret),
        "committed": not ignored(text, project.committed),
        "no_repeat": bool(lines) and len(set(lines)) == len(lines),
        "grouped": grouped(text),
        "first_line": comment_first_names(text, project.name),
        "source": not ignored(text, project.source),
        "nested": ignored(text, project.nested),
    }


def candidates(rng: random.Random, project: Project, answer: str) -> list[Criterion]:
    values = {
        "folder": project.folder,
        "kept": project.kept,
        "secret": project.secret,
        "committed": project.committed,
        "name": project.name,
        "source": project.source,
        "nested": project.nested,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(project, answer).items()
    ]


SWITCHES = ("output", "kept", "secret", "committed", "no_repeat", "grouped", "first_line", "source", "nested")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROJECTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
