"""Behaviour family: functions that compute a value (second_largest, parse_duration,
moving_average, word_counts)."""

from __future__ import annotations

from benchmarks.families.behaviour_specs import Function, check, not_mutated, raises, returns, variant

SECOND_LARGEST = Function(
    name="second_largest",
    request=(
        "Write a Python function `second_largest(numbers)` that returns the second largest distinct value "
        "in a list of numbers, and raises ValueError if there are fewer than two distinct values."
    ),
    checks={
        "basic": check(
            returns([[4, 9, 2, 9, 7]], 7),
            say=("second_largest([4, 9, 2, 9, 7]) returns 7", "Returns 7 for [4, 9, 2, 9, 7]"),
        ),
        "distinct": check(
            returns([[5, 5, 3]], 3),
            say=(
                "A repeated maximum is counted once: second_largest([5, 5, 3]) is 3",
                "second_largest([5, 5, 3]) returns 3",
            ),
        ),
        "negatives": check(
            returns([[-3, -1, -2]], -2),
            say=("Works for negative numbers: second_largest([-3, -1, -2]) == -2",),
        ),
        "empty": check(
            raises([[]]),
            say=("Raises ValueError for an empty list", "second_largest([]) raises a ValueError"),
        ),
        "all_equal": check(
            raises([[4, 4]]),
            say=(
                "Raises ValueError when every value is the same, as in [4, 4]",
                "second_largest([4, 4]) raises ValueError",
            ),
        ),
        "pure": check(
            not_mutated([[3, 1, 2]]),
            say=("Does not sort or otherwise change the caller's list", "Leaves the input list untouched"),
        ),
    },
    variants=(
        variant(
            """
            def second_largest(numbers):
                distinct = sorted(set(numbers))
                if len(distinct) < 2:
                    raise ValueError("need at least two distinct values")
                return distinct[-2]
            """,
            note="Taking the set first means a repeated maximum is only counted once.",
        ),
        variant(
            """
            import heapq


            def second_largest(numbers: list[float]) -> float:
                \"\"\"Return the second largest value.\"\"\"
                return heapq.nlargest(2, numbers)[1]
            """,
            {"basic", "distinct", "empty", "all_equal"},
            note="`heapq.nlargest` is O(n log k), faster than sorting the whole list.",
        ),
        variant(
            """
            def second_largest(numbers: list[float]) -> float:
                numbers.sort(reverse=True)
                for value in numbers[1:]:
                    if value < numbers[0]:
                        return value
                raise ValueError("fewer than two distinct values")
            """,
            {"pure"},
            note="After sorting in descending order, the first value smaller than the maximum is the answer.",
        ),
        variant(
            """
            def second_largest(numbers):
                first = second = float("-inf")
                for n in numbers:
                    if n > first:
                        first, second = n, first
                    elif first > n > second:
                        second = n
                return second
            """,
            {"empty", "all_equal"},
            note="A single pass with two trackers: O(n) time and O(1) memory, and it raises on bad input.",
        ),
        variant(
            """
            def second_largest(numbers):
                if len(numbers) < 2:
                    raise ValueError("need at least two numbers")
                largest = max(numbers)
                return max(n for n in numbers if n != largest)
            """,
            note="It finds the maximum, then the largest value different from it.",
        ),
    ),
)

