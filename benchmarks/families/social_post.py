"""Social post family (fresh2): a short post for X (Twitter) announcing an event the task
describes (a webinar, a product launch, a meetup, a shop's opening), a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh2`, never in `all`,
`new`, `docs`, `held` or `fresh`.

An answer is the post itself, assembled from switches: a length under 280 characters or a
sentence more that takes it well over, as many hashtags as the task asks for or one more or
one fewer, the date and time the task gives or the time left out or a near-miss time, the
task's link or a near miss of it, at most one exclamation mark or three, no emoji or one, and
the event's name first or after a few words of lead-in. Every truth is a function of the
post's text (below). The lengths keep well clear of 280 however characters are counted (a link
as 23, an emoji as two).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "social_post"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LIMIT = 280
HASHTAG = re.compile(r"(?<![\w/&#])#\w+")
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f]")
URL = re.compile(r"https?://\S+")


@dataclass(frozen=True)
class Event:
    task: str
    name: str
    lead_in: str
    """Words an answer may open with before the name (`{}` is the name)."""
    opening: str
    """The first sentence after the name (with `{when}`), its end left to the exclamation switch."""
    when: str
    wrong_when: str
    """The date with the time left out or a near miss of it."""
    date: str
    """A regex for the date the task gives."""
    time: str
    """A regex for the time the task gives."""
    body: str
    extra: str
    """A sentence that takes the post over the limit."""
    call: str
    """The call to action before the link: the post's one exclamation mark."""
    link: str
    wrong_link: str
    hashtags: tuple[str, ...]
    """As many as the task asks for."""
    more_or_fewer: int
    """+1 or -1: how an answer with the wrong count of hashtags is off."""
    spare: str
    """The hashtag an answer with one too many adds."""
    emoji: str

    @property
    def count(self) -> int:
        return len(self.hashtags)


EVENTS = (
    Event(
        "Write a post for X announcing our free webinar Scaling Postgres Without Tears on Thursday, March 12 at "
        "6:30 PM ET. Registration link: https://northbeam.io/webinars/scaling-postgres. Keep it under 280 "
        "characters, use exactly 2 hashtags, at most one exclamation mark and no emoji, and start with the "
        "webinar's name.",
        "Scaling Postgres Without Tears",
        "Join us for {}",
        "{name}: a free live webinar on {when}",
        "Thursday, March 12 at 6:30 PM ET",
        "Thursday, March 12 at 6 PM ET",
        r"\b(?:March|Mar\.?)\s+12\b|\b12\s+(?:March|Mar)\b",
        r"\b6:30\s*(?:PM|pm|p\.m\.)|\b18:30\b",
        "Our team covers pooling, partitioning and our own mistakes.",
        "Bring your own questions about replicas, vacuum tuning and slow queries, and we will answer as many of "
        "them as we can in the last twenty minutes.",
        "Save your seat!",
        "https://northbeam.io/webinars/scaling-postgres",
        "https://northbeam.io/webinar/scaling-postgres",
        ("#Postgres", "#DevOps"),
        1,
        "#Webinar",
        "🐘",
    ),
    Event(
        "Write an X post announcing that Fieldnote 2.0 launches on Tuesday, April 7 at 9:00 AM PT. Link to "
        "https://fieldnote.app/launch. It must be under 280 characters with exactly 3 hashtags, no more than one "
        "exclamation mark and no emoji, and it should open with the product's name.",
        "Fieldnote 2.0",
        "Big news from our team: {}",
        "{name} launches on {when}",
        "Tuesday, April 7 at 9:00 AM PT",
        "Tuesday, April 7",
        r"\b(?:April|Apr\.?)\s+7\b|\b7\s+(?:April|Apr)\b",
        r"\b9(?::00)?\s*(?:AM|am|a\.m\.)",
        "Offline notebooks, faster search and shared folders for your whole team.",
        "Everything you wrote in the old version comes across on its own, and the price stays the same for every "
        "plan, including the free one.",
        "See what's new!",
        "https://fieldnote.app/launch",
        "https://fieldnote.app/launches",
        ("#Fieldnote", "#productivity", "#notetaking"),
        -1,
        "#apps",
        "🚀",
    ),
    Event(
        "Draft a post for X for the Berlin Rust Meetup on Wednesday, May 20 at 7:00 PM at the Kraftwerk "
        "co-working space. RSVP link: https://meetup.com/berlin-rust/events/301455. Under 280 characters, exactly "
        "2 hashtags, one exclamation mark at most, no emoji, and begin with the meetup's name.",
        "Berlin Rust Meetup",
        "This month's {}",
        "{name} is back on {when} at Kraftwerk",
        "Wednesday, May 20 at 7:00 PM",
        "Wednesday, May 20 at 7:30 PM",
        r"\bMay\s+20\b|\b20\s+May\b",
        r"\b7(?::00)?\s*(?:PM|pm|p\.m\.)|\b19:00\b",
        "Two talks: async traits in practice, and shipping Rust on tiny microcontrollers.",
        "Doors open half an hour early, there will be pizza and drinks, and newcomers are very welcome even if "
        "they have never written a line of Rust before.",
        "RSVP now!",
        "https://meetup.com/berlin-rust/events/301455",
        "https://meetup.com/berlin-rust/events/301545",
        ("#RustLang", "#Berlin"),
        1,
        "#Meetup",
        "🦀",
    ),
    Event(
        "Write a post for X announcing the Copper Kettle Bakery grand opening on Saturday, June 6 at 8:00 AM, "
        "with https://copperkettlebakery.com/opening as the link. Keep it under 280 characters, use exactly one "
        "hashtag, no emoji and at most one exclamation mark, and lead with the event name (Copper Kettle Bakery "
        "grand opening).",
        "Copper Kettle Bakery grand opening",
        "You're invited to the {}",
        "{name}: {when}, at 14 Mill Lane",
        "Saturday, June 6 at 8:00 AM",
        "Saturday, June 6 at 9:00 AM",
        r"\b(?:June|Jun\.?)\s+6\b|\b6\s+(?:June|Jun)\b",
        r"\b8(?::00)?\s*(?:AM|am|a\.m\.)|\b08:00\b",
        "Free buns for the first 50 customers and coffee on us all morning.",
        "Our sourdough, rye and seeded loaves will be fresh out of the oven, and you can order a cake for a "
        "birthday at the counter.",
        "Come say hello!",
        "https://copperkettlebakery.com/opening",
        "https://copperkettle.com/opening",
        ("#CopperKettleOpening",),
        1,
        "#bakery",
        "🥐",
    ),
)


