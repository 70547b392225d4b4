"""CLI README family (fresh6): the README section for a command-line tool the task describes (a
Rust log slicer, a Python database snapshot tool, a Node table-of-contents generator, a Go time
zone converter), with its install command, runtime, flags, documentation link and license, a
kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh6`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the README in Markdown, after a lead-in line or none, written right and then
changed by switches: the install command in a fenced block or inline in a sentence, the runtime
version the task gives or an older one, the flag the task names documented or one named like it
in its place, examples that use only documented flags or one with a flag the options leave out,
the flags in a table or a bulleted list, the link the task gives or a neighbouring address, a
License section naming the license or a Contributing one in its place, and the sections the task
asks for or one more. Every truth is a function of the answer's text: the sections are read off
by their `##` headings, the fenced blocks, the documented flags and the examples' flags token by
token (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "cli_readme"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.DOTALL)
FLAG = re.compile(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*")
SECTION = re.compile(r"^##\s+(\S.*)$")
WORDS = {4: "four", 5: "five"}


@dataclass(frozen=True)
class Tool:
    task: str
    lead: str
    name: str
    blurb: str
    install: str
    requires: tuple[str, str]
    """(the runtime, the least version it needs)."""
    titles: tuple[str, ...]
    """The `##` sections written right: install, usage, options, any others, and License last."""
    usage: str
    examples: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    """(flags as written, what they do)."""
    others: tuple[str, ...]
    """The text of each section between Options and License."""
    license: tuple[str, str, str]
    """(a pattern for the license's name, how a criterion names it, the License section's text)."""
    contributing: str
    """The Contributing section's text, which an answer without a License section has instead."""
    extra: tuple[str, str]
    """(title, text) of the section an answer with one too many adds before the last."""
    flag: str
    link: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


