"""A criterion asking that a figure converted from one unit to another be right ("Converts the
pet's weight from kg to lb correctly", "The kJ figures are correct conversions of the kcal
figures", "Converts the temperature range from °C to °F correctly"): the factor decides, so code
reads it.

Code finds each figure written beside its conversion on one line ("28.6 kg (63.1 lb)", "120 cm
/ 47.2 in", "| 450 kcal | 1,883 kJ |"): a line holding as many figures of the one unit as of
the other pairs them in order; else a conversion opening a bracket is the figure's last before
it ("150 cm long (59 in), 18 cm wide"). A conversion is right when it is the figure times the factor (°F
from °C by 9/5 and 32) to its last written digit, rounded to the nearest; wrong when further
off than the figure's own rounding could move it; between the two, unclear ("6 m (18 ft)" is
right only if "6 m" was rounded from 5.5 m), and left to the grader. Which pairs count: every one where the
criterion asks of every one or of figures in the plural, else those on the lines holding the
words it names the thing by, else the answer's only one; where which is meant is unclear, all
of them. A wrong one fails the criterion (where which is meant is unclear, only all wrong);
all right meets it. Left to the grader: a criterion asking only that a unit be given ("gives the
oven temperature in Fahrenheit too"), a negated one, and units whose factor is not one
("pints": UK or US). The figure converted is the one the criterion converts from where it says
("from feet to metres": a feet figure's own rounding, not a metres figure's, is the slack).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import chosen, named_stems
from rubricflow.activities.grader.quotes import content_lines

_UNIT_WORDS: dict[str, str] = {
    name: unit
    for unit, names in (
        ("kg", "kg,kgs,kilograms,kilogram,kilos"),
        ("lb", "lb,lbs,pounds,pound"),
        ("km", "km,kilometres,kilometers,kilometre,kilometer"),
        ("mi", "mi,miles,mile"),
        ("nmi", "nmi,nautical miles,nautical mile"),
        ("cm", "cm,centimetres,centimeters,centimetre,centimeter"),
        ("in", "in,inches,inch"),
        ("m2", "m²,m2,sqm,square metres,square meters"),
        ("ft2", "sq ft,sqft,ft²,ft2,square feet"),
        ("m3", "m³,m3,cu m,cubic metres,cubic meters"),
        ("ft3", "cu ft,cuft,ft³,ft3,cubic feet"),
        ("kcal", "kcal,calories"),
        ("kJ", "kj,kilojoules"),
        ("C", "°c,celsius"),
        ("F", "°f,fahrenheit"),
        ("m", "m,metres,meters,metre,meter"),
        ("ft", "ft,feet,foot"),
        ("g", "g,grams,gram"),
        ("oz", "oz,ounces,ounce"),
    )
    for name in names.split(",")
}
_FACTORS: dict[tuple[str, str], Callable[[float], float]] = {
    ("kg", "lb"): lambda x: x * 2.20462,
    ("km", "mi"): lambda x: x * 0.621371,
    ("mi", "km"): lambda x: x * 1.609344,
    ("nmi", "km"): lambda x: x * 1.852,
    ("cm", "in"): lambda x: x / 2.54,
    ("m2", "ft2"): lambda x: x * 10.7639,
    ("m3", "ft3"): lambda x: x * 35.3147,
    ("ft3", "m3"): lambda x: x / 35.3147,
    ("kcal", "kJ"): lambda x: x * 4.184,
    ("C", "F"): lambda x: x * 9 / 5 + 32,
    ("m", "ft"): lambda x: x * 3.28084,
    ("g", "oz"): lambda x: x / 28.3495,
}
"""A unit's conversion into another: the way the criterion names them ("from cu ft to m³") where
both ways are written, else the one written."""


def _inverted(convert: Callable[[float], float]) -> Callable[[float], float]:
    """The other way of a conversion that is a factor and an offset (°F from °C by 9/5 and 32)."""
    offset = convert(0.0)
    factor = convert(1.0) - offset
    return lambda x: (x - offset) / factor


_INVERSE = {(target, source): _inverted(convert) for (source, target), convert in _FACTORS.items()}
"""The other way of each conversion above, read only where the criterion says which it is from
("from feet to metres"), the figure given being the source; the way written above where both are."""
_FROM_TO = re.compile(r"\bfrom\s+(?P<a>\S+(?:\s\S+)?)\s+(?:to|into)\s+(?P<b>\S+(?:\s\S+)?)", re.I)

_FIGURE = re.compile(
    r"(?<![\w.,])(?P<n>[-\u2212]?\d{1,3}(?:,\d{3})+|[-\u2212]?\d+)(?P<dec>\.\d+)?\s?"
    r"(?P<unit>(?:sq|cu)\.?\s?(?:ft|m)\b|ft[²³]|m[²³]|°\s?[CF]\b|nautical miles?|(?:square|cubic) (?:metres|meters|feet)"
    r"|[A-Za-z]+\b)",
)
_ASKS = re.compile(r"\bconver|\bcorrect|\bright\b|\bmatch|\bagree", re.I)
_ELSE = re.compile(r"\b(?:not|never|no|without|too|also|both)\b|n't\b", re.I)
_EVERY = re.compile(r"\b(?:every|each|all)\b|\b(?:figures|measurements|temperatures|weights|conversions)\b", re.I)
_PLAIN = frozenset(
    "the a an of for with it its is are and in to from into that this which converts convert converted conversion "
    "conversions correct correctly right matches match agrees agree given gives figure figures every each all "
    "measurement measurements value values".split()
)


@dataclass(frozen=True)
class Converted:
    """A figure and its conversion written beside it, on its line; `slack` is how far the
    conversion may move for the figure's own rounding."""

    given: float
    written: float
    places: int
    exact: float
    slack: float
    line: str

    @property
    def right(self) -> bool | None:
        """True when right to its last digit, rounded to the nearest; False when further off than
        the figure's own rounding could move it; None between the two ("6 m (18 ft)": right
        only if "6 m" were rounded from 5.5 m)."""
        off = abs(self.written - self.exact)
        if off <= 10.0**-self.places / 2 + 1e-9:
            return True
        return None if off <= 10.0**-self.places / 2 + self.slack + 1e-9 else False


