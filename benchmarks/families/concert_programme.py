"""Concert programme family (fresh32): the printed programme a choir asks for (a community choir's
summer concert, a ladies' choir's candlelit carols, a male voice choir's autumn concert, a youth choir's
spring showcase), with when and where, the accompanist, the tickets and the family ticket's saving, the
running order with each piece's length and the interval, notes on the music and a few words about the
choir, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh32`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the programme (Markdown headings with the running order in a table, bold headings with
bullets, plain `Label:` lines with a numbered running order, or `###` headings under a key-facts table),
written right and then changed by switches. Every truth is read from the text: the composer's name by
its spellings, the sections by their headings, the notes' words as runs of letters, the pieces as the
lines of the running order with a length in minutes that are not the interval, the concert's end from
the first line with two times of day (the start and the end) against every length in the running order,
the tickets from the line with the family ticket (its amounts in order: adult, child, family ticket,
saving), and the count from the first number written before "pieces" or "songs".
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clocks,
    heading_order,
    line_with,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "concert_programme"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PHONES = re.compile(
    r"(?:switch|turn)(?:ed)? off (?:your |all )?(?:mobile )?phones|silence (?:your )?(?:mobile )?phones", re.I
)
RUNNING = r"running order|tonight's programme|order of music"
NOTES = r"notes|about the music"
ABOUT = r"about the choir|about us|who we are"
LENGTH = re.compile(r"\b(\d+)\s*min(?:ute)?s?\b")
INTERVAL = re.compile(r"\binterval\b", re.I)
PARTY = re.compile(r"\b(\w+) adults? and (\w+) (?:children|kids)\b", re.I)
COUNTED = re.compile(r"\b(\w+) (?:pieces|songs)\b", re.I)


@dataclass(frozen=True)
class Programme:
    name: str
    """The concert."""
    task: str
    text: str
    """The answer written right."""
    composer: str
    """A composer's surname often misspelt, as the programme spells it."""
    accompanist: str
    limit: int
    """The accompanist's full name, and the notes' limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SUMMER = """# Calder Valley Community Choir: Summer Serenade

**When:** Saturday 20 June 2026, 7:30 pm to 8:40 pm
**Where:** St Michael's Church, Hebden Bridge (doors open at 7:00 pm)
**Conductor:** Tom Harker
**Piano:** Grace Oduya
**Tickets:** £12 adults, £5 under-16s; a family ticket for two adults and two children is £30, saving £4.

Welcome to our summer concert! Tonight the choir sings ten pieces, with an interval for tea and cake. Please switch off your mobile phones before the music begins.

## Running order
| Piece | Composer | Length |
|---|---|---|
| Lift Thine Eyes | Felix Mendelssohn | 3 min |
| Sing Joyfully | William Byrd | 4 min |
| The Blue Bird | Charles Villiers Stanford | 4 min |
| Hear My Prayer | Felix Mendelssohn | 12 min |
| Shenandoah | trad., arr. James Erb | 5 min |
| Interval | | 20 min |
| Bridge Over Troubled Water | Paul Simon, arr. Kirby Shaw | 5 min |
| The Parting Glass | trad., arr. Bob Chilcott | 4 min |
| He, Watching Over Israel | Felix Mendelssohn | 4 min |
| Homeward Bound | Marta Keen | 5 min |
| Seal Lullaby | Eric Whitacre | 4 min |

## Programme notes
Mendelssohn wrote Hear My Prayer in 1844 for soprano and choir, and our own Jess Ward sings the famous solo, O for the Wings of a Dove. After the interval we travel from Simon and Garfunkel to an Irish farewell, before Whitacre's gentle lullaby sends you home.

## About the choir
We are sixty singers from across the valley who meet every Tuesday in the church hall. Nobody auditions, and new voices are always welcome.
"""

CANDLELIGHT = """**Harrogate Ladies' Choir: Carols by Candlelight**

