"""Job posting family (tuning, documents): a Markdown job advert for one role, one of the
`docs` tuning set, written to tune the grader on criteria about documents (run as
`--set docs`).

An answer is a `# ` heading, a paragraph on the company, the role and where it is done, a
`What you'll do` list, a `Requirements` list, a `What we offer` section with the salary and a
`How to apply` section, assembled from switches: the role's title as the heading or a slogan;
the city or country the task names with its remote policy, or the remote policy alone; a
salary range whose top is within 20% of its bottom or one copied wider from the budget; as
many requirements as the task asks for or one more; an email address to apply to or only a
careers page; a gendered or "rockstar"-type word or none; the application deadline or a
rolling close; the benefits or none. Every truth is a function of the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "job_posting"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RANGE_PERCENT = 20
"""The most the advertised salary's top may be above its bottom, in percent of the bottom."""
SALARY = re.compile(r"([£€$])(\d{1,3}(?:,\d{3})*)\s*(?:to|–|-)\s*[£€$]?(\d{1,3}(?:,\d{3})*)")
REMOTE = re.compile(r"\b(?:remote(?:ly)?|from home|hybrid)\b", re.IGNORECASE)
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
GENDERED = re.compile(
    r"\b(?:he|she|him|his|her|hers|himself|herself|guys|rockstar|ninja|guru|manpower|salesman|chairman)\b",
    re.IGNORECASE,
)
DATE = re.compile(
    r"\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) "
    r"\d{4}\b"
)
BENEFITS = re.compile(
    r"\b(?:holiday|vacation|pension|health insurance|health and dental|learning budget|parental leave|"
    r"transport pass|stock options)\b",
    re.IGNORECASE,
)
NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Opening:
    task: str
    role: str
    slogan: str
    """A heading that does not name the role."""
    intro: str
    """A sentence on the company that names no place."""
    role_line: str
    """A sentence that names the role (always there, so the role is in every answer)."""
    places: tuple[str, ...]
    """The city or country the task names; only `place` mentions them."""
    place: str
    """Where the job is and how much of it can be done from home."""
    vague_place: str
    """The remote policy alone, with no city or country."""
    duties: tuple[str, ...]
    requirements: tuple[str, ...]
    """One more than the task asks for; the answer that keeps to the count drops the last."""
    currency: str
    narrow: tuple[int, int]
    """A salary range whose top is at most `RANGE_PERCENT` above its bottom."""
    wide: tuple[int, int]
    """A range within the budget whose top is more than `RANGE_PERCENT` above its bottom."""
    email: str
    careers_page: str
    """How to apply without an email address."""
    deadline: str
    gendered: str
    """A sentence with one gendered or "rockstar"-type word."""
    benefits: str


