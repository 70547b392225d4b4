"""Litter pick family (fresh38): the briefing a volunteer leader asks for before a community litter pick (a park's
spring pick, a beach clean, a canal towpath clean-up, a village spring clean), with the date and time, where to meet,
what to bring and wear, the safety rules and how the last one went, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh38`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the briefing (Markdown headings with last time's figures in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by
switches. Every truth is read from the text: the rule about needles, the rule for under-16s and any word blaming
litterers by the words that write them, the sections by their headings, the words written before the first date, the
safety rules as the list items of their section, the weight in pounds from the first line with kg and lb, the
volunteer hours from the first line giving volunteers, hours each and volunteer hours, and the weekday from the lines
that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    ISO_DATE,
    NAMED_DATE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    figure_value,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "litter_pick"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SHARPS = re.compile(
    r"\b(?:do not|don't|never|must not)\s+(?:touch|pick up|handle)[^.\n]{0,30}(?:needles?|sharps|syring)", re.I
)
UNDER_AGE = re.compile(r"\bunder[- ]1[468]s?\b[^.\n]{0,60}\b(?:adult|parent|guardian|grown-up)", re.I)
BLAME = re.compile(r"\b(?:lazy|louts?|yobs?|disgusting|selfish|idiots?|mindless|scum)\b", re.I)
MEET = r"meet|where"
BRING = r"bring|wear"
SAFETY = r"safe"
TOP_WORDS = 25
"""The most words the briefing may write before its first date for the date to be at the top."""
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
LB = re.compile(r"(\d+(?:\.\d+)?)\s*(?:lb|lbs|pounds)\b")
POUNDS_PER_KG = 2.20462
VOLUNTEERS = re.compile(r"\b(\d+)\s+volunteers\b")
EACH = re.compile(r"\b(\d+)(½|\.5)?\s*hours?\s+each\b")
GIVEN = re.compile(r"\b(\d[\d,]*(?:\.\d+)?)\s+volunteer hours\b")


@dataclass(frozen=True)
class Briefing:
    name: str
    """The place picked."""
    task: str
    text: str
    """The answer written right."""
    rules: int
    """The safety rules asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARTLEY = """# Hartley Park Spring Litter Pick

**Saturday 21 March 2026, 10:00 am to 12:30 pm.** Meet at the bandstand.

Join the Friends of Hartley Park for our spring litter pick. Under-16s are very welcome but must come with an adult.

## Meeting point
The bandstand in the middle of the park, five minutes' walk from the Elm Road gate. Look for the green gazebo and sign in with Dave.

## What to bring and wear
- sturdy shoes or boots
- clothes you don't mind getting muddy
- a waterproof
- a drink and a snack

We provide litter pickers, gloves, hi-vis vests and bags.

## Safety
1. Wear the gloves we give you at all times.
2. Never pick up needles or syringes: mark the spot and tell a leader.
3. Stay away from the lake edge and the railway fence.
4. Leave anything heavy, like tyres or fly-tipped bags, for the council.
5. Wash your hands before you eat or drink.

## Last time
| | |
|---|---|
| Volunteers | 38 volunteers gave 2½ hours each, 95 volunteer hours in all |
| Bags filled | 52 |
| Weight | about 186 kg (410 lb) |

Thank you for helping to keep Hartley Park beautiful.
"""

SALTBY = """**Saltby Beach Clean: volunteer briefing**
**Sunday 19 April 2026, 9:30 am to 12:00 noon, Saltby slipway**

Thank you for signing up. Under-18s need a parent or guardian with them on the day.

**Where to meet**
- At the top of Saltby slipway, by the lifeguard hut
- Park in the Cliff Road car park, which is free before 10 am

**What to wear and bring**
- sturdy shoes you don't mind getting wet
- layers and a windproof jacket
- sun cream and a hat
- a refillable water bottle

**Safety**
- Stay off the rocks at the north end, and keep away from the foot of the cliffs.
- Don't touch needles, syringes or other sharps: tell a beach leader, who will mark them.
- Leave anything heavy, or any drum or canister, where it is and report it.
- If you find a stranded seal, keep well back and call us.

**Last clean**
- 41 volunteers, 2 hours each: 82 volunteer hours
- 37 bags and a pile of rope and net, weighing 154 kg (340 lb)

Cheers,
Saltby Beach Guardians
"""

