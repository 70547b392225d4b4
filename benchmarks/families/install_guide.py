"""Install guide family (fresh26): the how-to a task asks for to install a self-hosted service on a Linux machine
(k3s on Ubuntu as a numbered Markdown list with code blocks, Ollama on Ubuntu as one bash script with its steps as
comments, code-server on Debian under `### Step N` headings, the Netdata agent on a Raspberry Pi as plain `Step N.`
lines), with the version and the port the task pins, a step limit, the prerequisites, a version check, the service
enabled at boot and how to uninstall it, a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh26`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the guide written right and then changed by switches: one version throughout or another pinned in one
place, the task's port everywhere or the default in one place, the steps numbered 1, 2, 3 or one number repeated,
within the task's number of steps or one step more, a command that prints the installed version or a check that
prints none, the installer downloaded and read or piped straight into a shell, `systemctl enable` or a plain restart,
the prerequisites before the first step or left out, and the uninstall instructions or none. Every truth is read from
the text: a step is a line that starts (after `#`s) with a number or `Step` and a number and `.`, `:` or `)`; a
version the pattern the product writes it in; a port a four- or five-digit figure after `port` or `:` or before
`/tcp`; the version check the tool's name and `--version` or `-v`; a pipe into a shell `| sh`, `| bash` (after an
optional `sudo`); the prerequisites a line before the first step saying `prerequisites`, `before you start` or
`you will need`; the uninstall instructions the word `uninstall`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "install_guide"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
STEP = re.compile(r"^\s*(?:#+\s*)?(?:\*\*)?(?:step\s+)?(\d{1,2})[.:)]\s", re.I)
PORT = re.compile(r"(?:\b(?:ui)?port\b[\s=:]*|:)(\d{4,5})\b|\b(\d{4,5})/tcp\b", re.I)
PIPE = re.compile(r"\|\s*(?:sudo\s+(?:-E\s+)?)?(?:ba|z|da)?sh\b")
ENABLE = re.compile(r"\bsystemctl\s+enable\b")
PREREQUISITES = re.compile(r"prerequisite|before you (?:start|begin)|you(?:'ll| will) need", re.I)


@dataclass(frozen=True)
class Guide:
    task: str
    text: str
    """The answer written right."""
    name: str
    version: str
    versions: str
    """How the answer writes the product's version: a pattern whose first matching group is the version."""
    port: int
    limit: int
    tool: str
    """The command that prints the installed version (with `--version` or `-v`)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


K3S = """# Installing k3s v1.30.2+k3s1 on Ubuntu 24.04

## Prerequisites
- Ubuntu 24.04 with 2 CPUs and 2 GB of RAM
- A user with sudo rights
- Port 6444/tcp reachable from your workstation

## Steps
1. Download the installer to a file: `curl -sfL https://get.k3s.io -o install-k3s.sh`
2. Read it before you run it: `less install-k3s.sh`
3. Run it with the version pinned and the API server on port 6444:
   ```bash
   export INSTALL_K3S_VERSION=v1.30.2+k3s1
   sudo -E sh install-k3s.sh --https-listen-port 6444
   ```