OPENINGS = (
    Opening(
        "Write a job posting for a Senior Backend Engineer at Fernway, which makes route-planning software for "
        "delivery firms. The job is in Leeds, in the office two days a week and from home the rest. The budget "
        "is £60,000 to £80,000, but keep the advertised range's top within 20% of its bottom. List exactly four "
        "requirements. Applications go to jobs@fernway.io and close on 31 March 2027.",
        "Senior Backend Engineer",
        "Come build routing software with Fernway",
        "Fernway makes route-planning software that 300 delivery firms rely on every morning.",
        "We are hiring a Senior Backend Engineer to grow the API behind it.",
        ("Leeds",),
        "You would work from our Leeds office on Tuesdays and Thursdays and from home the rest of the week.",
        "You would work from home three days a week.",
        (
            "Design and build new endpoints for the routing API",
            "Review code and pair with two mid-level engineers",
            "Take a share of the on-call rota, about one week in six",
        ),
        (
            "Five or more years building web backends in Python or Go",
            "Solid experience with PostgreSQL, including query tuning",
            "Experience running services in production and being on call for them",
            "Clear written English for design documents",
            "A degree in computer science or a related field",
        ),
        "£",
        (65_000, 75_000),
        (62_000, 76_000),
        "jobs@fernway.io",
        "Apply through the form on our careers page.",
        "31 March 2027",
        "He will own the routing API from design to on-call.",
        "On top of that: 28 days' holiday plus bank holidays, a pension with a 6% employer match and £1,000 a "
        "year for courses and conferences.",
    ),
    Opening(
        "Write a job posting for a Data Analyst at Calloway Health, which makes booking software for clinics. "
        "The job is remote from anywhere in Portugal, with a team day at the Lisbon office once a quarter. The "
        "budget is €38,000 to €50,000, but keep the advertised range's top within 20% of its bottom. List "
        "exactly three requirements. Applications go to careers@calloway.pt and close on 15 January 2027.",
        "Data Analyst",
        "Help clinics make sense of their bookings",
        "Calloway Health makes booking software for 1,200 clinics.",
        "We are looking for a Data Analyst to turn that booking data into reports clinics act on.",
        ("Portugal", "Lisbon"),
        "The job is remote from anywhere in Portugal, with a team day at our Lisbon office once a quarter.",
        "The job is remote, with a team day once a quarter.",
        (
            "Build and maintain the dashboards clinics see each week",
            "Answer questions from the product team with SQL and a short write-up",
            "Check the quality of the booking data and flag gaps",
        ),
        (
            "Two or more years of analysis work with SQL",
            "Comfortable with Python or R for cleaning data",
            "Fluent in Portuguese and English",
            "Experience with Looker or a similar BI tool",
        ),
        "€",
        (40_000, 48_000),
        (38_000, 50_000),
        "careers@calloway.pt",
        "Apply on our careers site with your CV.",
        "15 January 2027",
        "The ideal candidate is a SQL ninja who enjoys a messy dataset.",
        "You also get private health insurance, a home-office allowance and 25 days of paid vacation.",
    ),
    Opening(
        "Write a job posting for a Product Designer at Brightloop, which makes scheduling software for "
        "restaurants. The job is in Berlin, three days a week in the office and two from home. The budget is "
        "€60,000 to €85,000, but keep the advertised range's top within 20% of its bottom. List exactly five "
        "requirements. Applications go to design-jobs@brightloop.de and close on 28 February 2027.",
        "Product Designer",
        "Design the tools restaurants use every shift",
        "Brightloop makes scheduling software for 4,000 restaurants.",
        "We need a Product Designer to shape how managers plan their staff's week.",
        ("Berlin",),
        "You'd be in our Berlin office three days a week and work from home on the other two.",
        "You'd work from home two days a week.",
        (
            "Run research sessions with restaurant managers",
            "Design new flows from first sketch to finished prototype",
            "Work with engineers until each flow ships",
        ),
        (
            "Three or more years designing web or mobile products",
            "A portfolio with at least two shipped projects",
            "Confident with Figma, including components and auto layout",
            "Experience running user interviews",
            "Good spoken English; German is a plus",
            "Some experience writing front-end code",
        ),
        "€",
        (62_000, 72_000),
        (60_000, 75_000),
        "design-jobs@brightloop.de",
        "Send your portfolio through the form on our jobs page.",
        "28 February 2027",
        "We're after a rockstar who sweats every pixel.",
        "There is also a yearly learning budget of €1,500, 30 days of paid vacation and a public transport pass.",
    ),
    Opening(
        "Write a job posting for a Customer Support Lead at Tallyhoo, which makes accounting software for small "
        "businesses. The job is remote from anywhere in Canada, working Toronto office hours. The budget is "
        "$70,000 to $90,000, but keep the advertised range's top within 20% of its bottom. List exactly four "
        "requirements. Applications go to support-hiring@tallyhoo.ca and close on 10 April 2027.",
        "Customer Support Lead",
        "Lead the team small businesses call first",
        "Tallyhoo makes accounting software for 20,000 small businesses.",
        "We are hiring a Customer Support Lead to run the team that answers their questions.",
        ("Canada", "Toronto"),
        "You can work remotely from anywhere in Canada, keeping Toronto office hours (Eastern Time).",
        "You can work remotely, keeping our usual office hours.",
        (
            "Coach six support agents and run their weekly one-to-ones",
            "Own the help centre and keep its articles current",
            "Report the top customer issues to the product team each month",
        ),
        (
            "Three or more years in customer support, one of them leading others",
            "Experience with Zendesk or a similar help desk",
            "Calm, clear writing for upset customers",
            "Comfortable reading a profit and loss statement",
            "A background in bookkeeping or accounting",
        ),
        "$",
        (72_000, 84_000),
        (70_000, 86_000),
        "support-hiring@tallyhoo.ca",
        "Apply through the link on our careers page.",
        "10 April 2027",
        "She will report to our Head of Customer Experience.",
        "You also get a health and dental plan, three weeks of paid vacation and a monthly phone allowance.",
    ),
)


