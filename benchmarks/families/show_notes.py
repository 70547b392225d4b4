"""Show notes family (fresh28): a podcast episode's show notes for the episode a task describes (a
gardening show with a soil scientist, a game-development show with an indie developer, a book show
with a novelist, a money show with a financial coach), with a short summary, the guest, the chapters
by their timestamps, the interview's length, the links, the sponsor and a line on the show's goal as a
percentage, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh28`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the notes (Markdown headings with the chapters as bullets, bold labels with the chapters
in a table, plain lines, a plain-text description in a fenced block), written right and then changed
by switches: one spelling of the guest's surname or a slip once, a summary within the task's sentences
or two more, no email address or the guest's given, exactly the task's number of links or one more,
the sponsor introduced with "sponsored by" or only thanked, the interview's stated minutes equal to its
two timestamps or not, the chapters counted in words as they are listed or one more, the chapters in
time order or two swapped, and the goal's percentage right for its two figures or not. Every truth is
read from the text: the sections by their headings, sentences by their stops, the chapters as the
lines (or table rows) that open with a timestamp, the interview from the first line with two
timestamps and its `N minutes`, the links as the addresses under the links heading, the goal from the
first line with `N of M` and a `%`, the surname's spellings by likeness.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_lines,
    switched_cases,
)

FAMILY = "show_notes"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z0-9“\"']|\s*$)")
STAMP = re.compile(r"\b(\d{1,2}):(\d{2})(?::(\d{2}))?\b")
CHAPTER = re.compile(r"^\s*(?:[-*•]\s*|\|\s*)?[\[(]?(\d{1,2}:\d{2}(?::\d{2})?)\b")
MINUTES = re.compile(r"(\d+)\s*min")
URL = re.compile(r"https?://[^\s)>\]]+")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
SPONSORED = re.compile(r"\bsponsored by\b", re.I)
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
CHAPTERS = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\s+chapters\b", re.I)
GOAL = re.compile(
    r"£?(\d[\d,]*(?:\.\d+)?)\s+of\s+(?:our\s+|the\s+)?£?(\d[\d,]*(?:\.\d+)?)\b[^%\n]*?(\d+(?:\.(\d+))?)\s*%"
)


@dataclass(frozen=True)
class Episode:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The guest, as the criteria name them."""
    surname: str
    sentences: int
    """The most sentences the summary may have."""
    links: int
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SOIL = """# The Allotment Hour, episode 47: Living soil

## Summary

Soil scientist Dr Nkechi Adeyemi explains why digging less can mean growing more. We talk about worms, fungi and the no-dig beds she has kept on her own plot for nine years.

## Guest

Dr Nkechi Adeyemi researches soil biology at the University of Reading. Adeyemi's no-dig trial beds are open to visitors on the last Sunday of each month.

## Chapters

Six chapters this week:

- 00:00 Welcome and allotment news
- 03:15 Listener question: clay soil
- 06:40 Interview: what lives in soil
- 22:10 Interview: no-dig in practice
- 40:40 What to sow in March
- 47:05 Goodbye and next week

The interview runs from 06:40 to 40:40 (34 minutes).

## Links

- Nkechi's trial beds: https://soilbeds.example.org
- The RHS guide to no-dig: https://www.rhs.org.uk/soil/no-dig
- Our seed swap map: https://allotmenthour.example.com/seedswap

## Sponsor

This episode is sponsored by Greenhand Tools, makers of the forged trowel we keep going on about.

## Support the show

We're at 312 of our 400 supporters goal (78%) on Patreon. Thank you!"""

GAMES = """**Save Point #112: Rafael Quintero on finishing your first game**

**In this episode**
Indie developer Rafael Quintero talks about shipping Lantern Keeper after six years of evenings and weekends. He explains how he cut the scope in half, why he paid for playtesting early, and what he would never do again. We also answer a listener's question about game jams.

**Chapters**
Five chapters this week:

| Time | Chapter |
|---|---|
| 0:00:00 | Intro and news |
| 0:04:30 | Listener question: game jams |
| 0:12:05 | Interview: six years of evenings |
| 0:38:20 | Interview: cutting the scope |
| 1:04:05 | Wrap-up |

The interview runs from 0:12:05 to 1:04:05 (52 minutes).

**Links**
- Lantern Keeper on Steam: https://store.example.com/lantern-keeper
- Rafael's devlog: https://quintero.example.dev/devlog
- The playtesting service he used: https://playtest.example.io
- Our Discord: https://discord.example.gg/savepoint

**Sponsor**
Sponsored by Pixelforge, the pixel art editor we use for our own jam games.

**Crowdfunding**
We have raised £1,860 of our £2,400 target (77.5%) for new microphones."""

