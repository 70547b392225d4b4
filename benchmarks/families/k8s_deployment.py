"""Kubernetes deployment family (fresh11): a Deployment and a Service in YAML for the app a task
describes (an orders API, an image thumbnailer with a log-shipping sidecar, a static docs site, a
Java ledger service), a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh11`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the two manifests in one YAML stream (the Deployment first or the Service, in block
style or flow), fenced between a lead-in line and a note or bare, written right and then changed by
switches: the replica count asked or another, every image pinned to a version or one on `latest` or
untagged, CPU and memory limits on every container or one without a CPU limit, every memory limit
within the task's cap or one above it, a liveness probe on the path asked or on another, the
Service's targetPort (a number, or a port's name) reaching the app's container port or another, the
Service's selector matching the pod labels or not, the variable asked read from the Secret asked or
written as a literal or read from a ConfigMap, and no privileged container or one. Every truth is
read from the text: the YAML read into mappings and lists (below), the Deployment and the Service
found by their kind, and a named targetPort looked up among the containers' ports.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "k8s_deployment"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.DOTALL)
KEY = re.compile(r"^([^\s:#\-{\[][^:#]*?|\"[^\"]*\"|'[^']*'):(?:\s+(.*))?$")
COMMENT = re.compile(r"(?:^|\s)#.*$")
BARE = re.compile(r"\"[^\"]*\"|'[^']*'|[^{}\[\],:\s][^{}\[\],:]*")
QUANTITY = re.compile(r"^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$")
UNITS = {None: 1, "K": 1000, "M": 1000**2, "G": 1000**3, "Ki": 1024, "Mi": 1024**2, "Gi": 1024**3}


@dataclass(frozen=True)
class Want:
    replicas: int
    port: int
    path: str
    var: str
    secret: str
    memory: str


@dataclass(frozen=True)
class App:
    task: str
    frame: str
    """The answer around the manifest (`{manifest}`): a lead-in, a fence and a note, or nothing."""
    manifest: str
    want: Want
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ORDERS = """apiVersion: apps/v1
kind: Deployment
metadata: {name: orders-api, namespace: shop}
spec:
  replicas: 3
  selector:
    matchLabels: {app: orders-api}
  template:
    metadata:
      labels: {app: orders-api, tier: backend}
    spec:
      containers:
        - name: orders-api
          image: ghcr.io/acme/orders-api:1.8.2
          ports:
            - containerPort: 8080
          env:
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef: {name: orders-db, key: url}
          resources:
            requests: {cpu: 250m, memory: 256Mi}
            limits: {memory: 512Mi, cpu: 500m}
          livenessProbe:
            httpGet: {path: /healthz, port: 8080}
          securityContext:
            allowPrivilegeEscalation: false
---
apiVersion: v1
kind: Service
metadata: {name: orders-api, namespace: shop}
spec:
  selector:
    app: orders-api
  ports:
    - port: 80
      targetPort: 8080
"""

THUMBNAILER = """apiVersion: v1
kind: Service
metadata: {name: thumbnailer, namespace: media}
spec:
  selector: {app: thumbnailer}
  ports:
    - {name: http, port: 80, targetPort: http}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: thumbnailer, namespace: media}
spec:
  replicas: 2
  selector:
    matchLabels: {app: thumbnailer}
  template:
    metadata:
      labels: {app: thumbnailer}
    spec:
      containers:
        - name: thumbnailer
          image: registry.gitlab.com/pixelcraft/thumbnailer:v0.9.3
          ports: [{name: http, containerPort: 8080}]
          env:
            - name: AWS_SECRET_ACCESS_KEY
              valueFrom: {secretKeyRef: {name: thumbnailer-s3, key: secret-key}}
          resources:
            requests: {cpu: 200m, memory: 384Mi}
            limits: {cpu: "1", memory: 768Mi}
          livenessProbe:
            httpGet: {path: /livez, port: http}
          securityContext: {allowPrivilegeEscalation: false}
        - name: log-shipper
          image: fluent/fluent-bit:3.0.4
          ports: [{name: metrics, containerPort: 2020}]
          resources:
            limits: {cpu: 100m, memory: 64Mi}
          securityContext: {readOnlyRootFilesystem: true}
