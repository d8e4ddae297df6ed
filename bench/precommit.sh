#!/usr/bin/env bash
# Times the two pre-commit hooks of .pre-commit-hooks.yaml on a 100-tool
# repository: a git repo whose committed mcp-snapshots/catalog.json holds 100
# corpus tools, with a staged change to 5 of them (a description, an added
# required parameter, a rename). Each hook's command runs as pre-commit runs
# it (entry plus the staged file names), median of 5. Goal: well under a
# second each. When pre-commit itself is installed, the same hooks are also
# timed through `pre-commit try-repo`, which adds pre-commit's own start-up.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/bin/mcp-contract" ./cmd/mcp-contract
go build -o "$work/catalog" ./bench/catalog
"$work/catalog" gen -n 100 -o "$work/base.json" -mutate 0.05 -o2 "$work/changed.json"

repo="$work/repo"
mkdir -p "$repo/mcp-snapshots"
cd "$repo"
git init -q
git config user.email bench@example.invalid
git config user.name bench
cp "$work/base.json" mcp-snapshots/catalog.json
git add . && git commit -qm base
cp "$work/changed.json" mcp-snapshots/catalog.json
git add mcp-snapshots/catalog.json
export PATH="$work/bin:$PATH"

# median of 5 wall-clock runs in milliseconds; a run must end with exit 0 or
# 1 (findings), never 2 or 3, or the figure would time a failure.
median_ms() {
  local times=() code
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s%N)
    code=0
    "$@" >/dev/null 2>&1 || code=$?
    end=$(date +%s%N)
    if [ "$code" -gt 1 ]; then
      echo "bench: $* exited $code" >&2
      "$@" >&2 || true
      exit 1
    fi
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}

lint_exit=0; mcp-contract lint --offline mcp-snapshots/catalog.json >/dev/null 2>&1 || lint_exit=$?
drift_out=$(mcp-contract check --offline --against git:HEAD 2>&1 || true)
echo "repository: 100 tools in mcp-snapshots/catalog.json, 5 changed and staged"
echo "lint exit $lint_exit; drift: $(echo "$drift_out" | tail -1)"
echo "mcp-contract-lint  (mcp-contract lint --offline mcp-snapshots/catalog.json):  $(median_ms mcp-contract lint --offline mcp-snapshots/catalog.json) ms (median of 5)"
echo "mcp-contract-drift (mcp-contract check --offline --against git:HEAD):        $(median_ms mcp-contract check --offline --against git:HEAD) ms (median of 5)"

if command -v pre-commit >/dev/null; then
  # The hooks as a user installs them: .pre-commit-config.yaml names this
  # repository at its HEAD commit. install-hooks builds them once (go install
  # in pre-commit's own GOPATH, sharing our module cache), untimed; each timed
  # `pre-commit run` then adds only pre-commit's own start-up.
  export GOMODCACHE="${GOMODCACHE:-$(go env GOMODCACHE)}" PRE_COMMIT_HOME="$work/pre-commit-home"
  cat >.pre-commit-config.yaml <<CONFIG
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: mcp-contract-lint
      - id: mcp-contract-drift
CONFIG
  PATH="${PATH#"$work/bin:"}" pre-commit install-hooks >/dev/null
  echo "through pre-commit $(pre-commit --version | awk '{print $2}') (pre-commit run HOOK, on the staged change; the binary pre-commit built, not ours):"
  # Baseline: pre-commit starting, finding no file for the hook, and skipping it.
  echo "  pre-commit alone (the hook skipped, no file matches): $(PATH="${PATH#"$work/bin:"}" median_ms pre-commit run mcp-contract-drift --files README-none) ms (median of 5)"
  for hook in mcp-contract-lint mcp-contract-drift; do
    out=$(PATH="${PATH#"$work/bin:"}" pre-commit run "$hook" 2>&1 || true)
    # "Failed" is the hook finding the staged breaking change; "Skipped" or an
    # error would mean the hook never ran.
    echo "$out" | grep -Eq '[.]{3}(Passed|Failed)$' || { echo "bench: pre-commit did not run $hook:"; echo "$out"; exit 1; } >&2
    echo "  $hook: $(PATH="${PATH#"$work/bin:"}" median_ms pre-commit run "$hook") ms (median of 5): $(echo "$out" | head -1 | tr -s .)"
  done
fi
