"""Bibliography family (fresh9): a reference list in APA 7 style for the sources a task gives (an
essay on sleep and memory, a report on urban heat, a thesis chapter on code review, a paper on
language-learning apps), with its authors as "Surname, I.", years in parentheses, italic titles,
DOIs as links, the entries in alphabetical order and a count of them, a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh9`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the list in Markdown under a heading, after a lead-in line or none and with a note
after it or none, one entry a line (numbered or not), written right and then changed by switches:
the entries sorted by the first author's surname or two of them swapped, every author as
"Surname, I." or one written another way (a first name in full, the initial first, no comma),
every year in parentheses or one bare, an italic part in every entry or one without, every DOI
as an https://doi.org/ link or one as "doi:" or an old dx.doi.org address, "&" before the last
author or "and", the count of references stated as the number of entries or one off, no source
the task did not give or one more, and the heading "References" or another word. Every truth is a
function of the answer's text: the entries are the lines carrying a year, their authors split off
before the year and matched author by author, and the DOIs, italics, headings and the stated count
found by pattern (below).
"""

from __future__ import annotations

import bisect
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "bibliography"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
MARKER = re.compile(r"^\s*(?:[-+]|\d+[.)])\s+")
YEAR = re.compile(r"^(.*?),?\s*(\((?:19|20)\d{2}[a-z]?\)|(?:19|20)\d{2}[a-z]?)\.")
HAS_YEAR = re.compile(r"\b(?:19|20)\d{2}[a-z]?\)?\.")
NAME = r"[A-Z][A-Za-zÀ-ÿ'’-]+(?: [A-Z][A-Za-zÀ-ÿ'’-]+)*, [A-Z]\.(?:[ -]?[A-Z]\.)*"
AUTHORS = re.compile(rf"^{NAME}(?:, {NAME})*(?:,? (?:&|and) {NAME})?$")
ITALIC = re.compile(r"(?<![*\w])\*[^*\s][^*]*?\*(?!\*)|(?<![_\w])_[^_\s][^_]*?_(?![_\w])")
DOI = re.compile(r"\b10\.\d{4,9}/\S+")
LINK = "https://doi.org/"
HEADING = re.compile(r"^\s*(?:#{1,4}\s+(.+?)|\*\*(.+?)\*\*)\s*$")
COUNT = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:references|sources|entries|works)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Bibliography:
    task: str
    lead: str
    """The lead-in line, or none; `{count}` is the number of references."""
    heading: str
    note: str
    """The note after the list, or none; `{count}` is the number of references."""
    in_words: bool
    """The count written as a word (five), not a digit."""
    numbered: bool
    entries: tuple[str, ...]
    """The entries written right, in alphabetical order."""
    extra: str
    """The entry for a source the task did not give, which an answer with one more adds."""
    swap: tuple[int, int]
    given: tuple[str, ...]
    """The first author's surname of every source the task gives."""
    off_by: int
    """What an answer with a wrong count adds to it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BIBLIOGRAPHIES = (
    Bibliography(
        "Can you turn these into an APA 7 reference list for my essay on sleep and memory? Sort them properly, "
        "italicise what APA italicises, DOIs as https://doi.org/ links, tell me how many references there are, "
        "and don't add anything I didn't give you. (1) Maria Lopez and James Park, 'Sleep spindles predict "
        "overnight memory consolidation in older adults', Journal of Sleep Research vol 30 no 4, article "
        "e13345, 2021, doi 10.1111/jsr.13345. (2) Erik Lindqvist, book 'The sleeping brain: A guide for "
        "students', 2nd edition, Northfield Press, 2019. (3) Chidi N. Okafor, Aisha Bello and Tom Reyes, "
        "'Napping and recall in university students: A randomized trial', Learning & Memory 29(7), pp. "
        "201-210, 2022, DOI 10.1101/lm.053512.122. (4) Sofia Haddad, 'Dreams, memory, and the ageing brain', "
        "Neuropsychology Review 33(1), 45-67, 2023, doi:10.1007/s11065-022-09561-1. (5) Daniel Brenner and "
        "Lea Vogt, 'Blue light before bed and next-day word recall', Sleep Health 8(2), 150-158, 2020, "
        "10.1016/j.sleh.2020.01.004.",
        "Here are your {count} references in APA 7 style:",
        "## References",
        "",
        False,
        False,
        (
            "Brenner, D., & Vogt, L. (2020). Blue light before bed and next-day word recall. *Sleep Health*, "
            "*8*(2), 150–158. https://doi.org/10.1016/j.sleh.2020.01.004",
            "Haddad, S. (2023). Dreams, memory, and the ageing brain. *Neuropsychology Review*, *33*(1), 45–67. "
            "https://doi.org/10.1007/s11065-022-09561-1",
            "Lindqvist, E. (2019). *The sleeping brain: A guide for students* (2nd ed.). Northfield Press.",
            "Lopez, M., & Park, J. (2021). Sleep spindles predict overnight memory consolidation in older "
            "adults. *Journal of Sleep Research*, *30*(4), Article e13345. https://doi.org/10.1111/jsr.13345",
            "Okafor, C. N., Bello, A., & Reyes, T. (2022). Napping and recall in university students: A "
            "randomized trial. *Learning & Memory*, *29*(7), 201–210. https://doi.org/10.1101/lm.053512.122",
        ),
        "Kessler, R. (2018). Sleep and the consolidation of declarative memory. *Annual Review of Psychology*, "
        "*69*, 201–226. https://doi.org/10.1146/annurev-psych-122216-011823",
        (1, 2),
        ("Brenner", "Haddad", "Lindqvist", "Lopez", "Okafor"),
        1,
        (
            ("authors", "Okafor, C. N., Bello, A.", "Okafor, Chidi N., Bello, A."),
            ("year", "Haddad, S. (2023).", "Haddad, S., 2023."),
            ("italic", "*Sleep Health*, *8*(2)", "Sleep Health, 8(2)"),
            ("doi", "https://doi.org/10.1111/jsr.13345", "doi:10.1111/jsr.13345"),
            ("ampersand", "Brenner, D., & Vogt, L.", "Brenner, D., and Vogt, L."),
            ("heading", "## References", "## Bibliography"),
        ),
    ),
    Bibliography(
        "Format the sources below as an APA 7th edition reference list for our report on urban heat islands. "
        "Alphabetical by first author, 'Surname, I.' for every author, DOIs written as https://doi.org/ "
        "links, say how many sources are listed, nothing beyond these. 1) Nadia Rahman, Paul Ortega, 'Street "
        "trees and surface temperature in Dhaka', Urban Climate, vol. 41, 101052, 2022, doi "
        "10.1016/j.uclim.2021.101052. 2) Jonas Weber, 'Cool roofs: A field guide', Greenline Books, 2020. "
        "3) Amara Osei, Kwame Mensah, Efua Asante, 'Heat exposure in informal settlements of Accra', "
        "Environmental Research Letters 18(3), 034021, 2023, 10.1088/1748-9326/acb9d2. 4) Lucia Ferraro, "
        "'Night-time heat and hospital admissions in Milan', International Journal of Biometeorology 66, "
        "1123-1135, 2022, doi: 10.1007/s00484-022-02271-8. 5) Grace Chen, Ivan Petrov, 'Mapping heat "
        "islands from Landsat data', Remote Sensing 12(9), 1471, 2020, 10.3390/rs12091471. 6) Mateo Duarte, "
        "'Parks as cooling islands: A meta-analysis', Landscape and Urban Planning 205, 103959, 2021, "
        "10.1016/j.landurbplan.2020.103959.",
        "",
        "**References**",
        "That's {count} references, ordered by the first author's surname.",
        True,
        False,
        (
            "Chen, G., & Petrov, I. (2020). Mapping heat islands from Landsat data. *Remote Sensing*, *12*(9), "
            "Article 1471. https://doi.org/10.3390/rs12091471",
            "Duarte, M. (2021). Parks as cooling islands: A meta-analysis. *Landscape and Urban Planning*, "
            "*205*, Article 103959. https://doi.org/10.1016/j.landurbplan.2020.103959",
            "Ferraro, L. (2022). Night-time heat and hospital admissions in Milan. *International Journal of "
            "Biometeorology*, *66*, 1123–1135. https://doi.org/10.1007/s00484-022-02271-8",
            "Osei, A., Mensah, K., & Asante, E. (2023). Heat exposure in informal settlements of Accra. "
            "*Environmental Research Letters*, *18*(3), Article 034021. https://doi.org/10.1088/1748-9326/acb9d2",
            "Rahman, N., & Ortega, P. (2022). Street trees and surface temperature in Dhaka. *Urban Climate*, "
            "*41*, Article 101052. https://doi.org/10.1016/j.uclim.2021.101052",
            "Weber, J. (2020). *Cool roofs: A field guide*. Greenline Books.",
        ),
        "Morales, T., & Greene, H. (2019). Albedo and urban heat. *Urban Studies*, *56*(4), 780–795. "
        "https://doi.org/10.1177/0042098018768724",
        (3, 4),
        ("Chen", "Duarte", "Ferraro", "Osei", "Rahman", "Weber"),
        -1,
        (
            ("authors", "Rahman, N., & Ortega, P.", "Rahman, N., & P. Ortega"),
            ("year", "Weber, J. (2020).", "Weber, J. 2020."),
            (
                "italic",
                "*International Journal of Biometeorology*, *66*",
                "International Journal of Biometeorology, 66",
            ),
            ("doi", "https://doi.org/10.3390/rs12091471", "http://dx.doi.org/10.3390/rs12091471"),
            ("ampersand", "Mensah, K., & Asante, E.", "Mensah, K., and Asante, E."),
            ("heading", "**References**", "**Works Cited**"),
        ),
    ),
    Bibliography(
        "I need the references for my thesis chapter on code review in APA 7: five sources. Authors as "
        "Surname, Initials; year in brackets after the authors; journal names and volumes or book titles in "
        "italics; DOIs as https://doi.org/ links; alphabetical order; mention the number of references; no "
        "extra sources. Sources: Priya Iyer & Mark Doyle (2019) 'Modern code review at scale: A case study', "
        "Empirical Software Engineering 24(5), 2851-2890, doi 10.1007/s10664-019-09702-4. Hiroshi Tanaka "
        "(2021) 'Reviewer fatigue and defect detection', Journal of Systems and Software 176, 110931, "
        "10.1016/j.jss.2021.110931. Carla Brandt, Omar Haddad, Ruth Adeyemi (2020) 'What makes a review "
        "comment useful?', IEEE Software 37(4), 66-73, doi 10.1109/MS.2020.2987654. Samuel Ng (2018) book "
        "'Reviewing code: A practical handbook', Harbor Tech Press. Elena Vasquez & Lin Zhou (2022) "
        "'Automated review bots in open source', ACM Transactions on Software Engineering and Methodology "
        "31(2), article 27, doi 10.1145/3487569.",
        "Sure - formatted in APA 7th edition:",
        "### References ({count} sources)",
        "Article titles are in sentence case, as APA 7 asks; the book title is italic.",
        False,
        False,
        (
            "Brandt, C., Haddad, O., & Adeyemi, R. (2020). What makes a review comment useful? *IEEE Software*, "
            "*37*(4), 66–73. https://doi.org/10.1109/MS.2020.2987654",
            "Iyer, P., & Doyle, M. (2019). Modern code review at scale: A case study. *Empirical Software "
            "Engineering*, *24*(5), 2851–2890. https://doi.org/10.1007/s10664-019-09702-4",
            "Ng, S. (2018). *Reviewing code: A practical handbook*. Harbor Tech Press.",
            "Tanaka, H. (2021). Reviewer fatigue and defect detection. *Journal of Systems and Software*, "
            "*176*, Article 110931. https://doi.org/10.1016/j.jss.2021.110931",
            "Vasquez, E., & Zhou, L. (2022). Automated review bots in open source. *ACM Transactions on "
            "Software Engineering and Methodology*, *31*(2), Article 27. https://doi.org/10.1145/3487569",
        ),
        "Fagan, M. E. (1976). Design and code inspections to reduce errors in program development. *IBM "
        "Systems Journal*, *15*(3), 182–211. https://doi.org/10.1147/sj.153.0182",
        (0, 1),
        ("Brandt", "Iyer", "Ng", "Tanaka", "Vasquez"),
        1,
        (
            ("authors", "Tanaka, H. (2021)", "Tanaka H. (2021)"),
            ("year", "Iyer, P., & Doyle, M. (2019).", "Iyer, P., & Doyle, M., 2019."),
            ("italic", "*Reviewing code: A practical handbook*", "Reviewing code: A practical handbook"),
            ("doi", "https://doi.org/10.1145/3487569", "DOI: 10.1145/3487569"),
            ("ampersand", "Vasquez, E., & Zhou, L.", "Vasquez, E., and Zhou, L."),
            ("heading", "### References (", "### Sources ("),
        ),
    ),
    Bibliography(
        "Please write an APA 7 reference list from these six sources for a paper on language-learning apps. "
        "Order them A-Z by first author, give each author as surname plus initials, put years in "
        "parentheses, italicise journal and book titles, use https://doi.org/ links for DOIs, state how many "
        "entries the list has, and don't include anything else. (a) Ana Souza, Beatriz Lima: 'Streaks and "
        "motivation in mobile vocabulary apps', Computer Assisted Language Learning 35(6), 1201-1224, 2022, "
        "doi 10.1080/09588221.2020.1771380. (b) Kofi Boateng: 'Learning languages on the go', Meridian "
        "University Press, 2021. (c) Julia Hartmann, Felix Braun, Mia Keller: 'Spaced repetition and "
        "long-term retention', Language Learning & Technology 27(1), 1-22, 2023, doi 10.10125/73501. (d) Yuki "
        "Mori: 'Speaking practice with chatbots', ReCALL 34(3), 310-327, 2022, 10.1017/S0958344022000061. (e) "
        "David Elkins, Rosa Marin: 'Gamification in adult language classes', System 98, 102481, 2021, "
        "10.1016/j.system.2021.102481. (f) Sara Quinn: 'Do apps replace teachers?', ELT Journal 74(4), "
        "455-463, 2020, doi 10.1093/elt/ccaa031.",
        "Reference list (APA 7), {count} entries, alphabetical by first author:",
        "# References",
        "",
        False,
        True,
        (
            "Boateng, K. (2021). *Learning languages on the go*. Meridian University Press.",
            "Elkins, D., & Marin, R. (2021). Gamification in adult language classes. *System*, *98*, Article "
            "102481. https://doi.org/10.1016/j.system.2021.102481",
            "Hartmann, J., Braun, F., & Keller, M. (2023). Spaced repetition and long-term retention. *Language "
            "Learning & Technology*, *27*(1), 1–22. https://doi.org/10.10125/73501",
            "Mori, Y. (2022). Speaking practice with chatbots. *ReCALL*, *34*(3), 310–327. "
            "https://doi.org/10.1017/S0958344022000061",
            "Quinn, S. (2020). Do apps replace teachers? *ELT Journal*, *74*(4), 455–463. "
            "https://doi.org/10.1093/elt/ccaa031",
            "Souza, A., & Lima, B. (2022). Streaks and motivation in mobile vocabulary apps. *Computer Assisted "
            "Language Learning*, *35*(6), 1201–1224. https://doi.org/10.1080/09588221.2020.1771380",
        ),
        "Nation, P. (2013). *Learning vocabulary in another language* (2nd ed.). Cambridge University Press.",
        (4, 5),
        ("Boateng", "Elkins", "Hartmann", "Mori", "Quinn", "Souza"),
        1,
        (
            ("authors", "Souza, A., & Lima, B.", "Souza, Ana, & Lima, Beatriz"),
            ("year", "Mori, Y. (2022).", "Mori, Y., 2022."),
            ("italic", "*System*, *98*", "System, 98"),
            ("doi", "https://doi.org/10.10125/73501", "doi:10.10125/73501"),
            ("ampersand", "Hartmann, J., Braun, F., & Keller", "Hartmann, J., Braun, F., and Keller"),
            ("heading", "# References", "# Bibliography"),
        ),
    ),
)


def key(entry: str) -> str:
    return entry.split(",")[0].lower()


def build(bib: Bibliography, on: dict[str, bool]) -> str:
    entries = list(bib.entries)
    if not on["order"]:
        first, second = bib.swap
        entries[first], entries[second] = entries[second], entries[first]
    if not on["only_given"]:
        entries.insert(bisect.bisect([key(e) for e in bib.entries], key(bib.extra)), bib.extra)
    body = "\n\n".join(f"{at}. {e}" if bib.numbered else e for at, e in enumerate(entries, start=1))
    count = len(entries) + (0 if on["count"] else bib.off_by)
    shown = NUMBERS[count] if bib.in_words else str(count)
    blocks = [bib.lead, bib.heading, body, bib.note]
    text = "\n\n".join(block.replace("{count}", shown) for block in blocks if block)
    return slipped(text, bib.slips, on, bib.given[0])


# Reading a reference list --------------------------------------------------------------------


def entries(answer: str) -> list[str]:
    """Every line that carries a year and is not a heading, its list marker dropped."""
    out = []
    for line in answer.splitlines():
        if line.strip() and not HEADING.match(line) and HAS_YEAR.search(line):
            out.append(MARKER.sub("", line, count=1).strip())
    return out


def split(entry: str) -> tuple[str, str] | None:
    """(the authors, the year as written) of an entry, or None."""
    match = YEAR.match(entry)
    return (match.group(1).strip(), match.group(2)) if match else None


def headings(answer: str) -> list[str]:
    """Every heading's text, its marks, a part in parentheses and a closing colon dropped."""
    out = []
    for line in answer.splitlines():
        if match := HEADING.match(line):
            text = re.sub(r"\(.*?\)", "", match.group(1) or match.group(2))
            out.append(text.strip(" :*_").lower())
    return out