def build(opening: Opening, on: dict[str, bool]) -> str:
    intro = [opening.intro, opening.role_line]
    if on["gendered"]:
        intro.append(opening.gendered)
    intro.append(opening.place if on["place"] else opening.vague_place)
    requirements = opening.requirements[:-1] if on["requirements"] else opening.requirements
    low, high = opening.narrow if on["narrow"] else opening.wide
    offer = [f"The salary is {opening.currency}{low:,} to {opening.currency}{high:,} a year."]
    if on["benefits"]:
        offer.append(opening.benefits)
    apply = f"Send your CV and a few lines about yourself to {opening.email}." if on["email"] else opening.careers_page
    close = (
        f"Applications close on {opening.deadline}."
        if on["deadline"]
        else "We read applications as they come in and close the role once it is filled."
    )
    lines = [f"# {opening.role if on['title'] else opening.slogan}", "", " ".join(intro), "", "## What you'll do", ""]
    lines += [f"- {duty}" for duty in opening.duties]
    lines += ["", "## Requirements", ""]
    lines += [f"- {item}" for item in requirements]
    lines += ["", "## What we offer", "", " ".join(offer), "", "## How to apply", "", f"{apply} {close}"]
    return "\n".join(lines)


def first_line(answer: str) -> str:
    return answer.strip().splitlines()[0]


def section(answer: str, name: str) -> str:
    """The text under the `## name` heading, up to the next `## ` heading."""
    parts = re.split(rf"^## {re.escape(name)}\s*$", answer, maxsplit=1, flags=re.MULTILINE)
    return re.split(r"^## ", parts[1], maxsplit=1, flags=re.MULTILINE)[0] if len(parts) == 2 else ""


def requirement_count(answer: str) -> int:
    return len(re.findall(r"^- \S", section(answer, "Requirements"), re.MULTILINE))


def salary_range(answer: str) -> tuple[int, int] | None:
    """The first salary range the answer gives (bottom, top), if it gives one."""
    found = SALARY.search(answer)
    return (int(found.group(2).replace(",", "")), int(found.group(3).replace(",", ""))) if found else None


def range_within(answer: str, percent: int) -> bool:
    """The range's top is at most `percent` above its bottom (integer arithmetic, no rounding)."""
    found = salary_range(answer)
    return found is not None and found[1] * 100 <= found[0] * (100 + percent)


def says_where(answer: str, places: tuple[str, ...]) -> bool:
    """Names a city or country of the job and says how much of it can be done remotely."""
    return any(place in answer for place in places) and REMOTE.search(answer) is not None


def candidates(rng: random.Random, opening: Opening, answer: str) -> list[Criterion]:
    count = NUMBER_WORDS[len(opening.requirements) - 1]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "title_first",
            opening.role.lower() in first_line(answer).lower(),
            ("The first line is the job title", f"Opens with the role's title, {opening.role}"),
        ),
        (
            "where",
            says_where(answer, opening.places),
            (
                "Says where the job is based and whether it can be done remotely",
                "Names the city or country of the job and how much of it can be done from home",
            ),
        ),
        (
            "salary_range",
            range_within(answer, RANGE_PERCENT),
            (
                "The salary range's top is at most 20% above its bottom",
                "Advertises a pay range no wider than 20% of its lower end",
            ),
        ),
        (
            "requirements",
            requirement_count(answer) == len(opening.requirements) - 1,
            (f"Lists exactly {count} requirements", f"Has {count} bullet points under Requirements, no more"),
        ),
        (
            "email",
            EMAIL.search(section(answer, "How to apply")) is not None,
            ("Gives an email address to apply to", "Explains how to apply, with an email address"),
        ),
        (
            "neutral",
            GENDERED.search(answer) is None,
            (
                "Does not use gendered words or terms like 'rockstar' or 'ninja'",
                "Makes no use of he/she pronouns or 'guru'-style labels for the candidate",
            ),
        ),
        (
            "deadline",
            DATE.search(answer) is not None,
            ("Gives a deadline for applications", "Says by which date candidates must apply"),
        ),
        (
            "benefits",
            BENEFITS.search(answer) is not None,
            ("Mentions benefits beyond the salary", "Says what perks come with the job"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("title", "place", "narrow", "requirements", "email", "gendered", "deadline", "benefits")
    return switched_cases(
        FAMILY, OPENINGS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
