"""Nginx config family (fresh10): an nginx configuration for the site a task describes (a shop, a
customer portal behind an upstream, a blog, a Grafana dashboard), a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh10`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the configuration fenced (tagged nginx or not) between a lead-in line and a note, or
bare, written right and then changed by switches: every server_name with every domain or one short,
`listen 443 ssl` with the given certificate and key or no ssl or a wrong path, port 80 redirected to
https, or to http, or proxied, or served by the HTTPS server, the proxy (maybe through an upstream)
to the app's port or another, gzip on or off, commented out or missing, the upload size asked or
another or none, every header asked or one missing or misspelt, no `autoindex on` or one, and TLS
1.2 and 1.3 only or older too. Every truth is read from the text: its tokens (comments dropped) read
into directives and nested blocks, the servers told apart by their listen ports (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "nginx_config"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.DOTALL)
TOKEN = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|#[^\n]*|[{};]|[^\s{};\"'#][^\s{};]*")
SIZE = re.compile(r"^(\d+)([kmg]?)$", re.IGNORECASE)
URL = re.compile(r"^https?://([^/:]+)(?::(\d+))?")
UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
SAFE = {"TLSv1.2", "TLSv1.3"}


@dataclass(frozen=True)
class Directive:
    name: str
    args: tuple[str, ...]
    children: tuple[Directive, ...] | None


@dataclass(frozen=True)
class Site:
    task: str
    lead: str
    fence: str | None
    """The fence's tag (`nginx` or none), or None for a bare answer."""
    config: str
    note: str
    names: tuple[str, ...]
    cert: str
    key: str
    port: int
    size: str
    headers: tuple[str, ...]
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SITES = (
    Site(
        "Write an nginx config for shop.example.com and www.shop.example.com; the Node app listens on 127.0.0.1:3000. "
        "HTTPS on 443 with /etc/letsencrypt/live/shop.example.com/fullchain.pem and privkey.pem in the same folder, "
        "all HTTP sent to HTTPS, gzip on, uploads up to 25 MB, HSTS, X-Content-Type-Options and X-Frame-Options "
        "headers, TLS 1.2 and 1.3 only, and no directory listings anywhere (/downloads/ included).",
        "Here's a server config for shop.example.com:",
        "nginx",
        """server {
    listen 80;
    listen [::]:80;
    server_name shop.example.com www.shop.example.com;
    return 301 https://$host$request_uri;
}

server {
    listen 443 ssl http2;
    server_name shop.example.com www.shop.example.com;
    ssl_certificate     /etc/letsencrypt/live/shop.example.com/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/shop.example.com/privkey.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 25M;
    gzip on;
    gzip_types text/css application/javascript application/json;
    add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
    add_header X-Content-Type-Options "nosniff" always;
    add_header X-Frame-Options "DENY" always;
    location /downloads/ {
        alias /var/www/shop/downloads/;
    }
    location / {
        proxy_pass http://127.0.0.1:3000;
        proxy_set_header Host $host;
    }
}
""",
        "Save it as /etc/nginx/sites-available/shop, link it into sites-enabled, then run `nginx -t` and reload.",
        ("shop.example.com", "www.shop.example.com"),
        "/etc/letsencrypt/live/shop.example.com/fullchain.pem",
        "/etc/letsencrypt/live/shop.example.com/privkey.pem",
        3000,
        "25M",
        ("Strict-Transport-Security", "X-Content-Type-Options", "X-Frame-Options"),
        (
            ("server_name", " www.shop.example.com;\n    return", ";\n    return"),
            ("https", "live/shop.example.com/privkey.pem", "live/shop.example.com/cert.pem"),
            ("redirect", "return 301 https://$host", "return 301 http://$host"),
            ("proxy", "proxy_pass http://127.0.0.1:3000;", "proxy_pass http://127.0.0.1:8080;"),
            ("gzip", "    gzip on;", "    # gzip on;"),
            ("body_size", "client_max_body_size 25M;", "client_max_body_size 20M;"),
            ("headers", '    add_header X-Frame-Options "DENY" always;\n', ""),
            ("no_autoindex", "downloads/;\n", "downloads/;\n        autoindex on;\n"),
            ("protocols", "ssl_protocols TLSv1.2", "ssl_protocols TLSv1 TLSv1.1 TLSv1.2"),
        ),
    ),
    Site(
        "nginx config please for the customer portal at portal.acme.io and portal.acme.com. The Django app runs on "
        "port 8000 on this host; put it behind an upstream. Certificate /etc/ssl/certs/portal.acme.io.crt, key "
        "/etc/ssl/private/portal.acme.io.key. Redirect port 80 to HTTPS. Enable gzip. Users upload scans, so allow "
        "100 MB request bodies. Send X-Content-Type-Options, Referrer-Policy and Content-Security-Policy headers. "
        "Only TLSv1.2 and TLSv1.3. /static/ is served from /srv/portal and must not list its files.",
        "",
        None,
        """# /etc/nginx/conf.d/portal.conf
upstream backend {
    server 127.0.0.1:8000;
}

server {
    listen 80;
    server_name portal.acme.io portal.acme.com;
    location / {
        return 301 https://$host$request_uri;
    }
}

server {
    listen 443 ssl;
    server_name portal.acme.io portal.acme.com;
    ssl_certificate /etc/ssl/certs/portal.acme.io.crt;
    ssl_certificate_key /etc/ssl/private/portal.acme.io.key;
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 100m;
    gzip on;
    gzip_min_length 1024;
    add_header X-Content-Type-Options nosniff;
    add_header Referrer-Policy strict-origin-when-cross-origin;
    add_header Content-Security-Policy "default-src 'self'";
    location /static/ {
        root /srv/portal;
        autoindex off;
    }
    location / {
        proxy_pass http://backend;
        proxy_set_header Host $host;
    }
}""",
        "",
        ("portal.acme.io", "portal.acme.com"),
        "/etc/ssl/certs/portal.acme.io.crt",
        "/etc/ssl/private/portal.acme.io.key",
        8000,
        "100M",
        ("X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy"),
        (
            ("server_name", " portal.acme.com;\n    ssl_certificate", ";\n    ssl_certificate"),
            ("https", "listen 443 ssl;", "listen 443;"),
            ("redirect", "return 301 https://$host$request_uri;", "proxy_pass http://backend;"),
            ("proxy", "server 127.0.0.1:8000;", "server 127.0.0.1:8080;"),
            ("gzip", "gzip on;", "gzip off;"),
            ("body_size", "client_max_body_size 100m;", "client_max_body_size 10m;"),
            ("headers", "add_header Referrer-Policy", "add_header Referer-Policy"),
            ("no_autoindex", "autoindex off;", "autoindex on;"),
            ("protocols", "ssl_protocols TLSv1.2", "ssl_protocols TLSv1.1 TLSv1.2"),
        ),
    ),
    Site(
        "Can you give me an nginx config for my blog, notes.lena.dev (plus www.notes.lena.dev)? It's a Node app on "
        "localhost:5000. Certs: /etc/letsencrypt/live/notes.lena.dev/fullchain.pem and the privkey.pem beside it. "
        "HTTP should redirect to HTTPS, gzip on, max upload 8 MB, headers for HSTS, X-Frame-Options and "
        "X-Content-Type-Options, TLS 1.2/1.3, and the uploads folder (/var/www/notes/uploads) not browsable.",
        "",
        "",
        """server {
    listen 443 ssl;
    listen [::]:443 ssl;
    server_name notes.lena.dev www.notes.lena.dev;
    ssl_certificate /etc/letsencrypt/live/notes.lena.dev/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/notes.lena.dev/privkey.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    gzip on;
    gzip_vary on;
    gzip_types text/plain text/css application/javascript;
    client_max_body_size 8M;
    add_header Strict-Transport-Security "max-age=63072000" always;
    add_header X-Frame-Options SAMEORIGIN always;
    add_header X-Content-Type-Options nosniff always;
    location /uploads/ {
        alias /var/www/notes/uploads/;
    }
    location / {
        proxy_pass http://localhost:5000;
        proxy_set_header Host $host;
    }
}

server {
    listen 80;
    listen [::]:80;
    server_name notes.lena.dev www.notes.lena.dev;
    return 301 https://notes.lena.dev$request_uri;
}
""",
        "The uploads location has no `autoindex`, and nginx leaves it off by default, so the folder can't be browsed.",
        ("notes.lena.dev", "www.notes.lena.dev"),
        "/etc/letsencrypt/live/notes.lena.dev/fullchain.pem",
        "/etc/letsencrypt/live/notes.lena.dev/privkey.pem",
        5000,
        "8M",
        ("Strict-Transport-Security", "X-Frame-Options", "X-Content-Type-Options"),
        (
            ("server_name", " www.notes.lena.dev;\n    ssl_certificate", ";\n    ssl_certificate"),
            ("https", "notes.lena.dev/fullchain.pem", "notes.lena.dev/chain.pem"),
            (
                "redirect",
                "\nserver {\n    listen 80;\n    listen [::]:80;\n    server_name notes.lena.dev www.notes.lena.dev;\n"
                "    return 301 https://notes.lena.dev$request_uri;\n}\n",
                "",
            ),
            ("proxy", "proxy_pass http://localhost:5000;", "proxy_pass http://localhost:3000;"),
            ("gzip", "    gzip on;\n", ""),
            ("body_size", "    client_max_body_size 8M;\n", ""),
            ("headers", '    add_header Strict-Transport-Security "max-age=63072000" always;\n', ""),
            ("no_autoindex", "uploads/;\n", "uploads/;\n        autoindex on;\n"),
            ("protocols", "ssl_protocols TLSv1.2 TLSv1.3;", "ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;"),
        ),
    ),
    Site(
        "We need nginx in front of Grafana (127.0.0.1:3000) for grafana.kiteworks.net and metrics.kiteworks.net. "
        "Certificate at /etc/nginx/ssl/kiteworks.net.pem, key at /etc/nginx/ssl/kiteworks.net.key. Redirect HTTP "
        "to HTTPS, compress with gzip, allow dashboard imports up to 50 MB, set X-Frame-Options, "
        "X-Content-Type-Options and Referrer-Policy, only TLS 1.2 and 1.3, and never show a directory index.",
        "This goes in `/etc/nginx/conf.d/grafana.conf`:",
        "nginx",
        """server {
    listen 80;
    server_name grafana.kiteworks.net metrics.kiteworks.net;
    return 308 https://$host$request_uri;
}

server {
    listen 443 ssl;
    server_name grafana.kiteworks.net metrics.kiteworks.net;
    ssl_certificate /etc/nginx/ssl/kiteworks.net.pem;
    ssl_certificate_key /etc/nginx/ssl/kiteworks.net.key;
    ssl_protocols TLSv1.2 TLSv1.3;
    gzip on;
    gzip_proxied any;
    client_max_body_size 50M;
    add_header X-Frame-Options SAMEORIGIN;
    add_header X-Content-Type-Options nosniff;
    add_header Referrer-Policy no-referrer;
    location /snapshots/ {
        alias /var/lib/grafana/png/;
    }
    location / {
        proxy_pass http://127.0.0.1:3000/;
        proxy_set_header Host $host;
        proxy_set_header Upgrade $http_upgrade;
    }
}
""",
        "Grafana's own root_url should be set to https://grafana.kiteworks.net/ to match.",
        ("grafana.kiteworks.net", "metrics.kiteworks.net"),
        "/etc/nginx/ssl/kiteworks.net.pem",
        "/etc/nginx/ssl/kiteworks.net.key",
        3000,
        "50M",
        ("X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"),
        (
            ("server_name", " metrics.kiteworks.net;\n    ssl_certificate", ";\n    ssl_certificate"),
            ("https", "ssl/kiteworks.net.key;", "ssl/kiteworks.net.pem;"),
            (
                "redirect",
                "server {\n    listen 80;\n    server_name grafana.kiteworks.net metrics.kiteworks.net;\n"
                "    return 308 https://$host$request_uri;\n}\n\n",
                "",
            ),
            ("redirect", "    listen 443 ssl;", "    listen 80;\n    listen 443 ssl;"),
            ("proxy", "proxy_pass http://127.0.0.1:3000/;", "proxy_pass http://127.0.0.1:9090/;"),
            ("gzip", "    gzip on;", "    # gzip on;  (enable once tested)"),
            ("body_size", "client_max_body_size 50M;", "client_max_body_size 5M;"),
            ("headers", "    add_header Referrer-Policy no-referrer;\n", ""),
            ("no_autoindex", "png/;\n", "png/;\n        autoindex on;\n"),
            ("protocols", "ssl_protocols TLSv1.2", "ssl_protocols TLSv1.1 TLSv1.2"),
        ),
    ),
)


