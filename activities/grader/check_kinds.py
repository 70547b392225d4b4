"""What a written check tests, read from its code (`classify`): whether it asks a reader,
calls the answer's functions, computes, or only looks for text; and the checks that cannot
witness (one that reads nothing of the answer, compares it with a literal, works a figure
out itself, or forbids words the task gives), which are never run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from typing import Literal

from rubricflow.activities.grader.check_numbers import compared_numbers, given_numbers, strict_bounds
from rubricflow.activities.grader.pronouncing import WORD

JUDGE_CALL = "judge()"


Unrun = Literal["judge", "blind", "literal", "guessed", "forbids_given", "characters", "units", "shape"]
"""The checks never run: one that asks a reader, and those that cannot witness (`classify`)."""
CheckKind = Literal[Unrun, "behaviour", "computed", "present", "absent"]
"""What a written check tests, read from its code: `judge` (it asks a reader), `behaviour`
(it calls the answer's own functions), `present` / `absent` (it only looks for text in the
answer, or for its absence), `computed` (anything else: counts, numbers, parsed data)."""


NUMBER = re.compile(r"\d+")
"""A number as a check or a criterion writes it, digit by digit ("3,400" is 3 and 400)."""
WORD_COUNT = re.compile(r"\b\d[\d,]*\s+words\b|\bword (?:count|limit)\b", re.I)
"""A criterion that counts words ("under 170 words", "40 words or more")."""
CORRECTNESS = re.compile(
    r"\b(correct|correctly|right|accurate|accurately|matches|match|true|exact|exactly|really|actually|truly)\b", re.I
)
"""A criterion that says the answer is right about something (a total, a date, a figure, "the
weekday it really falls on")."""


def classify(source: str, answer_functions: Iterable[str], given: str = "", criterion: str = "") -> CheckKind:
    """What `source` tests (`CheckKind`). A check that reads nothing of the answer
    (`return True`, arithmetic on the task's numbers, a comparison of a reading with
    itself) is `blind`; one that compares the whole answer's text with a literal or any
    other value, or a reading of it with a text of words the criterion does not hold, is
    `literal`;
    one that compares what it reads with a number that `given` (the task, the criterion,
    the reference) does not hold, or writes three digits in a row no number of `given`
    holds, or that writes a word `criterion` does not, when the
    criterion asks for something right, is `guessed` (the model worked the answer out
    in its head); one that tests that the answer leaves out words of the task that the
    criterion does not name (the attendees, for "Does not comment on anyone absent") is
    `forbids_given`; one that takes the length of a text (`len(answer) < 170`) for a
    criterion that counts words is `characters`, and one that counts sentences, lines, items
    or the like instead (`len(sentences()) <= 75` for "no more than 75 words") is `units`;
    one that tests that the answer lacks a shape of digits it guessed (`not re.search(r'\\d{5}',
    answer)` for a postcode: a UK one is another shape) is `shape`: none of these is run, none
    decides."""
    if JUDGE_CALL in source:
        return "judge"
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "computed"
    if any(_compares_whole_answer(n) or _compares_with_own_text(n, criterion) for n in ast.walk(tree)):
        return "literal"
    defined = set(answer_functions)
    if any(_root(n.func) in defined for n in ast.walk(tree) if isinstance(n, ast.Call)):
        return "behaviour"
    read = _reads(tree) | ({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & defined)
    if not read or any(
        _compares_with_itself(n) or _tests_a_readings_type(n) or _number_among_others(n) or _looks_for_its_own_parts(n)
        for n in ast.walk(tree)
    ):
        return "blind"
    if _negates(tree) and _digit_shapes(tree):
        return "shape"
    stated = given_numbers(given)
    own = compared_numbers(tree) - stated
    if own - {n for n in strict_bounds(tree) if n - 1 in stated or n + 1 in stated}:
        return "guessed"
    if _digits_of_its_own(tree, given):
        return "guessed"
    beyond = own_words(tree) - set(WORD.findall(criterion.lower()))
    if CORRECTNESS.search(criterion) and beyond:
        return "guessed"
    if beyond and beyond <= set(WORD.findall(given.lower())) and _negates(tree):
        return "forbids_given"
    if WORD_COUNT.search(criterion) and _counts_characters(tree):
        return "characters"
    if WORD_COUNT.search(criterion) and not OTHER_UNITS.search(criterion) and _counts_other_units(tree):
        return "units"
    returned = [n.value for n in ast.walk(tree) if isinstance(n, ast.Return) and n.value is not None]
    kinds = {_text_test(value) for value in returned}
    only = kinds.pop() if len(kinds) == 1 else None
    return only if only is not None else "computed"


def _root(node: ast.expr) -> str | None:
    """The name a called expression starts from: `f` of `f(...)`, `Cart` of `Cart.add(...)`
    and of `Cart().add(...)`."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


_TEXT_LISTS = ("lines", "sentences", "paragraphs", "items", "blocks")
_ONE_TEXT = ("prose", "code")


def _looks_for_its_own_parts(node: ast.AST) -> bool:
    """`all(i in answer for i in re.findall(r'TC-\\d+', answer))`, `all(p in paragraphs() for p
    in paragraphs())`: each part a reading takes from the answer is in the answer, so looking
    for it there cannot fail."""
    if not isinstance(node, ast.GeneratorExp | ast.ListComp) or len(node.generators) != 1:
        return False
    loop, test = node.generators[0], node.elt
    if not (
        isinstance(loop.target, ast.Name)
        and isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.In)
        and isinstance(test.left, ast.Name)
        and test.left.id == loop.target.id
    ):
        return False
    within = test.comparators[0]
    is_answer = isinstance(within, ast.Name) and within.id == "answer"
    return _parts_of_the_answer(loop.iter) and (is_answer or ast.dump(within) == ast.dump(loop.iter))


def _parts_of_the_answer(node: ast.expr) -> bool:
    """A reading whose every element is a piece of the answer's text: a text helper's list
    (`lines()`, `words()`, `items(section(...))`), `re.findall(..., answer)`, `answer.split(...)`."""
    if not isinstance(node, ast.Call):
        return False
    of_answer = [a for a in node.args if isinstance(a, ast.Name) and a.id == "answer"]
    if _helper_call(node, (*_TEXT_LISTS, "words")):
        return not node.args or (len(node.args) == 1 and (bool(of_answer) or _helper_call(node.args[0], ("section",))))
    func = node.func
    if not isinstance(func, ast.Attribute):
        return False
    if isinstance(func.value, ast.Name) and func.value.id == "re" and func.attr == "findall":
        return len(node.args) == 2 and bool(of_answer) and node.args[1] is of_answer[0]
    return isinstance(func.value, ast.Name) and func.value.id == "answer" and func.attr in ("split", "splitlines")


def _counts_characters(tree: ast.AST) -> bool:
    """Whether a check takes `len` of one text (the answer, `prose()`, a line or
    sentence of a helper's list), which counts its characters, not its words."""
    elements = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension | ast.For) and _helper_call(node.iter, _TEXT_LISTS)
        for target in ast.walk(node.target)
        if isinstance(target, ast.Name)
    }
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "len"):
            continue
        text = call.args[0] if call.args else None
        while isinstance(text, ast.Call) and isinstance(text.func, ast.Attribute) and text.func.attr in _CASE_STRIP:
            text = text.func.value
        if isinstance(text, ast.Name) and (text.id == "answer" or text.id in elements):
            return True
        if _helper_call(text, _ONE_TEXT) or (isinstance(text, ast.Subscript) and _helper_call(text.value, _TEXT_LISTS)):
            return True
    return False


