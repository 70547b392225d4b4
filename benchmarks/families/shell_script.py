"""Shell script family (fresh): a short bash script for a stated job (a backup, a log rotation,
a disk check, a database dump), a kind of answer no grader was run on while any of its rules
was written. Run only as `--set fresh`, never in `all`, `new`, `docs` or `held`.

An answer is a lead-in line and one ```bash block, assembled from switches: a bash shebang or
`#!/bin/sh`, `set -euo pipefail` or only `set -e`, a usage message when the argument is missing
or no check at all, every variable quoted or one left bare in a command, a comment at the top
saying what the script does or none, the exit status the task asks for on its failure or 1,
the path the task names or a near miss of it, and no `sudo` or one command run with it. Every
truth is a function of the script's text (below).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "shell_script"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BASH_SHEBANG = re.compile(r"#!\s*(?:/usr/bin/env\s+bash|/bin/bash|/usr/bin/bash)\b")
EXIT = re.compile(r"^\s*exit\s+(\d+)\b", re.MULTILINE)
SUDO = re.compile(r"\bsudo\b")


@dataclass(frozen=True)
class Job:
    task: str
    purpose: str
    """The comment at the top: what the script does."""
    argument: str
    """How the usage message names the argument."""
    body: str
    """The script after its argument is read, with `EXIT_CODE` where the failure's exit status
    goes and `PATH_ASKED` where the task's path goes."""
    failure: str
    """A text of the `if` line that tests the task's failure (how its block is found)."""
    condition: str
    """The failure, as a criterion names it."""
    code: int
    """The exit status the task asks for on that failure."""
    path: str
    near_path: str
    """A path an answer may give instead of `path`: one letter or word off."""
    path_words: tuple[str, str]
    quoted: str
    """A quoted expansion in `body` that the unquoted answer leaves bare."""
    sudo: tuple[str, str]
    """A command in `body` and how the sudo answer writes it instead."""


JOBS = (
    Job(
        "Write a bash script that backs up the directory given as its first argument into /var/backups/app as a "
        "tar.gz file named with today's date. It should exit with status 2 if the directory does not exist.",
        "Back up a directory as a dated tar.gz archive.",
        "<source-dir>",
        'SRC_DIR="$1"\n'
        'DEST_DIR="PATH_ASKED"\n'
        'ARCHIVE="$DEST_DIR/app-$(date +%F).tar.gz"\n'
        "\n"
        'if [ ! -d "$SRC_DIR" ]; then\n'
        '  echo "error: $SRC_DIR is not a directory" >&2\n'
        "  exit EXIT_CODE\n"
        "fi\n"
        "\n"
        'mkdir -p "$DEST_DIR"\n'
        'tar -czf "$ARCHIVE" -C "$SRC_DIR" .\n'
        'echo "Backed up $SRC_DIR to $ARCHIVE"',
        "! -d",
        "the source directory does not exist",
        2,
        "/var/backups/app",
        "/var/backup/app",
        ("Writes the archive into /var/backups/app", "Uses /var/backups/app as the backup destination"),
        'tar -czf "$ARCHIVE"',
        ("mkdir -p", "sudo mkdir -p"),
    ),
    Job(
        "Write a bash script that gzips every .log file older than 7 days in the directory given as its argument "
        "and moves it to /var/log/archive. It should exit with status 3 if /var/log/archive is not writable.",
        "Compress week-old .log files and move them to the archive directory.",
        "<log-dir>",
        'LOG_DIR="$1"\n'
        'ARCHIVE_DIR="PATH_ASKED"\n'
        "\n"
        'if [ ! -w "$ARCHIVE_DIR" ]; then\n'
        '  echo "error: cannot write to $ARCHIVE_DIR" >&2\n'
        "  exit EXIT_CODE\n"
        "fi\n"
        "\n"
        "find \"$LOG_DIR\" -name '*.log' -mtime +7 -print0 |\n"
        "  while IFS= read -r -d '' file; do\n"
        '    gzip "$file"\n'
        '    mv "$file.gz" "$ARCHIVE_DIR/"\n'
        "  done",
        "! -w",
        "the archive directory is not writable",
        3,
        "/var/log/archive",
        "/var/log/archives",
        ("Moves the compressed logs to /var/log/archive", "Archives the logs into /var/log/archive"),
        'gzip "$file"',
        ("mv ", "sudo mv "),
    ),
    Job(
        "Write a bash script that checks how full the mount point given as its argument is and, if it is over "
        "90%, appends a line to /var/log/disk-alert.log and exits with status 2.",
        "Warn when a mount point is more than 90% full.",
        "<mount-point>",
        'MOUNT="$1"\n'
        "LIMIT=90\n"
        'ALERT_LOG="PATH_ASKED"\n'
        "\n"
        "USED=$(df --output=pcent \"$MOUNT\" | tail -n 1 | tr -dc '0-9')\n"
        "\n"
        'if [ "$USED" -gt "$LIMIT" ]; then\n'
        '  echo "$(date +%FT%T) $MOUNT is at $USED%" | tee -a "$ALERT_LOG" >&2\n'
        "  exit EXIT_CODE\n"
        "fi\n"
        "\n"
        'echo "$MOUNT is at $USED%, under $LIMIT%"',
        "-gt",
        "the mount point is over 90% full",
        2,
        "/var/log/disk-alert.log",
        "/var/log/disk_alert.log",
        ("Appends the alert to /var/log/disk-alert.log", "Logs the warning to /var/log/disk-alert.log"),
        'df --output=pcent "$MOUNT"',
        ("tee -a", "sudo tee -a"),
    ),
    Job(
        "Write a bash script that dumps the PostgreSQL database named in its first argument to a gzipped, dated "
        ".sql.gz file in /var/backups/pg. It should exit with status 4 if pg_dump fails.",
        "Dump a PostgreSQL database to a dated, gzipped SQL file.",
        "<database>",
        'DB_NAME="$1"\n'
        'OUT_DIR="PATH_ASKED"\n'
        'OUT_FILE="$OUT_DIR/$DB_NAME-$(date +%F).sql.gz"\n'
        "\n"
        'mkdir -p "$OUT_DIR"\n'
        'if ! pg_dump "$DB_NAME" | gzip > "$OUT_FILE"; then\n'
        '  echo "error: pg_dump of $DB_NAME failed" >&2\n'
        '  rm -f "$OUT_FILE"\n'
        "  exit EXIT_CODE\n"
        "fi\n"
        'echo "Wrote $OUT_FILE"',
        "pg_dump",
        "pg_dump fails",
        4,
        "/var/backups/pg",
        "/var/backups/postgres",
        ("Writes the dump into /var/backups/pg", "Saves the .sql.gz file under /var/backups/pg"),
        'pg_dump "$DB_NAME"',
        ("pg_dump", "sudo -u postgres pg_dump"),
    ),
)


