"""The sandbox's readings of the answer for the grader's written checks (standard library
only): the helpers a check calls (`lines()`, `table()`, `dates()`, ...), each a reading of
`ANSWER` or of a text it is given.

`written_checks.py` joins this text and `check_harness.py` into the sandbox's tests.py; it
never runs inside the worker.
"""

import ast
import json
import math
import re
import sys
from datetime import date

from solution import ANSWER, CODE, RHYMES, SYLLABLES

_FENCE = re.compile(r"```[^\n`]*\n(.*?)```", re.DOTALL)
_PY_FENCE = re.compile(r"```(?:python|py|python3)?[ \t]*\n(.*?)```", re.DOTALL)
_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019-][A-Za-z0-9]+)*")
_NUMBER = re.compile(r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")
_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+(\S.*)$")


class TextList(list):
    """A helper's texts: `"x" in texts` is whether one contains "x"; `texts.index("x")` is where."""

    def __contains__(self, value):
        if list.__contains__(self, value):
            return True
        return isinstance(value, str) and any(isinstance(t, str) and value in t for t in self)

    def index(self, value, *args):
        """Where `value` is, or else the first text that contains it."""
        if list.__contains__(self, value) or not isinstance(value, str):
            return list.index(self, value, *args)
        return next(i for i, t in enumerate(self) if isinstance(t, str) and value in t)


def prose(text=None):
    """The text without its fenced code blocks."""
    return _FENCE.sub(" ", ANSWER if text is None else text).strip()


def code(text=None):
    """The Python code of the text: its code blocks, else the text when it is bare Python."""
    text = ANSWER if text is None else text
    blocks = _PY_FENCE.findall(text)
    return "\n\n".join(blocks) if blocks else CODE if text is ANSWER else ""


def blocks(text=None):
    """The contents of the text's fenced blocks, any language."""
    return TextList(b.strip() for b in _FENCE.findall(ANSWER if text is None else text))


_LEAD_IN = re.compile(r"\A[^\n]{0,80}:[ \t]*\n\s*\n(?=\S)")
"""A first line ending in a colon before a blank line ("Here you go:"), which is no content."""


def content(text=None):
    """The prose without a lead-in line that introduces it, for `paragraphs()`; an answer
    whose prose is no more than a lead-in is its fenced blocks (a query, a program: their
    paragraphs are its paragraphs)."""
    text = ANSWER if text is None else text
    body = _LEAD_IN.sub("", prose(text), count=1).strip()
    lead_in_only = not body or ("\n" not in body and body.endswith(":") and len(body) <= 80)
    return "\n\n".join(blocks(text)) if lead_in_only and blocks(text) else body


def paragraphs(text=None):
    """The content's paragraphs: blocks of text between blank lines (a lead-in line is none,
    nor is a heading alone: `## Abstract`, `**Abstract**`)."""
    return TextList(p.strip() for p in re.split(r"\n\s*\n", content(text)) if p.strip() and not _heading_alone(p))


def _heading_alone(paragraph):
    lines = paragraph.strip().splitlines()
    return len(lines) == 1 and _heading(lines[0]) is not None


def data(text=None):
    """The JSON value the text gives (in a fenced block, or as the whole text); None if none parses."""
    text = ANSWER if text is None else text
    for candidate in [*blocks(text), text.strip()]:
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    return None


def imports():
    """The top-level modules the answer's code imports."""
    try:
        tree = ast.parse(CODE)
    except SyntaxError:
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module.split(".")[0])
    return list(dict.fromkeys(names))


def is_stdlib(module):
    """Whether a module is part of Python's standard library."""
    return module.split(".")[0] in sys.stdlib_module_names


def is_prime(n):
    """Whether a number is a whole prime (11.0 is 11; 2.5 and anything below 2 are not)."""
    if isinstance(n, bool) or not isinstance(n, int | float) or n != int(n) or n < 2:
        return False
    n = int(n)
    return all(n % d for d in range(2, math.isqrt(n) + 1))


def words(text=None):
    """The words of the prose, lowercase."""
    return [w.lower() for w in _WORD.findall(prose(text))]