"""

DOCS = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: docs-site
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: docs-site
  template:
    metadata:
      labels:
        app.kubernetes.io/name: docs-site
    spec:
      containers:
      - name: web
        image: nginxinc/nginx-unprivileged:1.27.3-alpine
        ports:
        - containerPort: 8080
        env:
        - name: BASIC_AUTH_PASSWORD
          valueFrom:
            secretKeyRef:
              name: docs-auth
              key: password
        resources:
          limits:
            cpu: 200m
            memory: 128Mi
        livenessProbe:
          httpGet:
            path: /healthz.html
            port: 8080
        securityContext:
          privileged: false
---
apiVersion: v1
kind: Service
metadata:
  name: docs-site
spec:
  selector:
    app.kubernetes.io/name: docs-site
  ports:
  - port: 80
    targetPort: 8080
"""

LEDGER = """apiVersion: apps/v1
kind: Deployment
metadata: {name: ledger, namespace: finance}
spec:
  replicas: 4
  selector:
    matchLabels: {app: ledger, component: api}
  template:
    metadata:
      labels: {app: ledger, component: api}
    spec:
      securityContext: {runAsNonRoot: true}
      containers:
        - name: ledger
          image: registry.internal:5000/fin/ledger:2.14.0
          ports:
            - containerPort: 8081  # Spring Boot server.port
          env:
            - name: SPRING_DATASOURCE_PASSWORD
              valueFrom:
                secretKeyRef: {name: ledger-db, key: password}
          resources:
            requests: {memory: 768Mi, cpu: 500m}
            limits: {memory: 1Gi, cpu: "2"}
          livenessProbe:
            httpGet: {path: /actuator/health/liveness, port: 8081}
          securityContext:
            allowPrivilegeEscalation: false
            capabilities: {drop: [ALL]}
---
apiVersion: v1
kind: Service
metadata: {name: ledger, namespace: finance}
spec:
  selector: {app: ledger, component: api}
  ports:
    - {name: http, port: 8081, targetPort: 8081}
"""

LITERAL_URL = 'value: "postgres://orders:orders@db.shop.svc:5432/orders"'

APPS = (
    App(
        "Kubernetes Deployment and Service (namespace shop) for orders-api: image ghcr.io/acme/orders-api 1.8.2, 3 "
        "replicas, port 8080, Service on 80. CPU and memory limits, memory at most 512Mi; liveness probe GET /healthz; "
        "DATABASE_URL from the secret orders-db (key url); nothing privileged.",
        "Here's a Deployment and Service for orders-api:\n\n```yaml\n{manifest}\n```\n\nCreate the orders-db secret first.",
        ORDERS,
        Want(3, 8080, "/healthz", "DATABASE_URL", "orders-db", "512Mi"),
        (
            ("replicas", "replicas: 3", "replicas: 2"),
            ("image_tag", "orders-api:1.8.2", "orders-api:latest"),
            ("limits", ", cpu: 500m}", "}"),
            ("memory", "memory: 512Mi", "memory: 1Gi"),
            ("probe", "path: /healthz", "path: /health"),
            ("ports", "targetPort: 8080", "targetPort: 8000"),
            ("selector", "  selector:\n    app: orders-api", "  selector:\n    app: orders"),
            ("secret", "valueFrom:\n                secretKeyRef: {name: orders-db, key: url}", LITERAL_URL),
            ("no_privileged", "allowPrivilegeEscalation: false", "privileged: true"),
        ),
    ),
    App(
        "Deployment + Service for our thumbnailer (namespace media): registry.gitlab.com/pixelcraft/thumbnailer v0.9.3 "
        "on port 8080 named http, 2 replicas, a fluent-bit 3.0.4 log-shipper sidecar. cpu and memory limits on both, "
        "none over 1Gi. Liveness on /livez. AWS_SECRET_ACCESS_KEY from the thumbnailer-s3 secret. Nothing privileged.",
        "The thumbnailer's manifests, Service first:\n\n```yaml\n{manifest}\n```\n\nThe sidecar's port 2020 stays private.",
        THUMBNAILER,
        Want(2, 8080, "/livez", "AWS_SECRET_ACCESS_KEY", "thumbnailer-s3", "1Gi"),
        (
            ("replicas", "replicas: 2", "replicas: 1"),
            ("image_tag", "fluent/fluent-bit:3.0.4", "fluent/fluent-bit:latest"),
            ("limits", "limits: {cpu: 100m, memory: 64Mi}", "limits: {memory: 64Mi}"),
            ("memory", "memory: 768Mi", "memory: 2Gi"),
            ("probe", "path: /livez", "path: /readyz"),
            ("ports", "targetPort: http", "targetPort: metrics"),
            ("selector", "selector: {app: thumbnailer}", "selector: {app: thumbnail}"),
            ("secret", "valueFrom: {secretKeyRef: {name: thumbnailer-s3, key: secret-key}}", "value: wJalrXUtnFEMI"),
            ("no_privileged", "{readOnlyRootFilesystem: true}", "{privileged: true}"),
        ),
    ),
    App(
        "YAML only: Deployment and Service for docs-site, image nginxinc/nginx-unprivileged 1.27.3-alpine on 8080, 2 "
        "replicas, Service port 80. Liveness probe on /healthz.html. BASIC_AUTH_PASSWORD from the docs-auth secret. CPU "
        "and memory limits, at most 128Mi memory. Must not run privileged.",
        "{manifest}",
        DOCS,
        Want(2, 8080, "/healthz.html", "BASIC_AUTH_PASSWORD", "docs-auth", "128Mi"),
        (
            ("replicas", "replicas: 2", "replicas: 3"),
            ("image_tag", "nginx-unprivileged:1.27.3-alpine", "nginx-unprivileged:latest"),
            ("limits", "            cpu: 200m\n", ""),
            ("memory", "memory: 128Mi", "memory: 512Mi"),
            ("probe", "path: /healthz.html", "path: /index.html"),
            ("ports", "targetPort: 8080", "targetPort: 80"),
            ("selector", "  selector:\n    app.kubernetes.io/name: docs-site", "  selector:\n    app: docs-site"),
            (
                "secret",
                "valueFrom:\n            secretKeyRef:\n              name: docs-auth\n              key: password",
                'value: "correct-horse-battery"',
            ),
            ("no_privileged", "privileged: false", "privileged: true"),
        ),
    ),
    App(
        "Deployment and Service for ledger (namespace finance): registry.internal:5000/fin/ledger 2.14.0, 4 replicas, "
        "Spring Boot on 8081, Service on 8081, liveness probe on /actuator/health/liveness, SPRING_DATASOURCE_PASSWORD "
        "from the ledger-db Secret, cpu and memory limits with memory capped at 1Gi, every container unprivileged.",
        "Two documents in one file:\n\n```\n{manifest}\n```\n\nPods run as non-root and drop all capabilities.",
        LEDGER,
        Want(4, 8081, "/actuator/health/liveness", "SPRING_DATASOURCE_PASSWORD", "ledger-db", "1Gi"),
        (
            ("replicas", "replicas: 4", "replicas: 3"),
            ("image_tag", "fin/ledger:2.14.0", "fin/ledger"),
            ("limits", ', cpu: "2"}', "}"),
            ("memory", "memory: 1Gi", "memory: 2Gi"),
            ("probe", "path: /actuator/health/liveness", "path: /actuator/health"),
            ("ports", "targetPort: 8081", "targetPort: 8080"),
            ("selector", "selector: {app: ledger, component: api}", "selector: {app: ledger, component: web}"),
            ("secret", "secretKeyRef: {name: ledger-db", "configMapKeyRef: {name: ledger-db"),
            ("no_privileged", "allowPrivilegeEscalation: false", "privileged: true"),
        ),
    ),
)


