"""FAQ page family (fresh4): a Markdown FAQ page for what the task describes (a coworking space,
a to-do app, a bakery's online ordering, a library card), a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh4`, never in `all`, `new`, `docs`,
`held`, `fresh`, `fresh2` or `fresh3`.

An answer is the page, after a lead-in line or none and in a fenced block or not, assembled from
switches: a level-1 title with the name the task gives or the same title one level down, as many
questions as the task asks or one more or one fewer, every question heading ending with "?" or
one without it, every answer under the task's word limit or one that runs a few sentences over,
the question the task wants first first or second, the contact question last or second to last,
the named link with the address the task gives or a near miss of it, and no question asked twice
or one heading repeated further down over a second answer. Every truth is a function of the
page's text: the headings and the text under each are read off line by line (below). The answers'
lengths keep well clear of the limit however words are counted.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "faq_page"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(#{1,6})\s+(.*?)\s*#*\s*$")
CONTACT = re.compile(r"\b(?:contact|reach|get in touch|talk to)\b", re.IGNORECASE)
WORD = re.compile(r"[\w'’$£€.,:/&-]+")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class Page:
    task: str
    lead: str
    fenced: bool
    name: str
    level: str
    """The questions' heading marks (`##` or `###`)."""
    limit: int
    questions: tuple[tuple[str, str], ...]
    """(question, answer) in order: the one the task wants first, the one whose answer may run
    long, the one that may be asked again, the one that may lose its "?", ..., the contact one
    last, its answer with `{link}`."""
    topic: str
    """What the first question is about, as the task says it."""
    first: str
    """A regex the first question's heading matches and the second's does not."""
    longer: str
    """Sentences that take the second answer over the limit."""
    again: tuple[int, str]
    """(index, answer): the question that repeats the third one's heading, and what it says then."""
    change: tuple[int, str] | tuple[int]
    """(index, question and answer as `Q|A`) the one an answer with a question more inserts, or
    (index,) the one an answer with a question fewer leaves out."""
    link: tuple[str, str, str]
    """(text, address, a near miss of the address)."""

    @property
    def count(self) -> int:
        return len(self.questions)


