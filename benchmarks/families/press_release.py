"""Press release family (fresh4): a short company press release announcing what the task
describes (a funding round, a new factory, a product launch, a store opening), a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh4`, never in
`all`, `new`, `docs`, `held`, `fresh`, `fresh2` or `fresh3`.

An answer is the release, after a lead-in line or none and in a fenced block or not, assembled
from switches: a headline within the task's word limit or a couple of words over it, the
dateline with the city and date the task gives or a date a day off, the quote attributed to the
person the task names or to a colleague, an "About <company>" section or one headed "About Us",
the media contact's email as the task gives it or a letter off, the media contact after the
About section or before it, the figure the task gives or a near one, and no hype word or one
slipped into the quote. Every truth is a function of the release's text: the headline, the
paragraphs and the section lines are read off line by line (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "press_release"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(.+?)\s*#*\s*|\*\*(.+?)\*\*\s*)$")
HYPE = re.compile(r"\b(?:revolutionary|game[- ]changing|world[- ]class|best[- ]in[- ]class|cutting[- ]edge)\b", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
QUOTE = re.compile(r"[“\"][^”\"]{20,}[”\"]")
CONTACT = re.compile(r"^\W*(?:media|press)\s+(?:contact|enquiries|inquiries)\b", re.IGNORECASE)
ABOUT = re.compile(r"^\W*About\b")


@dataclass(frozen=True)
class Release:
    task: str
    lead: str
    """The line before the release, or empty."""
    fenced: bool
    """Whether the release sits in a ```markdown block."""
    bold: bool
    """A bold headline (`**...**`) rather than a `#` heading."""
    company: str
    headline: str
    long_headline: str
    """The headline with a few words more, over the limit."""
    limit: int
    dateline: str
    wrong_dateline: str
    """The dateline with the date a day off."""
    opening: str
    """The first paragraph after the dateline, with `{figure}`."""
    figure: str
    """A regex for the figure the task gives."""
    what: str
    """What the figure counts."""
    shown: str
    wrong_figure: str
    quote: str
    """The quote, with `{hype}` where a hype word may go (`{hype}` is empty or the word and a space)."""
    hype: str
    speaker: str
    """`Name, title` as the task gives them."""
    colleague: str
    """Another person of the company the quote is given to instead."""
    said: str
    """How the quote is attributed: `{quote}` and `{who}`."""
    detail: str
    boilerplate: str
    contact: tuple[str, str, str]
    """(name, email, phone) of the media contact."""
    wrong_email: str