TOWPATH = """CANAL TOWPATH CLEAN-UP, LOCK 14 TO BRIDGE 9
Saturday 9 May 2026, 10:00 am to 1:00 pm, meet at Lock 14

Hello all,

Here is everything you need for the towpath clean-up with the Canal & River Trust. Under-16s must be with an adult all morning.

Meeting point:
Lock 14, on the towpath below the Navigation pub. Sign in with Mel at the blue trailer.

What to bring:
1. wellies or walking boots
2. old clothes and a waterproof
3. a packed lunch if you are staying for the barbecue

Safety rules:
1. Stay at least a metre back from the water's edge.
2. Only our trained volunteers use the grab hooks from the bank.
3. Never touch needles or other sharps; tell Mel and she will deal with them.
4. Watch out for cyclists and give them room.
5. Wash your hands before eating.
6. Stop and rest if you feel tired or unwell.

Last time:
29 volunteers worked 3 hours each, which is 87 volunteer hours.
We pulled out 2 trolleys, a bike and 64 bags of rubbish, 275 kg (606 lb) in all.

Thanks,
Mel Forsyth, volunteer leader
"""

MARSTON = """### Little Marston Spring Clean

| | |
|---|---|
| Date | Saturday 28 March 2026 |
| Time | 9:00 am to 11:00 am |
| Meet | the village hall car park |

Everyone is welcome, and children under 14 must come with a parent.

### Where to meet
The village hall car park on Church Lane. The parish council's van will be there with the kit.

### What to bring
- gardening gloves, if you have your own
- wellies
- a hi-vis vest, if you have one

### Staying safe
- Work in pairs on the lanes and face the oncoming traffic.
- Do not pick up needles, broken glass or anything sharp: tell Ruth and she will collect it in the sharps box.
- Keep out of the ditches.

### Last year
- 22 volunteers gave 2 hours each, 44 volunteer hours in all
- 18 bags, about 60 kg (132 lb)

Thank you, and see you there.
Ruth Okafor, parish clerk
"""

PARAGRAPH = (
    "Over the winter months the wind and the weather bring in all sorts of crisp packets, cans,"
    " bottles and plastic, and every spring a few of us get together to clear it all up. It is a friendly, sociable"
    " few hours, it makes a real difference to how the place looks, and there is always tea and cake afterwards. Here"
    " is everything you need to know before the day.\n\n"
)
INTRO = "Dear neighbours,\n\n" + PARAGRAPH

