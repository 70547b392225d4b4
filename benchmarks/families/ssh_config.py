"""SSH config family (fresh14): the OpenSSH client configuration (`~/.ssh/config`) a task describes
(a work bastion in front of a database, a home lab behind a port-forwarding router, a university
cluster's GPU node, GitHub over port 443 through an office firewall), with its Host blocks, their
HostName, User, Port, IdentityFile and ProxyJump, the `Host *` defaults and the command to connect,
a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh14`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the config in a fenced block (keywords in any case, indented by two or four spaces)
with a few words around it, written right and then changed by switches: the port asked for the
named host or another (or the Port line dropped, so 22), the user asked or another, a ProxyJump
naming a Host the file defines or a name it does not, agent forwarding off everywhere or turned on
for one host, every IdentityFile a private key or one a `.pub`, the `Host *` defaults last or a
second `Host *` block put first, exactly the hosts asked or one more, a HostName in every named
block or one missing, and the connection command naming an alias or a raw address. Every truth is
read from the text: the config from the fenced block holding a `Host` line, each line's keyword
(any case, a space or `=` after it) and value, blocks by their Host patterns; a host's setting is
the first one ssh would take, from the blocks whose patterns match it in order (`fnmatch`, `!`
negating), and the connection commands by pattern outside the config (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fnmatch import fnmatchcase

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "ssh_config"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
HOST_LINE = re.compile(r"^\s*host\s+\S", re.I | re.M)
OPTION = re.compile(r"^(\w+)\s*(?:=\s*|\s+)(.*)$")
COMMAND = re.compile(r"(?:`|^\$?\s*)ssh\s+(?:-\w+\s+(?:\d+\s+)?)*(?:[\w.-]+@)?([\w.-]+)", re.M)
WILD = re.compile(r"[*?!]")


@dataclass(frozen=True)
class Block:
    patterns: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    """(keyword in lower case, value) in order."""
    host: bool
    """Opened by a Host line (not a Match line or the options before any block)."""


@dataclass(frozen=True)
class Setup:
    task: str
    text: str
    """The answer written right."""
    alias: str
    port: int
    user: str
    """The host the task names, and the port and user it asks for it."""
    jumper: str
    """The host that goes through a jump host."""
    hosts: int
    """How many named Host blocks the task asks for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ACME = """Here is a `~/.ssh/config` for the three hosts:

```ssh-config
Host bastion
    HostName bastion.acme.io
    User jdoe
    IdentityFile ~/.ssh/id_ed25519_acme

Host prod-db
    HostName 10.20.0.15
    Port 2222
    User deploy
    ProxyJump bastion
    IdentityFile ~/.ssh/id_ed25519_acme

Host gitlab
    HostName gitlab.acme.io
    User git
    IdentityFile ~/.ssh/id_ed25519_gitlab

Host *
    ForwardAgent no
    ServerAliveInterval 60
    IdentitiesOnly yes
```

Connect to the database with `ssh prod-db`: ssh opens the hop through the bastion by itself. Keep the
file private with `chmod 600 ~/.ssh/config`."""

HOMELAB = """```
# ~/.ssh/config — home lab
Host gateway
  HostName home.example.net
  Port 2022
  User me

Host nas
  HostName 192.168.1.20
  Port 5022
  User admin
  ProxyJump gateway

Host pi
  HostName 192.168.1.31
  User pi
  ProxyJump gateway

Host *
  IdentityFile ~/.ssh/homelab_ed25519
  IdentitiesOnly yes
  ForwardAgent no
```

- `gateway` is the router's forwarded port; the NAS and the Pi are reached through it.
- The key is set once in `Host *`, which comes last so each host's own settings win.

To reach the NAS: `ssh nas`"""

HPC = """Put this in `~/.ssh/config` (create it with mode 600 if it doesn't exist):

```
Host hpc
    hostname login.hpc.example.edu
    port 4422
    user ab1234
    identityfile ~/.ssh/id_rsa_hpc

Host gpu
    hostname gpu01.cluster.local
    user ab1234
    proxyjump hpc
    identityfile ~/.ssh/id_rsa_hpc

Host *
    serveraliveinterval 120
    forwardagent no
```

The GPU node keeps the default port 22; `proxyjump hpc` hops through the login node for you. Then:

```bash
ssh gpu
```"""