OTHER_UNITS = re.compile(r"\b(?:sentences?|lines?|items?|paragraphs?|bullets?|points?|blocks?)\b", re.I)
"""A criterion that counts something besides words ("3 sentences and 75 words")."""


def _counts_other_units(tree: ast.AST) -> bool:
    """Whether a check takes `len` of a helper's list of texts (`len(sentences())`,
    `len(items(...))`) and counts no words (`words()`, a `split`): it counts those texts."""
    if any(_helper_call(n, ("words",)) or (isinstance(n, ast.Attribute) and n.attr == "split") for n in ast.walk(tree)):
        return False
    return any(
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "len"
        and bool(call.args)
        and _helper_call(call.args[0], _TEXT_LISTS)
        for call in ast.walk(tree)
    )


_CASE_STRIP = ("lower", "upper", "casefold", "strip")
"""The methods that give the same text in another case or trimmed: still the text."""


def _helper_call(node: ast.AST | None, names: tuple[str, ...]) -> bool:
    return isinstance(node, ast.Call) and _is_helper(node) and node.func.id in names


def _negates(tree: ast.AST) -> bool:
    """Whether a check tests that something is not there (`not ...`, `not in`, a search
    that `is None`)."""
    return any(
        (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not))
        or (isinstance(n, ast.Compare) and any(isinstance(op, ast.NotIn) for op in n.ops))
        or (isinstance(n, ast.Compare) and _text_test(n) == "absent")
        for n in ast.walk(tree)
    )


