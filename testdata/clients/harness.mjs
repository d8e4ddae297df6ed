// Runs MCP tools through the real code path of each pinned client library and
// records what each one does with every tool: accept (sent as given, or
// rewritten by the client into a form it guarantees), reject (the client
// throws; the error is kept) or changed (the client silently drops keys or
// falls back, and says which). lint/clients_test.go holds each lint profile
// to these outcomes.
//
// Usage: node harness.mjs OUT.json TOOLS.json...
// Every file is {"tools": [...]}: the corpus, and probes.json, one tool per
// shape the corpus lacks but a client treats specially. Nothing here talks to a network: every fetch any
// client makes is answered in process, and the MCP server is an in-memory
// transport answering tools/list with the raw tool, so no SDK on the server
// side can normalise it first.
import { readFileSync, writeFileSync } from 'node:fs';

// The Agents SDK redacts the reason it falls back from strict mode unless told
// it may log tool data; the reason is what the test reports.
process.env.OPENAI_AGENTS_DONT_LOG_TOOL_DATA = '0';

const version = (name) => JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
const { mcpToFunctionTool } = await import('@openai/agents-core');
const ai6 = await import('ai');
const { createGoogleGenerativeAI: createGoogle3 } = await import('@ai-sdk/google');
const ai7 = await import('ai7');
const { createGoogleGenerativeAI: createGoogle4 } = await import('ai7-google');
const { ChatGoogleGenerativeAI } = await import('@langchain/google-genai');
const { DynamicStructuredTool } = await import('@langchain/core/tools');
const { GoogleGenAI, mcpToTool } = await import('@google/genai');


const [out, ...files] = process.argv.slice(2);
if (!out || files.length === 0) {
  console.error('usage: node harness.mjs OUT.json TOOLS.json...');
  process.exit(2);
}
const inputs = [];
for (const file of files) {
  for (const tool of JSON.parse(readFileSync(file, 'utf8')).tools) inputs.push({ file, tool });
}

// The network, faked: the last request body is kept, and every request ends
// in this sentinel, so no client waits on, retries or parses a reply.
let lastBody;
class Captured extends Error {}
const fakeFetch = async (_url, init) => {
  lastBody = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  throw new Captured('request captured');
};
globalThis.fetch = fakeFetch;

const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const message = (e) => String(e?.message ?? e).replace(/\s+/g, ' ').slice(0, 300);
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

// dropped lists what the client lost: "dropped PTR" for a key the input had
// and the sent schema lacks, "replaced PTR" for a boolean schema sent as
// something else. Only presence is compared otherwise: a client that
// upper-cases a type or turns a const into a one-value enum keeps the meaning.
function dropped(before, after, ptr = '', outList = []) {
  if (typeof before === 'boolean') {
    if (after !== before) outList.push(`replaced ${ptr || '/'}`);
    return outList;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    before.forEach((v, i) => dropped(v, after[i], `${ptr}/${i}`, outList));
    return outList;
  }
  if (!isObj(before)) return outList;
  if (!isObj(after)) {
    outList.push(`dropped ${ptr || '/'}`);
    return outList;
  }
  for (const key of Object.keys(before)) {
    const esc = key.replace(/~/g, '~0').replace(/\//g, '~1');
    if (!(key in after)) {
      if (key === 'const' && 'enum' in after) continue;
      outList.push(`dropped ${ptr}/${esc}`);
      continue;
    }
    dropped(before[key], after[key], `${ptr}/${esc}`, outList);
  }
  return outList;
}

// The MCP server: a raw in-memory peer, so the tool reaches the client byte
// for byte as a server sent it.
let serving = [];
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
serverSide.onmessage = (msg) => {
  if (msg.id === undefined) return;
  let result;
  if (msg.method === 'initialize') {
    result = { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'corpus', version: '1' } };
  } else if (msg.method === 'tools/list') {
    result = { tools: serving };
  } else {
    serverSide.send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'not served' } });
    return;
  }
  serverSide.send({ jsonrpc: '2.0', id: msg.id, result });
};
await serverSide.start();
const mcpClient = new Client({ name: 'harness', version: '1' });
await mcpClient.connect(clientSide);