BRIEFINGS = (
    Briefing(
        "Hartley Park",
        "Please write the volunteer briefing for the Friends of Hartley Park spring litter pick, in Markdown: Saturday "
        "21 March 2026 (with the weekday), 10 am to 12:30, meet at the bandstand. The date and time go right at the "
        "top. Under-16s must come with an adult. A meeting point section before what to bring and wear (sturdy shoes, "
        "muddy clothes, waterproof, drink and snack; we provide pickers, gloves, hi-vis and bags). Five safety rules, "
        "including never picking up needles. Last time in a table: 38 volunteers for 2½ hours each (give the volunteer "
        "hours), 52 bags, 186 kg, with the weight in lb too. Keep it upbeat: don't have a go at the people who drop "
        "litter.",
        HARTLEY,
        5,
        (
            swap_spans(HARTLEY, "## Meeting point", "## What to bring and wear", "## Safety"),
            (
                "sharps",
                "2. Never pick up needles or syringes: mark the spot and tell a leader.",
                "2. Pick up any needles with your litter picker and put them in the sharps tube.",
            ),
            ("under_16", "Under-16s are very welcome but must come with an adult.", "Families are very welcome."),
            (
                "no_blame",
                "Thank you for helping to keep Hartley Park beautiful.",
                "Thank you for clearing up after the lazy louts who spoil Hartley Park.",
            ),
            ("top", "# Hartley Park Spring Litter Pick\n\n", "# Hartley Park Spring Litter Pick\n\n" + INTRO),
            (
                "rules",
                "3. Stay away from the lake edge and the railway fence.\n4. Leave anything heavy, like tyres or"
                " fly-tipped bags, for the council.\n5. Wash",
                "3. Leave anything heavy, like tyres or fly-tipped bags, for the council.\n4. Wash",
            ),
            ("weight", "(410 lb)", "(84 lb)"),
            ("hours", "95 volunteer hours", "76 volunteer hours"),
            ("weekday", "Saturday 21 March", "Sunday 21 March"),
        ),
    ),
    Briefing(
        "Saltby Beach",
        "Write a briefing for our Saltby beach clean volunteers with bold headings and bullets. Sunday 19 April 2026 "
        "(give the day), 9:30 to noon, at the slipway; put that at the very top. Under-18s need a parent or guardian. "
        "Where to meet (top of the slipway by the lifeguard hut, Cliff Road car park) comes before what to wear and "
        "bring. Four safety points: rocks and cliffs, don't touch sharps, leave drums and canisters, keep back from "
        "seals. Last clean: 41 volunteers for 2 hours each (total volunteer hours, please) and 37 bags weighing 154 kg "
        "(and in pounds). No insulting the people who leave litter; keep it positive.",
        SALTBY,
        4,
        (
            swap_spans(SALTBY, "**Where to meet**", "**What to wear and bring**", "**Safety**"),
            (
                "sharps",
                "- Don't touch needles, syringes or other sharps: tell a beach leader, who will mark them.",
                "- Put any needles or syringes you find in the sharps tube at the lifeguard hut.",
            ),
            ("under_16", " Under-18s need a parent or guardian with them on the day.", ""),
            ("no_blame", "Thank you for signing up.", "Thank you for signing up to clear up after the selfish idiots."),
            (
                "top",
                "**Saltby Beach Clean: volunteer briefing**\n",
                "**Saltby Beach Clean: volunteer briefing**\n\n" + INTRO,
            ),
            ("rules", "- If you find a stranded seal, keep well back and call us.\n", ""),
            ("weight", "(340 lb)", "(70 lb)"),
            ("hours", "82 volunteer hours", "72 volunteer hours"),
            ("weekday", "Sunday 19 April", "Saturday 19 April"),
        ),
    ),
    Briefing(
        "Lock 14",
        "Plain text (no Markdown) briefing for the canal towpath clean-up from Lock 14 to Bridge 9 with the Canal & "
        "River Trust: Saturday 9 May 2026 (weekday too), 10 am to 1 pm, meet at Lock 14. Date first thing, please. "
        "Under-16s must be with an adult. Meeting point (below the Navigation pub, sign in with Mel) before what to "
        "bring. Six numbered safety rules (water's edge, grab hooks for trained volunteers only, never touch sharps, "
        "cyclists, wash hands, rest if unwell). Last time: 29 volunteers, 3 hours each, and the volunteer hours; 64 "
        "bags, 275 kg, in lb as well. Don't blame the people who dump rubbish. From Mel Forsyth.",
        TOWPATH,
        6,
        (
            swap_spans(TOWPATH, "Meeting point:", "What to bring:", "Safety rules:"),
            (
                "sharps",
                "3. Never touch needles or other sharps; tell Mel and she will deal with them.",
                "3. Use your picker for needles and other sharps, and put them in the red tub.",
            ),
            ("under_16", " Under-16s must be with an adult all morning.", " Children are welcome too."),
            (
                "no_blame",
                "with the Canal & River Trust.",
                "with the Canal & River Trust. Mindless people treat it as a tip.",
            ),
            (
                "top",
                "CANAL TOWPATH CLEAN-UP, LOCK 14 TO BRIDGE 9\n",
                "CANAL TOWPATH CLEAN-UP, LOCK 14 TO BRIDGE 9\n\n" + PARAGRAPH,
            ),
            (
                "rules",
                "4. Watch out for cyclists and give them room.\n5. Wash your hands before eating.\n6. Stop",
                "4. Wash your hands before eating.\n5. Stop",
            ),
            ("weight", "(606 lb)", "(125 lb)"),
            ("hours", "87 volunteer hours", "78 volunteer hours"),
            ("weekday", "Saturday 9 May", "Friday 9 May"),
        ),
    ),
    Briefing(
        "Little Marston",
        "Can you write the Little Marston spring clean briefing with ### headings and the date, time and meeting place "
        "in a small table at the top: Saturday 28 March 2026 (weekday included), 9 to 11 am, village hall car park. "
        "Children under 14 are welcome with a parent. Where to meet comes before what to bring (gloves, wellies, "
        "hi-vis). Three safety points: pairs facing traffic, do not pick up needles or glass (tell Ruth), keep out of "
        "ditches. Last year: 22 volunteers for 2 hours each, with the volunteer hours; 18 bags, 60 kg (and in lb). A "
        "positive tone, nothing that blames litterers. From me, Ruth Okafor, parish clerk.",
        MARSTON,
        3,
        (
            swap_spans(MARSTON, "### Where to meet", "### What to bring", "### Staying safe"),
            (
                "sharps",
                "- Do not pick up needles, broken glass or anything sharp: tell Ruth and she will collect it",
                "- Pick up needles, broken glass or anything sharp with your picker, and Ruth will collect it",
            ),
            ("under_16", "Everyone is welcome, and children under 14 must come with a parent.", "Everyone is welcome."),
            ("no_blame", "Thank you, and see you there.", "Let's shame the lazy few who drop it. See you there."),
            ("top", "### Little Marston Spring Clean\n\n", "### Little Marston Spring Clean\n\n" + INTRO),
            ("rules", "- Keep out of the ditches.\n", ""),
            ("weight", "(132 lb)", "(27 lb)"),
            ("hours", "44 volunteer hours", "24 volunteer hours"),
            ("weekday", "Saturday 28 March", "Sunday 28 March"),
        ),
    ),
)