PAGES = (
    Page(
        "Write a FAQ page in Markdown for Foundry Desk, our coworking space. Title it Foundry Desk FAQ as the "
        "only top-level heading, with exactly 7 questions as ### headings, each answer under 50 words. Start "
        "with the question about membership prices and end with how to contact us, linking to our contact form "
        "(https://foundrydesk.com/contact) with the link text contact form. Don't ask the same thing twice.",
        "Here's a FAQ page for the Foundry Desk site:",
        False,
        "Foundry Desk",
        "###",
        50,
        (
            (
                "How much does a membership cost?",
                "A hot desk is £180 a month and a fixed desk is £260. Day passes cost £20, and every plan "
                "includes coffee, Wi-Fi and printing.",
            ),
            ("When are you open?", "Members with a fixed desk have 24/7 access. The front desk is staffed 9:00-18:00."),
            (
                "Can I bring a guest?",
                "Yes. Each member can bring one guest a day at no charge; just sign them in at reception.",
            ),
            (
                "Is there parking nearby?",
                "There is no on-site parking, but the Kingsway car park is a two-minute walk and offers members "
                "a discount.",
            ),
            (
                "Do you have meeting rooms?",
                "We have three meeting rooms for up to ten people. Members get four free hours a month and can "
                "book more online.",
            ),
            ("How do I cancel my membership?", "Give us 30 days' notice by email and we will close your account."),
            ("How can I contact the team?", "Use our {link} or call 020 7946 0321 during staffed hours."),
        ),
        "membership prices",
        r"\b(?:cost|price|prices|pricing|how much)\b",
        "Outside those hours the building is locked, and members open the main door with the app on their "
        "phone. Bank holidays follow the same pattern, although the café closes early, and the cleaning team "
        "comes in on Sunday evenings, so the upper floor may be closed for an hour or two then.",
        (5, "You can, as long as you sign them in. Guests are welcome for up to one day each week."),
        (4,),
        ("contact form", "https://foundrydesk.com/contact", "https://foundrydesk.com/contacts"),
    ),
    Page(
        "Write the FAQ for Pocketlist, our to-do list app, in Markdown. Use '# Pocketlist FAQ' as the title "
        "and ## for each question; 6 questions in total, none repeated, every answer under 40 words. The first "
        "question should be about signing up, and the last one about how to reach support, with a link to "
        "https://pocketlist.app/help labelled help centre.",
        "",
        False,
        "Pocketlist",
        "##",
        40,
        (
            ("How do I sign up?", "Download the app and create an account with your email address or Apple ID."),
            ("Does Pocketlist sync between devices?", "Yes, lists sync across your phone, tablet and the web app."),
            ("Is Pocketlist free?", "The core app is free. Pocketlist Plus costs $3.99 a month and adds shared lists."),
            ("Can I use it offline?", "Yes. Changes are saved on your device and sync when you are back online."),
            ("How do I delete my account?", "Go to Settings, then Account, and tap Delete account."),
            ("How do I get in touch with support?", "Visit our {link} or email support@pocketlist.app."),
        ),
        "signing up",
        r"\b(?:sign up|sign-up|create an account)\b",
        "We also keep daily backups of every list for thirty days, so if something goes wrong during a sync "
        "you can restore an earlier copy from the web app without contacting us at all. Sync also works on "
        "the desktop apps for Mac and Windows, which you can download from our website.",
        (4, "Not really: the free plan has every basic feature, and only shared lists need a paid plan."),
        (2, "Can I share a list?|Yes, with Pocketlist Plus you can invite others to edit a list."),
        ("help centre", "https://pocketlist.app/help", "https://pocketlist.app/support"),
    ),
    Page(
        "We need an FAQ page (Markdown) for online ordering at Crumb & Co bakery. Title: Crumb & Co FAQ, as a "
        "level-1 heading. Seven questions as ### headings, no duplicates, each answer below 45 words. Put the "
        "question about delivery areas first and the one about contacting us last, with a link to "
        "https://crumbandco.com/contact whose text is contact page.",
        "Sure! Here's the FAQ page:",
        True,
        "Crumb & Co",
        "###",
        45,
        (
            (
                "Where do you deliver?",
                "We deliver within five miles of our shop on Mill Lane, including Eastgate and Ashby.",
            ),
            ("How far ahead should I order?", "Order by 14:00 for next-day delivery."),
            ("Do you make gluten-free bread?", "Yes, we bake a gluten-free loaf every Friday in a separate oven."),
            ("Can I order a custom cake?", "Custom cakes need five days' notice and start at £35."),
            ("Is there a minimum order?", "The minimum order for delivery is £15. Collection has no minimum."),
            ("Can I change my order?", "You can change or cancel an order until 18:00 the day before."),
            ("How do I contact you?", "Send us a message through our {link} and we will reply within a day."),
        ),
        "delivery areas",
        r"\bdeliver\b",
        "Orders placed after that time go into the following day's bake, and weekend orders must be in by "
        "Thursday afternoon because we bake for the Saturday market on Friday. During December we ask for two "
        "days' notice on everything, as the ovens are fully booked and our two vans run extra rounds in the "
        "week before Christmas.",
        (5, "Yes: our gluten-free loaf is baked on Fridays, in an oven we use for nothing else."),
        (4,),
        ("contact page", "https://crumbandco.com/contact", "https://crumbandco.co/contact"),
    ),
    Page(
        "Write a Markdown FAQ about the Riverside Library card. The page title must be 'Riverside Library FAQ' "
        "(level-1 heading), then exactly 6 questions as ## headings, each answered in under 50 words. The first "
        "question should be about who can get a card; finish with how to reach library staff and include a "
        "link to https://riversidelibrary.org/ask with the text Ask a Librarian. No repeated questions.",
        "Here is the FAQ page for the library card:",
        False,
        "Riverside Library",
        "##",
        50,
        (
            (
                "Who can get a library card?",
                "Anyone who lives, works or studies in Riverside County can get a card for free.",
            ),
            ("What do I need to bring?", "Bring a photo ID and something with your current address on it."),
            (
                "How many books can I borrow?",
                "You can borrow up to 20 items at a time, including DVDs and audiobooks.",
            ),
            ("Can I renew online?", "Yes, sign in to your account on our website to renew items twice."),
            ("What if I lose my card?", "Report it at the desk. A replacement card costs $2."),
            ("How can I talk to a librarian?", "Use {link} on our website or call 555-0187."),
        ),
        "who can get a card",
        r"\bwho can\b",
        "Children under 16 also need a parent or guardian to sign the form with them, and students should "
        "bring their college ID as well. If you have just moved, a letter or a bill from the last month is "
        "enough to show your new address. We can also issue a temporary card on the spot while we check "
        "your details.",
        (4, "Each card holder may have 20 items out at once, and up to five of them can be DVDs."),
        (2, "Do you charge late fees?|No, we stopped charging late fees in 2023."),
        ("Ask a Librarian", "https://riversidelibrary.org/ask", "https://riversidelibrary.org/asks"),
    ),
)