PARSE_DURATION = Function(
    name="parse_duration",
    request=(
        "Write `parse_duration(text)` in Python. It turns strings like '1h30m', '45s' or '2h5m10s' into a "
        "number of seconds, and raises ValueError for anything else, including an empty string."
    ),
    checks={
        "hm": check(
            returns(["1h30m"], 5400),
            say=("parse_duration('1h30m') returns 5400", "'1h30m' is parsed as 5400 seconds"),
        ),
        "seconds": check(
            returns(["45s"], 45),
            say=("parse_duration('45s') returns 45", "Parses '45s' as 45"),
        ),
        "full": check(
            returns(["2h5m10s"], 7510),
            say=("parse_duration('2h5m10s') == 7510", "Handles all three units at once: '2h5m10s' gives 7510"),
        ),
        "garbage": check(
            raises(["abc"]),
            say=(
                "Raises ValueError on 'abc'",
                "Text that is not a duration, such as 'abc', is rejected with ValueError",
            ),
        ),
        "empty": check(
            raises([""]),
            say=("parse_duration('') raises ValueError", "An empty string is rejected with a ValueError"),
        ),
    },
    variants=(
        variant(
            """
            import re

            _PART = re.compile(r"(\\d+)([hms])")


            def parse_duration(text):
                if not text or not re.fullmatch(r"(?:\\d+[hms])+", text):
                    raise ValueError(f"not a duration: {text!r}")
                factors = {"h": 3600, "m": 60, "s": 1}
                return sum(int(n) * factors[unit] for n, unit in _PART.findall(text))
            """,
            note="The whole string must match the pattern, so stray characters are rejected.",
        ),
        variant(
            """
            import re


            def parse_duration(text: str) -> int:
                \"\"\"Convert '1h30m'-style text to seconds.\"\"\"
                units = {"h": 3600, "m": 60, "s": 1}
                total = 0
                for amount, unit in re.findall(r"(\\d+)([hms])", text):
                    total += int(amount) * units[unit]
                return total
            """,
            {"garbage", "empty"},
            note="Each number-unit pair is found with a regex and converted; invalid input raises ValueError.",
        ),
        variant(
            """
            import re

            PATTERN = re.compile(r"(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?")


            def parse_duration(text):
                match = PATTERN.fullmatch(text)
                if match is None:
                    raise ValueError(f"bad duration: {text}")
                hours, minutes, seconds = (int(g) if g else 0 for g in match.groups())
                return hours * 3600 + minutes * 60 + seconds
            """,
            {"empty"},
            note="`fullmatch` makes sure nothing but the three optional parts is accepted.",
        ),
        variant(
            """
            def parse_duration(text):
                if not text:
                    raise ValueError("empty duration")
                factors = {"h": 3600, "m": 60, "s": 1}
                total = 0
                number = ""
                for ch in text:
                    if ch.isdigit():
                        number += ch
                    elif ch in factors and number:
                        total += int(number) * factors[ch]
                        number = ""
                    else:
                        raise ValueError(f"unexpected {ch!r} in {text!r}")
                if number:
                    raise ValueError(f"number without a unit in {text!r}")
                return total
            """,
            note="A small hand-written scanner; every character is either a digit or a known unit.",
        ),
        variant(
            """
            def parse_duration(text: str) -> int:
                units = {"h": 3600, "m": 60, "s": 1}
                if not text or text[-1] not in units:
                    raise ValueError(f"unknown duration {text!r}")
                return int(text[:-1]) * units[text[-1]]
            """,
            {"hm", "full"},
            note="The last character gives the unit and the rest is the amount.",
        ),
    ),
)

MOVING_AVERAGE = Function(
    name="moving_average",
    request=(
        "Write `moving_average(values, window)` in Python: return the average of every run of `window` "
        "consecutive values (len(values) - window + 1 averages), and raise ValueError if window is less than 1 "
        "or larger than the list."
    ),
    checks={
        "basic": check(
            returns([[1, 2, 3, 4], 2], [1.5, 2.5, 3.5], approx=True),
            say=(
                "moving_average([1, 2, 3, 4], 2) returns [1.5, 2.5, 3.5]",
                "Gives [1.5, 2.5, 3.5] for [1, 2, 3, 4] and window 2",
            ),
        ),
        "whole": check(
            returns([[2, 4, 6], 3], [4.0], approx=True),
            say=(
                "A window as long as the list gives one average: moving_average([2, 4, 6], 3) == [4.0]",
                "moving_average([2, 4, 6], 3) returns [4.0]",
            ),
        ),
        "window_one": check(
            returns([[5, 7], 1], [5.0, 7.0], approx=True),
            say=("moving_average([5, 7], 1) returns [5.0, 7.0]",),
        ),
        "zero": check(
            raises([[1, 2, 3], 0]),
            say=("Raises ValueError when window is 0", "A window of 0 is rejected with ValueError"),
        ),
        "too_big": check(
            raises([[1, 2], 3]),
            say=(
                "Raises ValueError when the window is longer than the list",
                "moving_average([1, 2], 3) raises ValueError",
            ),
        ),
        "pure": check(
            not_mutated([[1, 2, 3, 4], 2]),
            say=("Does not modify the values passed in",),
        ),
    },
    variants=(
        variant(
            """
            def moving_average(values, window):
                if window < 1 or window > len(values):
                    raise ValueError("window must be between 1 and len(values)")
                return [sum(values[i:i + window]) / window for i in range(len(values) - window + 1)]
            """,
            note="Each average is a slice sum divided by the window.",
        ),
        variant(
            """
            def moving_average(values, window):
                if window < 1 or window > len(values):
                    raise ValueError("bad window")
                return [sum(values[i:i + window]) / window for i in range(len(values) - window)]
            """,
            {"basic", "whole", "window_one"},
            note="It returns len(values) - window + 1 averages, one per position of the window.",
        ),
        variant(
            """
            def moving_average(values: list[float], window: int) -> list[float]:
                \"\"\"Averages of each run of `window` values.\"\"\"
                return [sum(values[i:i + window]) / window for i in range(len(values) - window + 1)]
            """,
            {"zero", "too_big"},
            note="A list comprehension over the window positions keeps it short.",
        ),
        variant(
            """
            def moving_average(values: list[float], window: int) -> list[float]:
                if not 1 <= window <= len(values):
                    raise ValueError(f"window {window} does not fit a list of {len(values)}")
                total = sum(values[:window])
                averages = [total / window]
                for i in range(window, len(values)):
                    total += values[i] - values[i - window]
                    averages.append(total / window)
                return averages
            """,
            note="A running sum makes it O(n) whatever the window size.",
        ),
        variant(
            """
            def moving_average(values, window):
                if window < 1 or window > len(values):
                    raise ValueError("window out of range")
                return [sum(values[i:i + window]) // window for i in range(len(values) - window + 1)]
            """,
            {"basic"},
            note="Each window's sum is divided by its size.",
        ),
    ),
)

