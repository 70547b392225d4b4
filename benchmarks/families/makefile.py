"""Makefile family (fresh4): a Makefile for a project the task describes (a small C tool, a
Python package, a Go service, a documentation site built with pandoc), a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh4`, never in `all`, `new`,
`docs`, `held`, `fresh`, `fresh2` or `fresh3`.

An answer is the Makefile, after a lead-in line or none and in a fenced block or bare, assembled
from switches: every recipe line indented with a tab or one with four spaces, a .PHONY line with
every target the task names or one left off, `all` the first target or second after the one it
builds, a target with the prerequisite the task asks for or one that runs `$(MAKE)` for it in its
recipe instead, a variable with the value the task gives or a near one, a clean recipe that
removes both paths the task names or only one, as many targets as the task asks or one more, and
no sudo or a recipe that runs one command with it. Every truth is a function of the Makefile's
text, read line by line as make reads it: variables, rules with their targets and prerequisites,
and the recipe lines under each rule (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.families.fenced import code_of
from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "makefile"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
VARIABLE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*(?::=|\?=|\+=|=)\s*(.*?)\s*$")
RULE = re.compile(r"^([^\s:=#][^:=#]*?)\s*::?(?!=)\s*([^;#]*)")
SUDO = re.compile(r"(?<![\w-])sudo\b")


@dataclass(frozen=True)
class Project:
    task: str
    lead: str
    fence: str | None
    """The code block's language tag (`""` for none), or None for a bare Makefile."""
    variables: tuple[tuple[str, str, str], ...]
    """(name, operator, value) in order; the first is the one the task pins."""
    wrong_value: str
    rules: tuple[tuple[str, str, tuple[str, ...]], ...]
    """(target, prerequisites, recipe lines) in order, `all` first, the rule it builds second."""
    phony: tuple[str, ...]
    """The targets the task wants in .PHONY, as the .PHONY line lists them."""
    unlisted: str
    """The one an answer with a short .PHONY leaves off."""
    needs: tuple[str, str]
    """(target, prerequisite) the task asks for; the rule lists it unless the switch is off."""
    removes: tuple[str, str]
    """The two paths clean must remove; an answer that misses one removes only the first."""
    sudo: tuple[str, int]
    """(target, recipe line) that runs with sudo when the switch is off."""
    spaced: tuple[str, int]
    """(target, recipe line) that is indented with four spaces when the switch is off."""
    extra: tuple[str, str, tuple[str, ...]]
    """The rule an answer with a target too many adds."""

    @property
    def count(self) -> int:
        return len(self.rules)