RELEASES = (
    Release(
        "Write a short press release for Northwind Robotics announcing its $12 million Series A round, led by "
        "Foundry Peak Ventures. Dateline: AUSTIN, Texas, March 3, 2026. Keep the headline to 10 words or fewer, "
        "include a quote from the CEO, Dana Whitfield, end with an About Northwind Robotics boilerplate and then "
        "the media contact (Leo Park, press@northwindrobotics.com, +1 512 555 0142). Avoid hype words like "
        '"revolutionary" or "game-changing".',
        "Here's a press release you can adapt:",
        False,
        False,
        "Northwind Robotics",
        "Northwind Robotics Raises Series A to Automate Warehouse Picking",
        "Northwind Robotics Raises Series A Funding to Automate Warehouse Picking Across America",
        10,
        "AUSTIN, Texas, March 3, 2026",
        "AUSTIN, Texas, March 4, 2026",
        "Northwind Robotics, which builds picking robots for mid-sized warehouses, today announced a {figure} "
        "Series A round led by Foundry Peak Ventures. The company will use the funding to double its engineering "
        "team and bring its second-generation picking arm to market this autumn.",
        r"\$12 million",
        "the size of the round",
        "$12 million",
        "$15 million",
        "Mid-sized warehouses have been priced out of automation for too long. This {hype}round lets us put "
        "reliable picking robots within their reach",
        "game-changing ",
        "Dana Whitfield, CEO",
        "Marco Reyes, chief technology officer",
        '"{quote}," said {who} of Northwind Robotics.',
        "Northwind's robots are already in use at fourteen sites across Texas and Oklahoma, where they handle "
        "more than 40,000 picks a day.",
        "Northwind Robotics designs and builds picking robots for mid-sized warehouses. Founded in 2021, the "
        "company is based in Austin and employs 38 people.",
        ("Leo Park", "press@northwindrobotics.com", "+1 512 555 0142"),
        "press@northwindrobotic.com",
    ),
    Release(
        "Draft a press release: Halden Foods is opening a new bakery plant in Leeds that will create 250 jobs, "
        "production starting in September. Dateline LEEDS, England, May 12, 2026. Headline of at most 9 words. "
        "Quote from the operations director, Priya Nair. Finish with an About Halden Foods section followed by the "
        "media contact, Sam Rowe, media@haldenfoods.co.uk, 0113 496 0871. No hype such as world-class.",
        "",
        False,
        True,
        "Halden Foods",
        "Halden Foods to Open New Bakery in Leeds",
        "Halden Foods to Open Big New Bakery Plant in Leeds This Autumn",
        9,
        "LEEDS, England, May 12, 2026",
        "LEEDS, England, May 13, 2026",
        "Halden Foods today confirmed that it will open a new bakery plant on the Stourton industrial estate, "
        "creating {figure} jobs. Production is due to start in September, and recruitment opens next month.",
        r"(?<![\d,])250 (?:new )?jobs",
        "the number of new jobs",
        "250",
        "205",
        "Leeds has the skilled people and the transport links we need. We are proud to be building a {hype}plant "
        "here and to be hiring locally",
        "world-class ",
        "Priya Nair, operations director",
        "Tom Ellery, finance director",
        "{who} at Halden Foods, said: “{quote}.”",
        "The plant will bake bread and rolls for supermarkets across the north of England, and it will run on "
        "electricity from renewable sources.",
        "Halden Foods is a family-owned bakery business founded in 1962. It runs three plants in Yorkshire and "
        "supplies bread to retailers across the UK.",
        ("Sam Rowe", "media@haldenfoods.co.uk", "0113 496 0871"),
        "media@haldenfood.co.uk",
    ),
    Release(
        "Write a press release announcing that Brightline Analytics has launched Pulse 2.0, which runs reports "
        "40% faster than the previous version. Use the dateline BOSTON, Mass., October 6, 2026. The headline must "
        "not exceed 8 words. Include a quote from Chief Product Officer Elena Varga, an About Brightline Analytics "
        "section and, after it, the media contact: Jordan Tate, news@brightline.io, +1 617 555 0199. Skip any "
        'hype ("revolutionary", "cutting-edge" and so on).',
        "Sure, here is a draft press release for the Pulse 2.0 launch.",
        True,
        False,
        "Brightline Analytics",
        "Brightline Launches Pulse 2.0 With Faster Reports",
        "Brightline Analytics Launches Pulse 2.0 With Much Faster Reports",
        8,
        "BOSTON, Mass., October 6, 2026",
        "BOSTON, Mass., October 5, 2026",
        "Brightline Analytics today released Pulse 2.0, the new version of its reporting platform for retail "
        "teams. Reports in Pulse 2.0 run {figure} faster than in the previous version, thanks to a rebuilt query "
        "engine.",
        r"(?<![\d.])40 ?%|(?<![\d.])40 per ?cent",
        "the speed-up",
        "40%",
        "45%",
        "Our customers told us they were waiting on reports instead of acting on them. Pulse 2.0 is our "
        "{hype}answer: the numbers are there when you need them",
        "revolutionary ",
        "Elena Varga, Chief Product Officer",
        "Owen Blake, head of engineering",
        '"{quote}," said {who}.',
        "Pulse 2.0 is available today to all customers at no extra cost, and a free trial is open to new teams.",
        "Brightline Analytics makes reporting software for retail and consumer brands. The company was founded "
        "in 2017 and has offices in Boston and Dublin.",
        ("Jordan Tate", "news@brightline.io", "+1 617 555 0199"),
        "news@brightlines.io",
    ),
    Release(
        "Please write a press release for Juniper & Vale, the outdoor clothing brand, announcing its first store "
        "in Denver, opening on June 20. The brand now has 1,200 stockists worldwide. Dateline: DENVER, Colo., "
        "June 2, 2026. Headline: 10 words or fewer. Quote from founder Maya Lindgren. Close with an About Juniper "
        "& Vale paragraph and then the media contact, Chris Hale, press@junipervale.com, +1 303 555 0117. Keep "
        "it free of hype words (no best-in-class, revolutionary etc.).",
        "Here is the press release:",
        True,
        True,
        "Juniper & Vale",
        "Juniper & Vale Opens Its First Store in Denver",
        "Outdoor Brand Juniper & Vale Opens Its Very First Store in Downtown Denver",
        10,
        "DENVER, Colo., June 2, 2026",
        "DENVER, Colo., June 3, 2026",
        "Juniper & Vale will open its first store on Larimer Street on June 20. The outdoor clothing brand, sold "
        "until now through {figure} stockists worldwide, chose Denver for its closeness to the mountains and its "
        "community of hikers and climbers.",
        r"(?<![\d,])1,?200 stockists",
        "the number of stockists",
        "1,200",
        "1,100",
        "Denver is where so many of our customers actually use our gear. Opening a {hype}store here lets us meet "
        "them in person and repair their jackets on the spot",
        "best-in-class ",
        "Maya Lindgren, founder",
        "Noah Brandt, retail director",
        "“{quote},” said {who} of Juniper & Vale.",
        "The store will offer free repairs on any Juniper & Vale garment and host monthly trail clean-ups.",
        "Juniper & Vale makes durable outdoor clothing from recycled materials. Founded in Portland in 2015, the "
        "brand offers lifetime repairs on everything it sells.",
        ("Chris Hale", "press@junipervale.com", "+1 303 555 0117"),
        "press@junipervail.com",
    ),
)


