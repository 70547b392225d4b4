"""DNS zone family (fresh13): the BIND zone file of the domain a task describes (a bakery's site and
mail, a SaaS product with IPv6 and its own nameservers, a research lab with two mail exchangers, a
personal domain on GitHub Pages) in a fenced block, with $ORIGIN, $TTL, an SOA and NS, A, AAAA,
CNAME, MX and TXT records, a few words around it and the zone statement for named.conf, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh13`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the zone (owners as `@`, relative or absolute names, or blank to repeat the one before;
the SOA on one line or across several in parentheses) and the named.conf stanza, written right and
then changed by switches: an SOA serial that is a real date and a two-digit count or not (a day the
month lacks, too few digits, a Unix time), two NS records at the apex or one, no CNAME at the apex
or the apex's addresses replaced by one, every in-zone NS or MX target with an address record or one
without, every CNAME to a name outside the zone ending in a dot or one not, the $TTL asked or
another, an SPF TXT record at the apex or on another name or without `v=spf1`, every A and AAAA
address valid for its type or one not, and a zone statement for the zone of $ORIGIN or another.
Every truth is read from the text: the zone from the fenced block that holds an SOA, comments
dropped and parentheses joined, each record's owner, type and data as BIND reads them (names made
absolute against $ORIGIN), addresses by the `ipaddress` module, the zone statement by pattern.
"""

from __future__ import annotations

import ipaddress
import random
import re
from calendar import monthrange
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "dns_zone"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
TYPES = ("SOA", "NS", "A", "AAAA", "CNAME", "MX", "TXT", "SRV", "CAA", "PTR")
TTL = re.compile(r"(?:\d+[smhdw]?)+", re.I)
UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
SERIAL = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})")
STANZA = re.compile(r'\bzone\s+"([^"]+)"')


@dataclass(frozen=True)
class Zone:
    task: str
    text: str
    """The answer written right."""
    ttl: int
    ttl_words: str
    """The default TTL the task asks for, in seconds and as the criteria write it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Record:
    owner: str
    type: str
    data: tuple[str, ...]
    """The data's words as written (TXT: the quoted strings joined, as one word)."""


PAGES = "\n".join(f"@               IN      A       185.199.{n}.153" for n in (108, 109, 110, 111))
"""GitHub Pages' four addresses at the apex."""