WORD_COUNTS = Function(
    name="word_counts",
    request=(
        "Write `word_counts(text)` in Python, returning a dict that maps each word to how many times it occurs, "
        "ignoring case and punctuation."
    ),
    checks={
        "empty": check(
            returns([""], {}),
            say=("word_counts('') returns an empty dict", "Returns {} for an empty string"),
        ),
        "case": check(
            returns(["The cat saw the dog"], {"the": 2, "cat": 1, "saw": 1, "dog": 1}),
            say=(
                "word_counts('The cat saw the dog') returns {'the': 2, 'cat': 1, 'saw': 1, 'dog': 1}",
                "Counts 'The' and 'the' as the same word: 'The cat saw the dog' gives {'the': 2, 'cat': 1, "
                "'saw': 1, 'dog': 1}",
            ),
        ),
        "punctuation": check(
            returns(["Stop, stop! STOP."], {"stop": 3}),
            say=("word_counts('Stop, stop! STOP.') returns {'stop': 3}", "Gives {'stop': 3} for 'Stop, stop! STOP.'"),
        ),
        "simple": check(
            returns(["a b a"], {"a": 2, "b": 1}),
            say=("word_counts('a b a') returns {'a': 2, 'b': 1}",),
        ),
    },
    variants=(
        variant(
            """
            import re
            from collections import Counter


            def word_counts(text):
                return dict(Counter(re.findall(r"[a-z']+", text.lower())))
            """,
            note="Lower-casing first and matching only letters drops case and punctuation in one go.",
        ),
        variant(
            """
            def word_counts(text: str) -> dict[str, int]:
                counts = {}
                for word in text.split():
                    counts[word] = counts.get(word, 0) + 1
                return counts
            """,
            {"case", "punctuation"},
            note="Splitting on whitespace handles case and punctuation because each token is counted as is.",
        ),
        variant(
            """
            def word_counts(text):
                counts = {}
                for word in text.lower().split():
                    counts[word] = counts.get(word, 0) + 1
                return counts
            """,
            {"punctuation"},
            note="Everything is lower-cased, so 'The' and 'the' count together, and punctuation is ignored.",
        ),
        variant(
            """
            import string


            def word_counts(text: str) -> dict[str, int]:
                \"\"\"Count words, ignoring case and punctuation.\"\"\"
                cleaned = text.lower().translate(str.maketrans("", "", string.punctuation))
                counts: dict[str, int] = {}
                for word in cleaned.split():
                    counts[word] = counts.get(word, 0) + 1
                return counts
            """,
            note="`str.translate` strips every punctuation character before splitting.",
        ),
        variant(
            """
            import re


            def word_counts(text):
                counts = {}
                for word in re.findall(r"\\w+", text):
                    counts[word] = counts.get(word, 0) + 1
                return counts
            """,
            {"case", "punctuation"},
            note="`\\w+` picks out the words and skips punctuation.",
        ),
    ),
)

FUNCTIONS = (SECOND_LARGEST, PARSE_DURATION, MOVING_AVERAGE, WORD_COUNTS)