def build(event: Event, on: dict[str, bool]) -> str:
    name = event.name if on["name_first"] else event.lead_in.format(event.name)
    opening = event.opening.format(name=name, when=event.when if on["date_time"] else event.wrong_when)
    sentences = [opening + ("." if on["one_bang"] else "!"), event.body if on["one_bang"] else event.body[:-1] + "!"]
    if not on["short"]:
        sentences.append(event.extra)
    text = " ".join(sentences)
    if not on["no_emoji"]:
        text += f" {event.emoji}"
    tags = list(event.hashtags)
    if not on["hashtags"]:
        tags = [*tags, event.spare] if event.more_or_fewer > 0 else tags[:-1]
    link = event.link if on["link"] else event.wrong_link
    post = f"{text}\n\n{event.call} {link}"
    return post + (f"\n\n{' '.join(tags)}" if tags else "")


# Reading a post ------------------------------------------------------------------------------


def hashtags(post: str) -> list[str]:
    return HASHTAG.findall(URL.sub(" ", post))


def gives_when(post: str, event: Event) -> bool:
    return re.search(event.date, post) is not None and re.search(event.time, post) is not None


def gives_link(post: str, link: str) -> bool:
    return any(url.rstrip(".,;:!?)").rstrip("/") == link.rstrip("/") for url in URL.findall(post))


def candidates(rng: random.Random, event: Event, answer: str) -> list[Criterion]:
    n, name, link = event.count, event.name, event.link
    tags_words = (
        ("Uses exactly one hashtag", "Has a single hashtag, no more")
        if n == 1
        else (f"Uses exactly {n} hashtags", f"Includes {n} hashtags, no more and no fewer")
    )
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "short",
            len(answer) < LIMIT,
            (f"Is under {LIMIT} characters", f"Fits in a single {LIMIT}-character post"),
        ),
        ("hashtags", len(hashtags(answer)) == n, tags_words),
        (
            "date_time",
            gives_when(answer, event),
            (f"Mentions the date and time ({event.when})", f"Says when it happens: {event.when}"),
        ),
        ("link", gives_link(answer, link), (f"Includes the link {link}", f"Links to {link}")),
        (
            "one_bang",
            answer.count("!") <= 1,
            ("Uses at most one exclamation mark", "Has no more than one exclamation point"),
        ),
        ("no_emoji", EMOJI.search(answer) is None, ("Contains no emoji", "Does not use any emojis")),
        (
            "name_first",
            answer.lstrip().lower().startswith(name.lower()),
            (f"Starts with the event name, {name}", f'Opens with "{name}"'),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("short", "hashtags", "date_time", "link", "one_bang", "no_emoji", "name_first")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, EVENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