ZONES = (
    Zone(
        "Write the BIND zone file for brightbakery.co.uk: default TTL one hour, nameservers ns1.brightbakery.co.uk "
        "(203.0.113.53) and ns2.dnsprovider.net, the site on Netlify (apex on 203.0.113.10, www an alias of "
        "brightbakery.netlify.app), mail at mail.brightbakery.co.uk (203.0.113.25) with an SPF record allowing it, "
        "and the zone statement for named.conf.",
        """Here is the zone file for `brightbakery.co.uk`. Save it as `/etc/bind/db.brightbakery.co.uk`.

```
$ORIGIN brightbakery.co.uk.
$TTL 3600
@   IN  SOA ns1.brightbakery.co.uk. hostmaster.brightbakery.co.uk. (
        2026031501 ; serial (YYYYMMDDnn)
        7200       ; refresh
        900        ; retry
        1209600    ; expire
        300 )      ; negative-cache TTL

@       IN  NS     ns1.brightbakery.co.uk.
@       IN  NS     ns2.dnsprovider.net.

@       IN  A      203.0.113.10
www     IN  CNAME  brightbakery.netlify.app.
ns1     IN  A      203.0.113.53
mail    IN  A      203.0.113.25
@       IN  MX     10 mail.brightbakery.co.uk.
@       IN  TXT    "v=spf1 mx ip4:203.0.113.25 -all"
```

And in `named.conf.local`:

```
zone "brightbakery.co.uk" {
    type master;
    file "/etc/bind/db.brightbakery.co.uk";
};
```

Check it with `named-checkzone brightbakery.co.uk /etc/bind/db.brightbakery.co.uk`, then `rndc reload`.""",
        3600,
        "3600 seconds (one hour)",
        (
            ("serial", "2026031501 ; serial", "202603150 ; serial"),
            ("ns_count", "@       IN  NS     ns2.dnsprovider.net.\n", ""),
            ("apex_cname", "@       IN  A      203.0.113.10", "@       IN  CNAME  brightbakery.netlify.app."),
            ("glue", "mail    IN  A      203.0.113.25\n", ""),
            (
                "trailing_dot",
                "www     IN  CNAME  brightbakery.netlify.app.",
                "www     IN  CNAME  brightbakery.netlify.app",
            ),
            ("ttl", "$TTL 3600", "$TTL 360"),
            ("spf", '@       IN  TXT    "v=spf1', 'mail    IN  TXT    "v=spf1'),
            ("addresses", "203.0.113.53", "203.0.113.353"),
            ("zone_name", 'zone "brightbakery.co.uk"', 'zone "brightbakery.co"'),
        ),
    ),
    Zone(
        "BIND zone for tallyhq.io please, TTL 300 by default (we're migrating). Our own nameservers ns1 and "
        "ns2.tallyhq.io (198.51.100.2 and .3). Apex on 198.51.100.80 and 2001:db8:40::80, api on 198.51.100.81 and "
        "2001:db8:40::81, status an alias of tallyhq.statuspage.io, Fastmail for email (in1-smtp.messagingengine.com "
        "priority 10, in2-smtp priority 20) with SPF for Fastmail, a DMARC record, and the named.conf zone stanza.",
        """```dns
$ORIGIN tallyhq.io.
$TTL 5m
tallyhq.io.   IN SOA ns1.tallyhq.io. ops.tallyhq.io. 2026070203 3600 600 1209600 300

; name servers, with their glue
tallyhq.io.       IN NS    ns1.tallyhq.io.
                  IN NS    ns2.tallyhq.io.
ns1               IN A     198.51.100.2
ns2               IN A     198.51.100.3

; web and API
tallyhq.io.       IN A     198.51.100.80
                  IN AAAA  2001:db8:40::80
api          300  IN A     198.51.100.81
api          300  IN AAAA  2001:db8:40::81
status            IN CNAME tallyhq.statuspage.io.

; mail (Fastmail)
tallyhq.io.       IN MX    10 in1-smtp.messagingengine.com.
tallyhq.io.       IN MX    20 in2-smtp.messagingengine.com.
tallyhq.io.       IN TXT   "v=spf1 include:spf.messagingengine.com ?all"
_dmarc            IN TXT   "v=DMARC1; p=quarantine; rua=mailto:dmarc@tallyhq.io"
```

`$TTL 5m` is 300 seconds; raise it once the migration is done. The stanza for named.conf:

```
zone "tallyhq.io" IN { type primary; file "zones/tallyhq.io.zone"; allow-transfer { none; }; };
```""",
        300,
        "300 seconds",
        (
            ("serial", "2026070203", "1782950400"),
            ("ns_count", "                  IN NS    ns2.tallyhq.io.\n", ""),
            (
                "apex_cname",
                "tallyhq.io.       IN A     198.51.100.80\n                  IN AAAA  2001:db8:40::80",
                "tallyhq.io.       IN CNAME tallyhq-web.fly.dev.",
            ),
            ("glue", "ns1               IN A     198.51.100.2\n", ""),
            ("trailing_dot", "tallyhq.statuspage.io.", "tallyhq.statuspage.io"),
            ("ttl", "$TTL 5m\n", "$TTL 1h\n"),
            ("spf", '"v=spf1 include:', '"include:'),
            ("addresses", "AAAA  2001:db8:40::81", "AAAA  198.51.100.81"),
            ("zone_name", 'zone "tallyhq.io"', 'zone "tallyhq.com"'),
        ),
    ),
    Zone(
        "Our lab's domain riverlab.org needs a zone file (BIND format). Default TTL of one day. NS: ns1.riverlab.org "
        "(192.0.2.53) and ns.secondary-dns.net. Website at 192.0.2.80 (apex and www), wiki and git as aliases of www, "
        "docs an alias of riverlab.readthedocs.io, mail exchangers mx1 (192.0.2.25, preference 10) and mx2 "
        "(192.0.2.26, preference 20), SPF saying only our MX hosts send mail, and the named.conf entry, explained.",
        """Zone file for **riverlab.org** (BIND):

```
$TTL 86400
$ORIGIN riverlab.org.

@ IN SOA ns1 admin (
    2026110402  ; serial
    3H          ; refresh
    1H          ; retry
    2W          ; expire
    1H )        ; minimum

        IN NS   ns1
        IN NS   ns.secondary-dns.net.
        IN MX   10 mx1
        IN MX   20 mx2
        IN A    192.0.2.80
        IN TXT  "v=spf1 mx -all"

ns1     IN A     192.0.2.53
mx1     IN A     192.0.2.25
mx2     IN A     192.0.2.26
www     IN A     192.0.2.80
wiki    IN CNAME www
git     IN CNAME www.riverlab.org.
docs    IN CNAME riverlab.readthedocs.io.
```

- Lines with no name belong to the apex: nameservers, mail exchangers, web address and SPF (`mx -all`).
- `ns1`, `mx1` and `mx2` are inside the zone, so each has an A record; `wiki` and `git` alias `www`.

In named.conf:

```
zone "riverlab.org" {
    type master;
    file "/var/named/riverlab.org.db";
    allow-transfer { 198.51.100.53; };
};
```""",
        86400,
        "86400 seconds (one day)",
        (
            ("serial", "2026110402", "2026113102"),
            ("ns_count", "        IN NS   ns1\n", ""),
            ("apex_cname", "        IN A    192.0.2.80\n", "        IN CNAME www\n"),
            ("glue", "mx2     IN A     192.0.2.26\n", ""),
            ("trailing_dot", "riverlab.readthedocs.io.", "riverlab.readthedocs.io"),
            ("ttl", "$TTL 86400", "$TTL 8640"),
            ("spf", '        IN TXT  "v=spf1 mx -all"\n', ""),
            ("addresses", "www     IN A     192.0.2.80", "www     IN A     192.0.2.800"),
            ("zone_name", 'zone "riverlab.org"', 'zone "riverlabs.org"'),
        ),
    ),
    Zone(
        "Zone file for my domain mira-okafor.dev (BIND syntax): $TTL of 2 hours; NS ns1.desec.io and ns2.desec.org; "
        "the apex on GitHub Pages (185.199.108.153, .109.153, .110.153 and .111.153) with www a CNAME to "
        "mira-okafor.github.io; my mail server mail.mira-okafor.dev (203.0.113.77, 2001:db8:77::25) as the only MX; "
        "files.mira-okafor.dev on 2001:db8:77::80; SPF allowing only the mail server; and the named.conf zone block.",
        f"""Here you go: GitHub Pages at the apex, `www` as its alias, and your own mail server.

```zone
$ORIGIN mira-okafor.dev.
$TTL 2h
@       3600    IN      SOA     ns1.desec.io. mira.mira-okafor.dev. (
                                2026120101      ; serial
                                1d              ; refresh
                                2h              ; retry
                                4w              ; expire
                                1h )            ; negative TTL
@               IN      NS      ns1.desec.io.
@               IN      NS      ns2.desec.org.
{PAGES}
www             IN      CNAME   mira-okafor.github.io.
@               IN      MX      10 mail
mail            IN      A       203.0.113.77
mail            IN      AAAA    2001:db8:77::25
files           IN      AAAA    2001:db8:77::80
@               IN      TXT     "v=spf1 a:mail.mira-okafor.dev -all"
```

named.conf:

```
zone "mira-okafor.dev" {{ type master; file "db.mira-okafor.dev"; }};
```

Remember to add `mira-okafor.dev` as the custom domain in the repository's Pages settings.""",
        7200,
        "7200 seconds (two hours)",
        (
            ("serial", "2026120101      ; serial", "20261201        ; serial"),
            ("ns_count", "@               IN      NS      ns2.desec.org.\n", ""),
            ("apex_cname", PAGES, "@               IN      CNAME   mira-okafor.github.io."),
            (
                "glue",
                "mail            IN      A       203.0.113.77\nmail ",
                "smtp            IN      A       203.0.113.77\nsmtp ",
            ),
            ("trailing_dot", "CNAME   mira-okafor.github.io.", "CNAME   mira-okafor.github.io"),
            ("ttl", "$TTL 2h", "$TTL 2"),
            ("spf", '@               IN      TXT     "v=spf1', 'mail            IN      TXT     "v=spf1'),
            ("addresses", "2001:db8:77::80", "2001:db8::77::80"),
            ("zone_name", 'zone "mira-okafor.dev"', 'zone "mira-okafor.com"'),
        ),
    ),
)