**When:** Friday 11 December 2026, 7:00 pm to 8:00 pm
**Where:** St Wilfrid's Church, Duchy Road
**Organ:** Owen Pritchard
**Tickets:** adults £10, students and under-18s £6; a family ticket for two adults and three children is £32, saving £6

Tonight we sing ten songs and carols. Please silence your mobile phones; the candles are real, so mind your coats.

**Tonight's programme**
- Hymn of the Cherubim (Tchaikovsky), 7 min
- In the Bleak Midwinter (Gustav Holst), 5 min
- Candlelight Carol (John Rutter), 4 min
- The Crown of Roses (Tchaikovsky), 4 min
- Interval: mulled wine and mince pies, 15 min
- Waltz of the Flowers, arranged for choir (Tchaikovsky), 7 min
- Silent Night (Franz Gruber), 4 min
- Still, Still, Still (trad., arr. Norman Luboff), 3 min
- Sussex Carol (arr. David Willcocks), 3 min
- Walking in the Air (Howard Blake), 5 min
- We Wish You a Merry Christmas (trad., arr. Arthur Warrell), 3 min

**About the music**
Tchaikovsky wrote the Hymn of the Cherubim for the Russian Orthodox liturgy, and we sing it in English. The Waltz of the Flowers, from The Nutcracker, is a choral arrangement made by our director, Alison Grey. We end with carols you know, so do sing along.

**About us**
Forty women from Harrogate and Knaresborough, singing together since 1987. We rehearse on Monday evenings and raise money for the Candlelighters children's cancer charity.
"""

AUTUMN = """Ribble Valley Male Voice Choir: Songs of the Land

Date and time: Saturday 26 September 2026, 7:30 pm to 8:35 pm
Venue: Clitheroe Methodist Church
Musical director: Gareth Lloyd
Piano: Helen Marsh
Tickets: £15, children £7; a family ticket for two adults and two children is £40, saving £4

Tonight's concert has nine songs from England, Scotland and Wales, with a 25-minute interval. Please switch off your phones before we begin.

Running order:
1. Linden Lea - Ralph Vaughan Williams - 3 min
2. The Turtle Dove - Ralph Vaughan Williams - 4 min
3. Myfanwy - Joseph Parry - 4 min
4. Gwahoddiad - Lewis Hartsough - 4 min
5. Interval - 25 min
6. Loch Lomond - arr. Ralph Vaughan Williams - 4 min
7. Bring Him Home - Claude-Michel Schönberg - 6 min
8. Anthem - Benny Andersson - 4 min
9. Morte Christe - Emrys Jones - 5 min
10. The Rose - Amanda McBroom - 6 min

Programme notes:
Vaughan Williams collected folk songs on foot across England, and Linden Lea, his first published song, sets a Dorset poem by William Barnes. The Welsh hymns Myfanwy and Gwahoddiad are the heart of every male voice choir, and Morte Christe is sung in memory of our founder.

About the choir:
Thirty-five men from the Ribble Valley, the youngest nineteen and the oldest ninety-one. We sing for weddings, care homes and anyone who will have us.
"""

SPRING = """### Westgate Youth Choir: Spring Showcase

| | |
|---|---|
| When | Sunday 19 April 2026, 3:00 pm to 3:50 pm |
| Where | Westgate Community Hall |
| Director | Ruth Kaminski |
| Keyboard | Daniel Osei |
| Tickets | £8 adults, £4 children; family ticket for two adults and two children £20, saving £4 |

Our singers, aged 9 to 17, perform nine pieces this afternoon. Please turn off your phones, but do film the last song if you like.

### Order of music
1) Sound the Trumpet - Henry Purcell - 3 min
2) Music for a While - Henry Purcell - 4 min
3) Fairest Isle - Henry Purcell - 3 min
4) A Million Dreams - Benj Pasek and Justin Paul - 5 min
5) Interval with squash and biscuits - 15 min
6) Bring Me Little Water, Silvy - Moira Smiley - 3 min
7) Rise Up - Andra Day - 4 min
8) Lean on Me - Bill Withers - 4 min
9) You Raise Me Up - Rolf Lovland - 5 min
10) Dido's Lament - Henry Purcell - 4 min