_RE_CALLS = frozenset({"search", "match", "fullmatch", "findall", "finditer", "compile", "sub"})


def _digit_shapes(tree: ast.AST) -> bool:
    """Whether a check calls `re` with a pattern of digits (`\\d`): a shape it guessed."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in _RE_CALLS
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "re"
        and bool(n.args)
        and isinstance(n.args[0], ast.Constant)
        and isinstance(n.args[0].value, str)
        and "\\d" in n.args[0].value
        for n in ast.walk(tree)
    )


def _compares_with_itself(node: ast.AST) -> bool:
    """`x == x`, or a call given the same thing twice (`rhymes('LANTERN', 'LANTERN')`)."""
    if isinstance(node, ast.Call) and len(node.args) >= 2:
        sides = [ast.dump(a) for a in node.args]
        return len(set(sides)) == 1
    if not isinstance(node, ast.Compare):
        return False
    sides = [ast.dump(side) for side in (node.left, *node.comparators)]
    return len(set(sides)) < len(sides)


_ONE_TYPE = ("dates", "words", *_TEXT_LISTS)
"""Helpers whose readings all have one type (dates, texts); `numbers()` gives ints and
floats, `data()` whatever the answer's JSON holds."""


def _tests_a_readings_type(node: ast.AST) -> bool:
    """`isinstance(d, date) for d in dates()`: a helper of `_ONE_TYPE` reads only values of
    its own type, so testing only that type tests nothing of the answer."""
    if not isinstance(node, ast.GeneratorExp | ast.ListComp) or len(node.generators) != 1:
        return False
    loop, test = node.generators[0], node.elt
    return (
        _helper_call(loop.iter, _ONE_TYPE)
        and isinstance(loop.target, ast.Name)
        and isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and bool(test.args)
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id == loop.target.id
    )


def _number_among_others(node: ast.AST) -> bool:
    """`25 not in dates()`, `3 in lines()`: a helper of `_ONE_TYPE` reads no numbers, so a
    number is never among its readings and the test comes out the same for every answer."""
    return (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.In | ast.NotIn)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, int | float)
        and not isinstance(node.left.value, bool)
        and _helper_call(node.comparators[0], _ONE_TYPE)
    )


def own_words(tree: ast.AST) -> set[str]:
    """The words of the texts a check writes itself (`'West' in answer`,
    `answer.find('coastal')`), lowercase; a pattern's escapes (`\\d+`) are no words."""
    return {w.lower() for text in written_texts(tree) for w in WORD.findall(text) if len(w) > 1}


def written_texts(tree: ast.AST, places: bool = True) -> list[str]:
    """The texts a check writes itself, a pattern's escapes (`\\d+`) taken out; without
    `places`, not those it hands a reader or a function by name (`section('Reporting')`:
    where to look, not what to find)."""
    handed = (
        set()
        if places
        else {
            id(arg)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            for arg in node.args
        }
    )
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in handed
    ]
    return [re.sub(r"\\[A-Za-z]", " ", text) for text in strings]


TextTest = Literal["present", "absent"]
_FLIP: dict[TextTest | None, TextTest | None] = {"present": "absent", "absent": "present", None: None}


