"""Prose-form family: the shape of a short text (sentences, words, paragraphs, bullets, a word
used, how it starts and ends, lowercase, exclamation marks).

Answers are built from sentence pools on three topics (no abbreviations, decimals or hyphens,
so a sentence and a word have one count), as plain paragraphs or as a bulleted list, with
switches a small model gets wrong: a title, an opening phrase, a closing question, an
exclamation, everything in lowercase. Every truth is a function of the answer's text
(`families/text.py`); counts are asked only of the answers where they have one reading
(sentences and paragraphs of plain prose only; word limits never within three of the count).
"""

from __future__ import annotations

import random

import benchmarks.families.text as text
from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "prose_form"
ANSWERS = 15
CRITERIA_PER_ANSWER = 4

TOPICS = {
    "caching": (
        "Explain what a cache does and what to watch out for.",
        "Caching in brief",
        [
            "A cache keeps a copy of data close to where it is needed.",
            "Reading from memory is much faster than asking the database again.",
            "Each entry has a time to live, after which it is thrown away.",
            "Stale data is the price you pay for speed.",
            "Invalidation is the hard part, because every writer must clear the right keys.",
            "A small cache with a high hit rate beats a large one that is rarely used.",
            "Measure the hit rate before you tune anything else.",
            "When the cache is down, requests should still reach the database.",
        ],
        ("memory", "database", "stale", "keys"),
        ("latency", "eviction", "sharding", "warmup"),
    ),
    "reviews": (
        "Give advice on reviewing a colleague's pull request.",
        "Reviewing code well",
        [
            "A good review starts by reading the description of the change.",
            "Small pull requests get faster and more careful reviews.",
            "Comment on the code, never on the person who wrote it.",
            "Ask questions when something is unclear instead of guessing.",
            "Tests show the reviewer what the change is meant to do.",
            "Approve once the remaining comments are minor.",
            "Style debates belong to the formatter, not to the review.",
            "A second reviewer helps on changes to security or billing code.",
        ],
        ("tests", "questions", "formatter", "security"),
        ("empathy", "checklist", "blame", "linting"),
    ),
    "sleep": (
        "Write a few tips for sleeping better.",
        "Sleeping better",
        [
            "Sleep helps the brain store what it learned during the day.",
            "Most adults need between seven and nine hours each night.",
            "A regular bedtime makes falling asleep easier.",
            "Screens in the hour before bed can delay sleep.",
            "Caffeine late in the afternoon stays in the body for hours.",
            "A cool and dark room helps you sleep through the night.",
            "Short naps can restore focus without spoiling the night.",
            "Long naps late in the day make it harder to fall asleep.",
        ],
        ("bedtime", "caffeine", "naps", "screens"),
        ("melatonin", "alcohol", "insomnia", "exercise"),
    ),
}
OPENERS = ("In short", "Put simply", "Here is the gist")
OPENER_MARK = {"In short": ",", "Put simply": ",", "Here is the gist": ":"}
QUESTIONS = ("Does that help?", "Want me to go deeper on any of these?", "Shall I add examples?")


def build(rng: random.Random, topic: str, form: str, switches: dict[str, bool]) -> str:
    _task, title, pool, _present, _absent = TOPICS[topic]
    picked = rng.sample(pool, rng.randint(3, 6))
    if switches["exclaim"]:
        i = rng.randrange(len(picked))
        picked[i] = picked[i][:-1] + "!"
    if switches["opener"]:
        opener = rng.choice(OPENERS)
        picked[0] = f"{opener}{OPENER_MARK[opener]} {picked[0][0].lower()}{picked[0][1:]}"
    if form == "bullets":
        body = "Here are the main points:\n\n" + "\n".join(f"- {s}" for s in picked[1:])
        body = f"{picked[0]}\n\n{body}" if switches["opener"] else body
    elif form == "paragraphs":
        cut = rng.randint(1, len(picked) - 1)
        body = " ".join(picked[:cut]) + "\n\n" + " ".join(picked[cut:])
    else:
        body = " ".join(picked)
    if switches["question"]:
        # A closing question joins the last paragraph; after a list it stands on its own line.
        body += ("\n\n" if form == "bullets" else " ") + rng.choice(QUESTIONS)
    if switches["title"]:
        body = f"# {title}\n\n{body}"
    return body.lower() if switches["lower"] else body