def sentences(text=None):
    parts = re.split(r"(?<=[.!?])\s+|\n\s*\n", prose(text))
    return TextList(p.strip() for p in parts if _WORD.search(p))


def lines(text=None):
    """The non-empty lines of the text, its fenced blocks' lines among them (a lead-in line
    is none, nor is a fence)."""
    unfenced = _FENCE.sub(lambda block: block.group(1), ANSWER if text is None else text)
    body = _LEAD_IN.sub("", unfenced.strip(), count=1)
    return TextList(line.strip() for line in body.splitlines() if line.strip() and not line.lstrip().startswith("```"))


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$|^\*\*([^*]+?):?\*\*:?\s*$|^([A-Z][^.!?:]{0,50}):\s*$")


def _heading(line):
    """(level, text) of a heading line (`## Errors`, a line that is only `**Errors**`, a short
    line `Errors:`; the last two rank below every `#` level), else None."""
    match = _HEADING.match(line.strip())
    if not match:
        return None
    if match.group(1):
        return len(match.group(1)), match.group(2)
    return 7, (match.group(3) or match.group(4)).strip()


def _heading_words(text):
    return {word.lower().removesuffix("s") for word in re.findall(r"[A-Za-z0-9]+", text)}


def section(title, text=None):
    """The text under the heading that begins with `title` (any case, any level), else under
    the one heading holding each of its words ("Rules" is "Plot rules"), up to the next heading
    of its level or above; '' when the text has no such heading."""
    wanted = title.strip().strip("#*: ").lower()
    lines = (ANSWER if text is None else text).splitlines()
    titles = [heading[1] for line in lines if (heading := _heading(line))]
    if not any(t.lower().startswith(wanted) for t in titles):
        holding = [t for t in titles if _heading_words(wanted) <= _heading_words(t)]
        wanted = holding[0].lower() if len(holding) == 1 and _heading_words(wanted) else None
    taken, level = None, 0
    for line in lines if wanted is not None else ():
        heading = _heading(line)
        if taken is None:
            if heading and heading[1].lower().startswith(wanted):
                taken, level = [], heading[0]
        elif heading and heading[0] <= level:
            break
        else:
            taken.append(line)
    return "\n".join(taken).strip() if taken else ""


def items(text=None):
    """The text's bulleted or numbered list items (one per line)."""
    return TextList(m.group(1).strip() for m in map(_ITEM.match, prose(text).splitlines()) if m)


class Row(dict):
    """A table row: `row["Price"]` is the cell under "Price", or a header that begins with it ("Price (USD)")."""

    def __missing__(self, key):
        wanted = str(key).strip().lower()
        for header, cell in self.items():
            if str(header).lower() == wanted or str(header).lower().startswith(wanted + " "):
                return cell
        raise KeyError(key)


def table(text=None):
    """The rows of the text's first Markdown table, each a `Row` of header -> cell text."""
    rows = []
    for line in (ANSWER if text is None else text).splitlines():
        if line.strip().startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    rows = [r for r in rows if not all(re.fullmatch(r":?-{2,}:?", c) for c in r)]
    return [Row(zip(rows[0], r)) for r in rows[1:]] if rows else []


def numbers(text=None):
    """Every number written in the text, in order (1,200 is one number)."""
    clean = [raw.replace(",", "") for raw in _NUMBER.findall(prose(text))]
    return [float(c) if "." in c else int(c) for c in clean]


def _guess_syllables(word):
    word = word.lower()
    groups = re.findall(r"[aeiouy]+", word)
    count = len(groups)
    if word.endswith("e") and not word.endswith(("le", "ee", "ye")) and count > 1:
        count -= 1
    return max(count, 1)


def syllables(text):
    """Syllables in a word or a line (a pronouncing dictionary's count where it knows the word)."""
    return sum(SYLLABLES.get(w.lower(), _guess_syllables(w)) for w in _WORD.findall(text))


def _spelled_rhyme(word):
    match = re.search(r"[aeiouy]+[^aeiouy]*e?$", word)
    return match.group(0) if match else word


