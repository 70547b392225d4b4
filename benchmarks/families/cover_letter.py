"""Cover letter family (fresh3): a short letter applying for a job the task describes (a junior
data analyst, a UX designer, a warehouse shift supervisor, a teaching assistant), a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh3`,
never in `all`, `new`, `docs`, `held`, `fresh` or `fresh2`.

An answer is the letter, after a lead-in line or none, assembled from switches: the greeting
with the hiring manager's name as the task gives it or misspelt by a letter, the job reference
the task gives or with two digits swapped, both skills the task names or one of them swapped
for a neighbouring one, no word about pay or a sentence of salary expectations in the closing
paragraph, a length well under the task's word limit or a paragraph's worth of sentences more
that takes it well over, the full name under the closing or the first name only, three body
paragraphs or the closing paragraph split in two, and the company named in the opening
paragraph or only in the closing one. Every truth is a function of the answer's text: the
greeting, the body paragraphs and the signature are read off by their lines (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "cover_letter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
GREETING = re.compile(r"^\s*(?:Dear|Hello|Hi)\b", re.IGNORECASE)
CLOSING = re.compile(
    r"^\s*(?:Kind regards|Best regards|Warm regards|Yours sincerely|Yours faithfully|Sincerely|Best wishes|"
    r"With thanks|Many thanks)\s*,?\s*$",
    re.IGNORECASE,
)
PAY = re.compile(
    r"\b(?:salary|salaries|pay|compensation|remuneration|wages?|per annum|hourly rate)\b|[£$€]\s?\d", re.IGNORECASE
)
WORD = re.compile(r"[A-Za-z0-9£$€][\w'’£$€.,&-]*")


@dataclass(frozen=True)
class Application:
    task: str
    lead: str
    """The line before the letter, or empty."""
    manager: str
    """The hiring manager as the greeting names them (`Ms. Raman`)."""
    misspelt: str
    company: str
    reference: str
    wrong_reference: str
    """The reference with two digits swapped."""
    skills: tuple[str, str]
    swapped: str
    """The skill an answer that misses the second one names instead."""
    limit: int
    """The word limit the task gives."""
    opening: str
    """The first paragraph, with `{ref}` and `{where}` (the company's name, or a phrase without it)."""
    elsewhere: str
    """What the opening says for `{where}` in an answer that names the company only later."""
    experience: str
    """The second paragraph, with `{skill}` where the second skill goes."""
    more: str
    """Sentences that take the letter over the limit, added to the second paragraph."""
    thanks: str
    """The closing paragraph's first sentences, with `{us}` (the company's name or `your team`)."""
    salary: str
    """A sentence of pay expectations, ending the closing paragraph's first part."""
    last: str
    """The closing paragraph's last sentence (a paragraph of its own when the letter is split)."""
    closing: str
    applicant: str


APPLICATIONS = (
    Application(
        "Write a cover letter for Tomás Alvarez, who is applying for the Junior Data Analyst role at Harbor & Finch "
        "(job reference DA-2291). Address it to the hiring manager, Ms. Priya Raman. Keep it under 200 words and in "
        "three paragraphs, mention his SQL and Tableau experience, don't bring up money, and sign it with his full "
        "name. He spent two years as an operations assistant at Calloway Freight, where he built the weekly "
        "reporting, and he has just finished a data analytics certificate.",
        "Here's a cover letter Tomás can send with his application:",
        "Ms. Raman",
        "Ms. Ramen",
        "Harbor & Finch",
        "DA-2291",
        "DA-2219",
        ("SQL", "Tableau"),
        "Power BI",
        200,
        "I am writing to apply for the Junior Data Analyst role at {where} (reference {ref}). Turning messy "
        "operational data into clear decisions is exactly the work I want to do, and I believe my background makes "
        "me a strong fit.",
        "your company",
        "For the past two years I have worked as an operations assistant at Calloway Freight, where I built the "
        "weekly reporting our managers rely on. I wrote SQL queries against our shipment database to track late "
        "deliveries and designed {skill} dashboards that cut the Monday report from half a day to twenty minutes. "
        "This spring I completed a data analytics certificate, which gave me a firmer grounding in statistics and "
        "data cleaning.",
        "Outside work I am treasurer of a local running club, where I keep the membership records and write a short "
        "quarterly summary of income and spending for the committee. I enjoy detailed, careful work of this kind, "
        "and colleagues often come to me when a spreadsheet needs untangling. I am also comfortable explaining "
        "numbers to people who do not work with data every day.",
        "Thank you for considering my application. I would be delighted to bring these skills to {us}.",
        "I am looking for a starting salary of around £29,000, though I am happy to discuss this.",
        "I would welcome the chance to talk about the role in more detail.",
        "Kind regards,",
        "Tomás Alvarez",
    ),
    Application(
        "Draft a cover letter for Grace Lindqvist for the UX Designer position at Lumen Health, reference UXD-0417. "
        "The hiring manager is Mr. David Okafor. It must stay under 150 words, have three paragraphs, mention her "
        "work in Figma and her usability testing, leave out anything about money, and end with her full name. She "
        "has four years at a fintech agency designing mobile banking apps.",
        "",
        "Mr. Okafor",
        "Mr. Okafur",
        "Lumen Health",
        "UXD-0417",
        "UXD-0471",
        ("Figma", "usability testing"),
        "user interviews",
        150,
        "I was excited to see the UX Designer opening at {where}, and I would like to apply (ref. {ref}). Designing "
        "tools that make health care less confusing is the kind of work I have wanted to move into.",
        "your company",
        "For four years I have designed mobile banking apps at Northwind Studio. I build every flow in Figma, from "
        "first sketches to the component library our developers work from, and I run regular rounds of {skill} "
        "with real customers before anything ships.",
        "Last year I led the redesign of our onboarding flow, which meant weeks of research, dozens of prototypes "
        "and a lot of careful negotiation with the compliance team. The new flow raised completed sign-ups by a "
        "fifth, and the support team reported far fewer calls from confused customers in the months after launch.",
        "I would love to bring the same care to {us}, where the people using the product are often anxious or unwell.",
        "My current salary expectation is in the region of $85,000 a year.",
        "Thank you for your time, and I hope we can speak soon.",
        "Best regards,",
        "Grace Lindqvist",
    ),
    Application(
        "Write a short cover letter for Marcus Bell, applying to be a Warehouse Shift Supervisor at Northgate "
        "Logistics (reference NL-5830). It goes to Ms. Hannah Brooks, the operations manager. Under 170 words, "
        "three paragraphs, mention his forklift licence and his health and safety training, say nothing about "
        "money, and sign it with his full name. He has six years on the warehouse floor at Parkside Foods, the "
        "last two as a team leader.",
        "Sure, here's a draft you can tailor:",
        "Ms. Brooks",
        "Ms. Brookes",
        "Northgate Logistics",
        "NL-5830",
        "NL-5380",
        ("forklift", "health and safety"),
        "first aid",
        170,
        "Please accept this letter as my application for the Warehouse Shift Supervisor role at {where}, reference "
        "{ref}. I have spent six years on the warehouse floor and I am ready to run a shift of my own.",
        "your site",
        "At Parkside Foods I started as a picker and became a team leader two years ago, looking after a crew of "
        "twelve on the night shift. I hold a counterbalance forklift licence and have completed {skill} training, "
        "and our team went the whole of last year without a reportable incident.",
        "I also plan the weekly rota for my crew, cover the loading bay when we are short, and train every new "
        "starter on the scanners and the stock system. Our pick rates have risen steadily since I took over the "
        "team, and two of the people I trained have since become team leaders themselves. I am calm under "
        "pressure and I enjoy solving problems as they come up.",
        "I am confident I could help {us} keep its shifts safe and on time.",
        "I would expect a salary of about £34,000, in line with similar roles in the area.",
        "Thank you for reading my letter, and I look forward to hearing from you.",
        "Yours sincerely,",
        "Marcus Bell",
    ),
    Application(
        "Please write a cover letter for Aisha Karim, who wants the Teaching Assistant job at St Aidan's Primary "
        "School, reference TA-0912. Address it to the head teacher, Mrs. Joan Whitaker. Keep it under 170 words "
        "in three paragraphs, mention her phonics training and her experience with special educational needs, "
        "don't talk about money, and sign it with her full name. She has volunteered in a reception class for "
        "two years while raising her own children.",
        "Here is a cover letter for Aisha:",
        "Mrs. Whitaker",
        "Mrs. Whittaker",
        "St Aidan's Primary School",
        "TA-0912",
        "TA-0921",
        ("phonics", "special educational needs"),
        "English as an additional language",
        170,
        "I am delighted to apply for the Teaching Assistant post at {where} (reference {ref}). For the past two "
        "years I have volunteered in a reception class, and it has confirmed that supporting young children in "
        "the classroom is what I want to do.",
        "your school",
        "In that time I have completed the school's phonics training and run small reading groups three mornings "
        "a week. I have also worked one to one with children with {skill}, helping them settle into the "
        "routines of the classroom.",
        "I have learned how much a calm, patient adult can change a child's day, and how important it is to keep "
        "the class teacher informed about small signs of progress. Raising my own children has also taught me to "
        "stay organised, to listen carefully, and to keep a sense of humour when plans change at the last minute.",
        "I would be proud to bring this experience to {us}.",
        "I understand the salary for this post is on scale point 5, which would suit me well.",
        "Thank you for considering my application, and I would be glad to visit the school at any time.",
        "Warm regards,",
        "Aisha Karim",
    ),
)


def build(app: Application, on: dict[str, bool]) -> str:
    where = app.company if on["company_first"] else app.elsewhere
    opening = app.opening.format(where=where, ref=app.reference if on["reference"] else app.wrong_reference)
    experience = app.experience.format(skill=app.skills[1] if on["skills"] else app.swapped)
    if not on["short"]:
        experience += " " + app.more
    thanks = app.thanks.format(us="your team" if on["company_first"] else app.company)
    if not on["no_salary"]:
        thanks += " " + app.salary
    closing = [thanks + " " + app.last] if on["paragraphs"] else [thanks, app.last]
    greeting = f"Dear {app.manager if on['greeting'] else app.misspelt},"
    signature = app.applicant if on["sign_off"] else app.applicant.split()[0]
    letter = "\n\n".join([greeting, opening, experience, *closing, f"{app.closing}\n{signature}"])
    return f"{app.lead}\n\n{letter}" if app.lead else letter


# Reading a letter ----------------------------------------------------------------------------


def lines_of(answer: str) -> list[str]:
    return answer.splitlines()


def greeting_line(answer: str) -> str | None:
    return next((line.strip() for line in lines_of(answer) if GREETING.match(line)), None)


def greets(answer: str, manager: str) -> bool:
    """The greeting is "Dear" and the manager's title and name as the task gives them (the
    title's full stop optional)."""
    line = greeting_line(answer)
    name = re.escape(manager).replace(r"\.", r"\.?")
    return line is not None and re.fullmatch(rf"Dear\s+{name}\s*[,:]?", line) is not None


def body_paragraphs(answer: str) -> list[str]:
    """The blocks of text between the greeting line and the closing line."""
    lines = lines_of(answer)
    start = next((at for at, line in enumerate(lines) if GREETING.match(line)), None)
    end = next((at for at, line in enumerate(lines) if CLOSING.match(line)), None)
    if start is None or end is None or end <= start:
        return []
    blocks = re.split(r"\n\s*\n", "\n".join(lines[start + 1 : end]))
    return [block.strip() for block in blocks if block.strip()]


def signature(answer: str) -> str | None:
    """The first line with text after the closing line."""
    lines = lines_of(answer)
    end = next((at for at, line in enumerate(lines) if CLOSING.match(line)), None)
    if end is None:
        return None
    return next((line.strip() for line in lines[end + 1 :] if line.strip()), None)


def words(text: str) -> int:
    return len(WORD.findall(text))


def names(text: str, thing: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(thing)}(?![\w-])", text, re.IGNORECASE) is not None


def candidates(rng: random.Random, app: Application, answer: str) -> list[Criterion]:
    first, second = app.skills
    body = body_paragraphs(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "greeting",
            greets(answer, app.manager),
            (
                f"Addresses the hiring manager as {app.manager} in the greeting",
                f'Opens the letter with "Dear {app.manager},"',
            ),
        ),
        (
            "reference",
            names(answer, app.reference),
            (f"Quotes the job reference {app.reference}", f'Mentions the reference number "{app.reference}"'),
        ),
        (
            "skills",
            names(answer, first) and names(answer, second),
            (f"Mentions experience with both {first} and {second}", f"Names {first} and {second} among the skills"),
        ),
        (
            "no_salary",
            PAY.search(answer) is None,
            ("Does not mention salary", "Says nothing about pay or salary expectations"),
        ),
        (
            "short",
            words(answer) < app.limit,
            (f"Is under {app.limit} words", f"Keeps the letter below {app.limit} words"),
        ),
        (
            "sign_off",
            signature(answer) == app.applicant,
            (
                f"Signs off with the applicant's full name, {app.applicant}",
                f"Ends with the full name {app.applicant} under the closing",
            ),
        ),
        (
            "paragraphs",
            len(body) == 3,
            (
                "Has exactly three paragraphs between the greeting and the sign-off",
                "The body of the letter is three paragraphs long",
            ),
        ),
        (
            "company_first",
            bool(body) and names(body[0], app.company),
            (f"Names {app.company} in the first paragraph", f"Mentions {app.company} by name in the opening paragraph"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("greeting", "reference", "skills", "no_salary", "short", "sign_off", "paragraphs", "company_first")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, APPLICATIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