def near(rng: random.Random, value: int) -> int:
    return value + rng.choice([-1, 0, 0, 1]) if value > 1 else value + rng.choice([0, 1])


def candidates(rng: random.Random, topic: str, form: str, switches: dict[str, bool], answer: str) -> list[Criterion]:
    """Every criterion this answer can be asked, with its truth from the text.
    (long: one entry per kind of criterion, with the wordings users write for it.)"""
    plain = form != "bullets" and not switches["title"]
    kinds: list[tuple[str, bool, tuple[str, ...], dict[str, object]]] = []
    words = len(text.words(answer))
    limit = words + rng.choice([-9, -6, -4, 4, 6, 9])
    kinds.append(
        (
            "words_at_most",
            words <= limit,
            ("Is at most {n} words long", "Keep it to {n} words or fewer", "No more than {n} words"),
            {"n": limit},
        )
    )
    if plain:
        n = near(rng, text.sentence_count(answer))
        kinds.append(
            (
                "sentences",
                text.sentence_count(answer) == n,
                ("Is exactly {n} sentences long", "Write exactly {n} sentences", "{n} sentences, no more and no fewer"),
                {"n": n},
            )
        )
        p = near(rng, text.paragraph_count(answer))
        said = (
            ("Is a single paragraph", "Is written as one paragraph")
            if p == 1
            else ("Has exactly {n} paragraphs", "Is split into {n} paragraphs")
        )
        kinds.append(("paragraphs", text.paragraph_count(answer) == p, said, {"n": p}))
    if form == "bullets":
        b = near(rng, text.bullet_count(answer))
        kinds.append(
            (
                "bullets",
                text.bullet_count(answer) == b,
                ("Uses exactly {n} bullet points", "Gives {n} bullets"),
                {"n": b},
            )
        )
    _task, _title, _pool, present, absent = TOPICS[topic]
    word = rng.choice([w for w in present if text.uses_word(answer, w)] + list(absent[:2]))
    kinds.append(
        (
            "uses_word",
            text.uses_word(answer, word),
            ("Uses the word '{w}'", "Mentions '{w}' at least once"),
            {"w": word},
        )
    )
    if not switches["lower"] and not switches["title"]:
        # Asked only where the text's first words are the answer's (no title above them).
        opener = rng.choice(OPENERS)
        kinds.append(
            (
                "starts_with",
                text.starts_with(answer, opener),
                ("Starts with '{o}'", 'Begins with the words "{o}"'),
                {"o": opener},
            )
        )
    kinds.append(
        (
            "question",
            text.ends_with_question(answer),
            ("Ends with a question", "Closes by asking the reader a question"),
            {},
        )
    )
    kinds.append(
        (
            "lowercase",
            text.all_lowercase(answer),
            ("Is written entirely in lowercase", "All lowercase, no capital letters"),
            {},
        )
    )
    kinds.append(
        ("no_exclamation", "!" not in answer, ("Contains no exclamation marks", "Don't use exclamation marks"), {})
    )
    kinds.append(("title", text.has_heading(answer), ("Has a title", "Starts with a heading"), {}))
    return [Criterion(pick_wording(rng, w, **v), truth, kind, FAMILY) for kind, truth, w, v in kinds]


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        topic = list(TOPICS)[index % len(TOPICS)]
        form = ("plain", "paragraphs", "bullets")[(index // len(TOPICS)) % 3]
        switches = {s: rng.random() < 0.35 for s in ("exclaim", "opener", "question", "title", "lower")}
        answer = build(rng, topic, form, switches)
        chosen = balance.choose(candidates(rng, topic, form, switches, answer), CRITERIA_PER_ANSWER)
        out.append(JudgeCase(f"prose-{topic}-{index:02d}", TOPICS[topic][0], answer, chosen))
    return out