def build(app: App, on: dict[str, bool]) -> str:
    manifest = slipped(app.manifest, app.slips, on, app.want.var)
    return app.frame.replace("{manifest}", manifest.strip())


# Reading the YAML -------------------------------------------------------------------------------


def scalar(text: str) -> object:
    """A plain or quoted scalar, as a string, or a flow collection ({...}, [...]) of them."""
    text = text.strip()
    if text[:1] in ("{", "["):
        return json.loads(BARE.sub(lambda m: json.dumps(m.group(0).strip().strip("\"'")), text))
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'" else text


def block(lines: list[tuple[int, str]], at: int) -> tuple[object, int]:
    """The list ("- " items) or mapping whose first line is `at`, read by indentation, and the line after it."""
    indent = lines[at][0]
    out: list[object] | dict[str, object] = [] if lines[at][1].startswith("- ") else {}
    while at < len(lines) and lines[at][0] == indent:
        text = lines[at][1]
        if isinstance(out, list):
            if not text.startswith("- "):
                break
            rest = text[2:].lstrip()
            lines[at] = (indent + len(text) - len(rest), rest)
            value, at = block(lines, at) if KEY.match(rest) else (scalar(rest), at + 1)
            out.append(value)
        elif match := KEY.match(text):
            at += 1
            below = at < len(lines) and (lines[at][0] > indent or (lines[at][0] == indent and lines[at][1][:2] == "- "))
            value, at = block(lines, at) if below and not match.group(2) else (scalar(match.group(2) or ""), at)
            out[str(scalar(match.group(1)))] = value
        else:
            break
    return out, at