PROJECTS = (
    Project(
        "Write a Makefile for my C tool wcl (sources src/main.c and src/count.c). Use variables CC = gcc and "
        "CFLAGS = -Wall -Wextra -O2, and give it exactly 5 targets: all (the default, which builds), build, "
        "test (which must depend on build), install (into $(PREFIX)/bin, no sudo, I'll run it as root myself) and "
        "clean (removing build/ and coverage/). Mark all, build, test, install and clean as .PHONY.",
        "Here's a Makefile that does all of that:",
        "makefile",
        (("CFLAGS", "=", "-Wall -Wextra -O2"), ("CC", "=", "gcc"), ("PREFIX", "?=", "/usr/local")),
        "-Wall -Wextra -O3",
        (
            ("all", "build", ()),
            ("build", "", ("mkdir -p build", "$(CC) $(CFLAGS) -o build/wcl src/main.c src/count.c")),
            ("test", "build", ("./tests/run.sh build/wcl",)),
            ("install", "build", ("install -d $(PREFIX)/bin", "install -m 755 build/wcl $(PREFIX)/bin/wcl")),
            ("clean", "", ("rm -rf build/ coverage/",)),
        ),
        ("all", "build", "test", "install", "clean"),
        "clean",
        ("test", "build"),
        ("build/", "coverage/"),
        ("install", 1),
        ("clean", 0),
        ("format", "", ("clang-format -i src/*.c",)),
    ),
    Project(
        "I need a Makefile for a Python package. Set PYTHON to python3.12 in a variable. Targets: all (first, "
        "runs the tests), install, test, lint and clean - exactly those five. test should depend on install. "
        "clean has to delete both dist/ and .pytest_cache/. List all of them in .PHONY, and don't use sudo "
        "anywhere.",
        "",
        "make",
        (("PYTHON", ":=", "python3.12"), ("SRC", ":=", "src/mypkg")),
        "python3.11",
        (
            ("all", "test", ()),
            ("test", "install", ("$(PYTHON) -m pytest -q",)),
            ("install", "", ("$(PYTHON) -m pip install --upgrade pip", "$(PYTHON) -m pip install -e '.[dev]'")),
            ("lint", "", ("$(PYTHON) -m ruff check $(SRC) tests", "$(PYTHON) -m mypy $(SRC)")),
            ("clean", "", ("rm -rf dist/ .pytest_cache/", "find . -name __pycache__ -prune -exec rm -rf {} +")),
        ),
        ("all", "install", "test", "lint", "clean"),
        "lint",
        ("test", "install"),
        ("dist/", ".pytest_cache/"),
        ("install", 1),
        ("lint", 1),
        ("format", "", ("$(PYTHON) -m ruff format $(SRC) tests",)),
    ),
    Project(
        "Write a Makefile for our Go service orders-api with a VERSION ?= 1.4.2 variable, and these 5 targets "
        "only: all as the default (it builds), build, test, docker (depends on build, tags the image with "
        "$(VERSION)) and clean (remove bin/ and coverage.out). All five are phony. We run make in CI without "
        "root, so no sudo.",
        "",
        None,
        (("VERSION", "?=", "1.4.2"), ("BINARY", ":=", "bin/orders-api")),
        "1.4.3",
        (
            ("all", "build", ()),
            ("build", "", ('go build -ldflags "-X main.version=$(VERSION)" -o $(BINARY) ./cmd/orders-api',)),
            ("test", "", ("go test -race -coverprofile=coverage.out ./...",)),
            ("docker", "build", ("docker build -t orders-api:$(VERSION) .",)),
            ("clean", "", ("rm -rf bin/ coverage.out",)),
        ),
        ("all", "build", "test", "docker", "clean"),
        "docker",
        ("docker", "build"),
        ("bin/", "coverage.out"),
        ("docker", 0),
        ("build", 0),
        ("lint", "", ("golangci-lint run ./...",)),
    ),
    Project(
        "Can you write a Makefile for our docs? Pandoc turns docs/*.md into HTML and a PDF. I want an OUT "
        "variable set to site, exactly five targets (all as the default, html, pdf, publish and clean), publish "
        "depending on html, clean removing both $(OUT)/ and manual.pdf, .PHONY covering every target, and no "
        "sudo: publish just rsyncs to deploy@docs.example.org:/var/www/docs/.",
        "Sure - here is a Makefile for the docs build:",
        "",
        (("OUT", "=", "site"), ("PANDOC", "=", "pandoc"), ("SOURCES", "=", "$(wildcard docs/*.md)")),
        "_site",
        (
            ("all", "html pdf", ()),
            ("html", "", ("mkdir -p $(OUT)", "$(PANDOC) $(SOURCES) --standalone -o $(OUT)/index.html")),
            ("pdf", "", ("$(PANDOC) $(SOURCES) -o manual.pdf",)),
            ("publish", "html", ("rsync -av --delete $(OUT)/ deploy@docs.example.org:/var/www/docs/",)),
            ("clean", "", ("rm -rf $(OUT)/ manual.pdf",)),
        ),
        ("all", "html", "pdf", "publish", "clean"),
        "publish",
        ("publish", "html"),
        ("$(OUT)/", "manual.pdf"),
        ("publish", 0),
        ("pdf", 0),
        ("serve", "html", ("cd $(OUT) && python3 -m http.server 8000",)),
    ),
)


def recipe(project: Project, on: dict[str, bool], target: str, lines: tuple[str, ...]) -> list[str]:
    out, indents = list(lines), ["\t"] * len(lines)
    if target == "clean" and not on["clean"]:
        out[0] = out[0].replace(" " + project.removes[1], "")
    if target == project.sudo[0] and not on["no_sudo"]:
        out[project.sudo[1]] = "sudo " + out[project.sudo[1]]
    if target == project.spaced[0] and not on["tabs"]:
        indents[project.spaced[1]] = "    "
    if target == project.needs[0] and not on["deps"]:
        out.insert(0, f"$(MAKE) {project.needs[1]}")
        indents.insert(0, "\t")
    return [indent + line for indent, line in zip(indents, out, strict=True)]


