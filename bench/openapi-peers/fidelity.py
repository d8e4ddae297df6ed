# Helpers for bench/openapi-peers.sh, one subcommand each:
#   draw SPEC SEED N             the operationIds drawn (sorted ids, random.Random(SEED).sample)
#   bind TOOLS IDS OUT SPEC NAME  the drawn operations' tools (a name equal to the
#                                operationId once case and punctuation are gone, after any
#                                prefix, shortest first; ours by --operation) written to
#                                OUT/tools.json with a config binding each to its operation;
#                                prints the unmatched operationIds
#   count REPORT                 "errors hidden" of the binding's findings
#   lint MCP STRICT GEMINI       (reports of lint --profile each) "tools tokens strict_errors/tools gemini_errors/tools"
import json, random, re, sys

def ops(spec):
    s = json.load(open(spec))
    return sorted(o["operationId"] for p in s["paths"].values() for m, o in p.items()
                  if m in ("get", "put", "post", "delete", "patch", "head", "options", "trace") and o.get("operationId"))

def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())

cmd = sys.argv[1]
if cmd == "draw":
    print("\n".join(random.Random(int(sys.argv[3])).sample(ops(sys.argv[2]), int(sys.argv[4]))))
elif cmd == "bind":
    tools_file, ids_file, out, spec, name = sys.argv[2:7]
    tools = json.load(open(tools_file))["tools"]
    ids = open(ids_file).read().split()
    # ours.txt, when given, maps operationId -> our tool name
    ours = dict(l.split() for l in open(sys.argv[7])) if len(sys.argv) > 7 else {}
    picked, binding, missing = [], {}, []
    for i in ids:
        if ours:
            cands = [t for t in tools if t["name"] == ours.get(i)]
        else:
            cands = sorted((t for t in tools if norm(t["name"]).endswith(norm(i))), key=lambda t: len(t["name"]))
        if not cands:
            missing.append(i)
            continue
        picked.append(cands[0]); binding[cands[0]["name"]] = i
    json.dump({"tools": picked}, open(out + "/tools.json", "w"))
    with open(out + "/.mcp-contract.yaml", "w") as f:
        f.write("version: 1\nservers:\n  %s:\n    file: tools.json\n    openapi:\n      spec: %s\n      operations:\n" % (name, spec))
        for t, i in binding.items():
            f.write("        %s: %s\n" % (json.dumps(t), json.dumps(i)))
    print(" ".join(missing))
elif cmd == "count":
    r = json.load(open(sys.argv[2]))
    rules = [f["rule"] for f in r["findings"]]
    print(rules.count("openapi/tool-accepts-what-api-rejects"), rules.count("openapi/tool-hides-capability"))
elif cmd == "lint":
    s = json.load(open(sys.argv[2]))["servers"][0]
    out = [str(s["tools"]), str(s["tokens"])]
    for p, f in (("openai-strict", sys.argv[3]), ("gemini", sys.argv[4])):
        r = json.load(open(f))
        errs = [f for f in r["findings"] if f["severity"] == "error" and f["rule"].split("/")[0] == p]
        out.append("%d/%d" % (len(errs), len({f.get("tool") for f in errs})))
    print(" ".join(out))