### Notes on the music
Purcell wrote for the London stage more than three hundred years ago, and our older singers open with three of his songs. After the break the younger groups take over with songs they chose themselves, and everyone joins for Dido's Lament at the end.

### Who we are
Sixty young singers from schools across Westgate, rehearsing every Saturday morning. Membership is free, thanks to the town council.
"""

MORE = (
    " The pieces were chosen by the singers themselves at the start of the year, after a long and lively vote"
    " in rehearsal, and several of them have been arranged especially for this concert. We would like to thank"
    " everyone who lent us music, and the parents and partners who have listened to us practising in the car,"
    " in the kitchen and in the bath for many weeks now."
)

PROGRAMMES = (
    Programme(
        "Summer Serenade",
        "Please lay out the programme for Calder Valley Community Choir's Summer Serenade: Saturday 20 June 2026 at "
        "St Michael's Church, Hebden Bridge, starting 7:30 pm (doors 7:00); give the finishing time. Conductor Tom "
        "Harker, piano Grace Oduya. Tickets £12, under-16s £5, family ticket (two adults, two children) £30: say "
        "what it saves. Markdown, with the running order in a table with lengths: Lift Thine Eyes (Mendelssohn, 3), "
        "Sing Joyfully (Byrd, 4), The Blue Bird (Stanford, 4), Hear My Prayer (Mendelssohn, 12), Shenandoah (5), a "
        "20-minute interval, Bridge Over Troubled Water (5), The Parting Glass (4), He, Watching Over Israel "
        "(Mendelssohn, 4), Homeward Bound (5), Seal Lullaby (Whitacre, 4). Say how many pieces, ask people to switch "
        "phones off, then programme notes (under 80 words) and a short About the choir section.",
        SUMMER,
        "Mendelssohn",
        "Grace Oduya",
        80,
        (
            swap_spans(SUMMER, "## Running order", "## Programme notes", "## About the choir"),
            (
                "composer",
                "| He, Watching Over Israel | Felix Mendelssohn |",
                "| He, Watching Over Israel | Felix Mendelsohn |",
            ),
            ("phones", " Please switch off your mobile phones before the music begins.", ""),
            ("accompanist", "**Piano:** Grace Oduya\n", ""),
            ("about", SUMMER[SUMMER.index("\n## About the choir") :], ""),
            ("notes", "sends you home.", "sends you home." + MORE),
            ("end", "7:30 pm to 8:40 pm", "7:30 pm to 8:20 pm"),
            ("tickets", "saving £4.", "saving £6."),
            ("count", "sings ten pieces", "sings eleven pieces"),
        ),
    ),
    Programme(
        "Carols by Candlelight",
        "Programme for Harrogate Ladies' Choir's Carols by Candlelight, Friday 11 December 2026 from 7:00 pm at St "
        "Wilfrid's Church, Duchy Road, with the end time. Owen Pritchard plays the organ. Tickets: adults £10, "
        "students and under-18s £6, family ticket for two adults and three children £32, with the saving. Bold "
        "headings and bullets. Running order with lengths: Hymn of the Cherubim (Tchaikovsky, 7), In the Bleak "
        "Midwinter (5), Candlelight Carol (4), The Crown of Roses (Tchaikovsky, 4), 15-minute interval with mulled "
        "wine, Waltz of the Flowers (Tchaikovsky, 7), Silent Night (4), Still, Still, Still (3), Sussex Carol (3), "
        "Walking in the Air (5), We Wish You a Merry Christmas (3). Say how many songs, ask for phones to be silenced, "
        "then notes about the music (75 words at most) and a few lines about us.",
        CANDLELIGHT,
        "Tchaikovsky",
        "Owen Pritchard",
        75,
        (
            swap_spans(CANDLELIGHT, "**Tonight's programme**", "**About the music**", "**About us**"),
            ("composer", "- The Crown of Roses (Tchaikovsky)", "- The Crown of Roses (Tchaikovski)"),
            ("phones", "Please silence your mobile phones; the candles", "The candles"),
            ("accompanist", "**Organ:** Owen Pritchard\n", ""),
            ("about", CANDLELIGHT[CANDLELIGHT.index("\n**About us**") :], ""),
            ("notes", "so do sing along.", "so do sing along." + MORE),
            ("end", "7:00 pm to 8:00 pm", "7:00 pm to 7:45 pm"),
            ("tickets", "saving £6", "saving £8"),
            ("count", "we sing ten songs", "we sing eleven songs"),
        ),
    ),
    Programme(
        "Songs of the Land",
        "Write the programme for Ribble Valley Male Voice Choir's Songs of the Land, Saturday 26 September 2026 at "
        "Clitheroe Methodist Church, 7:30 pm start, with the finish time. Plain text with Label: lines and a numbered "
        "running order, no Markdown. MD Gareth Lloyd, piano Helen Marsh. Tickets £15, children £7, family ticket "
        "(two adults, two children) £40 and what it saves. Songs with lengths: Linden Lea (Vaughan Williams, 3), The "
        "Turtle Dove (Vaughan Williams, 4), Myfanwy (4), Gwahoddiad (4), 25-minute interval, Loch Lomond (arr. "
        "Vaughan Williams, 4), Bring Him Home (6), Anthem (4), Morte Christe (5), The Rose (6). Say how many songs, "
        "ask for phones off, then programme notes in no more than 80 words, and a short piece about the choir.",
        AUTUMN,
        "Vaughan",
        "Helen Marsh",
        80,
        (
            swap_spans(AUTUMN, "Running order:", "Programme notes:", "About the choir:"),
            ("composer", "2. The Turtle Dove - Ralph Vaughan Williams", "2. The Turtle Dove - Ralph Vaughn Williams"),
            ("phones", " Please switch off your phones before we begin.", ""),
            ("accompanist", "Piano: Helen Marsh\n", ""),
            ("about", AUTUMN[AUTUMN.index("\nAbout the choir:") :], ""),
            ("notes", "in memory of our founder.", "in memory of our founder." + MORE),
            ("end", "7:30 pm to 8:35 pm", "7:30 pm to 8:10 pm"),
            ("tickets", "saving £4", "saving £2"),
            ("count", "has nine songs", "has ten songs"),
        ),
    ),
    Programme(
        "Spring Showcase",
        "Can you make the programme for Westgate Youth Choir's Spring Showcase? Sunday 19 April 2026, 3:00 pm at "
        "Westgate Community Hall; work out when it ends. ### headings, and the key facts in a table at the top: "
        "director Ruth Kaminski, Daniel Osei on keyboard, tickets £8 adults, £4 children, family ticket (two adults, "
        "two children) £20 with its saving. Pieces and minutes: Sound the Trumpet (Purcell, 3), Music for a While "
        "(Purcell, 4), Fairest Isle (Purcell, 3), A Million Dreams (5), 15-minute interval, Bring Me Little Water, "
        "Silvy (3), Rise Up (4), Lean on Me (4), You Raise Me Up (5), Dido's Lament (Purcell, 4). Say how many pieces, "
        "ask for phones off, notes on the music under 70 words, then who we are.",
        SPRING,
        "Purcell",
        "Daniel Osei",
        70,
        (
            swap_spans(SPRING, "### Order of music", "### Notes on the music", "### Who we are"),
            ("composer", "10) Dido's Lament - Henry Purcell", "10) Dido's Lament - Henry Purcel"),
            ("phones", " Please turn off your phones, but do film the last song if you like.", ""),
            ("accompanist", "| Keyboard | Daniel Osei |\n", ""),
            ("about", SPRING[SPRING.index("\n### Who we are") :], ""),
            ("notes", "at the end.", "at the end." + MORE),
            ("end", "3:00 pm to 3:50 pm", "3:00 pm to 3:35 pm"),
            ("tickets", "saving £4", "saving £2"),
            ("count", "perform nine pieces", "perform eight pieces"),
        ),
    ),
)


def build(programme: Programme, on: dict[str, bool]) -> str:
    return slipped(programme.text, programme.slips, on, programme.name)


# Reading a programme ----------------------------------------------------------------------------


def spelt_right(answer: str, composer: str) -> bool:
    """Every word like the composer's name is the name, and it is there."""
    return spellings(answer, composer) == {composer.lower()}