BOOKS = """Shelf Life, episode 23: Ingrid Solberg

Summary:
Novelist Ingrid Solberg joins us to talk about The Salt Road, her novel set on a Norwegian fishing island in 1952.

There are four chapters:
00:00 Intro
05:30 Interview with Ingrid Solberg
37:30 Our picks of the month
44:10 Listener letters

The interview runs from 05:30 to 37:30 (32 minutes).

Links:
The Salt Road at your local bookshop: https://books.example.org/salt-road
Ingrid's website: https://ingridsolberg.example.no

Sponsored by Harbour Books, an independent bookshop in Whitby.

Survey: 412 of 515 listeners who replied want longer episodes (80%)."""

MONEY = """Here is the description for the hosting platform; it only takes plain text, so it is in a block.

```text
KITCHEN TABLE MONEY - EPISODE 9: PAYING OFF DEBT WITHOUT MISERY

SUMMARY:
Financial coach Oluwaseun Bakare shares the plan that took his family from deep debt to none in four years. We cover budgets that survive real life and how to talk about money at home.

GUEST:
Oluwaseun Bakare is a financial coach in Leeds. Bakare's book, Enough, came out in May.

Five chapters:
(00:00) Cold open
(02:10) This week's money news
(07:20) Interview, part one: the plan
(26:45) Interview, part two: talking about money at home
(45:20) Listener questions

The interview runs from 07:20 to 45:20 (38 minutes).

LINKS:
- Oluwaseun's budgeting worksheet: https://bakare.example.co.uk/worksheet
- The debt charity we mention: https://debtadvice.example.org
- Our newsletter: https://kitchentablemoney.example.com/news

Sponsored by Ledger & Loaf, the budgeting app for households.

1,450 of our 2,000 subscriber goal reached (72.5%). Thank you for sharing the show!
```"""

SOIL_SUMMARY = "for nine years. She also digs into the science of compost. Finally, we hear why she never leaves soil bare over winter."
SOIL_NO_EMAIL = "of each month; book a visit by emailing her at nkechi.adeyemi@reading.example.ac.uk."
GAMES_SUMMARY = "about game jams. Rafael also shows the spreadsheet he used to plan each release. It is free to download from his devlog."
GAMES_NO_EMAIL = "quintero.example.dev/devlog (or email him: rafael@quintero.example.dev)\n"
BOOKS_SUMMARY = (
    "island in 1952. She reads the opening chapter. Then she tells us about the real island that inspired it."
)
BOOKS_NO_EMAIL = "ingridsolberg.example.no (email: ingrid@ingridsolberg.example.no)\n"
MONEY_SUMMARY = (
    "money at home. He explains the envelope method. He also shares the one spreadsheet he still uses every week."
)
MONEY_LINKS = "/news\n- The envelope method explained: https://kitchentablemoney.example.com/envelopes\n"