def build(job: Job, on: dict[str, bool]) -> str:
    lines = ["#!/usr/bin/env bash" if on["shebang"] else "#!/bin/sh"]
    if on["comment"]:
        lines.append(f"# {job.purpose}")
    lines += ["set -euo pipefail" if on["strict"] else "set -e", ""]
    if on["usage"]:
        lines += ['if [ "$#" -lt 1 ]; then', f'  echo "Usage: $0 {job.argument}" >&2', "  exit 1", "fi", ""]
    body = job.body.replace("EXIT_CODE", str(job.code if on["exit_code"] else 1))
    body = body.replace("PATH_ASKED", job.path if on["path"] else job.near_path)
    if not on["quoted"]:
        body = body.replace(job.quoted, job.quoted.replace('"', ""), 1)
    if not on["no_sudo"]:
        body = body.replace(*job.sudo, 1)
    lines.append(body)
    return "Here is the script:\n\n```bash\n" + "\n".join(lines) + "\n```\n\nMake it executable with `chmod +x`."


def script_of(answer: str) -> str:
    match = re.search(r"```(?:bash|sh)\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def unquoted(line: str) -> Iterator[tuple[int, str]]:
    """Each character of `line` outside single and double quotes, with its index (a quote
    mark itself is inside)."""
    single = double = False
    for i, ch in enumerate(line):
        if ch == "'" and not double:
            single = not single
        elif ch == '"' and not single:
            double = not double
        elif not single and not double:
            yield i, ch


def code_part(line: str) -> str:
    """`line` without its comment: from a `#` that starts a word outside quotes."""
    return next((line[:i] for i, ch in unquoted(line) if ch == "#" and (i == 0 or line[i - 1] in " \t")), line)


def code_lines(script: str) -> list[str]:
    """The script's lines without comments (the shebang is a comment too)."""
    return [code_part(line) for line in script.splitlines()]


def unquoted_expansions(script: str) -> list[str]:
    """Every `$NAME`, `${...}` or `$1` outside double quotes (and outside single quotes, where
    it is not an expansion). `$#`, `$?` and `$(` are not variables."""
    found = []
    for line in code_lines(script):
        for i, ch in unquoted(line):
            match = re.match(r"\$(?:[A-Za-z_]\w*|\{[^}]*\}|\d)", line[i:]) if ch == "$" else None
            if match:
                found.append(match.group(0))
    return found


def first_line(script: str) -> str:
    return script.splitlines()[0] if script.strip() else ""


def has_strict_mode(script: str) -> bool:
    """A `set` line (or several) turns on -e, -u and -o pipefail."""
    letters: set[str] = set()
    options: set[str] = set()
    for line in code_lines(script):
        words = line.split()
        if not words or words[0] != "set":
            continue
        for i, word in enumerate(words[1:], 1):
            if word == "-o" and i + 1 < len(words):
                options.add(words[i + 1])
            elif re.fullmatch(r"-[a-z]+", word):
                letters |= set(word[1:])
                if word.endswith("o") and i + 1 < len(words):
                    options.add(words[i + 1])
    return {"e", "u"} <= letters and "pipefail" in options


def if_blocks(script: str) -> list[tuple[str, list[str]]]:
    """Each top-level `if ...; then` line with the lines up to its `fi`."""
    lines = code_lines(script)
    blocks = []
    for i, line in enumerate(lines):
        if re.match(r"\s*if\b", line):
            body = []
            for later in lines[i + 1 :]:
                if re.match(r"\s*fi\b", later):
                    break
                body.append(later)
            blocks.append((line, body))
    return blocks


def prints_usage(script: str) -> bool:
    """An `if` on the argument count (or an empty `$1`) whose block echoes a usage message and
    exits with a non-zero status."""
    for test, body in if_blocks(script):
        if not re.search(r"\$#|\$\{#\}|-z\s+\"?\$\{?1", test):
            continue
        text = "\n".join(body)
        usage = re.search(r"\b(?:echo|printf)\b.*\busage\b", text, re.IGNORECASE)
        if usage and any(int(code) != 0 for code in EXIT.findall(text)):
            return True
    return False


def has_top_comment(script: str) -> bool:
    """The first non-blank line after the shebang is a comment of three words or more."""
    lines = [line for line in script.splitlines() if line.strip()]
    if lines and lines[0].startswith("#!"):
        lines = lines[1:]
    if not lines or not lines[0].lstrip().startswith("#"):
        return False
    return len(lines[0].lstrip("# ").split()) >= 3


def failure_exit(script: str, failure: str) -> int | None:
    """The status the block of the `if` that tests `failure` exits with, if it exits."""
    for test, body in if_blocks(script):
        if failure in test:
            codes = EXIT.findall("\n".join(body))
            return int(codes[0]) if codes else None
    return None


def uses_path(script: str, path: str) -> bool:
    code = "\n".join(code_lines(script))
    return re.search(rf"(?<![\w./-]){re.escape(path)}(?![\w.-])", code) is not None


def uses_sudo(script: str) -> bool:
    return any(SUDO.search(line) for line in code_lines(script))


def candidates(rng: random.Random, job: Job, answer: str) -> list[Criterion]:
    script = script_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "shebang",
            BASH_SHEBANG.match(first_line(script)) is not None,
            ("Starts with a bash shebang line", "The first line is a shebang that runs bash"),
        ),
        (
            "strict",
            has_strict_mode(script),
            ("Uses set -euo pipefail", "Turns on strict mode with set -euo pipefail"),
        ),
        (
            "usage",
            prints_usage(script),
            (
                "Prints a usage message and exits when the argument is missing",
                "Shows how to call it, and stops, if no argument is given",
            ),
        ),
        (
            "quoted",
            not unquoted_expansions(script),
            ("Quotes every variable expansion", "Puts double quotes around all variables"),
        ),
        (
            "comment",
            has_top_comment(script),
            (
                "Has a comment at the top explaining what the script does",
                "Opens with a comment describing the script's purpose",
            ),
        ),
        (
            "exit_code",
            failure_exit(script, job.failure) == job.code,
            (f"Exits with status {job.code} when {job.condition}", f"Uses exit code {job.code} if {job.condition}"),
        ),
        ("path", uses_path(script, job.path), job.path_words),
        ("no_sudo", not uses_sudo(script), ("Does not use sudo", "Never calls sudo inside the script")),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("shebang", "strict", "usage", "quoted", "comment", "exit_code", "path", "no_sudo")
    return switched_cases(FAMILY, JOBS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