def build(project: Project, on: dict[str, bool]) -> str:
    name, operator, value = project.variables[0]
    variables = [f"{name} {operator} {value if on['variable'] else project.wrong_value}"]
    variables += [f"{n} {op} {v}" for n, op, v in project.variables[1:]]
    rules = list(project.rules) + ([] if on["count"] else [project.extra])
    if not on["default"]:
        rules[0], rules[1] = rules[1], rules[0]
    phony = [t for t in project.phony if on["phony"] or t != project.unlisted]
    phony += [] if on["count"] else [project.extra[0]]
    blocks = ["\n".join(variables), f".PHONY: {' '.join(phony)}"]
    for target, prerequisites, lines in rules:
        if target == project.needs[0] and not on["deps"]:
            prerequisites = " ".join(p for p in prerequisites.split() if p != project.needs[1])
        head = f"{target}: {prerequisites}".rstrip()
        blocks.append("\n".join([head, *recipe(project, on, target, lines)]))
    text = "\n\n".join(blocks) + "\n"
    if project.fence is not None:
        text = f"```{project.fence}\n{text}```"
    return f"{project.lead}\n\n{text}" if project.lead else text


# Reading a Makefile ----------------------------------------------------------------------------


@dataclass
class Makefile:
    variables: dict[str, str]
    rules: list[tuple[list[str], list[str]]]
    """(targets, prerequisites) in order."""
    recipes: dict[str, list[str]]
    """Target -> its recipe lines as written, indentation and all."""


def parse(answer: str) -> Makefile:
    made = Makefile({}, [], {})
    current: list[str] | None = None
    for line in code_of(answer).splitlines():
        if not line.strip():
            continue
        if line[0] in " \t":
            if current is not None and not line.strip().startswith("#"):
                for target in current:
                    made.recipes.setdefault(target, []).append(line)
            continue
        current = None
        if line.startswith("#"):
            continue
        if variable := VARIABLE.match(line):
            made.variables[variable.group(1)] = variable.group(2)
        elif rule := RULE.match(line):
            current = rule.group(1).split()
            made.rules.append((current, rule.group(2).split()))
    return made


def prerequisites(made: Makefile, target: str) -> list[str]:
    return [p for targets, needs in made.rules if target in targets for p in needs]


def targets(made: Makefile) -> list[str]:
    seen = [t for names, _ in made.rules for t in names if not t.startswith(".")]
    return list(dict.fromkeys(seen))


def recipe_lines(made: Makefile) -> list[str]:
    return [line for lines in made.recipes.values() for line in lines]


def removed(made: Makefile) -> set[str]:
    return {word.rstrip("/") for line in made.recipes.get("clean", []) for word in line.split()}


def candidates(rng: random.Random, project: Project, answer: str) -> list[Criterion]:
    made = parse(answer)
    name, _, value = project.variables[0]
    target, needed = project.needs
    first, second = project.removes
    listed = ", ".join(project.phony[:-1]) + f" and {project.phony[-1]}"
    lines = recipe_lines(made)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "tabs",
            bool(lines) and all(line.startswith("\t") for line in lines),
            ("Indents every recipe line with a tab, not spaces", "All recipe lines start with a tab character"),
        ),
        (
            "phony",
            set(project.phony) <= set(prerequisites(made, ".PHONY")),
            (f"Declares {listed} as .PHONY", f"The .PHONY targets include {listed}"),
        ),
        (
            "default",
            targets(made)[:1] == ["all"],
            ('The first target in the file is "all"', "Makes all the default goal by defining it first"),
        ),
        (
            "deps",
            needed in prerequisites(made, target),
            (f"The {target} target depends on {needed}", f"Lists {needed} as a prerequisite of {target}"),
        ),
        (
            "variable",
            made.variables.get(name) == value,
            (f"Sets the {name} variable to {value}", f'Defines {name} as "{value}"'),
        ),
        (
            "clean",
            {first.rstrip("/"), second.rstrip("/")} <= removed(made),
            (f"The clean target removes both {first} and {second}", f"make clean deletes {first} as well as {second}"),
        ),
        (
            "count",
            len(targets(made)) == project.count,
            (
                f"Defines exactly {project.count} targets, not counting .PHONY",
                f"Has {project.count} targets in all besides .PHONY",
            ),
        ),
        (
            "no_sudo",
            not any(SUDO.search(line) for line in lines),
            ("No recipe uses sudo", "Never runs anything with sudo"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("tabs", "phony", "default", "deps", "variable", "clean", "count", "no_sudo")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROJECTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