def build(site: Site, on: dict[str, bool]) -> str:
    config = slipped(site.config, site.slips, on, f"{site.names[0]}")
    if site.fence is None:
        return config.strip()
    block = f"```{site.fence}\n{config.strip()}\n```"
    return "\n\n".join(part for part in (site.lead, block, site.note) if part)


def code_of(answer: str) -> str:
    return "\n".join(found) if (found := FENCE.findall(answer)) else answer


def parse(code: str) -> tuple[Directive, ...]:
    """The directives and blocks of a configuration, comments dropped."""
    stack: list[tuple[str, list[str], list[Directive]]] = [("", [], [])]
    words: list[str] = []
    for token in (t for t in TOKEN.findall(code) if not t.startswith("#")):
        if token == ";" and words:
            stack[-1][2].append(Directive(words[0], tuple(words[1:]), None))
            words = []
        elif token == "{" and words:
            stack.append((words[0], words[1:], []))
            words = []
        elif token == "}" and len(stack) > 1:
            name, args, children = stack.pop()
            stack[-1][2].append(Directive(name, tuple(args), tuple(children)))
        elif token not in ";{}":
            words.append(token.strip("\"'") if token[0] in "\"'" and len(token) > 1 else token)
    return tuple(stack[0][2])


def walk(found: tuple[Directive, ...]) -> list[Directive]:
    out = []
    for item in found:
        out.append(item)
        out.extend(walk(item.children or ()))
    return out