EPISODES = (
    Episode(
        "Show notes for The Allotment Hour, episode 47, with the soil scientist Dr Nkechi Adeyemi. A summary of no more than three sentences, a few lines about her (no contact details), the six chapters with timestamps (00:00 welcome, 03:15 listener question, 06:40 and 22:10 interview, 40:40 sowing, 47:05 goodbye) and how long the interview runs, exactly three links, a 'sponsored by' line for Greenhand Tools, and our Patreon: 312 of 400 supporters, as a percentage.",
        SOIL,
        "Nkechi Adeyemi",
        "Adeyemi",
        3,
        3,
        (
            ("name", "Adeyemi's no-dig", "Adeyami's no-dig"),
            ("summary", "for nine years.", SOIL_SUMMARY),
            ("no_email", "of each month.", SOIL_NO_EMAIL),
            ("links", "/seedswap\n", "/seedswap\n- The worm count survey: https://wormcount.example.org\n"),
            ("sponsor", "is sponsored by Greenhand Tools", "comes with thanks to Greenhand Tools"),
            ("interview", "(34 minutes)", "(36 minutes)"),
            ("chapters", "Six chapters", "Seven chapters"),
            swap_lines(SOIL, "03:15 Listener", "06:40 Interview", "sorted"),
            ("goal", "(78%)", "(76%)"),
        ),
    ),
    Episode(
        "Write the show notes for Save Point #112, our game-dev podcast, with indie developer Rafael Quintero. Bold labels, a summary of at most four sentences, the chapters in a table (0:00:00 intro, 0:04:30 listener question, 0:12:05 and 0:38:20 interview, 1:04:05 wrap-up) plus the interview's length, exactly four links, no email addresses, 'Sponsored by Pixelforge', and our crowdfunding: £1,860 of £2,400 raised, as a percentage.",
        GAMES,
        "Rafael Quintero",
        "Quintero",
        4,
        4,
        (
            ("name", "Rafael Quintero on finishing", "Rafael Quinteiro on finishing"),
            ("summary", "about game jams.", GAMES_SUMMARY),
            ("no_email", "quintero.example.dev/devlog\n", GAMES_NO_EMAIL),
            ("links", "/savepoint\n", "/savepoint\n- Lantern Keeper's soundtrack: https://music.example.com/lantern\n"),
            ("sponsor", "Sponsored by Pixelforge", "Thanks to Pixelforge"),
            ("interview", "(52 minutes)", "(50 minutes)"),
            ("chapters", "Five chapters", "Four chapters"),
            swap_lines(GAMES, "| 0:04:30", "| 0:12:05", "sorted"),
            ("goal", "(77.5%)", "(75.5%)"),
        ),
    ),
    Episode(
        "Plain-text show notes (no Markdown) for Shelf Life episode 23 with the novelist Ingrid Solberg, about her novel The Salt Road. A one- or two-sentence summary (two at most), the four chapters with timestamps (00:00 intro, 05:30 interview, 37:30 our picks, 44:10 letters) and the interview's length, exactly two links, no email address for Ingrid, a 'sponsored by' line for Harbour Books, and our survey: 412 of 515 listeners want longer episodes, with the percentage.",
        BOOKS,
        "Ingrid Solberg",
        "Solberg",
        2,
        2,
        (
            ("name", "Interview with Ingrid Solberg", "Interview with Ingrid Solburg"),
            ("summary", "island in 1952.", BOOKS_SUMMARY),
            ("no_email", "ingridsolberg.example.no\n", BOOKS_NO_EMAIL),
            ("links", "Ingrid's website:", "Our reading list: https://shelflife.example.com/list\nIngrid's website:"),
            ("sponsor", "Sponsored by Harbour Books", "With thanks to Harbour Books"),
            ("interview", "(32 minutes)", "(30 minutes)"),
            ("chapters", "four chapters", "five chapters"),
            swap_lines(BOOKS, "37:30 Our picks", "44:10 Listener", "sorted"),
            ("goal", "(80%)", "(82%)"),
        ),
    ),
    Episode(
        "Episode description for Kitchen Table Money episode 9 with financial coach Oluwaseun Bakare. The host only takes plain text, so put it in a code block. A summary of three sentences at most, a short guest line without his email, five chapters ((00:00) cold open, (02:10) news, (07:20) and (26:45) interview, (45:20) listener questions) and the interview's length, exactly three links, 'Sponsored by Ledger & Loaf', and our goal: 1,450 of 2,000 subscribers, as a percentage.",
        MONEY,
        "Oluwaseun Bakare",
        "Bakare",
        3,
        3,
        (
            ("name", "Bakare's book", "Bakari's book"),
            ("summary", "money at home.", MONEY_SUMMARY),
            ("no_email", "came out in May.", "came out in May; you can write to him at seun@bakare.example.co.uk."),
            ("links", "/news\n", MONEY_LINKS),
            ("sponsor", "Sponsored by Ledger & Loaf", "Thanks to Ledger & Loaf"),
            ("interview", "(38 minutes)", "(40 minutes)"),
            ("chapters", "Five chapters", "Six chapters"),
            swap_lines(MONEY, "(02:10) This week", "(07:20) Interview", "sorted"),
            ("goal", "(72.5%)", "(70.5%)"),
        ),
    ),
)