def running_order(answer: str) -> list[str]:
    """The running order's lines that give a length in minutes (the interval's too)."""
    return [line for line in section(answer, RUNNING) or [] if LENGTH.search(line)]


def pieces(answer: str) -> int:
    return sum(not INTERVAL.search(line) for line in running_order(answer))


def end_right(answer: str) -> bool:
    """On the first line with two times of day, the second is the first plus every length in the running order."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2), "")
    lengths = [int(m.group(1)) for s in running_order(answer) for m in LENGTH.finditer(s)]
    if not line or not lengths:
        return False
    start, end = clocks(line)[:2]
    return end - start == sum(lengths)


def tickets_right(answer: str) -> bool:
    """The family ticket's line: its adults and children at the single prices, less the family ticket, is the saving."""
    line = line_with(answer, "family ticket")
    party, amounts = PARTY.search(line), money(line)
    if party is None or len(amounts) < 4:
        return False
    adults, children = number_in(party.group(1)), number_in(party.group(2))
    if adults is None or children is None:
        return False
    adult, child, family, saving = amounts[:4]
    return adults * adult + children * child - family == saving


def count_right(answer: str) -> bool:
    """The number of pieces the programme states is the number in its running order."""
    stated = next((n for m in COUNTED.finditer(answer) if (n := number_in(m.group(1))) is not None), None)
    return stated is not None and stated == pieces(answer)