def ports(server: Directive) -> list[tuple[str, tuple[str, ...]]]:
    """(the port, the other arguments) of every listen directive of a server."""
    return [(d.args[0].rsplit(":", 1)[-1], d.args[1:]) for d in server.children or () if d.name == "listen" and d.args]


def inside(server: Directive, name: str) -> list[tuple[str, ...]]:
    """The arguments of every `name` directive in a server, its locations included."""
    return [d.args for d in walk(server.children or ()) if d.name == name and d.children is None]


def redirects(server: Directive) -> bool:
    returns = [a[1] for a in inside(server, "return") if len(a) == 2 and a[0] in ("301", "302", "307", "308")]
    rewrites = [a[1] for a in inside(server, "rewrite") if len(a) >= 3 and a[-1] in ("permanent", "redirect")]
    return any(url.startswith("https://") for url in returns + rewrites)


def reaches(found: tuple[Directive, ...], target: str) -> set[int | None]:
    """The ports a proxy_pass target reaches, through the upstream block it names if it names one."""
    match = URL.match(target)
    if not match or match.group(2):
        return {int(match.group(2)) if match else None}
    named = [d for d in walk(found) if d.name == "upstream" and d.children and d.args[:1] == (match.group(1),)]
    listed = [d.args[0] for block in named for d in block.children or () if d.name == "server" and d.args]
    return {int(a.rsplit(":", 1)[1]) if ":" in a else None for a in listed} or {None}