def build(zone: Zone, on: dict[str, bool]) -> str:
    return slipped(zone.text, zone.slips, on, zone.ttl_words)


# Reading a zone ---------------------------------------------------------------------------------


def zone_text(answer: str) -> str:
    """The fenced block that holds an SOA record, or the whole answer if none does."""
    return next((block for block in FENCED.findall(answer) if re.search(r"\bSOA\b", block)), answer)


def uncommented(line: str) -> str:
    """The line up to a `;` that is not inside quotes."""
    quoted = False
    for at, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            return line[:at]
    return line


def logical_lines(text: str) -> list[str]:
    """The zone's lines, comments dropped and a parenthesised record joined into one line."""
    out: list[str] = []
    pending: str | None = None
    for raw in text.splitlines():
        line = uncommented(raw).rstrip()
        if pending is not None:
            pending += " " + line.strip()
            if ")" in line:
                out.append(pending.replace("(", " ").replace(")", " "))
                pending = None
        elif "(" in line and ")" not in line:
            pending = line
        elif line.strip():
            out.append(line.replace("(", " ").replace(")", " "))
    return out


def seconds(ttl: str) -> int:
    """A BIND TTL (`3600`, `5m`, `1h30m`) in seconds."""
    return sum(int(n) * UNITS[u.lower()] for n, u in re.findall(r"(\d+)([smhdw]?)", ttl, re.I))