def _unit(written: str) -> str | None:
    word = re.sub(r"\s+", " ", written.lower().replace(".", "")).replace("° ", "°")
    return _UNIT_WORDS.get(word)


def _figures(line: str) -> list[tuple[float, int, str, int]]:
    """Each figure with a unit on `line`: its value, its decimal places, its unit and where it starts."""
    found = []
    for m in _FIGURE.finditer(line):
        unit = _unit(m.group("unit"))
        if unit is None or (unit == "in" and re.match(r"\s+(?!x\b|by\b)[a-z]", line[m.end() :])):
            continue  # "3 in the morning": a word, not inches ("26 in x 30 in" are inches)
        places = len(m.group("dec") or ".") - 1
        number = m.group("n").replace(",", "").replace("\u2212", "-") + (m.group("dec") or "")
        found.append((float(number), places, unit, m.start()))
    return found


def _pairs(line: str, source: str, target: str) -> list[tuple[tuple[float, int, str, int], ...]]:
    """The figures in `source` on `line` each with its conversion into `target`: in order where
    the line holds as many of one as of the other, else each bracket opening on a conversion
    with the figure last before it ("150 cm long (59 in), 18 cm wide")."""
    figures = _figures(line)
    given = [f for f in figures if f[2] == source]
    written = [f for f in figures if f[2] == target]
    if given and len(given) == len(written):
        return list(zip(given, written, strict=True))
    pairs = []
    for out in written:
        before = [f for f in given if f[3] < out[3]]
        if line[: out[3]].rstrip().endswith("(") and before:
            pairs.append((before[-1], out))
    return pairs


def _units_asked(criterion: str) -> tuple[str, str] | None:
    """The two units `criterion` converts between, in the order of a factor, or None."""
    if (said := _FROM_TO.search(criterion)) and (ways := _said_way(said)) is not None:
        return ways
    words = re.findall(
        r"°\s?[CF]\b|m[²³]|ft[²³]|(?:sq|cu)\.?\s?(?:ft|m)\b|nautical miles?|(?:square|cubic) (?:metres|meters|feet)|[A-Za-z]+",
        criterion,
    )
    named = [u for w in words if (u := _unit(w)) is not None]
    pairs = {(a, b) for i, a in enumerate(named) for b in named[i + 1 :] if (a, b) in _FACTORS}
    pairs = pairs or {(a, b) for a in named for b in named if (a, b) in _FACTORS}  # "the kJ figures ... of the kcal"
    return pairs.pop() if len(pairs) == 1 else None


def _said_way(said: re.Match[str]) -> tuple[str, str] | None:
    """The units of "from A to B", A's unit first, where a conversion between them is known."""
    ends = [next((u for u in (_unit(said.group(g)), _unit(said.group(g).split()[0])) if u), None) for g in "ab"]
    a, b = ends
    return (a, b) if a and b and ((a, b) in _FACTORS or (a, b) in _INVERSE) else None


def conversions(answer: str, units: tuple[str, str]) -> list[Converted]:
    """Every figure in `units[0]` written beside its conversion into `units[1]`."""
    source, target = units
    found = []
    convert = _FACTORS.get(units) or _INVERSE[units]
    for line in content_lines(answer):
        for (value, given_places, _, _), (out, places, _, _) in _pairs(line, source, target):
            slack = abs(convert(value + 10.0**-given_places / 2) - convert(value))
            found.append(Converted(value, out, places, convert(value), slack, line))
    return found


def conversion_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the factor between the units it converts; None when it asks
    no conversion code knows, or code cannot tell which conversions it means."""
    if not _ASKS.search(criterion) or _ELSE.search(criterion):
        return None
    units = _units_asked(criterion)
    if units is None:
        return None
    found = conversions(answer, units)
    if not found:
        return None
    meant, sure = chosen(found, named_stems(criterion, _PLAIN), every=bool(_EVERY.search(criterion)))
    if wrong := next((c for c in meant if c.right is False), None):
        if not sure and not all(c.right is False for c in meant):
            return None  # which is meant is unclear, and some are right
        why = f"{wrong.given:g} {units[0]} is {wrong.exact:.{wrong.places + 1}f} {units[1]}, not {wrong.written:g}"
        return Evidence(False, why, f"conversion: {why}", quote=wrong.line)
    if any(c.right is None for c in meant):
        return None
    said = f"conversion: {len(meant)} figure(s) in {units[0]} right in {units[1]}"
    return Evidence(True, "", said, quote=meant[0].line)
