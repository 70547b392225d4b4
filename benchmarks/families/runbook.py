"""Runbook family (fresh11): an on-call runbook for the alert a task describes (a payments API's
error rate, a database replica's disk, an order queue's backlog, checkout latency), its steps
numbered from 1 with the commands in code blocks and the output to expect, a rollback step, a step
that escalates to the contact the task names and a pointer to it from the check before, the
severity, no restart of the database and the logs read before anything is restarted, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh11`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the runbook in Markdown, its steps a numbered list or `### Step N:` headings, written
right and then changed by switches: steps numbered 1 to 8 or the last one 9, every command fenced
or one written into a step's sentence, the escalation contact named or only a role, the check's
"go to step N" pointing at the escalation step or at another, a step that rolls back or one that
adds capacity instead, no command that restarts the database or one added, the severity asked or
another, every step with a code block saying what to expect or one not, and the logs read before
the first restart or the two steps swapped. Every truth is read from the text: the lines inside
code fences told from the prose, the steps found by their numbers with the lines under them, the
commands in the prose and the restarts in the code found by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "runbook"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCE = re.compile(r"^\s*```")
HEADING = re.compile(r"^#{1,6}\s")
STEP = re.compile(r"^(?:#{2,4}\s+Step\s+(\d+)\b|(\d+)[.)]\s)")
TOOLS = r"kubectl|helm|systemctl|journalctl|curl|psql|mysql|rabbitmqctl|docker|aws|df|ssh|git"
COMMAND = re.compile(rf"(?<![\w-])(?:sudo\s+)?(?:{TOOLS})\s+-{{0,2}}[\w./]")
GOTO = re.compile(r"\b(?:go|skip|jump|continue|proceed|move on)\s+(?:straight\s+)?(?:to|with)\s+step\s+(\d+)", re.I)
ESCALATE = re.compile(r"escalat", re.I)
ROLLBACK = re.compile(r"roll(?:ing|ed)?[\s-]?back|rollout\s+undo|\brevert", re.I)
RESTART = re.compile(r"\b(?:restart|reboot)", re.I)
EXPECT = re.compile(r"\bexpect|you should see|should (?:print|return|show|list)", re.I)
LOGS = re.compile(r"\blogs\b|journalctl|\btail\b")
SEVERITY = re.compile(r"\b(SEV|P)[-\s]?(\d)\b", re.I)

Line = tuple[str, bool]
"""A line and whether it is inside a code fence."""


@dataclass(frozen=True)
class Runbook:
    task: str
    text: str
    """The answer written right."""
    contact: str
    severity: str
    db: str
    """The database, as the criteria name it."""
    database: str
    """A pattern for a command line that names the database."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def swap(marks: tuple[str, str], first: str, second: str) -> tuple[str, str, str]:
    """The order switch's slip: two steps' bodies exchanged under their numbers."""
    return ("order", f"{marks[0]}{first}\n\n{marks[1]}{second}", f"{marks[0]}{second}\n\n{marks[1]}{first}")