TOOLS = (
    Tool(
        "Write the README section for logslice, our Rust CLI that slices log files by time range. Install: "
        "`cargo install logslice` (needs Rust 1.74+). Flags: -s/--since TIME, -u/--until TIME, --json, "
        "--no-color, -h/--help. Put the install command in a code block, give a usage example that only uses "
        "real flags, list the flags in a table, link the docs at https://logslice.dev/docs, say it's MIT "
        "licensed, and use exactly four sections: Install, Usage, Options, License.",
        "Here's the README section:",
        "logslice",
        "Slice large log files by time range, fast.",
        "cargo install logslice",
        ("Rust", "1.74"),
        ("Install", "Usage", "Options", "License"),
        "Pass a time range and one or more log files. Full documentation is at "
        "[logslice.dev/docs](https://logslice.dev/docs).",
        ("$ logslice --since 10:00 --until 10:30 app.log", "$ logslice -s 09:55 --json app.log > slice.json"),
        (
            ("-s, --since <TIME>", "Only print lines at or after TIME"),
            ("-u, --until <TIME>", "Only print lines before TIME"),
            ("--json", "Print matching lines as JSON objects"),
            ("--no-color", "Turn off coloured output"),
            ("-h, --help", "Show help and exit"),
        ),
        (),
        (r"\bMIT\b", "MIT", "MIT — see [LICENSE](LICENSE)."),
        "Bug reports and pull requests are welcome on GitHub.",
        ("Changelog", "Release notes for every version are on the GitHub releases page."),
        "--no-color",
        "https://logslice.dev/docs",
        (
            ("requires", "Rust 1.74 or newer", "Rust 1.70 or newer"),
            ("flag", "`--no-color`", "`--no-colour`"),
            ("example_flags", "--until 10:30 app.log", "--until 10:30 --grep timeout app.log"),
            ("link", "[logslice.dev/docs](https://logslice.dev/docs)", "[logslice.dev](https://logslice.dev)"),
        ),
    ),
    Tool(
        "I need a README for pgsnap, a Python CLI that snapshots a PostgreSQL database. It's installed with "
        "`pipx install pgsnap` and needs Python 3.10 or later. Options: --db NAME, --out DIR, --keep N, --dry-run, "
        "-q/--quiet. Please: install command in a fenced block, a usage example (only real flags!), the options "
        "in a table, link to the wiki https://github.com/pgsnap/pgsnap/wiki, mention the Apache 2.0 "
        "license, and five sections: Installation, Usage, Options, Configuration, License.",
        "",
        "pgsnap",
        "Snapshot a PostgreSQL database to compressed, timestamped dump files.",
        "pipx install pgsnap",
        ("Python", "3.10"),
        ("Installation", "Usage", "Options", "Configuration", "License"),
        "Name the database and where the dumps go. See the [wiki](https://github.com/pgsnap/pgsnap/wiki) for "
        "running it nightly with cron.",
        ("$ pgsnap --db orders --out /var/backups/pg", "$ pgsnap --db orders --keep 7"),
        (
            ("--db NAME", "Database to snapshot (required)"),
            ("--out DIR", "Directory to write the dump to (default `./snapshots`)"),
            ("--keep N", "Keep only the newest N snapshots"),
            ("--dry-run", "Show what would be done without writing anything"),
            ("-q, --quiet", "Print errors only"),
        ),
        ("Connection settings are read from the standard `PGHOST`, `PGUSER` and `PGPASSWORD` variables.",),
        (r"\bApache\b", "Apache 2.0", "Licensed under the Apache License 2.0."),
        "Issues and pull requests are welcome; run the tests with tox first.",
        ("Development", "The project uses a plain src layout and a tox file for its checks."),
        "--dry-run",
        "https://github.com/pgsnap/pgsnap/wiki",
        (
            ("requires", "Python 3.10 or later", "Python 3.8 or later"),
            ("flag", "`--dry-run`", "`--dryrun`"),
            ("example_flags", "--keep 7", "--keep 7 --compress zstd"),
            (
                "link",
                "[wiki](https://github.com/pgsnap/pgsnap/wiki)",
                "[GitHub page](https://github.com/pgsnap/pgsnap)",
            ),
        ),
    ),
    Tool(
        "Please write README docs for mdtoc, a Node CLI that generates a table of contents for Markdown files. "
        "Install with `npm install -g mdtoc`, requires Node.js 18+. Flags: -i/--in-place, --max-depth N, --title "
        "TEXT, --no-links, -h/--help. I want the install command in a code block, an example that only uses "
        "flags we document, the flags in a table, a link to https://mdtoc.js.org/guide, the MIT license "
        "mentioned, and four sections (Installation, Usage, Flags, License).",
        "Sure - here's a README section for mdtoc:",
        "mdtoc",
        "Generate a table of contents for any Markdown file.",
        "npm install -g mdtoc",
        ("Node.js", "18"),
        ("Installation", "Usage", "Flags", "License"),
        "Point it at a Markdown file; it prints the table, or writes it in place. More options and examples are "
        "in the [guide](https://mdtoc.js.org/guide).",
        ("$ mdtoc README.md", "$ mdtoc docs/guide.md --in-place --title Contents"),
        (
            ("-i, --in-place", "Write the table into the file instead of printing it"),
            ("--max-depth <N>", "Deepest heading level to include (default 3)"),
            ("--title <TEXT>", "Heading placed above the table"),
            ("--no-links", "List headings without links"),
            ("-h, --help", "Show help"),
        ),
        (),
        (r"\bMIT\b", "MIT", "Released under the MIT License."),
        "Contributions are welcome - please open an issue first to discuss larger changes.",
        ("FAQ", "Headings inside code blocks are skipped, so examples never end up in the table."),
        "--max-depth",
        "https://mdtoc.js.org/guide",
        (
            ("requires", "Node.js 18 or newer", "Node.js 16 or newer"),
            ("flag", "`--max-depth <N>`", "`--depth <N>`"),
            ("example_flags", "--in-place --title", "--in-place --ordered --title"),
            ("link", "[guide](https://mdtoc.js.org/guide)", "[website](https://mdtoc.js.org)"),
        ),
    ),
    Tool(
        "Write the README section for tzconv, a Go CLI that converts times between time zones. Install: "
        "`go install github.com/ana/tzconv@latest` (Go 1.22 or newer). Flags: --from ZONE, --to ZONE, --format "
        "LAYOUT, --list, -h/--help. Install command in a code block, a usage example with documented flags only, "
        "a table of flags, a link to https://pkg.go.dev/github.com/ana/tzconv, say it's BSD 3-Clause licensed, "
        "and four sections: Install, Usage, Options, License.",
        "Here is the section for the README:",
        "tzconv",
        "Convert a time from one time zone to another from the command line.",
        "go install github.com/ana/tzconv@latest",
        ("Go", "1.22"),
        ("Install", "Usage", "Options", "License"),
        "Give a time (or `now`) and the zones to convert between. API docs: "
        "[pkg.go.dev](https://pkg.go.dev/github.com/ana/tzconv).",
        ('$ tzconv "2026-03-01 09:00" --from Europe/Berlin --to Asia/Tokyo', "$ tzconv now --to America/New_York"),
        (
            ("--from <ZONE>", "Zone the input time is in (default: local)"),
            ("--to <ZONE>", "Zone to convert to"),
            ("--format <LAYOUT>", "Output layout, e.g. `15:04 Mon`"),
            ("--list", "List known zone names"),
            ("-h, --help", "Show help"),
        ),
        (),
        (r"\bBSD[- ]3", "BSD 3-Clause", "BSD 3-Clause, see LICENSE."),
        "Pull requests are welcome. Please run go vet before sending one.",
        ("Building from source", "Clone the repository and run go build in its root."),
        "--format",
        "https://pkg.go.dev/github.com/ana/tzconv",
        (
            ("requires", "Go 1.22 or newer", "Go 1.21 or newer"),
            ("flag", "`--format <LAYOUT>`", "`--fmt <LAYOUT>`"),
            ("example_flags", "now --to America/New_York", "now --to America/New_York --dst"),
            (
                "link",
                "[pkg.go.dev](https://pkg.go.dev/github.com/ana/tzconv)",
                "[GitHub](https://github.com/ana/tzconv)",
            ),
        ),
    ),
)


