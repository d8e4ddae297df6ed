// Turns the APITool list @buildwithlayer/openapi-to-tools writes into the
// tools/list its MCP plugin serves (name, description, inputSchema built by
// the package's own apiToolToInputSchema), so it can be linted like the
// others. Usage: node layer-tools.js PACKAGE_DIR IN.json OUT.json
const fs = require('fs');
const path = require('path');
const [pkg, input, output] = process.argv.slice(2);
const { apiToolToInputSchema } = require(path.join(pkg, 'dist/cjs/utils.js'));
const apiTools = JSON.parse(fs.readFileSync(input, 'utf8'));
const tools = apiTools.map(t => ({ name: t.name, description: t.description, inputSchema: apiToolToInputSchema(t, {}) }));
fs.writeFileSync(output, JSON.stringify({ tools }));