WORDINGS = {
    "composer": ("Spells {composer} correctly every time", "Uses the correct spelling of {composer} throughout"),
    "phones": (
        "Asks the audience to switch off their mobile phones",
        "Includes a request to turn phones off or silence them",
    ),
    "accompanist": ("Credits the accompanist, {accompanist}", "Names {accompanist} as the accompanist"),
    "order": (
        "Gives the running order before the programme notes",
        "The list of pieces comes ahead of the notes on the music",
    ),
    "about": ("Includes a short section about the choir", "Has a section introducing the choir"),
    "notes": (
        "Keeps the programme notes under {limit} words",
        "The notes on the music are fewer than {limit} words",
    ),
    "end": (
        "The finishing time equals the start time plus the lengths of the pieces and the interval",
        "Works out the end time correctly from the start and the running order",
    ),
    "tickets": (
        "The saving stated for the family ticket is right for the single ticket prices",
        "Calculates the family ticket's saving correctly",
    ),
    "count": (
        "The number of pieces it says will be sung matches the running order",
        "States how many pieces are in the concert, and the running order has that many",
    ),
}
"""Two wordings of each kind of criterion, filled from the programme."""


def truths(programme: Programme, answer: str) -> dict[str, bool]:
    notes = " ".join(section(answer, NOTES) or [])
    return {
        "composer": spelt_right(answer, programme.composer),
        "phones": PHONES.search(answer) is not None,
        "accompanist": programme.accompanist.lower() in answer.lower(),
        "order": heading_order(answer, RUNNING, NOTES),
        "about": bool(section(answer, ABOUT)),
        "notes": 0 < word_count(notes) < programme.limit,
        "end": end_right(answer),
        "tickets": tickets_right(answer),
        "count": count_right(answer),
    }


def candidates(rng: random.Random, programme: Programme, answer: str) -> list[Criterion]:
    filled = {
        "composer": "Vaughan Williams" if programme.composer == "Vaughan" else programme.composer,
        "accompanist": programme.accompanist,
        "limit": programme.limit,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(programme, answer).items()
    ]


SWITCHES = ("order", "composer", "phones", "accompanist", "about", "notes", "end", "tickets", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROGRAMMES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