PAY = swap(
    ("2. ", "3. "),
    """Read the recent logs of the API pods:
   ```
   kubectl -n payments logs deploy/payments-api --since=15m | grep -i error | tail -n 50
   ```
   Expected: the same exception repeated; paste it in #inc-payments.""",
    """Restart the payment workers, which often hold stale connections after a network blip:
   ```
   kubectl -n payments rollout restart deployment/payments-worker
   ```
   Expected output: `deployment.apps/payments-worker restarted`.""",
)
DISK = swap(
    ("### Step 2: ", "### Step 3: "),
    """Look at what is writing
```bash
ssh pg-replica-02 sudo journalctl -u pgbackrest --since "1 hour ago" | tail -n 40
```
Expected: archive errors, if a stuck archive job is filling the disk.""",
    """Restart the archiver
A stuck WAL archive job keeps old segments on disk; restarting it frees them.
```bash
ssh pg-replica-02 sudo systemctl restart pgbackrest-archive.service
```
Expected: the archiver's status is `active (running)`.""",
)
QUEUE = swap(
    ("2. ", "3. "),
    """**Read the worker logs.**
   ```sh
   docker compose -f /srv/fulfilment/compose.yml logs --since 20m worker | tail -n 100
   ```
   Expected: repeated `ConnectionResetError` lines, or nothing at all (a hung worker).""",
    """**Restart the workers.**
   ```sh
   docker compose -f /srv/fulfilment/compose.yml restart worker
   ```
   Expected: every worker container back to `running` within a minute.""",
)
SHOP = swap(
    ("2) ", "3) "),
    """Check the checkout-web logs for timeouts:
   ```bash
   kubectl -n checkout logs -l app=checkout-web --since=10m --tail=200 | grep -i timeout
   ```
   Expected: timeouts calling `pricing` or `inventory`, which tells you where the time goes.""",
    """Restart the pricing service, whose cache warms slowly after a deploy:
   ```bash
   kubectl -n checkout rollout restart deployment/pricing
   ```
   Expected: `deployment.apps/pricing restarted`, and pods Ready within 2 minutes.""",
)