def _text_test(node: ast.expr) -> TextTest | None:
    """`present` or `absent` when `node` only tests whether text occurs in the answer (a
    literal `in`, a regex search, `startswith`), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _FLIP[_text_test(node.operand)]
    if isinstance(node, ast.BoolOp):
        kinds = {_text_test(value) for value in node.values}
        return kinds.pop() if len(kinds) == 1 else None
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, op = node.left, node.ops[0]
        if isinstance(left, ast.Constant) and isinstance(left.value, str) and _is_text(node.comparators[0]):
            return "present" if isinstance(op, ast.In) else "absent" if isinstance(op, ast.NotIn) else None
        if isinstance(left, ast.Call) and isinstance(op, ast.Is | ast.IsNot):
            inner = _text_test(left)
            return inner if isinstance(op, ast.IsNot) else _FLIP[inner]
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("search", "match", "startswith", "endswith"):
            return "present"
        if isinstance(node.func, ast.Name) and node.func.id == "bool" and node.args:
            return _text_test(node.args[0])
    return None


_TEXT_HELPERS = ("prose", "code", "words", "lines", "sentences", "paragraphs", "items", "blocks")
_READERS = (
    *_TEXT_HELPERS,
    "data",
    "numbers",
    "functions",
    "imports",
    "syllables",
    "rhymes",
    "arithmetic_correct",
    "dates",
    "table",
)
"""The helpers that read the answer (a check calling none of them, nor naming `answer`, reads nothing of it)."""
_READS = frozenset({"answer", *_READERS})


_DIGITS = re.compile(r"\d{3,}")


def _digits_of_its_own(tree: ast.AST, given: str) -> bool:
    """Whether a text the check writes holds three digits or more in a row that no number
    `given` writes holds (`not '079' in answer`, `'Fixes #123' in answer`): the grader's
    guess at the answer's number."""
    numbers = re.findall(r"\d+", given)
    return any(
        not any(digits in number for number in numbers)
        for text in written_texts(tree)
        for digits in _DIGITS.findall(text)
    )


def _reads(node: ast.AST) -> set[str]:
    """The names of `node` that read the answer (`answer`, a helper), but a helper given
    the task and not the answer (`paragraphs(task)`), which reads the task, or given only
    texts the check writes (`arithmetic_correct('38 * 0.95 = 36.1')`), which reads those."""
    of_task = {
        id(name)
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in _READERS
        if _given_task(call) or _given_own_text(call)
        for name in ast.walk(call)
    }
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and id(n) not in of_task} & _READS


def _given_own_text(call: ast.Call) -> bool:
    """Whether a helper's arguments are all texts the check writes."""
    arguments = (*call.args, *(k.value for k in call.keywords))
    return bool(arguments) and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in arguments)


def _given_task(call: ast.Call) -> bool:
    """Whether a helper's arguments name the task and not the answer."""
    arguments = (*call.args, *(k.value for k in call.keywords))
    names = {n.id for argument in arguments for n in ast.walk(argument) if isinstance(n, ast.Name)}
    return "task" in names and "answer" not in names


def _equality_sides(node: ast.AST) -> tuple[ast.expr, ...]:
    """Both sides of a single `==` or `!=`, or the value and each element of `x in [a, b]`
    (equal to one of them), else nothing."""
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        return ()
    if isinstance(node.ops[0], ast.Eq | ast.NotEq):
        return (node.left, *node.comparators)
    listed = node.comparators[0]
    if isinstance(node.ops[0], ast.In | ast.NotIn) and isinstance(listed, ast.List | ast.Tuple | ast.Set):
        return (node.left, *listed.elts)
    return ()


def _compares_whole_answer(node: ast.AST) -> bool:
    """`answer == '...'`, or the whole answer's text compared with any value
    (`answer == chunk([1, 2])`; either side, `!=` too, `answer.strip()` and the like)."""
    sides = _equality_sides(node)
    whole = [isinstance(n, ast.Name | ast.Call) and _is_text(n) and not _is_helper(n) for n in sides]
    if whole.count(True) != 1:
        return False
    return not _reads(sides[whole.index(False)])


def _affix_sides(node: ast.AST) -> tuple[ast.expr, ...]:
    """The text and its argument of a `text.startswith(x)` or `text.endswith(x)`, else nothing."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 1):
        return ()
    return (node.func.value, node.args[0]) if node.func.attr in ("startswith", "endswith") else ()


def _compares_with_own_text(node: ast.AST, criterion: str) -> bool:
    """`lines()[0] == 'Fix the crash on empty files'` (or `answer.startswith(...)`): a reading of
    the answer compared with a text of three or more words that the criterion does not hold
    (the model wrote the answer it expects)."""
    sides = _equality_sides(node) or _affix_sides(node)
    texts = [s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
    said = " ".join(criterion.lower().split())
    return any(_reads(s) for s in sides) and any(
        len(WORD.findall(t)) >= 3 and " ".join(t.lower().split()) not in said for t in texts
    )


def _is_helper(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name)


def _is_text(node: ast.expr) -> bool:
    """The answer's text, or a helper's reading of it (`answer.lower()`, `words()`)."""
    if isinstance(node, ast.Name):
        return node.id == "answer"
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id in _TEXT_HELPERS
        if isinstance(node.func, ast.Attribute) and node.func.attr in _CASE_STRIP:
            return _is_text(node.func.value)
    return False
