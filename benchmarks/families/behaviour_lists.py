"""Behaviour family: functions over lists (dedupe, chunk, merge_intervals, running_total)."""

from __future__ import annotations

from benchmarks.families.behaviour_specs import (
    Function,
    check,
    no_repeats,
    not_mutated,
    raises,
    returns,
    variant,
)

DEDUPE = Function(
    name="dedupe",
    request=(
        "Write a Python function `dedupe(items)` that returns a new list with repeated values removed, "
        "keeping the first occurrence of each value in its original order."
    ),
    checks={
        "empty": check(
            returns([[]], []),
            say=(
                "dedupe([]) returns an empty list",
                "Returns [] when it is given an empty list",
                "Handles an empty input by returning an empty list",
            ),
        ),
        "order": check(
            returns([[3, 1, 3, 2, 1]], [3, 1, 2]),
            say=(
                "Keeps the values in the order they first appear",
                "The order of first appearance is preserved",
                "Preserve the original order of the first occurrences",
            ),
        ),
        "once": check(
            no_repeats([[3, 1, 3, 2, 1]]),
            no_repeats([["a", "b", "a", "c", "b"]]),
            say=(
                "Each value appears only once in the result",
                "The returned list contains no duplicates",
                "No value is repeated in the output",
            ),
        ),
        "pure": check(
            not_mutated([[3, 1, 3, 2, 1]]),
            say=(
                "Does not modify the list passed in",
                "Leaves the caller's list unchanged",
                "The input list is not mutated",
            ),
        ),
        "call": check(
            returns([["b", "a", "b", "c", "a"]], ["b", "a", "c"]),
            say=(
                "dedupe(['b', 'a', 'b', 'c', 'a']) returns ['b', 'a', 'c']",
                "Calling dedupe(['b', 'a', 'b', 'c', 'a']) gives ['b', 'a', 'c']",
            ),
        ),
    },
    variants=(
        variant(
            """
            def dedupe(items):
                seen = set()
                result = []
                for item in items:
                    if item not in seen:
                        seen.add(item)
                        result.append(item)
                return result
            """,
            note="A set remembers what has been seen, so each lookup is O(1) and the whole thing is O(n).",
        ),
        variant(
            """
            def dedupe(items: list) -> list:
                \"\"\"Return items without repeats, first occurrences first.\"\"\"
                return list(dict.fromkeys(items))
            """,
            note="Dicts keep insertion order (Python 3.7+), so `dict.fromkeys` drops repeats and keeps the order.",
        ),
        variant(
            """
            def dedupe(items):
                # a set drops the repeats; sorting makes the output predictable
                return sorted(set(items))
            """,
            {"order", "call"},
            note="Converting to a set is the fastest way to remove duplicates, and the result keeps the order stable.",
        ),
        variant(
            """
            def dedupe(items):
                i = 0
                while i < len(items):
                    if items[i] in items[:i]:
                        items.pop(i)
                    else:
                        i += 1
                return items
            """,
            {"pure"},
            note="It removes repeats in place without building any extra set, so it uses very little memory.",
        ),
        variant(
            """
            def dedupe(items):
                return [x for i, x in enumerate(items) if x not in items[i + 1:]]
            """,
            {"order", "call"},
            note="A one-line comprehension: each value is kept once, in order.",
        ),
        variant(
            """
            def dedupe(items: list) -> list:
                result = []
                for item in items:
                    if not result or result[-1] != item:
                        result.append(item)
                return result
            """,
            {"order", "once", "call"},
            note="It compares each item with the last one kept, which keeps it O(n) and leaves the input alone.",
        ),
    ),
)