def size(value: str) -> int | None:
    return int(m.group(1)) * UNITS[m.group(2).lower()] if (m := SIZE.match(value)) else None


WORDINGS = {
    "server_name": (
        "Every server block's server_name has {names}",
        "server_name lists {names} in each server block",
    ),
    "https": (
        "Listens on 443 with ssl and uses the certificate {cert} and the key {key}",
        "The HTTPS server has `listen 443 ssl` and the certificate and key paths given in the task",
    ),
    "redirect": ("Redirects all HTTP requests on port 80 to HTTPS", "The port 80 server sends visitors to https://"),
    "proxy": ("Proxies requests to the app on port {port}", "proxy_pass forwards traffic to the app's port ({port})"),
    "gzip": ("Turns gzip compression on", "Enables gzip"),
    "body_size": ("Sets client_max_body_size to {size}", "Allows request bodies of up to {size}, as asked"),
    "headers": ("Adds the {headers} headers", "Sets each of these security headers: {headers}"),
    "no_autoindex": ("Does not turn on autoindex anywhere", "No location enables directory listing (autoindex on)"),
    "protocols": (
        "Allows only TLS 1.2 and TLS 1.3 (no older protocols)",
        "ssl_protocols is limited to TLSv1.2 and TLSv1.3",
    ),
}
"""Two wordings of each kind of criterion, filled from the site (`values`)."""