4. Start k3s at boot: `sudo systemctl enable k3s`
5. Open the API port to your network: `sudo ufw allow 6444/tcp`
6. Check the installed version: `k3s --version`
7. Look at the node (the kubeconfig's `server:` line reads `https://127.0.0.1:6444`): `sudo k3s kubectl get nodes`

## Uninstall
Run `/usr/local/bin/k3s-uninstall.sh` to remove k3s and its data.
"""

OLLAMA = """Install guide: Ollama 0.3.12 on Ubuntu 22.04 with an NVIDIA GPU

Before you start: Ubuntu 22.04, an NVIDIA GPU with its driver installed (`nvidia-smi` should list it), and sudo rights.

```bash
#!/usr/bin/env bash
set -euo pipefail

# Step 1: download the installer and read it
curl -fsSL https://ollama.com/install.sh -o ollama-install.sh
less ollama-install.sh

# Step 2: install the pinned version
export OLLAMA_VERSION=0.3.12
sh ollama-install.sh

# Step 3: serve the API on port 11435
sudo mkdir -p /etc/systemd/system/ollama.service.d
sudo tee /etc/systemd/system/ollama.service.d/port.conf <<'EOF'
[Service]
Environment="OLLAMA_HOST=127.0.0.1:11435"
EOF

# Step 4: start it now and at every boot
sudo systemctl daemon-reload
sudo systemctl enable --now ollama

# Step 5: check the version
ollama --version

# Step 6: try a request
OLLAMA_HOST=127.0.0.1:11435 ollama run llama3.1 "Say hello"
```

To uninstall: `sudo systemctl disable --now ollama`, then `sudo rm /usr/local/bin/ollama` and \
`sudo rm -r /etc/systemd/system/ollama.service.d`."""

CODE_SERVER = """## code-server 4.91.1 on Debian 12

**Prerequisites:** Debian 12, 1 GB of RAM and a sudo account.

### Step 1: Download the install script
```sh
curl -fsSL https://code-server.dev/install.sh -o install-code-server.sh
```

### Step 2: Read it
Open `install-code-server.sh` in a pager or an editor and check what it will do.

### Step 3: Install the pinned release
```sh
sh install-code-server.sh --version 4.91.1
```

### Step 4: Set the address
Edit `~/.config/code-server/config.yaml`:
```yaml
bind-addr: 127.0.0.1:8081
auth: password
cert: false
```

### Step 5: Start it at boot
```sh
sudo systemctl enable --now code-server@$USER
```

### Step 6: Confirm the version
```sh
code-server --version
```

### Step 7: Connect
Forward the port over SSH (`ssh -N -L 8081:127.0.0.1:8081 you@server`) and open http://localhost:8081.

### Uninstall
```sh
sudo systemctl disable --now code-server@$USER
sudo apt remove code-server
rm -rf ~/.config/code-server
```"""

NETDATA = """Netdata agent v1.47.0 on Raspberry Pi OS (Bookworm)

You will need: a Raspberry Pi 3 or newer, Raspberry Pi OS Bookworm, and a user with sudo rights.

Step 1. Download the kickstart script and read it before running it.
    wget -O /tmp/netdata-kickstart.sh https://get.netdata.cloud/kickstart.sh
    less /tmp/netdata-kickstart.sh

Step 2. Install the pinned release without telemetry.
    sh /tmp/netdata-kickstart.sh --install-version 1.47.0 --disable-telemetry

Step 3. Set the dashboard port: in /etc/netdata/netdata.conf, under [web], set
    default port = 19998

Step 4. Enable the service at boot and restart it.
    sudo systemctl enable netdata
    sudo systemctl restart netdata

Step 5. Check the installed version.
    netdata -v

Step 6. Open the dashboard at http://raspberrypi.local:19998 from another machine.

To uninstall: run the uninstaller the kickstart script left behind,
    sudo /usr/libexec/netdata/netdata-uninstaller.sh --yes --env /etc/netdata/.environment"""

GUIDES = (
    Guide(
        "Write an install guide for k3s on a fresh Ubuntu 24.04 server. Pin v1.30.2+k3s1, move the API server to "
        "port 6444, and keep it to seven numbered steps at most. Don't pipe curl into sh: people should read the "
        "script first. Start with the prerequisites, make sure it comes back after a reboot, show how to check the "
        "version, and end with how to uninstall it.",
        K3S,
        "k3s",
        "v1.30.2+k3s1",
        r"\b(v\d+\.\d+\.\d+\+k3s\d+)",
        6444,
        7,
        "k3s",
        (
            ("version", "INSTALL_K3S_VERSION=v1.30.2+k3s1", "INSTALL_K3S_VERSION=v1.29.6+k3s1"),
            ("port", "sudo ufw allow 6444/tcp", "sudo ufw allow 6443/tcp"),
            ("numbered", "5. Open the API port", "4. Open the API port"),
            ("steps", "get nodes`\n", "get nodes`\n8. Install Helm: `sudo snap install helm --classic`\n"),
            ("verify", "Check the installed version: `k3s --version`", "Check the kernel: `sudo k3s check-config`"),
            ("no_pipe", "sudo -E sh install-k3s.sh", "curl -sfL https://get.k3s.io | sudo -E sh -s -"),
            ("enable", "Start k3s at boot: `sudo systemctl enable", "Restart k3s: `sudo systemctl restart"),
            (
                "prerequisites",
                "## Prerequisites\n- Ubuntu 24.04 with 2 CPUs and 2 GB of RAM\n- A user with sudo rights\n"
                "- Port 6444/tcp reachable from your workstation\n\n",
                "",
            ),
            ("uninstall", "\n## Uninstall\nRun `/usr/local/bin/k3s-uninstall.sh` to remove k3s and its data.\n", ""),
        ),
    ),
    Guide(
        "I need a short install guide for Ollama 0.3.12 on Ubuntu 22.04 with an NVIDIA GPU, as one bash script I "
        "can read top to bottom with the steps as comments, six steps at most. Don't pipe the install script into "
        "sh. Say what's needed before the script, serve the API on port 11435 instead of the default, make sure "
        "the service starts on boot, show how to check the version, and say how to uninstall it afterwards.",
        OLLAMA,
        "Ollama",
        "0.3.12",
        r"ollama(?:_version=| v?)(\d+\.\d+\.\d+)",
        11435,
        6,
        "ollama",
        (
            ("version", "OLLAMA_VERSION=0.3.12", "OLLAMA_VERSION=0.3.6"),
            ("port", 'Environment="OLLAMA_HOST=127.0.0.1:11435"', 'Environment="OLLAMA_HOST=127.0.0.1:11434"'),
            ("numbered", "# Step 3:", "# Step 2:"),
            (
                "steps",
                '"Say hello"\n```',
                '"Say hello"\n\n# Step 7: pull a second model\nOLLAMA_HOST=127.0.0.1:11435 ollama pull mistral\n```',
            ),
            ("verify", "check the version\nollama --version", "list the installed models\nollama list"),
            ("no_pipe", "sh ollama-install.sh", "curl -fsSL https://ollama.com/install.sh | sh"),
            (
                "enable",
                "# Step 4: start it now and at every boot\nsudo systemctl daemon-reload\nsudo systemctl enable --now",
                "# Step 4: restart it with the new settings\nsudo systemctl daemon-reload\nsudo systemctl restart",
            ),
            (
                "prerequisites",
                "Before you start: Ubuntu 22.04, an NVIDIA GPU with its driver installed (`nvidia-smi` should list "
                "it), and sudo rights.\n\n",
                "",
            ),
            (
                "uninstall",
                "\n\nTo uninstall: `sudo systemctl disable --now ollama`, then `sudo rm /usr/local/bin/ollama` and "
                "`sudo rm -r /etc/systemd/system/ollama.service.d`.",
                "",
            ),
        ),
    ),
    Guide(
        "Write a how-to for installing code-server 4.91.1 on Debian 12 for one user, with '### Step N' headings, "
        "seven steps or fewer. List the prerequisites first. Don't pipe the install script into sh. It should "
        "listen on 127.0.0.1:8081 (8080 is taken), start at boot via systemd, show how to confirm the version, and "
        "include an uninstall section.",
        CODE_SERVER,
        "code-server",
        "4.91.1",
        r"code-server v?(\d+\.\d+\.\d+)|--version[= ](\d+\.\d+\.\d+)",
        8081,
        7,
        "code-server",
        (
            ("version", "--version 4.91.1", "--version 4.89.1"),
            ("port", "bind-addr: 127.0.0.1:8081", "bind-addr: 127.0.0.1:8080"),
            ("numbered", "### Step 2: Read it", "### Step 3: Read it"),
            (
                "steps",
                "\n### Uninstall",
                "\n### Step 8: Add extensions\n```sh\ncode-server --install-extension ms-python.python\n```\n"
                "\n### Uninstall",
            ),
            (
                "verify",
                "the version\n```sh\ncode-server --version",
                "it is running\n```sh\nsystemctl status code-server@$USER",
            ),
            ("no_pipe", "sh install-code-server.sh", "curl -fsSL https://code-server.dev/install.sh | sh -s --"),
            ("enable", "Start it at boot\n```sh\nsudo systemctl enable --now", "Start it\n```sh\nsudo systemctl start"),
            ("prerequisites", "**Prerequisites:** Debian 12, 1 GB of RAM and a sudo account.\n\n", ""),
            (
                "uninstall",
                "\n\n### Uninstall\n```sh\nsudo systemctl disable --now code-server@$USER\nsudo apt remove "
                "code-server\nrm -rf ~/.config/code-server\n```",
                "",
            ),
        ),
    ),
    Guide(
        "Plain text, no Markdown: the steps to install the Netdata agent v1.47.0 on a Raspberry Pi running "
        "Raspberry Pi OS (Bookworm), six steps at most, each as 'Step N.' with its commands indented below. Start "
        "with what I need before I begin. Don't pipe the kickstart script into a shell. Move the dashboard to port "
        "19998, enable the service at boot, show how to check the installed version, and finish with how to "
        "uninstall it.",
        NETDATA,
        "Netdata",
        "1.47.0",
        r"netdata(?: agent)? v?(\d+\.\d+\.\d+)|--install-version[= ](\d+\.\d+\.\d+)",
        19998,
        6,
        "netdata",
        (
            ("version", "--install-version 1.47.0", "--install-version 1.46.3"),
            ("port", "raspberrypi.local:19998", "raspberrypi.local:19999"),
            ("numbered", "Step 3. Set", "Step 4. Set"),
            (
                "steps",
                "from another machine.\n",
                "from another machine.\n\nStep 7. Claim the node in Netdata Cloud with the dashboard's Connect "
                "button.\n",
            ),
            (
                "verify",
                "Check the installed version.\n    netdata -v",
                "Check that it is running.\n    systemctl status netdata",
            ),
            ("no_pipe", "sh /tmp/netdata-kickstart.sh", "wget -qO- https://get.netdata.cloud/kickstart.sh | sh -s --"),
            (
                "enable",
                "Enable the service at boot and restart it.\n    sudo systemctl enable netdata\n",
                "Restart the service.\n",
            ),
            (
                "prerequisites",
                "You will need: a Raspberry Pi 3 or newer, Raspberry Pi OS Bookworm, and a user with sudo rights.\n\n",
                "",
            ),
            (
                "uninstall",
                "\n\nTo uninstall: run the uninstaller the kickstart script left behind,\n"
                "    sudo /usr/libexec/netdata/netdata-uninstaller.sh --yes --env /etc/netdata/.environment",
                "",
            ),
        ),
    ),
)


def build(guide: Guide, on: dict[str, bool]) -> str:
    return slipped(guide.text, guide.slips, on, guide.name)


# Reading a guide --------------------------------------------------------------------------------


def steps(answer: str) -> list[tuple[int, int]]:
    """Each step line's index in the answer and its number, in order."""
    out = []
    for index, line in enumerate(answer.splitlines()):
        if found := STEP.match(line):
            out.append((index, int(found.group(1))))
    return out


def versions(answer: str, guide: Guide) -> list[str]:
    """Every version the answer writes for the product."""
    return [next(g for g in found.groups() if g) for found in re.finditer(guide.versions, answer, re.I)]


def ports(answer: str) -> list[int]:
    return [int(a or b) for a, b in PORT.findall(answer)]


def prerequisites_first(answer: str) -> bool:
    """Whether a line before the first step says what is needed."""
    found = steps(answer)
    lines = answer.splitlines()[: found[0][0]] if found else []
    return any(PREREQUISITES.search(line) for line in lines)


WORDINGS = {
    "version": (
        "Pins {product} {version} and mentions no other version",
        "Every version number given for {product} is {version}",
    ),
    "port": ("Uses port {port} everywhere a port appears", "Configures {product} on port {port} consistently"),
    "numbered": (
        "The steps are numbered 1, 2, 3 and so on with no gaps or repeats",
        "Step numbers run in sequence from 1, none skipped or used twice",
    ),
    "steps": ("Has no more than {limit} steps", "Keeps the procedure to {limit} steps or fewer"),
    "verify": (
        "Includes a command that prints the installed {product} version",
        "Tells the reader how to confirm which version got installed",
    ),
    "no_pipe": (
        "Never pipes a downloaded script straight into a shell",
        "Does not install with curl | sh or wget | sh",
    ),
    "enable": (
        "Runs systemctl enable so {product} starts at boot",
        "Includes a systemctl enable step for the service",
    ),
    "prerequisites": ("Lists the prerequisites before the first step", "Says what you need before step 1"),
    "uninstall": ("Explains how to uninstall {product}", "Includes uninstall instructions"),
}
"""Two wordings of each kind of criterion, filled from the guide."""


def truths(guide: Guide, answer: str) -> dict[str, bool]:
    numbers = [number for _, number in steps(answer)]
    found, bound = versions(answer, guide), ports(answer)
    return {
        "version": bool(found) and set(found) == {guide.version},
        "port": bool(bound) and set(bound) == {guide.port},
        "numbered": bool(numbers) and numbers == list(range(1, len(numbers) + 1)),
        "steps": 0 < len(numbers) <= guide.limit,
        "verify": re.search(rf"\b{re.escape(guide.tool)}\s+(?:--version|-v)\b", answer) is not None,
        "no_pipe": PIPE.search(answer) is None,
        "enable": ENABLE.search(answer) is not None,
        "prerequisites": prerequisites_first(answer),
        "uninstall": "uninstall" in answer.lower(),
    }


def candidates(rng: random.Random, guide: Guide, answer: str) -> list[Criterion]:
    values = {"product": guide.name, "version": guide.version, "port": guide.port, "limit": guide.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(guide, answer).items()
    ]


SWITCHES = ("version", "port", "numbered", "steps", "verify", "no_pipe", "enable", "prerequisites", "uninstall")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, GUIDES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