CHUNK = Function(
    name="chunk",
    request=(
        "Write `chunk(values, size)` in Python: split a list into consecutive chunks of `size` items "
        "(the last chunk may be shorter), and raise ValueError if size is less than 1."
    ),
    checks={
        "empty": check(
            returns([[], 3], []),
            say=("chunk([], 3) returns []", "An empty list gives an empty list of chunks"),
        ),
        "uneven": check(
            returns([[1, 2, 3, 4, 5], 2], [[1, 2], [3, 4], [5]]),
            say=(
                "chunk([1, 2, 3, 4, 5], 2) returns [[1, 2], [3, 4], [5]]",
                "Keeps the shorter last chunk: chunk([1, 2, 3, 4, 5], 2) gives [[1, 2], [3, 4], [5]]",
            ),
        ),
        "even": check(
            returns([[1, 2, 3, 4, 5, 6], 3], [[1, 2, 3], [4, 5, 6]]),
            say=(
                "chunk([1, 2, 3, 4, 5, 6], 3) returns [[1, 2, 3], [4, 5, 6]]",
                "When the size divides the length there is no empty chunk at the end: "
                "chunk([1, 2, 3, 4, 5, 6], 3) == [[1, 2, 3], [4, 5, 6]]",
            ),
        ),
        "bad_size": check(
            raises([[1, 2, 3], 0]),
            raises([[1, 2, 3], -2]),
            say=(
                "Raises ValueError when size is 0 or negative",
                "Rejects a size below 1 with a ValueError",
            ),
        ),
        "pure": check(
            not_mutated([[1, 2, 3, 4, 5], 2]),
            say=("Leaves the input list as it was", "Does not change the list it is given"),
        ),
    },
    variants=(
        variant(
            """
            def chunk(values, size):
                if size < 1:
                    raise ValueError("size must be at least 1")
                return [values[i:i + size] for i in range(0, len(values), size)]
            """,
            note="Slicing never goes past the end, so the last chunk is simply shorter.",
        ),
        variant(
            """
            def chunk(values: list, size: int) -> list[list]:
                \"\"\"Split values into lists of `size` items.\"\"\"
                return [values[i:i + size] for i in range(0, len(values), size)]
            """,
            {"bad_size"},
            note="`range` refuses a step of 0 with a ValueError, so bad sizes are rejected without an explicit check.",
        ),
        variant(
            """
            def chunk(values, size):
                if size < 1:
                    raise ValueError(f"invalid chunk size: {size}")
                return [values[i:i + size] for i in range(0, len(values) - size + 1, size)]
            """,
            {"uneven"},
            note="The range stops at the last full chunk, so indexing is always in bounds.",
        ),
        variant(
            """
            def chunk(values, size):
                if size < 1:
                    raise ValueError("size must be positive")
                chunks = []
                while values:
                    chunks.append(values[:size])
                    del values[:size]
                return chunks
            """,
            {"pure"},
            note="It consumes the list chunk by chunk, which reads clearly and handles any length.",
        ),
        variant(
            """
            def chunk(values: list, size: int) -> list[list]:
                if size <= 0:
                    raise ValueError(f"size must be > 0, got {size}")
                count = len(values) // size + 1
                return [values[i * size:(i + 1) * size] for i in range(count)]
            """,
            {"empty", "even"},
            note="It works out the number of chunks first and then slices each one.",
        ),
        variant(
            """
            def chunk(values, size):
                assert size > 0, "size must be positive"
                return [values[i:i + size] for i in range(0, len(values), size)]
            """,
            {"bad_size"},
            note="The assert guards against a size below 1.",
        ),
    ),
)