RUNBOOKS = (
    Runbook(
        "Write a runbook for the PaymentsApiHighErrorRate alert (over 5% 5xx on payments-api for 10 minutes; SEV2). "
        "Numbered steps from 1, every command in a code block with the expected output, logs before any restart, never "
        "restart the PostgreSQL database (shared with billing), a rollback of the latest deploy, and if the error rate "
        "is still high at the re-check, send the reader by step number to escalate to Priya Nair (payments on-call lead).",
        f"""# Runbook: PaymentsApiHighErrorRate

**Alert:** more than 5% of requests to payments-api return 5xx for 10 minutes.
**Severity:** SEV2

1. Acknowledge the page and check the current error rate:
   ```
   curl -s "http://prometheus.internal:9090/api/v1/query?query=payments:error_rate:5m"
   ```
   Expected: a value above 0.05 while the alert fires.

{PAY[1]}

4. Check the database connection pool from an API pod:
   ```
   kubectl -n payments exec deploy/payments-api -- curl -s localhost:8080/internal/pool
   ```
   Expected: `active` below `max` (50).
   Do not restart the PostgreSQL primary: it is shared with billing.

5. Roll back the latest deploy (it is the usual cause):
   ```
   kubectl -n payments rollout undo deployment/payments-api
   ```
   Expected: all payments-api pods Ready within 3 minutes.

6. After 10 minutes, run the query from step 1 again. If the rate is still above 0.05, go to step 7.

7. Escalate: page Priya Nair, the payments on-call lead (PagerDuty: payments-lead), with what you found.

8. Close out: resolve the alert and write the incident summary within 24 hours.""",
        "Priya Nair",
        "SEV2",
        "PostgreSQL",
        "postgres",
        (
            PAY,
            ("numbered", "8. Close out", "9. Close out"),
            ("code_blocks", "resolve the alert and", "run kubectl -n payments delete pod debug, resolve the alert and"),
            ("escalate", "Priya Nair, the payments on-call lead (PagerDuty: payments-lead)", "the payments team lead"),
            ("goto", "go to step 7", "go to step 5"),
            ("rollback", "Roll back the latest deploy (it is the usual cause)", "Scale the API out"),
            ("rollback", "rollout undo deployment/payments-api", "scale deployment/payments-api --replicas=8"),
            ("no_db_restart", "/pool\n", "/pool\n   kubectl -n payments rollout restart sts/payments-postgres\n"),
            ("severity", "**Severity:** SEV2", "**Severity:** SEV3"),
            ("expected", "   Expected: `active` below `max` (50).\n", ""),
        ),
    ),
    Runbook(
        "Runbook please for DiskUsageHigh on pg-replica-02 (data volume above 85% for 15 minutes), severity P3. Use "
        "'### Step N:' headings from 1; commands in code blocks, each with what to expect; check the logs before any "
        "restart; don't restart PostgreSQL itself; include rolling back yesterday's retention change; if usage is still "
        "high at the re-check, send the reader to a step escalating to Marco Bianchi (database on-call lead).",
        f"""# DiskUsageHigh: pg-replica-02

Severity: P3 (business hours; page only above 95%)

### Step 1: Confirm the alert
```bash
ssh pg-replica-02 df -h /var/lib/postgresql
```
You should see `Use%` at 85% or more.

{DISK[1]}

### Step 4: Clear old log files
```bash
ssh pg-replica-02 'sudo find /var/log/postgresql -name "*.log" -mtime +7 -delete'
```
Expected: usage back under 80%.
Leave PostgreSQL running: a restarted replica replays WAL for hours.

### Step 5: Roll back the retention change
```bash
cd ~/infra && git revert --no-edit HEAD && ./deploy.sh pg-replica-02
```
Expected: `deploy.sh` ends with `pg-replica-02: ok`.

### Step 6: Check again
After 15 minutes, repeat step 1. If usage is still above 85%, go to step 7.

### Step 7: Escalate
Page Marco Bianchi (database on-call lead) in #dba-oncall with the outputs of the steps above.

### Step 8: Close the alert
Resolve it in Alertmanager and add a line to the capacity log.""",
        "Marco Bianchi",
        "P3",
        "PostgreSQL",
        "postgres",
        (
            DISK,
            ("numbered", "### Step 8:", "### Step 9:"),
            ("code_blocks", "Resolve it in", "Run ssh pg-replica-02 df -h /var/lib/postgresql, then resolve it in"),
            ("escalate", "Page Marco Bianchi (database on-call lead)", "Page the database on-call lead"),
            ("goto", "go to step 7", "go to step 5"),
            ("rollback", "Roll back the retention change", "Grow the data volume"),
            ("rollback", "git revert --no-edit HEAD", "./grow-volume.sh pg-replica-02 +100G"),
            ("no_db_restart", "-delete'\n", "-delete'\nssh pg-replica-02 sudo systemctl restart postgresql\n"),
            ("severity", "Severity: P3", "Severity: P2"),
            ("expected", "Expected: usage back under 80%.\n", ""),
        ),
    ),
    Runbook(
        "I need an on-call runbook for OrderQueueBacklog (over 10,000 ready messages in orders.created for 10 "
        "minutes), SEV3. Numbered steps starting at 1, commands only in code blocks with expected output, logs before "
        "restarts, leave the MySQL database alone (no restarts), a rollback of the worker release, and if the queue "
        "isn't draining, a pointer to an escalation step naming Tomasz Lewandowski, fulfilment on-call lead.",
        f"""**Runbook: OrderQueueBacklog**
Severity: SEV3 · Owner: fulfilment team

1. **Confirm the backlog.**
   ```sh
   rabbitmqctl list_queues -p /shop name messages_ready | grep orders.created
   ```
   Expected: `messages_ready` above 10000.

{QUEUE[1]}

4. **Check MySQL is answering.**
   ```sh
   mysql -h orders-db.internal -u monitor -e "SELECT 1"
   ```
   Expected: a single row with `1`.
   Leave MySQL running even if it is slow: restarting it drops every open order.

5. **Roll back the last worker release** if it shipped today:
   ```sh
   cd /srv/fulfilment && ./release.sh rollback
   ```
   Expected: the script ends with `done`.

6. **Watch the queue drain** for 10 minutes with the command from step 1. If it is not falling, go to step 7.

7. **Escalate** to Tomasz Lewandowski, fulfilment on-call lead (phone in the on-call sheet), in #fulfilment-incidents.

8. **Close the alert** once the queue is below 1,000, and note the cause in the weekly ops review.""",
        "Tomasz Lewandowski",
        "SEV3",
        "MySQL",
        "mysql",
        (
            QUEUE,
            ("numbered", "8. **Close", "9. **Close"),
            ("code_blocks", "once the queue is below", "once rabbitmqctl list_queues -p /shop is below"),
            ("escalate", "Tomasz Lewandowski, fulfilment on-call lead", "the fulfilment on-call lead"),
            ("goto", "go to step 7", "go to step 5"),
            ("rollback", "**Roll back the last worker release** if it shipped today", "**Add two more workers** now"),
            ("rollback", "./release.sh rollback", "./release.sh scale worker=6"),
            ("no_db_restart", '"SELECT 1"\n', '"SELECT 1"\n   ssh orders-db.internal sudo systemctl restart mysql\n'),
            ("severity", "Severity: SEV3", "Severity: SEV2"),
            ("expected", "   Expected: a single row with `1`.\n", ""),
        ),
    ),
    Runbook(
        "Write the CheckoutLatencyHigh runbook (p99 of checkout-web above 2 s for 5 minutes, SEV1). Steps numbered "
        "1), 2), ...; every command in a code block with its expected output; read the logs before restarting "
        "anything; never reboot the checkout-db RDS instance; roll back checkout-web with Helm; if p99 is still "
        "high at the re-check, point to the escalation step: Jonas Weber, platform incident commander.",
        f"""## Runbook: CheckoutLatencyHigh

- **Severity:** SEV1 (customer-facing; page immediately)
- **Alert:** p99 latency of checkout-web above 2 s for 5 minutes

1) Confirm the latency on the service's own metrics:
   ```bash
   kubectl -n checkout exec deploy/checkout-web -- curl -s localhost:9100/metrics | grep p99
   ```
   Expected output: a value above 2.0.

{SHOP[1]}

4) Check that the database instance is healthy:
   ```bash
   aws rds describe-db-instances --db-instance-identifier checkout-db --query "DBInstances[0].DBInstanceStatus"
   ```
   Expected: `"available"`.
   Never reboot checkout-db during an incident: a failover takes all of checkout down.

5) Roll back checkout-web to its previous Helm revision:
   ```bash
   helm -n checkout rollback checkout-web
   ```
   Expected: checkout-web pods Ready within 3 minutes.

6) Watch p99 for 10 minutes with the command from step 1. If it is still above 2 s, go to step 7.

7) Escalate to Jonas Weber, the platform incident commander (PagerDuty: platform-ic), and open a status page incident.

8) Close: resolve the alert once p99 has been under 1 s for 30 minutes, and book the postmortem.""",
        "Jonas Weber",
        "SEV1",
        "the checkout-db instance",
        "checkout-db|rds",
        (
            SHOP,
            ("numbered", "8) Close", "9) Close"),
            ("code_blocks", "and book the postmortem", "and run helm -n checkout history checkout-web"),
            ("escalate", "Jonas Weber, the platform incident commander", "the platform incident commander"),
            ("goto", "go to step 7", "go to step 5"),
            ("rollback", "Roll back checkout-web to its previous Helm revision", "Scale checkout-web out for the load"),
            ("rollback", "checkout rollback checkout-web", "checkout upgrade checkout-web ./chart --set replicas=12"),
            (
                "no_db_restart",
                'Status"\n',
                'Status"\n   aws rds reboot-db-instance --db-instance-identifier checkout-db\n',
            ),
            ("severity", "**Severity:** SEV1", "**Severity:** SEV2"),
            ("expected", '   Expected: `"available"`.\n', ""),
        ),
    ),
)


