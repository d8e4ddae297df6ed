#!/usr/bin/env bash
# Peak memory of reading big OpenAPI specs, generated here into a temp dir
# (never committed): a 64 MiB spec of small nodes (refused before parsing),
# the largest spec of small nodes the estimate lets through (refused by the
# exact count after parsing: the worst peak), and a 64 MiB spec of long
# descriptions within the node budget (read and translated).
# Usage: bench/openapi/memory.sh   (from the repository root; needs python3 and GNU time)
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/mcp-contract" ./cmd/mcp-contract
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
def spec(props):
    return {"openapi": "3.1.0", "info": {"title": "big", "version": "1"},
            "paths": {"/a": {"post": {"operationId": "a", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Big"}}}},
                                      "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": {"Big": {"type": "object", "properties": props}}}}
def write(name, props, target=None):
    text = json.dumps(spec(props), separators=(",", ":"))
    if target:
        text = text[:-1] + "," + json.dumps("x" * max(0, target - len(text) - 6)) + ":1}"
    open(f"{d}/{name}", "w").write(text)
write("dense-64MiB.json", {f"p{i}": {"type": "string"} for i in range(2_300_000)}, (64 << 20) - 16)
write("dense-within-estimate.json", {f"p{i}": {"type": "string"} for i in range(1_240_000)})
write("long-64MiB.json", {f"p{i}": {"type": "string", "description": "d" * 16000} for i in range(4150)})
PY
for f in dense-64MiB.json dense-within-estimate.json long-64MiB.json; do
	size=$(stat -c %s "$tmp/$f")
	set +e
	/usr/bin/time -f "%M" -o "$tmp/peak" "$tmp/mcp-contract" openapi tools "$tmp/$f" >/dev/null 2>"$tmp/err"
	code=$?
	set -e
	printf '%-28s %9d bytes  exit %d  peak %6d MB  %s\n' "$f" "$size" "$code" $(( $(tail -1 "$tmp/peak") / 1024 )) "$(head -c 120 "$tmp/err" | sed "s#$tmp/##g")"
done
