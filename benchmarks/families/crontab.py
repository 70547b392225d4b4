"""Crontab family (fresh8): a user's crontab for the jobs a task lists (a web app server, a home
server on a Raspberry Pi, a Django site on a VPS, a data team's ETL box), each job under a comment
that explains it, with a MAILTO line, log redirects and schedules given in words, a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh8`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the crontab in a fenced block after a lead-in line, and a note after it or none,
written right and then changed by switches: the daily job at the time the task gives or at one
near it (the fields swapped, twelve hours off, every hour), the weekly job on the day the task
gives or on another (or on that day of the month), the frequent job every few minutes or every
minute, a comment above every job or one job without, every job's output sent to a log file or
one sent to /dev/null, every job's errors sent along (2>&1) or one's left out, MAILTO the address
the task gives or another (or none), every command by its absolute path or one by its bare
name, and the jobs the task lists or one more. Every truth is a function of the answer's text:
the lines in fenced blocks are read as comments, environment lines and jobs, a job's five fields
and its command split off, and the jobs found by a word of their command (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "crontab"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FIELD = re.compile(r"[\d*/,-]+|[A-Za-z]{3}(?:-[A-Za-z]{3})?")
JOB = re.compile(r"^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S.*)$")
ENV = re.compile(r"^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$")
LOG = re.compile(r"(?:^|\s)1?>>?\s*(\S+\.log)\b")
ERRORS = re.compile(r"2>&1|2>>?\s*\S+")
DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
NAMES = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


@dataclass(frozen=True)
class Crontab:
    task: str
    text: str
    """The answer written right."""
    daily: tuple[str, str, str]
    """(a word of the daily job's command, its minute, its hour)."""
    weekly: tuple[str, int]
    """(a word of the weekly job's command, its day of the week, 0 for Sunday)."""
    jobs: int
    mailto: str
    extra: tuple[str, str]
    """(the line the extra job goes after, the comment and job an answer with one more adds)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CRONTABS = (
    Crontab(
        "Write a crontab for our app server (user `deploy`). Jobs: back up the database every night at 2:30 am, "
        "check the health endpoint every 5 minutes, clean the uploads cache every Sunday at 4:00 am, and send "
        "the weekly report every Monday at 8:00 am. Put a comment above each job explaining it, mail errors to "
        "ops@acme.io, use full paths to commands, append each job's output and errors to a log under "
        "/var/log/app, and don't add jobs I didn't ask for. Scripts are in /opt/app/bin.",
        "Here's the crontab (install it with `crontab -u deploy crontab.txt`):\n\n```cron\n"
        "SHELL=/bin/bash\nMAILTO=ops@acme.io\nPATH=/usr/local/bin:/usr/bin:/bin\n\n"
        "# Back up the database every night at 02:30\n"
        "30 2 * * * /opt/app/bin/db-backup.sh >> /var/log/app/db-backup.log 2>&1\n\n"
        "# Check the health endpoint every 5 minutes\n"
        "*/5 * * * * /opt/app/bin/healthcheck.sh >> /var/log/app/healthcheck.log 2>&1\n\n"
        "# Clean the uploads cache every Sunday at 04:00\n"
        "0 4 * * 0 /opt/app/bin/clean-uploads.sh >> /var/log/app/clean-uploads.log 2>&1\n\n"
        "# Send the weekly report every Monday at 08:00\n"
        "0 8 * * 1 /usr/bin/python3 /opt/app/bin/weekly_report.py >> /var/log/app/weekly-report.log 2>&1\n```",
        ("backup", "30", "2"),
        ("report", 1),
        4,
        "ops@acme.io",
        (
            "weekly-report.log 2>&1",
            "\n\n# Rotate the app logs every night at 03:00\n"
            "0 3 * * * /usr/sbin/logrotate /etc/logrotate.d/app >> /var/log/app/logrotate.log 2>&1",
        ),
        (
            ("daily", "30 2 * * *", "2 30 * * *"),
            ("weekly", "0 8 * * 1", "0 8 1 * *"),
            ("frequent", "*/5 * * * *", "* * * * *"),
            ("comment", "# Clean the uploads cache every Sunday at 04:00\n", ""),
            ("logs", ">> /var/log/app/healthcheck.log 2>&1", "> /dev/null 2>&1"),
            ("errors", "clean-uploads.log 2>&1", "clean-uploads.log"),
            ("mailto", "MAILTO=ops@acme.io", 'MAILTO=""'),
            ("absolute", "/usr/bin/python3 /opt", "python3 /opt"),
        ),
    ),
    Crontab(
        "Can you write the crontab for my Raspberry Pi home server? It should copy the photos to the NAS every "
        "night at 1:15, update the dynamic DNS every 10 minutes, refresh the Pi-hole blocklists on Saturdays at "
        "3:30 am, and email me the sensor summary every Sunday at 7:00 pm. Comment each job, send cron mail to "
        "pi-alerts@lindqvist.se, full paths for every command, log stdout and stderr to files in /home/pi/logs, "
        "and nothing beyond those four jobs.",
        "Sure - run `crontab -e` as the `pi` user and paste this in:\n\n```crontab\n"
        "MAILTO=pi-alerts@lindqvist.se\nSHELL=/bin/bash\n\n"
        "# Copy new photos to the NAS every night at 01:15\n"
        "15 1 * * * /usr/bin/rsync -a /home/pi/photos/ /mnt/nas/photos/ >> /home/pi/logs/photos.log 2>&1\n"
        "# Update the dynamic DNS record every 10 minutes\n"
        "*/10 * * * * /usr/sbin/ddclient -daemon=0 -quiet >> /home/pi/logs/ddns.log 2>&1\n"
        "# Refresh the Pi-hole blocklists on Saturdays at 03:30\n"
        "30 3 * * 6 /usr/local/bin/pihole -g >> /home/pi/logs/pihole.log 2>&1\n"
        "# Email the weekly sensor summary on Sundays at 19:00\n"
        "0 19 * * 0 /home/pi/bin/sensor-summary.sh >> /home/pi/logs/sensors.log 2>&1\n```\n\n"
        "Each job appends to its own log, so you can check them with `tail`.",
        ("photos", "15", "1"),
        ("sensor", 0),
        4,
        "pi-alerts@lindqvist.se",
        (
            "pihole.log 2>&1",
            "\n# Reboot the Pi early every Monday\n0 5 * * 1 /sbin/shutdown -r now >> /home/pi/logs/reboot.log 2>&1",
        ),
        (
            ("daily", "15 1 * * *", "15 13 * * *"),
            ("weekly", "0 19 * * 0", "0 19 * * 1"),
            ("frequent", "*/10 * * * *", "* * * * *"),
            ("comment", "# Update the dynamic DNS record every 10 minutes\n", ""),
            ("logs", ">> /home/pi/logs/pihole.log 2>&1", "> /dev/null 2>&1"),
            ("errors", "photos.log 2>&1", "photos.log"),
            ("mailto", "MAILTO=pi-alerts@lindqvist.se", "MAILTO=pi"),
            ("absolute", "/usr/local/bin/pihole -g", "pihole -g"),
        ),
    ),
    Crontab(
        "I need a crontab for a Django site on a VPS. Jobs: run `clearsessions` every day at 3:45 am, check the "
        "Celery queue every 2 minutes, send the digest emails every Friday at 5 pm, and renew the TLS "
        "certificate every night at midnight. Add a comment line for each job, set MAILTO to "
        "webmaster@tallyho.dev, call everything by its absolute path, and log output and errors to /var/log/site. "
        "Those four jobs only. The virtualenv is /srv/site/venv and the project is /srv/site.",
        "Here is the crontab for the `www` user:\n\n```\nMAILTO=webmaster@tallyho.dev\n\n"
        "# Clear expired Django sessions every day at 03:45\n"
        "45 3 * * * /srv/site/venv/bin/python /srv/site/manage.py clearsessions >> /var/log/site/sessions.log 2>&1\n"
        "\n# Check the Celery queue length every 2 minutes\n"
        "*/2 * * * * /srv/site/bin/check-queue.sh >> /var/log/site/queue.log 2>&1\n\n"
        "# Send the weekly digest emails on Fridays at 17:00\n"
        "0 17 * * 5 /srv/site/venv/bin/python /srv/site/manage.py send_digest >> /var/log/site/digest.log 2>&1\n\n"
        "# Renew the TLS certificate at midnight\n"
        "0 0 * * * /usr/bin/certbot renew --quiet >> /var/log/site/certbot.log 2>&1\n```",
        ("clearsessions", "45", "3"),
        ("digest", 5),
        4,
        "webmaster@tallyho.dev",
        (
            "certbot.log 2>&1",
            "\n\n# Rebuild the search index every night at 04:30\n"
            "30 4 * * * /srv/site/venv/bin/python /srv/site/manage.py update_index >> /var/log/site/index.log 2>&1",
        ),
        (
            ("daily", "45 3 * * *", "45 * * * *"),
            ("weekly", "0 17 * * 5", "0 17 * * 6"),
            ("frequent", "*/2 * * * *", "* * * * *"),
            ("comment", "# Send the weekly digest emails on Fridays at 17:00\n", ""),
            ("logs", ">> /var/log/site/certbot.log 2>&1", "> /dev/null 2>&1"),
            ("errors", "queue.log 2>&1", "queue.log"),
            ("mailto", "MAILTO=webmaster@tallyho.dev", "MAILTO=root"),
            ("absolute", "/usr/bin/certbot renew", "certbot renew"),
        ),
    ),
    Crontab(
        "Write the crontab for our ETL box: pull the sales feed every 15 minutes, run the nightly ETL at 11:50 "
        "pm, export the finance extract every Wednesday at 6:30 am, and vacuum the Postgres staging database "
        "every Saturday at 1:00 am. Every job gets a comment above it, output and "
        "errors go to a log in /data/logs, cron mail to data-oncall@brightlane.com, absolute paths only, and no "
        "jobs other than these four.",
        "Here's the crontab:\n\n```bash\nSHELL=/bin/bash\nMAILTO=data-oncall@brightlane.com\n\n"
        "# Pull the sales feed every 15 minutes\n"
        "*/15 * * * * /opt/etl/bin/pull-sales.sh >> /data/logs/pull-sales.log 2>&1\n\n"
        "# Run the nightly ETL at 23:50\n50 23 * * * /opt/etl/bin/run-etl.sh --nightly >> /data/logs/etl.log 2>&1\n\n"
        "# Export the finance extract every Wednesday at 06:30\n"
        "30 6 * * 3 /opt/etl/bin/finance-export.sh >> /data/logs/finance-export.log 2>&1\n\n"
        "# Vacuum the staging database on Saturdays at 01:00\n"
        "0 1 * * 6 /usr/bin/vacuumdb --analyze staging >> /data/logs/vacuum.log 2>&1\n```\n\n"
        "All times are in the server's time zone.",
        ("run-etl", "50", "23"),
        ("finance", 3),
        4,
        "data-oncall@brightlane.com",
        (
            "pull-sales.log 2>&1",
            "\n\n# Delete staging files older than 7 days, daily at 02:00\n"
            "0 2 * * * /usr/bin/find /data/staging -mtime +7 -delete >> /data/logs/cleanup.log 2>&1",
        ),
        (
            ("daily", "50 23 * * *", "50 11 * * *"),
            ("weekly", "30 6 * * 3", "30 6 3 * *"),
            ("frequent", "*/15 * * * *", "* * * * *"),
            ("comment", "# Run the nightly ETL at 23:50\n", ""),
            ("logs", ">> /data/logs/vacuum.log 2>&1", "> /dev/null 2>&1"),
            ("errors", "finance-export.log 2>&1", "finance-export.log"),
            ("mailto", "MAILTO=data-oncall@brightlane.com", "MAILTO=data@brightlane.com"),
            ("absolute", "/usr/bin/vacuumdb --analyze", "vacuumdb --analyze"),
        ),
    ),
)


def build(crontab: Crontab, on: dict[str, bool]) -> str:
    text = crontab.text
    after, extra = crontab.extra
    if not on["count"]:
        text = text.replace(after, after + extra, 1)
    return slipped(text, crontab.slips, on, crontab.mailto)


# Reading a crontab ---------------------------------------------------------------------------


def lines_of(answer: str) -> list[str]:
    """The lines in fenced blocks, or every line when there are none."""
    if "```" not in answer:
        return answer.splitlines()
    out, fenced = [], False
    for line in answer.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        elif fenced:
            out.append(line)
    return out


def job_of(line: str) -> tuple[list[str], str] | None:
    """(the five schedule fields, the command) of a job line, or None."""
    match = JOB.match(line)
    if not match or line.lstrip().startswith("#") or ENV.match(line):
        return None
    fields = [match.group(at) for at in range(1, 6)]
    return (fields, match.group(6)) if all(FIELD.fullmatch(f) for f in fields) else None


def jobs(answer: str) -> list[tuple[list[str], str, str]]:
    """(fields, command, the line before it that is not blank) for every job."""
    out, before = [], ""
    for line in lines_of(answer):
        if found := job_of(line):
            out.append((*found, before))
        if line.strip():
            before = line.strip()
    return out


def env(answer: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip("\"'") for line in lines_of(answer) if (m := ENV.match(line))}


def job(answer: str, word: str) -> list[str] | None:
    return next((fields for fields, command, _ in jobs(answer) if word in command), None)


def on_day(field: str, day: int) -> bool:
    return field.lower() in (str(day), DAYS[day]) or (day == 0 and field == "7")


def candidates(rng: random.Random, crontab: Crontab, answer: str) -> list[Criterion]:
    found = jobs(answer)
    word, minute, hour = crontab.daily
    daily = job(answer, word)
    weekly_word, day = crontab.weekly
    weekly = job(answer, weekly_word)
    when = f"{int(hour):02d}:{minute}"
    name = NAMES[day]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "daily",
            daily == [minute, hour, "*", "*", "*"],
            (f"The {word} job is scheduled daily at {when}", f"Runs the {word} job once a day at {when}"),
        ),
        (
            "weekly",
            weekly is not None and weekly[2:4] == ["*", "*"] and on_day(weekly[4], day),
            (f"The {weekly_word} job runs on {name}s only", f"Schedules the {weekly_word} job weekly on {name}"),
        ),
        (
            "frequent",
            bool(found) and not any(fields[:2] == ["*", "*"] for fields, _, _ in found),
            ("No job runs every minute", "None of the jobs is scheduled to run every minute"),
        ),
        (
            "comment",
            bool(found) and all(before.startswith("#") for _, _, before in found),
            ("Every job has a comment line directly above it", "Each job is preceded by a comment explaining it"),
        ),
        (
            "logs",
            bool(found) and all(LOG.search(command) for _, command, _ in found),
            (
                "Every job appends its output to a log file",
                "Each job's output is redirected to a log file, not thrown away",
            ),
        ),
        (
            "errors",
            bool(found) and all(ERRORS.search(command) for _, command, _ in found),
            ("Every job also captures stderr (2>&1)", "Each job redirects its errors as well as its output"),
        ),
        (
            "mailto",
            env(answer).get("MAILTO") == crontab.mailto,
            (f"Sets MAILTO to {crontab.mailto}", f"Cron mail goes to {crontab.mailto} via a MAILTO line"),
        ),
        (
            "absolute",
            bool(found) and all(command.startswith("/") for _, command, _ in found),
            ("Every command is called by its absolute path", "All commands use full paths, starting with /"),
        ),
        (
            "count",
            len(found) == crontab.jobs,
            (f"Defines exactly {crontab.jobs} jobs", f"Has {crontab.jobs} cron jobs, no more and no fewer"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("daily", "weekly", "frequent", "comment", "logs", "errors", "mailto", "absolute", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CRONTABS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