GITHUB = """### SSH config for a network that blocks port 22

```sshconfig
Host github.com
  Hostname ssh.github.com
  Port 443
  User git
  IdentityFile ~/.ssh/id_ed25519_github

Host jump
  Hostname jump.example.com
  Port 443
  User ci

Host staging
  Hostname staging.internal.example.com
  User ci
  ProxyJump jump

Host *
  ForwardAgent no
  AddKeysToAgent yes
  IdentityFile ~/.ssh/id_ed25519
```

Git keeps using `git@github.com:...` remotes unchanged. Test it with `ssh -T git@github.com`; GitHub
answers with a greeting and closes the connection."""

SETUPS = (
    Setup(
        "Write my ~/.ssh/config: the bastion bastion.acme.io as alias `bastion` (user jdoe, key "
        "~/.ssh/id_ed25519_acme); the production database 10.20.0.15, only reachable through the bastion, as "
        "`prod-db` on port 2222 with user deploy; and GitLab (gitlab.acme.io) as `gitlab`, user git, key "
        "~/.ssh/id_ed25519_gitlab. No agent forwarding anywhere. How do I connect to the database?",
        ACME,
        "prod-db",
        2222,
        "deploy",
        "prod-db",
        3,
        (
            ("port", "    Port 2222\n", ""),
            ("user", "    User deploy\n", "    User jdoe\n"),
            ("jump", "ProxyJump bastion", "ProxyJump jumphost"),
            ("no_agent", "    User jdoe\n", "    User jdoe\n    ForwardAgent yes\n"),
            ("private_key", "IdentityFile ~/.ssh/id_ed25519_gitlab", "IdentityFile ~/.ssh/id_ed25519_gitlab.pub"),
            ("count", "\n\nHost *\n", "\n\nHost old-db\n    HostName 10.20.0.9\n    User deploy\n\nHost *\n"),
            ("defaults_last", "```ssh-config\n", "```ssh-config\nHost *\n    AddKeysToAgent yes\n\n"),
            ("hostname", "    HostName gitlab.acme.io\n", ""),
            ("command", "`ssh prod-db`", "`ssh -p 2222 deploy@10.20.0.15`"),
        ),
    ),
    Setup(
        "SSH config for my home lab, please. The router forwards port 2022 on home.example.net to a box I call "
        "`gateway` (user me). Behind it: the NAS at 192.168.1.20 (alias `nas`, user admin, sshd on port 5022) and "
        "a Pi at 192.168.1.31 (alias `pi`, user pi), both reached through the gateway. Use "
        "~/.ssh/homelab_ed25519 for everything, never forward the agent, and tell me the command for the NAS.",
        HOMELAB,
        "nas",
        5022,
        "admin",
        "pi",
        3,
        (
            ("port", "  Port 5022\n", "  Port 2022\n"),
            ("user", "  User admin\n", "  User root\n"),
            ("jump", "User pi\n  ProxyJump gateway", "User pi\n  ProxyJump router"),
            ("no_agent", "  ForwardAgent no\n", "  ForwardAgent yes\n"),
            ("private_key", "homelab_ed25519\n", "homelab_ed25519.pub\n"),
            ("count", "\n\nHost *\n", "\n\nHost printer\n  HostName 192.168.1.40\n  User admin\n\nHost *\n"),
            ("defaults_last", "home lab\n", "home lab\nHost *\n  ServerAliveInterval 30\n\n"),
            ("hostname", "  HostName 192.168.1.31\n", ""),
            ("command", "`ssh nas`", "`ssh admin@192.168.1.20 -p 5022`"),
        ),
    ),
    Setup(
        "University cluster: I log in to login.hpc.example.edu on port 4422 as ab1234 with ~/.ssh/id_rsa_hpc, and "
        "the GPU node gpu01.cluster.local (the usual port 22, same user and key) is only reachable from the login "
        "node. Write ~/.ssh/config with the aliases `hpc` and `gpu`, a keep-alive every 120 seconds and no agent "
        "forwarding, and tell me how to get onto the GPU node.",
        HPC,
        "gpu",
        22,
        "ab1234",
        "gpu",
        2,
        (
            ("port", "gpu01.cluster.local\n", "gpu01.cluster.local\n    port 4422\n"),
            ("user", "    user ab1234\n    proxyjump", "    user ab1243\n    proxyjump"),
            ("jump", "proxyjump hpc", "proxyjump login"),
            ("no_agent", "    forwardagent no\n", "    forwardagent yes\n"),
            ("private_key", "~/.ssh/id_rsa_hpc\n", "~/.ssh/id_rsa_hpc.pub\n"),
            (
                "count",
                "\n\nHost *\n",
                "\n\nHost hpc-data\n    hostname data.hpc.example.edu\n    user ab1234\n\nHost *\n",
            ),
            ("defaults_last", "```\nHost hpc\n", "```\nHost *\n    addkeystoagent yes\n\nHost hpc\n"),
            ("hostname", "    hostname login.hpc.example.edu\n", ""),
            ("command", "```bash\nssh gpu\n", "```bash\nssh ab1234@gpu01.cluster.local\n"),
        ),
    ),
    Setup(
        "Our office firewall blocks outbound port 22. Give me a ~/.ssh/config so that git to github.com goes over "
        "ssh.github.com on port 443 (user git, key ~/.ssh/id_ed25519_github), and so I can reach our staging box "
        "staging.internal.example.com (alias `staging`, user ci) through the jump host jump.example.com (alias "
        "`jump`, port 443, user ci). Keep agent forwarding off and show me how to test the GitHub connection.",
        GITHUB,
        "jump",
        443,
        "ci",
        "staging",
        3,
        (
            ("port", "jump.example.com\n  Port 443", "jump.example.com\n  Port 22"),
            ("user", "  User ci\n", "  User ubuntu\n"),
            ("jump", "ProxyJump jump", "ProxyJump bastion"),
            ("no_agent", "  ForwardAgent no\n", "  ForwardAgent yes\n"),
            ("private_key", "~/.ssh/id_ed25519_github", "~/.ssh/id_ed25519_github.pub"),
            ("count", "\n\nHost *\n", "\n\nHost gitlab.com\n  Hostname altssh.gitlab.com\n  Port 443\n\nHost *\n"),
            ("defaults_last", "```sshconfig\n", "```sshconfig\nHost *\n  ServerAliveInterval 30\n\n"),
            ("hostname", "  Hostname jump.example.com\n", ""),
            ("command", "`ssh -T git@github.com`", "`ssh -T git@ssh.github.com`"),
        ),
    ),
)