def build(release: Release, on: dict[str, bool]) -> str:
    headline = release.headline if on["headline"] else release.long_headline
    dateline = release.dateline if on["dateline"] else release.wrong_dateline
    opening = release.opening.format(figure=release.shown if on["figure"] else release.wrong_figure)
    quote = release.quote.format(hype="" if on["no_hype"] else release.hype)
    name, title = (release.speaker if on["quote"] else release.colleague).split(", ", 1)
    said = release.said.format(quote=quote, who=f"{name}, {title}")
    about_title = f"About {release.company}" if on["about"] else "About Us"
    about = f"**{about_title}**" if release.bold else f"## {about_title}"
    contact_name, email, phone = release.contact
    email = email if on["contact"] else release.wrong_email
    contact = f"**Media contact:**\n{contact_name}\n{email}\n{phone}"
    tail = [about, release.boilerplate, contact] if on["contact_last"] else [contact, about, release.boilerplate]
    top = f"**{headline}**" if release.bold else f"# {headline}"
    text = "\n\n".join([top, f"{dateline} — {opening}", said, release.detail, *tail, "###"])
    if release.fenced:
        text = f"```markdown\n{text}\n```"
    return f"{release.lead}\n\n{text}" if release.lead else text


# Reading a release ---------------------------------------------------------------------------


def lines_of(answer: str) -> list[str]:
    """The answer's lines without the fence lines."""
    return [line for line in answer.splitlines() if not line.strip().startswith("```")]


def headline(answer: str) -> str | None:
    """The first heading or wholly bold line."""
    for line in lines_of(answer):
        if match := HEADING.match(line):
            return (match.group(1) or match.group(2)).strip()
    return None


def paragraphs(answer: str) -> list[str]:
    """The blocks of text after the headline, headings and bold lines left out."""
    lines = lines_of(answer)
    start = next((at for at, line in enumerate(lines) if HEADING.match(line)), len(lines))
    blocks = re.split(r"\n\s*\n", "\n".join(lines[start + 1 :]))
    return [block.strip() for block in blocks if block.strip() and not HEADING.match(block.strip())]


def opens_with_dateline(answer: str, dateline: str) -> bool:
    body = paragraphs(answer)
    return bool(body) and re.match(rf"{re.escape(dateline)}\s*[—–-]", body[0]) is not None


def quoted_by(answer: str, person: str) -> bool:
    """A paragraph holds a quotation and the person's full name."""
    return any(QUOTE.search(block) and person in block for block in paragraphs(answer))


def has_about(answer: str, company: str) -> bool:
    wanted = f"about {company}".lower()
    return any(line.strip(" #*:").strip().lower() == wanted for line in lines_of(answer))


def line_index(answer: str, pattern: re.Pattern[str]) -> int | None:
    return next((at for at, line in enumerate(lines_of(answer)) if pattern.match(line)), None)


def contact_after_about(answer: str) -> bool:
    contact, about = line_index(answer, CONTACT), line_index(answer, ABOUT)
    return contact is not None and about is not None and contact > about


def candidates(rng: random.Random, release: Release, answer: str) -> list[Criterion]:
    person, email, title = release.speaker.split(", ")[0], release.contact[1], headline(answer) or ""
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "headline",
            0 < len(title.split()) <= release.limit,
            (
                f"The headline is no longer than {release.limit} words",
                f"Keeps the headline to {release.limit} words at most",
            ),
        ),
        (
            "dateline",
            opens_with_dateline(answer, release.dateline),
            (
                f'The first paragraph begins with the dateline "{release.dateline}"',
                f"Uses the dateline {release.dateline} at the start of the body",
            ),
        ),
        (
            "quote",
            quoted_by(answer, person),
            (f"Includes a quote attributed to {person}", f"Quotes {person} by name"),
        ),
        (
            "about",
            has_about(answer, release.company),
            (
                f'Has a boilerplate section headed "About {release.company}"',
                f"Includes an About {release.company} section",
            ),
        ),
        (
            "contact",
            email in EMAIL.findall(answer),
            (f"Gives {email} as the media contact email", f"The media contact's email address is {email}"),
        ),
        (
            "contact_last",
            contact_after_about(answer),
            (
                "The media contact comes after the About section",
                "Places the media contact details below the company boilerplate",
            ),
        ),
        (
            "figure",
            re.search(release.figure, answer) is not None,
            (f"States {release.what} as {release.shown}", f"Gets {release.what} right ({release.shown})"),
        ),
        (
            "no_hype",
            HYPE.search(answer) is None,
            (
                'Avoids hype words such as "revolutionary", "game-changing" or "world-class"',
                "Contains no marketing hype words",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("headline", "dateline", "quote", "about", "contact", "contact_last", "figure", "no_hype")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RELEASES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
