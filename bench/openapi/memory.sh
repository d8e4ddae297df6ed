#!/usr/bin/env bash
# Peak memory of reading big OpenAPI specs, generated here into a temp dir
# (never committed): a spec of small nodes just under the file limit
# (internal/fileio.MaxToolFile; refused before parsing), the largest spec of
# small nodes the estimate lets through (refused by the exact count after
# parsing: the worst peak), and a spec of long descriptions just under the
# limit, within the node budget (read and translated).
# Usage: bench/openapi/memory.sh   (from the repository root; needs python3 and GNU time)
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/mcp-contract" ./cmd/mcp-contract
mib=$(sed -n 's/^\tMaxToolFile *= \([0-9]*\) << 20$/\1/p' internal/fileio/fileio.go)
python3 - "$tmp" "$mib" <<'PY'
import json, sys
d, mib = sys.argv[1], int(sys.argv[2])
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
write("dense-limit.json", {f"p{i}": {"type": "string"} for i in range(2_200_000 * mib // 64)}, (mib << 20) - 16)
write("dense-within-estimate.json", {f"p{i}": {"type": "string"} for i in range(1_240_000)})
write("long-limit.json", {f"p{i}": {"type": "string", "description": "d" * 16000} for i in range(4150 * mib // 64)})
PY
for f in dense-limit.json dense-within-estimate.json long-limit.json; do
	size=$(stat -c %s "$tmp/$f")
	set +e
	/usr/bin/time -f "%M" -o "$tmp/peak" "$tmp/mcp-contract" openapi tools "$tmp/$f" >/dev/null 2>"$tmp/err"
	code=$?
	set -e
	printf '%-28s %9d bytes  exit %d  peak %6d MB  %s\n' "$f" "$size" "$code" $(( $(tail -1 "$tmp/peak") / 1024 )) "$(head -c 120 "$tmp/err" | sed "s#$tmp/##g")"
done