def stated_count(answer: str) -> int | None:
    match = COUNT.search(answer)
    if not match:
        return None
    word = match.group(1).lower()
    return int(word) if word.isdigit() else NUMBERS.index(word)


def dois_linked(found: list[str]) -> bool:
    """Some DOI is given, and every one is written after https://doi.org/."""
    text = "\n".join(found)
    dois = list(DOI.finditer(text))
    return bool(dois) and all(text[: m.start()].endswith(LINK) for m in dois)


WORDINGS = {
    "order": (
        "The references are in alphabetical order by the first author's surname",
        "Entries are sorted A to Z by first author",
    ),
    "authors": (
        "Every author is written as surname followed by initials (Surname, I.)",
        "All author names use the APA form 'Surname, I.' with initials only",
    ),
    "year": (
        "Each reference gives the year in parentheses right after the authors",
        "The publication year appears in brackets after the author names in every entry",
    ),
    "italic": (
        "Every reference italicises its book title or its journal name",
        "Each entry has its journal name or book title in italics",
    ),
    "doi": ("All DOIs are formatted as https://doi.org/ links", "Every DOI is given as a https://doi.org/ URL"),
    "ampersand": (
        "Uses an ampersand (&), not 'and', before the last author's name",
        "Multiple authors are joined with '&' before the final author rather than the word 'and'",
    ),
    "count": (
        "States how many references there are, and the number is correct",
        "The stated number of references matches the number of entries listed",
    ),
    "only_given": (
        "Does not include any source that the task did not provide",
        "Lists only the sources given in the request, with nothing added",
    ),
    "heading": ('The list is headed "References"', 'Has the heading "References" above the list'),
}
"""Two wordings of each kind of criterion."""