def absolute(name: str, origin: str) -> str:
    """A name as BIND reads it: `@` is the origin, and a name without a final dot is relative to it."""
    return origin if name == "@" else name.lower() if name.endswith(".") else f"{name.lower()}.{origin}"


def parse(answer: str) -> tuple[str, int | None, list[Record]]:
    """The zone's origin, its $TTL in seconds, and its records."""
    origin, ttl, owner = "", None, ""
    records: list[Record] = []
    for line in logical_lines(zone_text(answer)):
        words = line.split()
        if words[0].upper() == "$ORIGIN" and len(words) > 1:
            origin = words[1].lower()
            continue
        if words[0].upper() == "$TTL" and len(words) > 1:
            ttl = seconds(words[1]) if TTL.fullmatch(words[1]) else None
            continue
        if not line[0].isspace():
            owner, words = absolute(words[0], origin), words[1:]
        while words and words[0].upper() not in TYPES:
            words = words[1:]  # a TTL or a class
        if words:
            kind = words[0].upper()
            records.append(Record(owner, kind, ("".join(QUOTED.findall(line)),) if kind == "TXT" else tuple(words[1:])))
    return origin, ttl, records


def targets(records: list[Record], origin: str, *kinds: str) -> list[tuple[str, str]]:
    """The names the records of `kinds` (CNAME, NS, MX) point at: as written, and made absolute."""
    return [(r.data[-1], absolute(r.data[-1], origin)) for r in records if r.type in kinds and r.data]