def build(briefing: Briefing, on: dict[str, bool]) -> str:
    return slipped(briefing.text, briefing.slips, on, briefing.name)


# Reading a briefing ----------------------------------------------------------------------------


def words_before_date(answer: str) -> int | None:
    """The words written before the first date (in ISO form or as `9 May 2026`), or None without one."""
    starts = [found.start() for pattern in (ISO_DATE, NAMED_DATE) if (found := pattern.search(answer))]
    return word_count(answer[: min(starts)]) if starts else None


def date_on_top(answer: str) -> bool:
    """Whether the first date comes within the briefing's first `TOP_WORDS` words."""
    words = words_before_date(answer)
    return words is not None and words <= TOP_WORDS


def hours_right(answer: str) -> bool:
    """Whether the first line giving volunteers, hours each and volunteer hours states their product."""
    line = next((line for line in answer.splitlines() if VOLUNTEERS.search(line) and EACH.search(line)), "")
    people, each, given = VOLUNTEERS.search(line), EACH.search(line), GIVEN.search(line)
    if people is None or each is None or given is None:
        return False
    hours = int(each.group(1)) + (0.5 if each.group(2) else 0)
    return int(people.group(1)) * hours == figure_value(given.group(1))


WORDINGS = {
    "sharps": (
        "Tells volunteers never to pick up needles or sharps themselves",
        "Says that needles must not be touched, only reported",
    ),
    "under_16": (
        "States that children must be accompanied by an adult",
        "Makes clear that young volunteers need a parent or adult with them",
    ),
    "no_blame": (
        "Keeps a positive tone without blaming or insulting people who drop litter",
        "Does not call litterers names or criticise them",
    ),
    "order": (
        "Gives the meeting point before the list of what to bring",
        "The where-to-meet section comes before the what-to-bring section",
    ),
    "top": (
        "Puts the date and time at the very top, before any introduction",
        "Opens with when the event is, before any greeting or introduction",
    ),
    "rules": (
        "Gives exactly {rules} safety rules",
        "The safety section is a list of {rules} points",
    ),
    "weight": (
        "The weight in pounds is a correct conversion of the weight in kilograms",
        "Converts the weight of rubbish collected from kg to lb correctly",
    ),
    "hours": (
        "The volunteer hours equal the number of volunteers times the hours each gave",
        "Works out the total volunteer hours correctly",
    ),
    "weekday": (
        "The weekday given matches the date of the litter pick",
        "The day of the week is correct for the event's date",
    ),
}
"""Two wordings of each kind of criterion, filled from the briefing."""


def truths(briefing: Briefing, answer: str) -> dict[str, bool]:
    return {
        "sharps": SHARPS.search(answer) is not None,
        "under_16": UNDER_AGE.search(answer) is not None,
        "no_blame": BLAME.search(answer) is None,
        "order": heading_order(answer, MEET, BRING),
        "top": date_on_top(answer),
        "rules": len(listed(section(answer, SAFETY) or [])) == briefing.rules,
        "weight": converted(answer, KG, LB, POUNDS_PER_KG),
        "hours": hours_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, briefing: Briefing, answer: str) -> list[Criterion]:
    filled = {"rules": NUMBER_WORDS[briefing.rules]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(briefing, answer).items()
    ]


SWITCHES = ("order", "sharps", "under_16", "no_blame", "top", "rules", "weight", "hours", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BRIEFINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