def truths(bib: Bibliography, answer: str) -> dict[str, bool]:
    found = entries(answer)
    parts = [split(entry) for entry in found]
    authors = [part[0] for part in parts if part]
    firsts = [key(entry) for entry in found]
    return {
        "order": len(found) > 1 and firsts == sorted(firsts),
        "authors": bool(found) and len(authors) == len(found) and all(AUTHORS.match(a) for a in authors),
        "year": bool(found) and all(part and part[1].startswith("(") for part in parts),
        "italic": bool(found) and all(ITALIC.search(entry) for entry in found),
        "doi": dois_linked(found),
        "ampersand": any("&" in a for a in authors) and not any(" and " in a for a in authors),
        "count": bool(found) and stated_count(answer) == len(found),
        "only_given": bool(found) and all(entry.startswith(bib.given) for entry in found),
        "heading": "references" in headings(answer),
    }


def candidates(rng: random.Random, bib: Bibliography, answer: str) -> list[Criterion]:
    found = truths(bib, answer)
    return [Criterion(pick_wording(rng, WORDINGS[kind]), truth, kind, FAMILY) for kind, truth in found.items()]


SWITCHES = ("order", "authors", "year", "italic", "doi", "ampersand", "count", "only_given", "heading")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BIBLIOGRAPHIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