def values(site: Site) -> dict[str, object]:
    return {
        "names": " and ".join(site.names),
        "cert": site.cert,
        "key": site.key,
        "port": site.port,
        "size": site.size,
        "headers": ", ".join(site.headers[:-1]) + " and " + site.headers[-1],
    }


def truths(site: Site, answer: str) -> dict[str, bool]:
    found = parse(code_of(answer))
    every = [d for d in walk(found) if d.name == "server" and d.children is not None]
    secure = [s for s in every if any(port == "443" for port, _ in ports(s))]
    plain = [s for s in every if any(port == "80" for port, _ in ports(s))]
    sizes = [size(d.args[0]) if len(d.args) == 1 else None for d in walk(found) if d.name == "client_max_body_size"]
    headers = {d.args[0].lower() for d in walk(found) if d.name == "add_header" and d.args}
    protocols = [d.args for d in walk(found) if d.name == "ssl_protocols"]
    return {
        "server_name": bool(every)
        and all(set(site.names) <= {name for args in inside(s, "server_name") for name in args} for s in every),
        "https": any(
            any(port == "443" and "ssl" in rest for port, rest in ports(s))
            and inside(s, "ssl_certificate") == [(site.cert,)]
            and inside(s, "ssl_certificate_key") == [(site.key,)]
            for s in secure
        ),
        "redirect": bool(plain) and all(redirects(s) for s in plain),
        "proxy": bool(secure)
        and all(
            set().union(*(reaches(found, a[0]) for a in inside(s, "proxy_pass") if a)) == {site.port} for s in secure
        ),
        "gzip": any(d.name == "gzip" and d.args == ("on",) for d in walk(found)),
        "body_size": bool(sizes) and set(sizes) == {size(site.size)},
        "headers": {h.lower() for h in site.headers} <= headers,
        "no_autoindex": bool(found) and not any(d.name == "autoindex" and d.args == ("on",) for d in walk(found)),
        "protocols": bool(protocols) and all(args and set(args) <= SAFE for args in protocols),
    }


def candidates(rng: random.Random, site: Site, answer: str) -> list[Criterion]:
    filled = values(site)
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(site, answer).items()
    ]


SWITCHES = ("server_name", "https", "redirect", "proxy", "gzip", "body_size", "headers", "no_autoindex", "protocols")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SITES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
