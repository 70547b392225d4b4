#!/usr/bin/env bash
# Type-check the contract (workflows/) and the client with mypy --strict, as they install.
# An editable install maps `rubricflow.workflows` to workflows/ through an import hook mypy
# does not follow, so the check runs on a tree of links laid out as the wheel lays them out.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir "$tree/rubricflow"
for entry in rubricflow/*; do ln -s "$root/$entry" "$tree/rubricflow/"; done
ln -s "$root/workflows" "$tree/rubricflow/workflows"
ln -s "$root/activities" "$tree/rubricflow/activities"
cd "$tree"
MYPYPATH="$tree" "$root/.venv/bin/mypy" --strict --follow-imports=silent \
  --cache-dir "$root/.mypy_cache" --python-executable "$root/.venv/bin/python" \
  -p rubricflow.workflows -m rubricflow.client -m rubricflow.client_errors -m rubricflow.errors