def documents(answer: str) -> list[object]:
    """Every YAML document of the answer's fenced code (or of the answer), comments dropped."""
    docs: list[list[tuple[int, str]]] = [[]]
    for raw in ("\n".join(FENCE.findall(answer)) or answer).splitlines():
        if raw.strip() == "---":
            docs.append([])
        elif (line := COMMENT.sub("", raw).rstrip()).strip():
            docs[-1].append((len(line) - len(line.lstrip()), line.strip()))
    return [block(lines, 0)[0] for lines in docs if lines]


def get(found: object, *path: str) -> object:
    for key in path:
        found = found.get(key) if isinstance(found, dict) else None
    return found


def dicts(found: object) -> list[dict[str, object]]:
    return [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []


def tag(image: object) -> str | None:
    """The tag of an image reference (a registry's port is not one), or None."""
    name = str(image).rsplit("/", 1)[-1]
    return name.split("@")[0].partition(":")[2] or ("digest" if "@" in name else None)


def size(value: object) -> int | None:
    return int(float(m.group(1)) * UNITS[m.group(2)]) if (m := QUANTITY.match(str(value))) else None


def target(port: dict[str, object], containers: list[dict[str, object]]) -> int | None:
    """The container port a Service port reaches: its targetPort (or port), a number or a port's name."""
    wanted = str(port.get("targetPort") or port.get("port"))
    if wanted.isdigit():
        return int(wanted)
    named = [p for c in containers for p in dicts(c.get("ports")) if str(p.get("name")) == wanted]
    return int(str(named[0].get("containerPort"))) if named else None


WORDINGS = {
    "replicas": ("Runs {replicas} replicas", "The Deployment asks for {replicas} replicas"),
    "image_tag": ("Every image has a version tag other than latest", "No image is tagged latest or left untagged"),
    "limits": ("Every container sets both a CPU and a memory limit", "Each container has cpu and memory limits"),
    "memory": ("No container's memory limit is above {memory}", "Memory limits are {memory} or less"),
    "probe": ("Has a liveness probe that checks {path}", "The liveness probe is an HTTP GET on {path}"),
    "ports": ("The Service targets the app's container port, {port}", "The Service forwards to container port {port}"),
    "selector": (
        "The Service's selector and the Deployment's selector both match the pod template's labels",
        "The pod labels match both the Deployment's selector and the Service's selector",
    ),
    "secret": ("{var} comes from the {secret} Secret, not a literal value", "Reads {var} from the Secret {secret}"),
    "no_privileged": ("No container runs privileged", "Does not set privileged: true on any container"),
}
"""Two wordings of each kind of criterion, filled from what the task asks (`Want`)."""


def truths(app: App, answer: str) -> dict[str, bool]:
    want, found = app.want, documents(answer)
    deployment = next((d for d in found if get(d, "kind") == "Deployment"), None)
    services = [d for d in found if get(d, "kind") == "Service"]
    containers = dicts(get(deployment, "spec", "template", "spec", "containers"))
    labels = dict(found) if isinstance(found := get(deployment, "spec", "template", "metadata", "labels"), dict) else {}
    selectors = [get(deployment, "spec", "selector", "matchLabels"), *(get(s, "spec", "selector") for s in services)]
    memory = [size(m) for c in containers if (m := get(c, "resources", "limits", "memory")) is not None]
    ports = [p for s in services for p in dicts(get(s, "spec", "ports"))]
    env = [e for c in containers for e in dicts(c.get("env")) if e.get("name") == want.var]
    return {
        "replicas": str(get(deployment, "spec", "replicas")) == str(want.replicas),
        "image_tag": bool(containers) and all(tag(c.get("image")) not in (None, "latest") for c in containers),
        "limits": bool(containers)
        and all({"cpu", "memory"} <= set(dict(get(c, "resources", "limits") or {})) for c in containers),
        "memory": bool(memory) and all(m is not None and m <= (size(want.memory) or 0) for m in memory),
        "probe": any(get(c, "livenessProbe", "httpGet", "path") == want.path for c in containers),
        "ports": bool(ports) and all(target(p, containers) == want.port for p in ports),
        "selector": bool(services)
        and all(isinstance(s, dict) and s and s.items() <= labels.items() for s in selectors),
        "secret": any(get(e, "valueFrom", "secretKeyRef", "name") == want.secret for e in env),
        "no_privileged": bool(containers)
        and not any(str(get(c, "securityContext", "privileged")).lower() == "true" for c in containers),
    }


def candidates(rng: random.Random, app: App, answer: str) -> list[Criterion]:
    filled = vars(app.want)
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(app, answer).items()
    ]


SWITCHES = ("replicas", "image_tag", "limits", "memory", "probe", "ports", "selector", "secret", "no_privileged")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, APPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