def build(page: Page, on: dict[str, bool]) -> str:
    items = [list(item) for item in page.questions]
    text, url, wrong = page.link
    items[-1][1] = items[-1][1].format(link=f"[{text}]({url if on['link'] else wrong})")
    if not on["short"]:
        items[1][1] += " " + page.longer
    if not on["marks"]:
        items[3][0] = items[3][0].rstrip("?")
    if not on["no_repeat"]:
        items[page.again[0]] = [items[2][0], page.again[1]]
    if not on["count"]:
        if len(page.change) == 2:
            items.insert(page.change[0], page.change[1].split("|"))
        else:
            del items[page.change[0]]
    if not on["first"]:
        items[0], items[1] = items[1], items[0]
    if not on["last"]:
        items[-1], items[-2] = items[-2], items[-1]
    title = f"{'#' if on['title'] else '##'} {page.name} FAQ"
    body = "\n\n".join(f"{page.level} {question}\n\n{answer}" for question, answer in items)
    text = f"{title}\n\n{body}\n"
    if page.fenced:
        text = f"```markdown\n{text}```"
    return f"{page.lead}\n\n{text}" if page.lead else text


# Reading a page --------------------------------------------------------------------------------


def sections(answer: str) -> list[tuple[str, str, str]]:
    """(heading marks, heading text, the text under it up to the next heading) for each heading,
    fence lines left out."""
    found: list[tuple[str, str, list[str]]] = []
    for line in answer.splitlines():
        if line.strip().startswith("```"):
            continue
        if match := HEADING.match(line):
            found.append((match.group(1), match.group(2), []))
        elif found:
            found[-1][2].append(line)
    return [(marks, text, "\n".join(lines).strip()) for marks, text, lines in found]


def questions(answer: str) -> list[tuple[str, str]]:
    """The headings after the first (the title), each with its answer."""
    return [(text, under) for _, text, under in sections(answer)[1:]]


def words(text: str) -> int:
    return len(WORD.findall(text))


def normal(question: str) -> str:
    return " ".join(re.findall(r"\w+", question.lower()))


def links(answer: str) -> list[tuple[str, str]]:
    return [(text.strip(), url) for text, url in LINK.findall(answer)]


def candidates(rng: random.Random, page: Page, answer: str) -> list[Criterion]:
    asked = questions(answer)
    heads = [question for question, _ in asked]
    top = sections(answer)[:1]
    n, limit, (text, url, _) = page.count, page.limit, page.link
    title = f"{page.name} FAQ"
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        ("count", len(asked) == n, (f"Has exactly {n} questions", f"Answers {n} questions in total")),
        (
            "marks",
            bool(heads) and all(h.endswith("?") for h in heads),
            ("Every question heading ends with a question mark", 'Each question is a heading that ends in "?"'),
        ),
        (
            "short",
            bool(asked) and all(words(under) < limit for _, under in asked),
            (f"Keeps every answer under {limit} words", f"No single answer runs to {limit} words or more"),
        ),
        (
            "first",
            bool(heads) and re.search(page.first, heads[0], re.IGNORECASE) is not None,
            (f"The first question is about {page.topic}", f"Puts the question on {page.topic} first"),
        ),
        (
            "last",
            bool(heads) and CONTACT.search(heads[-1]) is not None,
            ("Ends with the question about how to get in touch", "The final question covers how to contact them"),
        ),
        (
            "link",
            (text, url) in links(answer),
            (f'Has a Markdown link to {url} labelled "{text}"', f"Links the words {text} to {url}"),
        ),
        (
            "no_repeat",
            len({normal(h) for h in heads}) == len(heads),
            ("Does not repeat any question", "No question appears twice on the page"),
        ),
        (
            "title",
            bool(top) and top[0][0] == "#" and top[0][1] == title,
            (f'Has "{title}" as a level-1 heading at the top', f"The page title is a single-# heading reading {title}"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("count", "marks", "short", "first", "last", "link", "no_repeat", "title")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, PAGES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