def build(episode: Episode, on: dict[str, bool]) -> str:
    return slipped(episode.text, episode.slips, on, episode.name)


# Reading show notes -----------------------------------------------------------------------------


def sentences(text: str) -> int:
    """The sentences of `text`: its stops before a capital or a figure, or at its end."""
    return len(SENTENCE_END.findall(text.strip()))


def seconds(stamp: str) -> int:
    """A timestamp (`mm:ss` or `h:mm:ss`) in seconds."""
    found = STAMP.fullmatch(stamp)
    if found is None:
        raise ValueError(stamp)
    first, second, third = found.groups()
    return int(first) * 3600 + int(second) * 60 + int(third) if third else int(first) * 60 + int(second)


def chapters(answer: str) -> list[int]:
    """The start, in seconds, of every line or table row that opens with a timestamp, in order."""
    return [seconds(m.group(1)) for line in answer.splitlines() if (m := CHAPTER.match(line))]


def interview_right(answer: str) -> bool:
    """On the first line with two timestamps, the minutes after them are the time between them."""
    line = next((s for s in answer.splitlines() if len(STAMP.findall(s)) >= 2), "")
    stamps = list(STAMP.finditer(line))
    stated = MINUTES.search(line[stamps[-1].end() :]) if len(stamps) >= 2 else None
    if stated is None:
        return False
    return seconds(stamps[1].group(0)) - seconds(stamps[0].group(0)) == int(stated.group(1)) * 60


def goal_right(answer: str) -> bool:
    found = next((m for line in answer.splitlines() if (m := GOAL.search(line))), None)
    if found is None:
        return False
    part, whole = (float(found.group(n).replace(",", "")) for n in (1, 2))
    return abs(float(found.group(3)) - 100 * part / whole) <= 0.5 * 10 ** -len(found.group(4) or "") + 1e-9


WORDINGS = {
    "name": (
        "Spells the guest's surname {surname} the same way throughout",
        "{surname} is written one way every time it appears",
    ),
    "summary": ("The summary is no longer than {n} sentences", "Keeps the episode summary to {n} sentences or fewer"),
    "no_email": ("Gives no email address for the guest", "Leaves the guest's email address out"),
    "links": ("Lists exactly {links} links", "Has {links} links in its links section, no more and no fewer"),
    "sponsor": (
        "Introduces the sponsor with the words 'sponsored by'",
        "Uses the phrase 'sponsored by' for the sponsor",
    ),
    "interview": (
        "The interview's length in minutes matches its start and end timestamps",
        "The minutes it gives for the interview are right for the timestamps it gives",
    ),
    "chapters": (
        "The number of chapters it states in words matches the chapters listed",
        "Says how many chapters there are, and lists that many",
    ),
    "sorted": ("Lists the chapters in time order", "The chapter timestamps go up from first to last"),
    "goal": (
        "The percentage it gives for the goal is right for the two figures",
        "Works out the progress towards the goal as a percentage correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the episode."""


def truths(episode: Episode, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, r"summary|in this episode") or [])
    starts = chapters(answer)
    stated = CHAPTERS.search(answer)
    return {
        "name": spellings(answer, episode.surname) == {episode.surname.lower()},
        "summary": 0 < sentences(summary) <= episode.sentences,
        "no_email": not EMAIL.search(answer),
        "links": len(URL.findall(" ".join(section(answer, r"\blinks?\b|mentioned|resources") or []))) == episode.links,
        "sponsor": bool(SPONSORED.search(answer)),
        "interview": interview_right(answer),
        "chapters": stated is not None and NUMBER_WORDS.index(stated.group(1).lower()) == len(starts),
        "sorted": len(starts) > 1 and all(a < b for a, b in zip(starts, starts[1:], strict=False)),
        "goal": goal_right(answer),
    }


def candidates(rng: random.Random, episode: Episode, answer: str) -> list[Criterion]:
    values = {"surname": episode.surname, "n": NUMBER_WORDS[episode.sentences], "links": NUMBER_WORDS[episode.links]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(episode, answer).items()
    ]


SWITCHES = ("name", "summary", "no_email", "links", "sponsor", "interview", "chapters", "sorted", "goal")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, EPISODES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