const clients = {
  // Client.listTools(): zod-parses the list, then compiles every outputSchema
  // with ajv; either failing throws and the server's whole list is lost.
  'mcp-sdk': async (tool) => {
    serving = [tool];
    const res = await mcpClient.listTools();
    const got = res.tools[0];
    return { sent: got, changes: dropped(tool, got) };
  },
  // mcpToFunctionTool(tool, server, convertSchemasToStrict=true): rewrites
  // the schema to strict itself, or falls back to strict:false and only warns.
  'openai-agents': async (tool) => {
    const warnings = [];
    const warn = console.warn;
    console.warn = (...args) => warnings.push(args.map((a) => message(a)).join(' '));
    let ft;
    try {
      ft = mcpToFunctionTool(tool, { name: 'corpus', callTool: async () => [] }, true);
    } finally {
      console.warn = warn;
    }
    const changes = [];
    if (!ft.strict) changes.push(`strict fallback: ${warnings.join(' ') || 'no reason logged'}`);
    if (ft.name !== tool.name) changes.push(`renamed to ${ft.name}`);
    return { sent: { name: ft.name, strict: ft.strict, parameters: ft.parameters }, changes };
  },
  // ai 6 generateText with the tool as the AI SDK's MCP client builds it
  // (dynamicTool over jsonSchema(inputSchema)), to @ai-sdk/google 3, which
  // converts to Gemini's OpenAPI `parameters`.
  'ai6-google': (tool) => viaAISDK(ai6, createGoogle3, tool),
  // ai 7 to @ai-sdk/google 4, which sends `parametersJsonSchema`.
  'ai7-google': (tool) => viaAISDK(ai7, createGoogle4, tool),
  // LangChain: the tool as @langchain/mcp-adapters builds it (a
  // DynamicStructuredTool whose schema is the JSON Schema), bound to
  // ChatGoogleGenerativeAI, which sends `parameters`.
  langchain: async (tool) => {
    const lcTool = new DynamicStructuredTool({ name: tool.name, description: tool.description ?? '', schema: clone(tool.inputSchema), func: async () => '' });
    const model = new ChatGoogleGenerativeAI({ apiKey: 'x', model: 'gemini-2.5-flash', maxRetries: 0 }).bindTools([lcTool]);
    return viaRequest(() => model.invoke('x'), tool);
  },
  // @google/genai with a hand-built declaration in `parameters`: tTool
  // converts it, or reroutes it to parametersJsonSchema when it has $schema.
  'genai-parameters': async (tool) => {
    const g = new GoogleGenAI({ apiKey: 'x' });
    const decl = { name: tool.name, description: tool.description, parameters: clone(tool.inputSchema) };
    return viaRequest(() => g.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x', config: { tools: [{ functionDeclarations: [decl] }] } }), tool);
  },
  // @google/genai mcpToTool over the MCP SDK client: `parametersJsonSchema`.
  'genai-mcptotool': async (tool) => {
    serving = [tool];
    const g = new GoogleGenAI({ apiKey: 'x' });
    return viaRequest(() => g.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x', config: { tools: [mcpToTool(mcpClient)], automaticFunctionCalling: { disable: true } } }), tool);
  },
};

async function viaAISDK(ai, createGoogle, tool) {
  const google = createGoogle({ apiKey: 'x', fetch: fakeFetch });
  const tools = { [tool.name]: ai.dynamicTool({ description: tool.description, inputSchema: ai.jsonSchema(clone(tool.inputSchema)), execute: async () => '' }) };
  return viaRequest(() => ai.generateText({ model: google('gemini-2.5-flash'), prompt: 'x', tools, maxRetries: 0 }), tool);
}

// viaRequest runs a client call whose request the fake fetch captures, and
// compares the one function declaration sent with the tool's inputSchema.
async function viaRequest(call, tool) {
  lastBody = undefined;
  try {
    await call();
  } catch (e) {
    if (lastBody === undefined) throw e;
  }
  if (lastBody === undefined) throw new Error('no request was sent');
  const decl = (lastBody.tools ?? []).flatMap((t) => t.functionDeclarations ?? [])[0];
  if (!decl) throw new Error('the request carries no function declaration');
  const field = 'parametersJsonSchema' in decl ? 'parametersJsonSchema' : 'parameters' in decl ? 'parameters' : 'none';
  const sent = decl[field];
  const changes = [];
  if (decl.name !== tool.name) changes.push(`renamed to ${decl.name}`);
  if (field === 'none') {
    if (tool.inputSchema && Object.keys(tool.inputSchema.properties ?? {}).length > 0) changes.push('parameters dropped');
  } else {
    changes.push(...dropped(tool.inputSchema, sent));
  }
  return { field, sent, changes };
}

const results = [];
for (const [client, run] of Object.entries(clients)) {
  for (const { file, tool } of inputs) {
    const rec = { client, file: file.split('/').pop(), tool: tool.name };
    try {
      const r = await run(clone(tool));
      const changes = r.changes;
      rec.outcome = changes.length > 0 ? 'changed' : 'accept';
      if (changes.length > 0) rec.changes = changes;
      if (r.field) rec.field = r.field;
      if (client === 'openai-agents' && r.sent.strict && JSON.stringify(r.sent.parameters) !== JSON.stringify(tool.inputSchema)) rec.rewritten = true;
    } catch (e) {
      rec.outcome = 'reject';
      rec.error = message(e);
    }
    results.push(rec);
  }
}
await mcpClient.close();

const versions = {};
for (const name of ['@modelcontextprotocol/sdk', '@openai/agents-core', 'ai', '@ai-sdk/google', 'ai7', 'ai7-google', '@langchain/google-genai', '@langchain/core', '@google/genai']) versions[name] = version(name);
writeFileSync(out, JSON.stringify({ versions, results }, null, 1) + '\n');