MERGE = Function(
    name="merge_intervals",
    request=(
        "Write `merge_intervals(intervals)` that takes a list of [start, end] pairs in any order and returns "
        "a new list of merged intervals sorted by start. Intervals that overlap or touch must be merged."
    ),
    checks={
        "empty": check(
            returns([[]], []),
            say=("merge_intervals([]) returns []", "Returns an empty list for no intervals"),
        ),
        "basic": check(
            returns([[[1, 3], [2, 6], [8, 10]]], [[1, 6], [8, 10]]),
            say=(
                "merge_intervals([[1, 3], [2, 6], [8, 10]]) returns [[1, 6], [8, 10]]",
                "Merges overlapping intervals: [[1, 3], [2, 6], [8, 10]] becomes [[1, 6], [8, 10]]",
            ),
        ),
        "unsorted": check(
            returns([[[8, 10], [1, 3], [2, 6]]], [[1, 6], [8, 10]]),
            say=(
                "Handles unsorted input: [[8, 10], [1, 3], [2, 6]] gives [[1, 6], [8, 10]]",
                "merge_intervals([[8, 10], [1, 3], [2, 6]]) returns [[1, 6], [8, 10]]",
            ),
        ),
        "touching": check(
            returns([[[1, 2], [2, 3]]], [[1, 3]]),
            say=(
                "Intervals that only touch are merged: [[1, 2], [2, 3]] becomes [[1, 3]]",
                "merge_intervals([[1, 2], [2, 3]]) returns [[1, 3]]",
            ),
        ),
        "pure": check(
            not_mutated([[[8, 10], [1, 3], [2, 6]]]),
            say=(
                "Does not modify the input list or the intervals in it",
                "The caller's intervals are left unchanged",
            ),
        ),
    },
    variants=(
        variant(
            """
            def merge_intervals(intervals):
                merged = []
                for start, end in sorted(intervals):
                    if merged and start <= merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], end)
                    else:
                        merged.append([start, end])
                return merged
            """,
            note="Sorting first means each interval only needs to be compared with the last merged one.",
        ),
        variant(
            """
            def merge_intervals(intervals: list[list[int]]) -> list[list[int]]:
                merged = []
                for interval in sorted(intervals, key=lambda pair: pair[0]):
                    if merged and interval[0] <= merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], interval[1])
                    else:
                        merged.append(interval)
                return merged
            """,
            {"pure"},
            note="`sorted` returns a new list, so the input is never modified.",
        ),
        variant(
            """
            def merge_intervals(intervals):
                merged = []
                for start, end in intervals:
                    if merged and start <= merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], end)
                    else:
                        merged.append([start, end])
                return merged
            """,
            {"unsorted"},
            note="A single pass merges each interval into the previous one when they overlap.",
        ),
        variant(
            """
            def merge_intervals(intervals):
                \"\"\"Merge overlapping [start, end] intervals.\"\"\"
                merged = []
                for start, end in sorted(intervals):
                    if merged and start < merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], end)
                    else:
                        merged.append([start, end])
                return merged
            """,
            {"touching"},
            note="Overlaps are detected by comparing each start with the end of the previous merged interval.",
        ),
        variant(
            """
            def merge_intervals(intervals):
                intervals.sort()
                merged = []
                for start, end in intervals:
                    if merged and start <= merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], end)
                    else:
                        merged.append([start, end])
                return merged
            """,
            {"pure"},
            note="Sorting in place avoids copying the list.",
        ),
    ),
)

RUNNING_TOTAL = Function(
    name="running_total",
    request=(
        "Write `running_total(values)` that returns a new list of cumulative sums, for example "
        "[1, 2, 3] -> [1, 3, 6], without changing the input."
    ),
    checks={
        "empty": check(
            returns([[]], []),
            say=("running_total([]) returns []", "An empty list gives an empty list"),
        ),
        "basic": check(
            returns([[1, 2, 3]], [1, 3, 6]),
            say=("running_total([1, 2, 3]) returns [1, 3, 6]", "Gives [1, 3, 6] for [1, 2, 3]"),
        ),
        "negatives": check(
            returns([[5, -2, 4]], [5, 3, 7]),
            say=(
                "Works with negative numbers: running_total([5, -2, 4]) == [5, 3, 7]",
                "running_total([5, -2, 4]) returns [5, 3, 7]",
            ),
        ),
        "single": check(
            returns([[7]], [7]),
            say=(
                "A one-element list comes back unchanged: running_total([7]) == [7]",
                "running_total([7]) returns [7]",
            ),
        ),
        "pure": check(
            not_mutated([[1, 2, 3]]),
            say=("Does not change the input list", "The list passed in is left as it was"),
        ),
    },
    variants=(
        variant(
            """
            from itertools import accumulate


            def running_total(values):
                return list(accumulate(values))
            """,
            note="`itertools.accumulate` does exactly this and returns a fresh iterator.",
        ),
        variant(
            """
            def running_total(values):
                for i in range(1, len(values)):
                    values[i] += values[i - 1]
                return values
            """,
            {"pure"},
            note="Adding each value to the previous total works in a single pass.",
        ),
        variant(
            """
            def running_total(values: list[int]) -> list[int]:
                totals = [0]
                for value in values:
                    totals.append(totals[-1] + value)
                return totals
            """,
            {"empty", "basic", "negatives", "single"},
            note="Starting from a total of 0 keeps the loop simple, with no special case for the first value.",
        ),
        variant(
            """
            def running_total(values: list[float]) -> list[float]:
                \"\"\"Return the cumulative sums of values.\"\"\"
                totals = []
                current = 0
                for value in values:
                    current += value
                    totals.append(current)
                return totals
            """,
            note="The input is only read, never written.",
        ),
        variant(
            """
            def running_total(values):
                totals = []
                current = 0
                for i in range(len(values) - 1):
                    current += values[i]
                    totals.append(current)
                return totals
            """,
            {"basic", "negatives", "single"},
            note="One running sum, appended after every value.",
        ),
    ),
)

FUNCTIONS = (DEDUPE, CHUNK, MERGE, RUNNING_TOTAL)
