"""A criterion asking that the answer end with a question ("Ends with a question", "Its last
line asks the visitor a question", "Ends with a question addressed to visitors"): the last
line's closing mark decides, so code reads it.

The last line is the answer's last line of content (its fences left out). Met when it ends
with a question mark (its closing quotes and emphasis aside); unmet when it ends a sentence
some other way. A last line that ends no sentence (a sign-off, "Best wishes," "Tom") leaves
it to the grader, as do a question the criterion names ("the question about how to get in
touch") and a criterion about each or every question.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.quotes import last_line

_ASKS = re.compile(
    r"^(?:ends|closes|finishes) (?:with|on) a question(?: (?:addressed to|for|to) (?:the )?[a-z]+)?\.?$"
    r"|^(?:its |the )?(?:last|final|closing) (?:line|sentence) (?:asks|puts)(?: (?:the|a) [a-z]+)? a question"
    r"(?: (?:addressed to|for|to) (?:the )?[a-z]+)?\.?$",
    re.I,
)


def question_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the last line's closing mark; None when it asks no closing
    question, or the last line ends no sentence."""
    if not _ASKS.match(criterion.strip()):
        return None
    if (found := last_line(answer)) is None:
        return None
    line, last = found
    if last.endswith("?"):
        return Evidence(True, "", "closing question: the last line ends with a question mark", quote=line)
    if not last.endswith((".", "!")):
        return None  # no sentence ends there: a sign-off or a name, which is unclear
    why = "the last line ends with no question mark"
    return Evidence(False, why, f"closing question: {why}", quote=line)