def build(setup: Setup, on: dict[str, bool]) -> str:
    return slipped(setup.text, setup.slips, on, setup.alias)


# Reading a config -------------------------------------------------------------------------------


def config_text(answer: str) -> str:
    """The fenced block that holds a Host line, or nothing."""
    return next((block for block in FENCED.findall(answer) if HOST_LINE.search(block)), "")


def blocks(answer: str) -> list[Block]:
    """The config's blocks in order: options before any Host line form a block that matches every host."""
    out: list[Block] = []
    patterns: tuple[str, ...] = ("*",)
    options: list[tuple[str, str]] = []
    host = False
    for raw in config_text(answer).splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or not (match := OPTION.match(line)):
            continue
        keyword, value = match.group(1).lower(), match.group(2).strip()
        if keyword in ("host", "match"):
            if options or host:
                out.append(Block(patterns, tuple(options), host))
            patterns, options, host = (tuple(value.split()) if keyword == "host" else ()), [], keyword == "host"
        else:
            options.append((keyword, value))
    if options or host:
        out.append(Block(patterns, tuple(options), host))
    return out


def matches(alias: str, patterns: tuple[str, ...]) -> bool:
    """A Host line's patterns match `alias`: one positive pattern does and no negated one."""
    positive = any(fnmatchcase(alias, p) for p in patterns if not p.startswith("!"))
    return positive and not any(fnmatchcase(alias, p[1:]) for p in patterns if p.startswith("!"))


