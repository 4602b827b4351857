// A real MCP client for McpClientIT: the official TypeScript SDK connects to coderag over stdio or Streamable
// HTTP, lists the tools and calls each one given. The spec comes as one JSON argument:
//   {"transport": "stdio", "command": "...", "args": [...], "env": {...}, "calls": [{"name", "arguments"}]}
//   {"transport": "http", "url": "http://127.0.0.1:PORT/mcp", "token": "..."?, "calls": [...]}
// A call with "follow": true is repeated with the result's structuredContent.next_cursor as "cursor" until a result
// has none (at most 50 pages); its entry in results is {"pages": [result, …]}. A call with "cursorFrom": i gets the
// next_cursor of results[i] (of its first page) as "cursor".
// Prints {"server", "tools", "results"} as JSON on stdout; exits 1 with the error on stderr when anything fails.
// The SDK validates each result's structuredContent against the tool's outputSchema.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const spec = JSON.parse(process.argv[2]);
const transport =
  spec.transport === "stdio"
    ? new StdioClientTransport({
        command: spec.command,
        args: spec.args ?? [],
        env: { ...process.env, ...(spec.env ?? {}) },
        stderr: "inherit",
      })
    : new StreamableHTTPClientTransport(new URL(spec.url), {
        requestInit: spec.token ? { headers: { Authorization: `Bearer ${spec.token}` } } : {},
      });
const client = new Client({ name: "coderag-it", version: "1.0.0" });
try {
  await client.connect(transport, { timeout: 180_000 });
  const tools = (await client.listTools()).tools;
  const results = [];
  const callTool = (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  for (const call of spec.calls ?? []) {
    if (call.cursorFrom !== undefined) {
      const from = results[call.cursorFrom];
      call.arguments = { ...(call.arguments ?? {}), cursor: (from.pages?.[0] ?? from).structuredContent.next_cursor };
    }
    if (!call.follow) {
      results.push(await callTool(call.name, call.arguments ?? {}));
      continue;
    }
    const pages = [await callTool(call.name, call.arguments ?? {})];
    while (pages.length < 50 && !pages.at(-1).isError && pages.at(-1).structuredContent?.next_cursor) {
      const cursor = pages.at(-1).structuredContent.next_cursor;
      pages.push(await callTool(call.name, { ...(call.arguments ?? {}), cursor }));
    }
    results.push({ pages });
  }
  process.stdout.write(JSON.stringify({ server: client.getServerVersion(), tools, results }) + "\n");
  await client.close();
} catch (e) {
  process.stderr.write(`mcp client: ${e?.message ?? e}\n`);
  try {
    await client.close();
  } catch {}
  process.exit(1);
}