def build(runbook: Runbook, on: dict[str, bool]) -> str:
    return slipped(runbook.text, runbook.slips, on, runbook.contact)


# Reading a runbook ------------------------------------------------------------------------------


def lines_of(answer: str) -> list[Line]:
    """Every line, and whether it is inside a code fence (the fences' own lines count as code)."""
    out: list[Line] = []
    inside = False
    for line in answer.splitlines():
        if FENCE.match(line):
            inside = not inside
            out.append((line, True))
        else:
            out.append((line, inside))
    return out


def steps(answer: str) -> list[tuple[int, list[Line]]]:
    """(number, its lines) of every step, numbered item or `Step N` heading; other headings end one."""
    out: list[tuple[int, list[Line]]] = []
    collecting = False
    for line, code in lines_of(answer):
        if not code and (match := STEP.match(line)):
            out.append((int(match.group(1) or match.group(2)), []))
            collecting = True
        elif not code and HEADING.match(line):
            collecting = False
        if collecting:
            out[-1][1].append((line, code))
    return out


def text_of(step: list[Line]) -> str:
    return "\n".join(line for line, _ in step)


def severity(answer: str) -> str | None:
    line = next((line for line in answer.splitlines() if "severity" in line.lower()), "")
    return f"{m.group(1).upper()}{m.group(2)}" if (m := SEVERITY.search(line)) else None


