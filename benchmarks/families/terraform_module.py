"""Terraform module family (fresh9): a Terraform (HCL) configuration for the small piece of AWS
infrastructure a task describes (a website's assets bucket and web servers, a service's audit-log
bucket and app servers, a data team's raw bucket and ETL worker, a reporting database's backup
bucket and Postgres instance), each an S3 bucket with versioning and encryption and a security
group, with tags, described variables, a pinned provider and outputs, a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh9`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the configuration in one fenced block or in three (main.tf, variables.tf,
outputs.tf), after a lead-in line or none and a note or none, written right and then changed by
switches: versioning Enabled or Suspended, Disabled or absent, the Project and Environment tags
on every resource that takes tags or one without (one or both), a description on every variable
or one without, no credential in the code or one (provider keys, a secret variable's default, a
database password), the AWS provider pinned (~> or exact) or open (>= or no version), outputs of
the bucket's ARN and the group's ID or one missing or wrong, the guarded port closed to 0.0.0.0/0
or open to it, and the bucket's encryption configured or not (absent, commented out). Every
truth is a function of the answer's text: the HCL in the fenced blocks is split into blocks by
their braces, nested blocks the same way, and attributes found by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "terraform_module"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
OPEN = re.compile(r'^[ \t]*([a-z_]+)((?:[ \t]+"[^"\n]*")*)[ \t]*\{[ \t]*$', re.MULTILINE)
FENCE = re.compile(r"```[\w-]*[ \t]*\n(.*?)```", re.DOTALL)
UNTAGGED = {"aws_s3_bucket_versioning", "aws_s3_bucket_server_side_encryption_configuration"}
SECRET = re.compile(r'\b(?:access_key|secret_key|password|token|api_key)\s*=\s*"[^"$]+"')
SECRET_NAME = re.compile(r"password|secret|token", re.IGNORECASE)
PINNED = re.compile(r"^\s*(?:=\s*)?\d+\.\d+\.\d+\s*$|^\s*~>\s*\d+\.\d+(?:\.\d+)?\s*$")
SSE_BLOCK = 'resource "aws_s3_bucket_server_side_encryption_configuration" "this" {'
VERSIONING = (
    'resource "aws_s3_bucket_versioning" "this" {\n  bucket = aws_s3_bucket.this.id\n\n'
    '  versioning_configuration {\n    status = "Enabled"\n  }\n}'
)
BUCKET_OUTPUT = 'output "bucket_arn" {\n  description = "ARN of the bucket"\n  value       = aws_s3_bucket.this.arn\n}'
NAME = "Name        = var.bucket_name"
ANY = '"0.0.0.0/0"'
Block = tuple[str, tuple[str, ...], str]
"""(the block's type, its labels, its body)."""


@dataclass(frozen=True)
class Module:
    task: str
    lead: str
    note: str
    files: bool
    """The answer is three fenced files under headings, not one block."""
    project: str
    version: str
    sse: str
    variables: tuple[tuple[str, str, str], ...]
    """(name, description, the lines after the description)."""
    group: tuple[str, str, tuple[tuple[str, int, str], ...]]
    """The security group's (name, description, its ingress rules as (description, port, CIDR))."""
    extra: str
    """Resources after the security group, written right."""
    guarded: tuple[str, int]
    """(what the task keeps off the internet, its port)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def tags(project: str, *more: str, environment: bool = True) -> str:
    lines = [*more, f'Project     = "{project}"', *(["Environment = var.environment"] if environment else [])]
    return "  tags = {\n" + "".join(f"    {line}\n" for line in lines) + "  }"


def sse(algorithm: str) -> str:
    return (
        f"{SSE_BLOCK}\n  bucket = aws_s3_bucket.this.id\n\n  rule {{\n    apply_server_side_encryption_by_default {{\n"
        f'      sse_algorithm = "{algorithm}"\n    }}\n  }}\n}}'
    )


def commented(text: str, why: str) -> str:
    return f"# {why}\n" + "\n".join(f"# {line}" if line else "#" for line in text.splitlines())


def ingress(text: str, port: int, cidr: str, to: int | None = None) -> str:
    return (
        f'\n  ingress {{\n    description = "{text}"\n    from_port   = {port}\n    to_port     = {to or port}\n'
        f'    protocol    = "tcp"\n    cidr_blocks = [{cidr}]\n  }}\n'
    )


def resources(m: Module) -> str:
    name, about, rules = m.group
    return (
        f'resource "aws_s3_bucket" "this" {{\n  bucket = var.bucket_name\n\n{tags(m.project, NAME)}\n}}\n\n'
        f"{VERSIONING}\n\n{sse(m.sse)}\n\n"
        f'resource "aws_security_group" "{name}" {{\n  name        = "{m.project}-{name}"\n'
        f'  description = "{about}"\n  vpc_id      = var.vpc_id\n{"".join(ingress(*rule) for rule in rules)}\n'
        '  egress {\n    from_port   = 0\n    to_port     = 0\n    protocol    = "-1"\n'
        f'    cidr_blocks = ["0.0.0.0/0"]\n  }}\n\n{tags(m.project)}\n}}' + (f"\n\n{m.extra}" if m.extra else "")
    )


def files(m: Module) -> tuple[str, str, str]:
    """(main.tf, variables.tf, outputs.tf) written right."""
    head = (
        'terraform {\n  required_version = ">= 1.6"\n\n  required_providers {\n    aws = {\n'
        f'      source  = "hashicorp/aws"\n      version = "{m.version}"\n    }}\n  }}\n}}\n\n'
        'provider "aws" {\n  region = var.region\n}'
    )
    variables = "\n\n".join(
        f'variable "{name}" {{\n  description = "{about}"\n{rest}}}' for name, about, rest in m.variables
    )
    name = m.group[0]
    outputs = (
        f"{BUCKET_OUTPUT}\n\n"
        f'output "security_group_id" {{\n  description = "ID of the security group"\n'
        f"  value       = aws_security_group.{name}.id\n}}"
    )
    return f"{head}\n\n{resources(m)}", variables, outputs


def build(module: Module, on: dict[str, bool]) -> str:
    main, variables, outputs = files(module)
    if module.files:
        parts = zip(("main.tf", "variables.tf", "outputs.tf"), (main, variables, outputs), strict=True)
        code = "\n\n".join(f"### `{name}`\n\n```hcl\n{text}\n```" for name, text in parts)
    else:
        head, _, rest = main.partition('\n\nresource "aws_s3_bucket" ')
        code = f'```hcl\n{head}\n\n{variables}\n\nresource "aws_s3_bucket" {rest}\n\n{outputs}\n```'
    text = "\n\n".join(block for block in (module.lead, code, module.note) if block)
    return slipped(text, module.slips, on, module.project)


S = "  type        = string\n"
SENSITIVE = "  type        = string\n  sensitive   = true\n"
KEYS = '  region     = var.region\n  access_key = "AKIAIOSFODNN7EXAMPLE"\n  secret_key = "wJalrXUtnFEMI/K7MDENG"\n}'
SECRET_VARIABLE = (
    f'variable "aws_secret_key" {{\n  description = "Secret key of the deploy user"\n{SENSITIVE}'
    '  default     = "p3R8sX0bV6kN2qL9wZ4t"\n}\n\n'
)
SECRET_KEY = '  region     = var.region\n  secret_key = "9f2Kq7vXb1LmP0sT"\n}'
WORKER = 'Name        = "etl-worker"'
MODULES = (
    Module(
        "Write a Terraform configuration for our marketing site's assets: an S3 bucket (name from a variable) "
        "with versioning turned on and server-side encryption, and a security group for the web servers in "
        "var.vpc_id that allows HTTPS (443) from anywhere and SSH (22) only from our office range. Tag every "
        "resource that supports tags with Project = acme-web and Environment, give every variable a "
        "description, no credentials in the code, pin the AWS provider version, and output the bucket ARN and "
        "the security group ID.",
        "Here's the configuration (one file, `main.tf`):",
        "Run `terraform init`, then `terraform plan -var environment=staging` and the other variables.",
        False,
        "acme-web",
        "~> 5.40",
        "AES256",
        (
            ("region", "AWS region to deploy into", S + '  default     = "eu-west-1"\n'),
            ("environment", "Deployment environment, e.g. staging or production", S),
            ("bucket_name", "Name of the assets bucket", S),
            ("vpc_id", "ID of the VPC the web servers run in", S),
            ("office_cidr", "CIDR range of the office network, the only one allowed to use SSH", S),
        ),
        ("web", "HTTPS from anywhere, SSH from the office", (("HTTPS", 443, ANY), ("SSH", 22, "var.office_cidr"))),
        "",
        ("SSH", 22),
        (
            ("versioning", 'status = "Enabled"', 'status = "Suspended"'),
            ("tags", "\n\n" + tags("acme-web"), ""),
            ("descriptions", '  description = "ID of the VPC the web servers run in"\n', ""),
            ("no_secrets", "  region = var.region\n}", KEYS),
            ("pinned", 'version = "~> 5.40"', 'version = ">= 5.0"'),
            ("outputs", "aws_security_group.web.id", "aws_security_group.web.name"),
            ("exposed", "cidr_blocks = [var.office_cidr]", 'cidr_blocks = ["0.0.0.0/0"]'),
            ("encryption", sse("AES256"), commented(sse("AES256"), "S3 encrypts new objects by default anyway:")),
        ),
    ),
    Module(
        "Terraform for the Ledger service, please: an audit-log bucket (its name a variable), versioned and "
        "encrypted with KMS, plus a security group for the app servers: 8443 from the load balancer subnet and "
        "SSH from the bastion only. Every taggable resource gets Project = ledger and an Environment tag, every "
        "variable needs a description, keep secrets out of the code, pin the AWS provider, and output the "
        "bucket's ARN and the security group's ID. Split it into main.tf, variables.tf and outputs.tf.",
        "Split into the usual three files:",
        "",
        True,
        "ledger",
        "~> 5.31",
        "aws:kms",
        (
            ("region", "AWS region", S),
            ("environment", "Environment name (dev, staging, prod)", S),
            ("bucket_name", "Name of the audit-log bucket", S),
            ("vpc_id", "VPC for the app servers", S),
            ("lb_cidr", "CIDR of the load balancer subnet", S),
            ("bastion_cidr", "CIDR of the bastion host, the only SSH source", S),
        ),
        ("app", "Ledger app servers", (("From the LB", 8443, "var.lb_cidr"), ("SSH", 22, "var.bastion_cidr"))),
        "",
        ("SSH", 22),
        (
            ("versioning", VERSIONING + "\n\n", ""),
            ("tags", tags("ledger", NAME), tags("ledger", NAME, environment=False)),
            ("descriptions", '  description = "CIDR of the load balancer subnet"\n', ""),
            ("no_secrets", "  region = var.region\n}", SECRET_KEY),
            ("pinned", '      version = "~> 5.31"\n', ""),
            ("outputs", "aws_s3_bucket.this.arn", "aws_s3_bucket.this.id"),
            ("exposed", "cidr_blocks = [var.bastion_cidr]", 'cidr_blocks = ["0.0.0.0/0"]'),
            ("encryption", sse("aws:kms") + "\n\n", ""),
        ),
    ),
    Module(
        "I need Terraform for the data team: a raw-data bucket (name via variable) with versioning and default "
        "encryption, a security group for the ETL worker that only lets SSH in from the VPN range, and the "
        "worker itself (an EC2 instance, type from a variable). Project = datalake and Environment tags on "
        "everything that takes tags, descriptions on all variables, no hard-coded secrets, pin the AWS provider "
        "to an exact version, outputs for the bucket ARN and the security group ID.",
        "",
        "The worker picks up the security group through `vpc_security_group_ids`; pass `ami_id` per region.",
        False,
        "datalake",
        "5.46.0",
        "AES256",
        (
            ("region", "Region for every resource", S + '  default     = "us-east-1"\n'),
            ("environment", "Environment the stack belongs to", S),
            ("bucket_name", "Globally unique name of the raw-data bucket", S),
            ("vpc_id", "VPC of the ETL worker", S),
            ("vpn_cidr", "CIDR range of the VPN, the only SSH source", S),
            ("ami_id", "AMI for the ETL worker", S),
            ("instance_type", "EC2 instance type of the worker", S + '  default     = "t3.large"\n'),
        ),
        ("etl", "SSH from the VPN only", (("SSH from the VPN", 22, "var.vpn_cidr"),)),
        'resource "aws_instance" "worker" {\n  ami                    = var.ami_id\n'
        "  instance_type          = var.instance_type\n"
        "  vpc_security_group_ids = [aws_security_group.etl.id]\n\n" + tags("datalake", WORKER) + "\n}",
        ("SSH", 22),
        (
            ("versioning", 'status = "Enabled"', 'status = "Disabled"'),
            ("tags", "\n\n" + tags("datalake", WORKER), ""),
            ("descriptions", '  description = "AMI for the ETL worker"\n', ""),
            ("no_secrets", 'variable "ami_id" {', SECRET_VARIABLE + 'variable "ami_id" {'),
            ("pinned", 'version = "5.46.0"', 'version = ">= 5.46.0"'),
            ("outputs", "\n\n" + BUCKET_OUTPUT, ""),
            ("exposed", "cidr_blocks = [var.vpn_cidr]", 'cidr_blocks = ["0.0.0.0/0"]'),
            ("encryption", sse("AES256") + "\n\n", ""),
        ),
    ),
    Module(
        "Write Terraform for our reporting database: an S3 bucket for its nightly backups (name as a variable) "
        "with versioning and server-side encryption, a security group that lets Postgres (5432) in from the "
        "app subnet only, and a small Postgres RDS instance in that group whose password comes from a "
        "variable. Tag all taggable resources with Project = reports and Environment, describe every "
        "variable, no secrets in the code, pin the AWS provider version, and output the bucket ARN and the "
        "security group ID. Separate files are fine.",
        "Sure - here's the module as three files.",
        "Set `db_password` through `TF_VAR_db_password` or a secrets manager, never in a .tfvars file in git.",
        True,
        "reports",
        "~> 5.50",
        "aws:kms",
        (
            ("region", "AWS region", S),
            ("environment", "Environment (staging or production)", S),
            ("bucket_name", "Name of the backup bucket", S),
            ("vpc_id", "VPC of the database", S),
            ("app_cidr", "CIDR of the app subnet allowed to reach Postgres", S),
            ("db_password", "Master password of the reporting database", SENSITIVE),
        ),
        ("db", "Postgres from the app subnet", (("Postgres from the app subnet", 5432, "var.app_cidr"),)),
        'resource "aws_db_instance" "reports" {\n  identifier             = "reports"\n  engine                 = "postgres"\n'
        '  instance_class         = "db.t3.micro"\n  allocated_storage      = 20\n  storage_encrypted      = true\n'
        '  username               = "reports_admin"\n  password               = var.db_password\n'
        "  vpc_security_group_ids = [aws_security_group.db.id]\n  skip_final_snapshot    = false\n\n"
        + tags("reports")
        + "\n}",
        ("Postgres", 5432),
        (
            ("versioning", 'status = "Enabled"', 'status = "Suspended"'),
            ("tags", "  }\n\n" + tags("reports"), "  }\n\n" + tags("reports", environment=False)),
            ("descriptions", '  description = "Name of the backup bucket"\n', ""),
            ("no_secrets", "password               = var.db_password", 'password               = "Reports-2026!"'),
            ("pinned", 'version = "~> 5.50"', 'version = ">= 5.0"'),
            ("outputs", BUCKET_OUTPUT + "\n\n", ""),
            ("exposed", "[var.app_cidr]\n  }\n", "[var.app_cidr]\n  }\n" + ingress("BI vendor", 0, ANY, 65535)),
            ("encryption", sse("aws:kms"), "# TODO: KMS encryption for the bucket once the key exists"),
        ),
    ),
)


# Reading a configuration ---------------------------------------------------------------------


def blocks(code: str) -> list[Block]:
    """The blocks at the top of `code`, each to its matching brace."""
    out: list[Block] = []
    at = 0
    while match := OPEN.search(code, at):
        depth, end = 1, match.end()
        while depth and end < len(code):
            depth += {"{": 1, "}": -1}.get(code[end], 0)
            end += 1
        out.append((match.group(1), tuple(re.findall(r'"([^"]*)"', match.group(2))), code[match.end() : end - 1]))
        at = end
    return out


def code_of(answer: str) -> str:
    """The HCL in the fenced blocks, its comment lines dropped."""
    code = "\n".join(FENCE.findall(answer)) or answer
    return "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("#", "//")))


def of_type(found: list[Block], kind: str, label: str | None = None) -> list[Block]:
    return [b for b in found if b[0] == kind and (label is None or (b[1] and b[1][0] == label))]


def attribute(body: str, name: str) -> str | None:
    match = re.search(rf"^\s*{name}\s*=\s*(.+?)\s*$", body, re.MULTILINE)
    return match.group(1) if match else None


def tagged(body: str) -> bool:
    match = re.search(r"^\s*tags\s*=\s*\{(.*?)\}", body, re.MULTILINE | re.DOTALL)
    return bool(match) and all(re.search(rf"^\s*{key}\s*=", match.group(1), re.M) for key in ("Project", "Environment"))


def provider_version(found: list[Block]) -> str | None:
    for _, _, body in of_type(found, "terraform"):
        for _, _, inner in of_type(blocks(body), "required_providers"):
            aws = re.search(r"\baws\s*=\s*\{(.*?)\}", inner, re.DOTALL)
            version = attribute(aws.group(1), "version") if aws else None
            if version:
                return version.strip('"')
    return None


def exposed(found: list[Block], port: int) -> bool | None:
    """Whether an ingress rule of a security group lets 0.0.0.0/0 reach `port` (None: no rule)."""
    rules = [inner for _, _, body in of_type(found, "resource", "aws_security_group") for inner in blocks(body)]
    rules = [body for kind, _, body in rules if kind == "ingress"]
    if not rules:
        return None
    for body in rules:
        low, high = (int(attribute(body, key) or -1) for key in ("from_port", "to_port"))
        if low <= port <= high and "0.0.0.0/0" in (attribute(body, "cidr_blocks") or ""):
            return True
    return False


def secret_free(code: str, found: list[Block]) -> bool:
    if SECRET.search(code) or re.search(r"\bAKIA[0-9A-Z]{16}\b", code):
        return False
    secrets = [body for _, labels, body in of_type(found, "variable") if labels and SECRET_NAME.search(labels[0])]
    return not any(attribute(body, "default") for body in secrets)


def outputs(found: list[Block]) -> list[str]:
    return [attribute(body, "value") or "" for _, _, body in of_type(found, "output")]


WORDINGS = {
    "versioning": ("Enables versioning on the S3 bucket", "The bucket has versioning turned on (status Enabled)"),
    "tags": (
        "Every resource that supports tags has both a Project and an Environment tag",
        "All taggable resources carry the Project and Environment tags",
    ),
    "descriptions": ("Every variable has a description", "Each input variable is declared with a description"),
    "no_secrets": (
        "Does not hard-code any credentials or passwords",
        "No secrets (keys, passwords) are written into the configuration",
    ),
    "pinned": (
        "Pins the AWS provider version (an exact version or ~>), not an open-ended range",
        "The AWS provider has a pinned version constraint in required_providers",
    ),
    "outputs": (
        "Outputs the bucket's ARN and the security group's ID",
        "Has outputs for both the S3 bucket ARN and the security group ID",
    ),
    "exposed": (
        "{what} (port {port}) is not open to 0.0.0.0/0",
        "The security group does not allow {what} on port {port} from the whole internet",
    ),
    "encryption": (
        "Configures server-side encryption for the S3 bucket",
        "The bucket has a server-side encryption configuration (AES256 or KMS)",
    ),
}
"""Two wordings of each kind of criterion, `{what}` and `{port}` the port the task guards."""


def truths(module: Module, answer: str) -> dict[str, bool]:
    code = code_of(answer)
    found = blocks(code)
    made = of_type(found, "resource")
    versioning = [body for _, labels, body in made if labels[0] == "aws_s3_bucket_versioning"]
    encryption = [body for _, labels, body in made if labels[0] == SSE_BLOCK.split('"')[1]]
    variables = of_type(found, "variable")
    values = outputs(found)
    version = provider_version(found)
    return {
        "versioning": any(attribute(body, "status") == '"Enabled"' for body in versioning),
        "tags": bool(made) and all(tagged(body) for _, labels, body in made if labels[0] not in UNTAGGED),
        "descriptions": bool(variables) and all(attribute(body, "description") for *_, body in variables),
        "no_secrets": secret_free(code, found),
        "pinned": version is not None and PINNED.match(version) is not None,
        "outputs": any(re.fullmatch(r"aws_s3_bucket\.\w+\.arn", v) for v in values)
        and any(re.fullmatch(r"aws_security_group\.\w+\.id", v) for v in values),
        "exposed": exposed(found, module.guarded[1]) is False,
        "encryption": any(re.search(r'sse_algorithm\s*=\s*"(?:AES256|aws:kms)"', body) for body in encryption),
    }


def candidates(rng: random.Random, module: Module, answer: str) -> list[Criterion]:
    what, port = module.guarded
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], what=what, port=port), truth, kind, FAMILY)
        for kind, truth in truths(module, answer).items()
    ]


SWITCHES = ("versioning", "tags", "descriptions", "no_secrets", "pinned", "outputs", "exposed", "encryption")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, MODULES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
