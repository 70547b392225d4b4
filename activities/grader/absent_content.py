"""Whether the answer holds none of the words a criterion names what it asks be said by ("Asks
people to label their plants" beside an answer with no "label" and no "plant"): with the
grader's reply of NONE beside it, two readings agree that the answer does not say it.

A NONE alone is one reading that found nothing (the small grader replies it to about a third of
the criteria it should meet); an answer that holds no word of what is asked (a word's first five
letters, as `naming` reads them) nor any figure the criterion names is a second, read by code.
Over every record (`docs/judge-*.json`), such pairs were unmet 34 times in 35 (the one met:
"States how far into the season the standings are", said as "12 of 22 rounds"). Only a
criterion asking that something be said ("Says", "Mentions", "Tells", "Asks", "Includes", ...)
is read, not a negated one, one about each or every one, or one about words, sentences,
headings or sections; an answer holding code is left alone (a comment is `#`, not "comment").
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.naming import named_stems

_SAYS = re.compile(
    r"^(?:says|mentions|tells|asks|includes|states|explains|reminds|confirms|warns|advises|invites|offers|"
    r"makes clear)\b",
    re.I,
)
_ELSE = re.compile(
    r"\b(?:not|no|nothing|never|none|without|each|every|all|words?|sentences?|lines?|paragraphs?|headings?|"
    r"headed|sections?|lists?|exactly|at least|at most)\b|n't\b",
    re.I,
)
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which what how who when where why their them they "
    "people customer customers asks ask tells tell says say makes make clear gives give mentions mention explains "
    "explain includes include states state any as be by or from at about than rather should must can will reminds "
    "remind notes note invites invite confirms confirm warns warn advises advise offers offer answer rule rules".split()
)
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")


def holds_none_of_its_words(criterion: str, answer: str) -> bool:
    """Whether `criterion` asks something be said and `answer` holds none of its words or figures."""
    if "```" in answer or not _SAYS.match(criterion.strip()) or _ELSE.search(criterion):
        return False
    stems = named_stems(criterion, _PLAIN)
    figures = _FIGURE.findall(criterion)
    if not stems and not figures:
        return False
    if any(stem.search(answer) for stem in stems):
        return False
    return not any(re.search(rf"(?<!\d){re.escape(figure)}(?!\d)", answer) for figure in figures)
