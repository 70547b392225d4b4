"""Research abstract family (fresh6): the abstract of a scientific paper the task describes (a
trial of nurse phone calls after heart failure, a survey of teenagers' sleep, a review of
e-scooter injuries, a neural network grading retinal photographs), with its sample size, method
and main result given, a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh6`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the abstract, after a lead-in line or none and under a heading or none, written
right and then changed by switches: under the word limit or run over it by a sentence of method
detail, the sample size the task gives or one with two digits swapped, the main result with its
figure or in words only, the study design named or left vague, no citations or one after the
first sentence, no first person or a "we" in the aim, a last sentence on the implications or a
limitation after it, and one paragraph or two. Every truth is a function of the answer's text:
the abstract's paragraphs are read off block by block, its words and numbers counted, its
sentences split and the last one read (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "research_abstract"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CITATION = re.compile(
    r"\[\d+(?:\s*[,–-]\s*\d+)*\]|\bet al\.|\([A-Z][A-Za-z'-]+(?:\s+(?:and|&)\s+[A-Z][A-Za-z'-]+)?,\s*\d{4}\)"
)
FIRST_PERSON = re.compile(r"\b(?:I|we|our|ours|us|my|me)\b", re.IGNORECASE)
IMPLIES = re.compile(
    r"\b(?:suggests?|implications?|implies|should|could|support|may help|warrants?|points? to the need)\b",
    re.IGNORECASE,
)
NUMBER = re.compile(r"\d[\d,]*\d|\d")


@dataclass(frozen=True)
class Study:
    task: str
    lead: str
    heading: str
    sentences: tuple[str, ...]
    """Background, aim, method, result and implications, written right."""
    limit: int
    size: tuple[int, str]
    """(the sample size, what was sampled)."""
    finding: tuple[str, str]
    """(the figure an answer with the result gives, how a criterion names the result)."""
    design: tuple[str, str]
    """(a pattern for the design's name, how a criterion names it)."""
    extra: str
    """The sentence of method detail that runs an answer over the limit (after the method)."""
    limitation: str
    """The sentence an answer without an implications ending closes on."""
    slips: tuple[tuple[str, int, str, str], ...]
    """(switch, sentence, old, new): what an answer with the switch off writes instead."""


STUDIES = (
    Study(
        "Write the abstract for our paper. It's a randomised controlled trial of nurse-led telephone follow-up "
        "after discharge for heart failure: 1,204 patients at four hospitals, 30-day readmission 18% lower than "
        "usual care (95% CI 9–26%), outcome data complete for 97%. Keep it to 140 words at most, one paragraph, "
        'no citations, no first person (no "we"), and end on the implications.',
        "Here's the abstract:",
        "**Abstract**",
        (
            "Readmission within 30 days is common after a hospital stay for heart failure and costly for patients "
            "and health services.",
            "This study tested whether nurse-led telephone follow-up in the two weeks after discharge reduces early "
            "readmission.",
            "In a randomised controlled trial at four hospitals, 1,204 adults discharged after a heart-failure "
            "admission were assigned to weekly nurse calls or to usual care.",
            "Readmission at 30 days was 18% lower with nurse calls than with usual care (95% CI 9–26%), and outcome "
            "data were complete for 97% of patients.",
            "These findings suggest that a short series of nurse calls could be offered routinely to patients "
            "leaving hospital after heart failure.",
        ),
        140,
        (1204, "patients"),
        ("18%", "readmission 18% lower than with usual care"),
        (r"randomi[sz]ed controlled trial", "a randomised controlled trial"),
        "Calls followed a structured script covering symptoms, daily weight, medicines and warning signs, and the "
        "nurse could book a clinic review within forty-eight hours whenever a patient reported new breathlessness, "
        "swelling of the ankles or a sudden gain in weight; every call was logged in the hospital record and reviewed each week by a senior "
        "heart-failure nurse.",
        "The trial ran in urban hospitals only, and the costs of the calls were not measured.",
        (
            ("no_citations", 0, "health services.", "health services [4]."),
            ("no_first_person", 1, "This study tested", "We tested"),
            ("design", 2, "In a randomised controlled trial at", "In a study at"),
            ("size", 2, "1,204 adults", "1,240 adults"),
            (
                "result",
                3,
                "was 18% lower with nurse calls than with usual care (95% CI 9–26%)",
                "was clearly lower with nurse calls than with usual care",
            ),
        ),
    ),
    Study(
        "Please draft an abstract for our sleep paper: a cross-sectional survey of 2,386 students aged 13-17 at "
        "21 schools. Main finding: students using a phone after midnight slept 47 minutes less on school nights "
        "(adjusted for age and sex). Limit 140 words, a single paragraph, no references, no first person, and "
        "the last sentence should be about implications.",
        "",
        "## Abstract",
        (
            "Teenagers in many countries sleep less than the eight to ten hours recommended for their age, and "
            "evening screen use is often blamed.",
            "The aim was to measure how late-night phone use relates to sleep duration on school nights.",
            "A cross-sectional survey was completed by 2,386 students aged 13 to 17 at 21 secondary schools, who "
            "reported their bedtimes, wake times and phone use.",
            "Students who used a phone after midnight slept 47 minutes less on school nights than those who did "
            "not, after adjusting for age and sex.",
            "Schools and parents should consider simple limits on phone use after bedtime as part of sleep education.",
        ),
        140,
        (2386, "students"),
        ("47 minutes", "47 minutes less sleep with phone use after midnight"),
        (r"cross-sectional", "a cross-sectional survey"),
        "The questionnaire took about fifteen minutes to complete in class and asked about weekday and weekend "
        "routines, caffeine, homework, part-time work, sports training and whether phones were kept in the bedroom "
        "overnight or charged elsewhere in the house; answers were checked against a sleep diary kept by a random tenth of "
        "the students for one week.",
        "Sleep was self-reported, and a survey at one point in time cannot show which came first.",
        (
            ("no_citations", 0, "often blamed.", "often blamed (Hale and Guan, 2015)."),
            ("no_first_person", 1, "The aim was to measure", "We set out to measure"),
            ("design", 2, "A cross-sectional survey was", "An online questionnaire was"),
            ("size", 2, "2,386 students", "2,368 students"),
            ("result", 3, "slept 47 minutes less", "slept considerably less"),
        ),
    ),
    Study(
        "Can you write an abstract (max 120 words, one paragraph) for our e-scooter injury paper? Retrospective "
        "cohort study, 3,118 riders seen in our emergency department 2021-2023; head injuries were 29% of "
        "presentations and 62% of riders with a head injury wore no helmet. No citations, no first person, and "
        "finish with the implications.",
        "Here is a draft that keeps to the word limit:",
        "",
        (
            "Electric scooter hire schemes have spread quickly through European cities, and emergency departments "
            "report a growing number of injured riders.",
            "This paper describes the injuries seen in e-scooter riders over three years at a major trauma centre.",
            "A retrospective cohort study reviewed the records of 3,118 riders treated in the emergency department "
            "between 2021 and 2023.",
            "Head injuries accounted for 29% of presentations, and 62% of riders with a head injury had not worn a "
            "helmet.",
            "These results support helmet requirements for hired scooters and point to the need for safer street "
            "design.",
        ),
        120,
        (3118, "riders"),
        ("29%", "head injuries making up 29% of presentations"),
        (r"retrospective cohort", "a retrospective cohort study"),
        "Each record was read by two emergency physicians, who noted the time of day, the type of road, whether "
        "alcohol had been involved, the use of a helmet, the injuries found on imaging and whether the rider was "
        "admitted, operated on or sent home, and a third reader checked a random sample of the records.",
        "Riders who went straight to their own doctor were not included.",
        (
            ("no_citations", 0, "injured riders.", "injured riders [7, 8]."),
            ("no_first_person", 1, "This paper describes", "Our paper describes"),
            ("design", 2, "A retrospective cohort study reviewed", "Clinicians reviewed"),
            ("size", 2, "3,118 riders", "3,181 riders"),
            ("result", 3, "accounted for 29% of presentations", "accounted for nearly a third of presentations"),
        ),
    ),
    Study(
        "Write a 110-word-max abstract for our paper on automated diabetic retinopathy screening. We trained a "
        "convolutional neural network and tested it on 8,412 retinal photographs graded by two ophthalmologists; "
        "sensitivity 94.2%, specificity 90.5% for referable retinopathy. One paragraph, no citations, third "
        "person only, and close with the implications.",
        "Sure - here is an abstract for the submission form:",
        "Abstract",
        (
            "Diabetic retinopathy is a leading cause of preventable blindness, and screening programmes struggle to "
            "grade the growing number of retinal photographs.",
            "This study evaluated an automated grading system for referable retinopathy in a national screening "
            "programme.",
            "A convolutional neural network was trained and then tested on 8,412 retinal photographs graded "
            "independently by two ophthalmologists.",
            "The system detected referable retinopathy with a sensitivity of 94.2% and a specificity of 90.5%.",
            "Automated grading could safely reduce the workload of human graders in screening programmes.",
        ),
        110,
        (8412, "photographs"),
        ("94.2%", "a sensitivity of 94.2%"),
        (r"convolutional neural network", "a convolutional neural network"),
        "Photographs were taken through dilated pupils at twelve screening sites, stored at full resolution and "
        "graded on the national four-level scale, with a third senior grader settling every case on which the first "
        "two graders disagreed, and the decision of that third grader was taken as the reference standard.",
        "All photographs came from a single camera model.",
        (
            ("no_citations", 0, "retinal photographs.", "retinal photographs (Gulshan et al., 2016)."),
            ("no_first_person", 1, "This study evaluated", "We evaluated"),
            ("design", 2, "A convolutional neural network was", "A deep learning model was"),
            ("size", 2, "8,412 retinal photographs", "8,142 retinal photographs"),
            ("result", 3, "with a sensitivity of 94.2% and", "with high sensitivity and"),
        ),
    ),
)


def build(study: Study, on: dict[str, bool]) -> str:
    sentences = list(study.sentences)
    for switch, at, old, new in study.slips:
        if not on[switch]:
            if old not in sentences[at]:
                raise ValueError(f"{study.size}: {switch} finds no {old!r}")
            sentences[at] = sentences[at].replace(old, new)
    if not on["words"]:
        sentences.insert(3, study.extra)
    if not on["implications"]:
        sentences.append(study.limitation)
    paragraphs = [" ".join(sentences)] if on["paragraph"] else [" ".join(sentences[:2]), " ".join(sentences[2:])]
    blocks = [block for block in (study.lead, study.heading, *paragraphs) if block]
    return "\n\n".join(blocks)


# Reading an abstract -----------------------------------------------------------------------------


def is_furniture(block: str) -> bool:
    """A lead-in line or a heading, not part of the abstract."""
    if "\n" in block:
        return False
    return block.endswith(":") or block.startswith("#") or bool(re.fullmatch(r"\*\*[^*]+\*\*|Abstract", block))


def paragraphs(answer: str) -> list[str]:
    """The abstract's paragraphs, lead-in and heading left out."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", answer.strip()) if block.strip()]
    return [" ".join(block.split()) for block in blocks if not is_furniture(block)]


def words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9']+", text))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip()) if s]


def numbers(text: str) -> list[int]:
    return [int(n.replace(",", "")) for n in NUMBER.findall(text)]


def states(text: str, figure: str) -> bool:
    return re.search(rf"(?<![\d.,]){re.escape(figure)}", text) is not None


def candidates(rng: random.Random, study: Study, answer: str) -> list[Criterion]:
    found = paragraphs(answer)
    text = " ".join(found)
    last = sentences(found[-1])[-1] if found else ""
    size, noun = study.size
    figure, result = study.finding
    pattern, design = study.design
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "words",
            bool(found) and words(text) <= study.limit,
            (f"The abstract is no longer than {study.limit} words", f"Stays within the {study.limit}-word limit"),
        ),
        (
            "size",
            size in numbers(text),
            (f"Gives the sample size as {size:,} {noun}", f"States that {size:,} {noun} were included"),
        ),
        (
            "result",
            states(text, figure),
            (f"Reports the main result with its number ({result})", f"States the headline finding: {result}"),
        ),
        (
            "design",
            re.search(pattern, text, re.IGNORECASE) is not None,
            (f"Names the method used ({design})", f"Identifies the study's method as {design}"),
        ),
        (
            "no_citations",
            CITATION.search(text) is None,
            ("Contains no citations or reference numbers", "Does not cite other work, e.g. [1] or (Author, 2020)"),
        ),
        (
            "no_first_person",
            FIRST_PERSON.search(text) is None,
            ('Avoids the first person (no "we", "our" or "I")', "Is written without first-person pronouns"),
        ),
        (
            "implications",
            IMPLIES.search(last) is not None,
            ("Ends with a sentence on what the findings imply", "The final sentence states the implications"),
        ),
        (
            "paragraph",
            len(found) == 1,
            ("Is written as a single paragraph", "Is one paragraph, not split into several"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("words", "size", "result", "design", "no_citations", "no_first_person", "implications", "paragraph")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, STUDIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