def options_text(tool: Tool, table: bool) -> str:
    if table:
        rows = [f"| `{flags}` | {what} |" for flags, what in tool.options]
        return "\n".join(["| Flag | Description |", "|---|---|", *rows])
    return "\n".join(f"- `{flags}` — {what}" for flags, what in tool.options)


def build(tool: Tool, on: dict[str, bool]) -> str:
    runtime, version = tool.requires
    needs = f"Requires {runtime} {version} {'or later' if runtime == 'Python' else 'or newer'}."
    install = (
        f"{needs}\n\n```sh\n{tool.install}\n```" if on["install"] else f"{needs} Install it with `{tool.install}`."
    )
    usage = tool.usage + "\n\n```sh\n" + "\n".join(tool.examples) + "\n```"
    texts = [install, usage, options_text(tool, on["table"]), *tool.others]
    sections = list(zip(tool.titles, texts, strict=False))
    sections.append(("License", tool.license[2]) if on["license"] else ("Contributing", tool.contributing))
    if not on["sections"]:
        sections.insert(-1, tool.extra)
    text = f"# {tool.name}\n\n{tool.blurb}\n\n" + "\n\n".join(f"## {title}\n\n{body}" for title, body in sections)
    for switch, old, new in tool.slips:
        if not on[switch]:
            if text.count(old) != 1:
                raise ValueError(f"{tool.name}: {switch} finds {old!r} {text.count(old)} times")
            text = text.replace(old, new)
    return f"{tool.lead}\n\n{text}" if tool.lead else text


# Reading a README --------------------------------------------------------------------------------


def sections(answer: str) -> list[tuple[str, str]]:
    """(title, text) for every `##` section, headings inside fenced blocks left out."""
    out: list[tuple[str, list[str]]] = []
    fenced = False
    for line in answer.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        if not fenced and (match := SECTION.match(line)):
            out.append((match.group(1).strip(), []))
        elif out:
            out[-1][1].append(line)
    return [(title, "\n".join(lines)) for title, lines in out]


def section(answer: str, pattern: str) -> str:
    return next((text for title, text in sections(answer) if re.search(pattern, title, re.IGNORECASE)), "")


def documented(answer: str) -> set[str]:
    return set(FLAG.findall(section(answer, r"option|flag")))


def example_flags(answer: str, name: str) -> list[str]:
    """The flags the usage examples pass to the tool."""
    out = []
    for block in FENCE.findall(section(answer, r"usage|example")):
        for line in block.splitlines():
            command = line.strip().removeprefix("$ ").split(" | ")[0]
            if command.split()[:1] == [name]:
                out += [token.split("=")[0] for token in FLAG.findall(command)]
    return out


def in_a_block(answer: str, command: str) -> bool:
    return any(
        line.strip().removeprefix("$ ") == command for block in FENCE.findall(answer) for line in block.splitlines()
    )


def candidates(rng: random.Random, tool: Tool, answer: str) -> list[Criterion]:
    runtime, version = tool.requires
    pattern, license_name, _ = tool.license
    flags, used, count = documented(answer), example_flags(answer, tool.name), len(tool.titles)
    options = section(answer, r"option|flag")
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "install",
            in_a_block(answer, tool.install),
            ("Gives the install command in a fenced code block", f"Shows `{tool.install}` in a code block"),
        ),
        (
            "requires",
            re.search(rf"\b{re.escape(runtime)}\s+{re.escape(version)}(?![\d.]*\d)", answer) is not None,
            (f"States the minimum {runtime} version ({version})", f"Says it needs {runtime} {version} or newer"),
        ),
        ("flag", tool.flag in flags, (f"Documents the {tool.flag} flag", f"Explains what {tool.flag} does")),
        (
            "example_flags",
            bool(used) and set(used) <= flags,
            (
                "The usage examples use only flags that are documented",
                "Every flag in the examples is described in the options",
            ),
        ),
        (
            "table",
            any(re.match(r"\s*\|", line) and FLAG.search(line) for line in options.splitlines()),
            ("Lists the flags in a table", "Presents the options as a Markdown table"),
        ),
        (
            "link",
            re.search(re.escape(tool.link) + r"(?![\w/-])", answer) is not None,
            (f"Links to {tool.link}", f"Includes a link to the documentation at {tool.link}"),
        ),
        (
            "license",
            re.search(pattern, answer) is not None,
            (f"Mentions the {license_name} license", f"States that the tool is {license_name}-licensed"),
        ),
        (
            "sections",
            len(sections(answer)) == count,
            (f"Has exactly {count} sections (## headings)", f"Is organised into {WORDS[count]} ## sections, no more"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("install", "requires", "flag", "example_flags", "table", "link", "license", "sections")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TOOLS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