def rhymes(*lines):
    """Whether the lines' last words all rhyme (two or more lines): the same sounds from the
    last stressed vowel, or the same spelled ending where the dictionary lacks a word; a word
    it lacks whose spelling does not match leaves the question open (ValueError)."""
    if len(lines) < 2:
        raise TypeError("rhymes() compares two or more lines")
    last = [_WORD.findall(str(line)) for line in lines]
    if not all(last):
        raise ValueError("a line without words cannot rhyme")
    ends = [words[-1].lower() for words in last]
    unknown = [word for word in ends if word not in RHYMES]
    if not unknown:
        return len({RHYMES[word] for word in ends}) == 1
    if len({_spelled_rhyme(word) for word in ends}) == 1:
        return True
    raise ValueError(f"the pronouncing dictionary does not know {unknown[0]!r}: its rhyme is not known")


_OPERAND = r"\(*[ \t]*(?:[-\u2212](?=[$\u20ac\u00a3]?\d))?[$\u20ac\u00a3]?\d[\d,]*(?:\.\d+)?[ \t]*%?[ \t]*\)*"
_OPERATOR = r"[ \t]*(?:[-+*/x\u00d7\u00f7\u2212\u2013]|of)[ \t]*"
_STEP = re.compile(rf"({_OPERAND}(?:{_OPERATOR}{_OPERAND})+)[ \t]*=[ \t]*\**[ \t]*({_OPERAND})")
_SYMBOLS = {"\u00d7": "*", "x": "*", "\u00f7": "/", "\u2212": "-", "\u2013": "-", "of": "*"}


def _value(expression):
    """The value of a worked calculation's side ("12% of $4,179.00", "1,176 + 918")."""
    text = re.sub(r"[$\u20ac\u00a3,]", "", expression).strip()
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"(\1/100)", text)
    text = re.sub(r"\bof\b|[x\u00d7\u00f7\u2212\u2013]", lambda m: _SYMBOLS[m.group(0)], text)
    tree = ast.parse(text, mode="eval")
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub)
    if not all(isinstance(node, allowed) for node in ast.walk(tree)):
        raise ValueError(f"not a calculation: {expression!r}")
    return eval(compile(tree, "<calculation>", "eval"), {"__builtins__": {}})  # noqa: S307 - numbers and operators only


def calculations(text=None):
    """Each worked calculation `a + b = c` (-, x, /, "p% of n"), and whether it holds."""
    found = []
    for left, right in _STEP.findall(prose(text)):
        try:
            stated, worked = _value(right.replace("%", "")), _value(left)
        except (SyntaxError, ValueError, ArithmeticError):
            continue  # a match that is no calculation (unbalanced brackets, a division by 0)
        decimals = len(right.split(".")[1].rstrip("% )")) if "." in right else 0
        close = [abs(worked - v) <= 0.5 * 10**-decimals + 1e-9 for v in (stated, stated / 100)]
        found.append((f"{left.strip()} = {right.strip()}", any(close[: 2 if "%" in right else 1])))
    return found


def arithmetic_correct(text=None):
    """Whether every worked calculation in the text holds; raises when it has none."""
    found = calculations(text)
    if not found:
        raise LookupError("the text works out no calculation (a + b = c)")
    return all(holds for _, holds in found)


_MONTHS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
_DATE = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})(?:st|nd|rd|th)? ([A-Z][a-z]+),? (\d{4})\b"
    r"|\b([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b"
)


def dates(text=None):
    """Every date written in the text (2026-08-15, 15 August 2026, August 15, 2026), in order."""
    found = []
    for m in _DATE.finditer(ANSWER if text is None else text):
        iso, dmy, mdy = m.group(1, 2, 3), m.group(4, 5, 6), m.group(7, 8, 9)
        if iso[0]:
            year, month, day = int(iso[0]), int(iso[1]), int(iso[2])
        else:
            day, name, year = (dmy[0], dmy[1], dmy[2]) if dmy[0] else (mdy[1], mdy[0], mdy[2])
            month, day, year = _MONTHS.get(name[:3].lower()), int(day), int(year)
            if month is None:
                continue
        try:
            found.append(date(year, month, day))
        except ValueError:
            continue
    return found