def first(lines: list[str], pattern: re.Pattern[str], also: str = "") -> int | None:
    """The index of the first line `pattern` finds (and `also`, if given), or None."""
    return next((at for at, line in enumerate(lines) if pattern.search(line) and re.search(also, line, re.I)), None)


WORDINGS = {
    "numbered": ("Its steps are numbered consecutively from 1", "The steps are numbered 1, 2, 3, ... with no gaps"),
    "code_blocks": ("Every command is in a code block", "No command appears only in the prose, outside a code block"),
    "escalate": ("Names {contact} as the person to escalate to", "Gives {contact} as the escalation contact"),
    "goto": ("Its 'go to step N' points at the escalation step", "Sends the reader to the right step to escalate"),
    "rollback": ("Includes a rollback step", "One of its steps rolls back a recent change"),
    "no_db_restart": ("Does not restart the database", "No step restarts {db}"),
    "severity": ("States the severity as {severity}", "Gives the alert's severity: {severity}"),
    "expected": (
        "Each step with a code block says what to expect",
        "Every code block's step gives the expected output",
    ),
    "order": ("Checks the logs before restarting anything", "Looks at the logs first, before any restart"),
}
"""Two wordings of each kind of criterion, filled from the runbook."""


def truths(runbook: Runbook, answer: str) -> dict[str, bool]:
    found = steps(answer)
    prose = [line for line, code in lines_of(answer) if not code]
    code = [line for line, code in lines_of(answer) if code]
    numbers = dict(found)
    pointers = [int(n) for line in prose for n in GOTO.findall(line)]
    coded = [step for _, step in found if any(code for _, code in step)]
    logs, restart = first(code, LOGS), first(code, RESTART)
    return {
        "numbered": bool(found) and [n for n, _ in found] == list(range(1, len(found) + 1)),
        "code_blocks": bool(code) and not any(COMMAND.search(line) for line in prose),
        "escalate": any(runbook.contact in line for line in prose if not HEADING.match(line)),
        "goto": bool(pointers)
        and all(n in numbers and ESCALATE.search(text_of(numbers[n])) is not None for n in pointers),
        "rollback": any(ROLLBACK.search(text_of(step)) for _, step in found),
        "no_db_restart": bool(code) and first(code, RESTART, runbook.database) is None,
        "severity": severity(answer) == runbook.severity,
        "expected": bool(coded) and all(any(EXPECT.search(line) for line, c in step if not c) for step in coded),
        "order": logs is not None and restart is not None and logs < restart,
    }


def candidates(rng: random.Random, runbook: Runbook, answer: str) -> list[Criterion]:
    filled = {"contact": runbook.contact, "db": runbook.db, "severity": runbook.severity}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(runbook, answer).items()
    ]


SWITCHES = ("numbered", "code_blocks", "escalate", "goto", "rollback", "no_db_restart", "severity", "expected", "order")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RUNBOOKS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