def valid(record: Record) -> bool:
    kind = ipaddress.IPv4Address if record.type == "A" else ipaddress.IPv6Address
    try:
        return len(record.data) == 1 and bool(kind(record.data[0]))
    except ValueError:
        return False


def serial_right(records: list[Record]) -> bool:
    soa = next((r for r in records if r.type == "SOA"), None)
    match = SERIAL.fullmatch(soa.data[2]) if soa and len(soa.data) >= 7 else None
    year, month, day = (int(n) for n in match.groups()[:3]) if match else (0, 0, 0)
    return 2000 <= year <= 2099 and 1 <= month <= 12 and 1 <= day <= monthrange(year, month)[1]


WORDINGS = {
    "serial": (
        "The SOA serial is a valid date-based serial (YYYYMMDDnn)",
        "Its SOA serial number follows the YYYYMMDDnn convention with a real date",
    ),
    "ns_count": ("Lists at least two NS records for the zone apex", "The zone has two or more nameservers at its apex"),
    "apex_cname": ("Does not put a CNAME record at the zone apex", "There is no CNAME at the apex of the zone"),
    "glue": (
        "Every nameserver or mail exchanger inside the zone has an address record",
        "Each in-zone NS or MX target is given an A or AAAA record",
    ),
    "trailing_dot": (
        "Names outside the zone are fully qualified with a trailing dot",
        "Every CNAME, MX or NS target written with its domain ends in a dot",
    ),
    "ttl": ("Sets the default TTL to {ttl} with a $TTL directive", "Its $TTL is {ttl}"),
    "spf": ("Publishes an SPF record in a TXT record at the apex", "Has an SPF policy in a TXT record at the apex"),
    "addresses": ("Every A and AAAA record holds a valid address", "No A or AAAA record has a malformed address"),
    "zone_name": (
        "The named.conf zone statement names the same zone as $ORIGIN",
        "Its named.conf entry is for the zone the file's $ORIGIN declares",
    ),
}
"""Two wordings of each kind of criterion, filled from the zone."""


def truths(zone: Zone, answer: str) -> dict[str, bool]:
    origin, ttl, records = parse(answer)
    apex = [r for r in records if r.owner == origin]
    addressed = {r.owner for r in records if r.type in ("A", "AAAA")}
    inside = [name for _, name in targets(records, origin, "NS", "MX") if name == origin or name.endswith("." + origin)]
    stanza = STANZA.search(answer)
    return {
        "serial": serial_right(records),
        "ns_count": sum(r.type == "NS" for r in apex) >= 2,
        "apex_cname": bool(apex) and not any(r.type == "CNAME" for r in apex),
        "glue": bool(inside) and all(name in addressed for name in inside),
        "trailing_dot": bool(records)
        and all("." not in w or w.endswith(".") for w, _ in targets(records, origin, "CNAME", "NS", "MX")),
        "ttl": ttl == zone.ttl,
        "spf": any(r.type == "TXT" and r.data[0].startswith("v=spf1") for r in apex),
        "addresses": any(r.type in ("A", "AAAA") for r in records)
        and all(valid(r) for r in records if r.type in ("A", "AAAA")),
        "zone_name": bool(origin) and stanza is not None and stanza.group(1).lower().rstrip(".") == origin.rstrip("."),
    }


def candidates(rng: random.Random, zone: Zone, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], ttl=zone.ttl_words), truth, kind, FAMILY)
        for kind, truth in truths(zone, answer).items()
    ]


SWITCHES = ("serial", "ns_count", "apex_cname", "glue", "trailing_dot", "ttl", "spf", "addresses", "zone_name")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ZONES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