def setting(config: list[Block], alias: str, keyword: str) -> str | None:
    """The value ssh takes for `keyword` when connecting to `alias`: the first one given."""
    for block in config:
        if matches(alias, block.patterns):
            found = next((value for key, value in block.options if key == keyword), None)
            if found is not None:
                return found
    return None


def named(config: list[Block]) -> list[Block]:
    """The Host blocks with a pattern that is a plain name (no wildcard)."""
    return [b for b in config if b.host and any(not WILD.search(p) for p in b.patterns)]


def aliases(config: list[Block]) -> set[str]:
    return {p for b in named(config) for p in b.patterns if not WILD.search(p)}


def jump_defined(config: list[Block], alias: str) -> bool:
    """Every hop of the host's ProxyJump (user@ and :port dropped) is an alias of the file."""
    value = setting(config, alias, "proxyjump")
    if not value or value.lower() == "none":
        return False
    hops = [hop.strip().rpartition("@")[2].partition(":")[0] for hop in value.split(",")]
    return all(hop in aliases(config) for hop in hops)


def defaults_last(config: list[Block]) -> bool:
    """A `Host *` block exists, and every one comes after every named block."""
    wild = [at for at, b in enumerate(config) if b.host and b.patterns == ("*",)]
    plain = [at for at, b in enumerate(config) if b in named(config)]
    return bool(wild) and bool(plain) and min(wild) > max(plain)


def commands(answer: str) -> list[str]:
    """The host of every `ssh` command outside the config (in backticks or starting a line)."""
    return COMMAND.findall(answer.replace(config_text(answer), ""))


WORDINGS = {
    "port": ("Connects to {alias} on port {port}", "Uses port {port} for the host {alias}"),
    "user": ("Logs in to {alias} as the user {user}", "The User that applies to {alias} is {user}"),
    "jump": (
        "The host that {jumper} jumps through is itself defined as a Host in the file",
        "{jumper}'s ProxyJump names a Host alias the config defines",
    ),
    "no_agent": ("Does not turn on agent forwarding for any host", "ForwardAgent is enabled for no host"),
    "private_key": (
        "Every IdentityFile points at a private key, not a .pub file",
        "No IdentityFile line names a public key",
    ),
    "defaults_last": (
        "Puts the `Host *` defaults after every specific Host block",
        "The catch-all `Host *` section comes last in the config",
    ),
    "count": (
        "Defines exactly {n} Host entries besides `Host *`",
        "Has {n} named Host blocks, not counting the wildcard one",
    ),
    "hostname": ("Gives every named host a HostName", "Each named Host block sets its own HostName"),
    "command": (
        "The ssh command it shows uses an alias defined in the config",
        "The connection command it gives goes through one of the config's Host aliases",
    ),
}
"""Two wordings of each kind of criterion, filled from the setup."""


def truths(setup: Setup, answer: str) -> dict[str, bool]:
    config = blocks(answer)
    identities = [value for b in config for key, value in b.options if key == "identityfile"]
    shown = commands(answer)
    return {
        "port": (setting(config, setup.alias, "port") or "22") == str(setup.port),
        "user": setting(config, setup.alias, "user") == setup.user,
        "jump": jump_defined(config, setup.jumper),
        "no_agent": bool(config)
        and not any(
            key == "forwardagent" and value.lower() in ("yes", "true") for b in config for key, value in b.options
        ),
        "private_key": bool(identities) and not any(value.endswith(".pub") for value in identities),
        "defaults_last": defaults_last(config),
        "count": len(named(config)) == setup.hosts,
        "hostname": bool(named(config)) and all(any(key == "hostname" for key, _ in b.options) for b in named(config)),
        "command": bool(shown) and all(host in aliases(config) for host in shown),
    }


def candidates(rng: random.Random, setup: Setup, answer: str) -> list[Criterion]:
    values = {"alias": setup.alias, "port": setup.port, "user": setup.user, "jumper": setup.jumper, "n": setup.hosts}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(setup, answer).items()
    ]


SWITCHES = ("port", "user", "jump", "no_agent", "private_key", "count", "defaults_last", "hostname", "command")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SETUPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
