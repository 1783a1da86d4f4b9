// Tool search routes: what a model reads before any search, in o200k tokens (gpt-tokenizer), per
// route and package, against the 2,000-token target; and the round trip of a search_tools call to
// `toolcat-mcp --mode search` over stdio serving all seven packages, p50 and p99. The "tool search"
// bench section calls benchSearchRoutes(); run alone: `node --import tsx tools/bench/search-routes.ts`.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { workspaceRoot } from "./measure.ts";

export const tokenTarget = 2_000;

export interface RouteTokens {
  readonly route: string;
  readonly package: string;
  readonly tokens: number;
}

export interface SearchRoutesResult {
  readonly tokens: readonly RouteTokens[];
  readonly latency: { readonly calls: number; readonly p50Ms: number; readonly p99Ms: number };
}

const slugs = readdirSync(join(workspaceRoot, "packages")).filter((slug) => {
  try {
    return JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "manifest.json"), "utf8")) !== undefined;
  } catch {
    return false;
  }
});
const json = (slug: string, path: string): unknown =>
  JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, path), "utf8"));
const tokens = (value: unknown): number => countTokens(JSON.stringify(value));

/** Tokens of each route's up-front part, per package: the deferred files' non-deferred parts and the search tools. */
async function routeTokens(): Promise<RouteTokens[]> {
  const rows: RouteTokens[] = [];
  for (const slug of slugs) {
    const pkg = (await import(pathToFileURL(join(workspaceRoot, "packages", slug, "src/index.ts")).href)) as {
      anthropicSearchTool: unknown;
    };
    const anthropic = json(slug, "tools/anthropic-deferred.json") as { defer_loading?: boolean }[];
    // OpenAI shows a namespace's name and description before search, none of its deferred functions.
    const openAi = (
      json(slug, "tools/openai-responses-deferred.json") as { type: string; name?: string; description?: string }[]
    ).map(({ type, name, description }) => ({ type, name, description }));
    rows.push(
      {
        route: "Anthropic, tool search (non-deferred part)",
        package: slug,
        tokens: tokens(anthropic.filter((tool) => tool.defer_loading !== true)),
      },
      { route: "Anthropic, client-side search tool", package: slug, tokens: tokens([pkg.anthropicSearchTool]) },
      { route: "OpenAI Responses, tool_search and namespaces", package: slug, tokens: tokens(openAi) },
      {
        route: "All tools, not deferred (tools/anthropic.json)",
        package: slug,
        tokens: tokens(json(slug, "tools/anthropic.json")),
      },
    );
  }
  return rows;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** MCP search mode over stdio with every package: tools/list tokens, and search_tools round trips. */
async function mcpSearch(calls: number): Promise<{ listTokens: number; p50Ms: number; p99Ms: number }> {
  const main = join(workspaceRoot, "packages/mcp/src/cli/main.ts");
  const packages = slugs.map((slug) => `./packages/${slug}/src/index.ts`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", main, "--mode", "search", ...packages],
    cwd: workspaceRoot,
    env: getDefaultEnvironment(),
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    const listTokens = tokens((await client.listTools()).tools);
    const queries = [
      "list open jobs",
      "read a spreadsheet range",
      "create a candidate",
      "schedule an interview",
      "search the web",
      "delete a contact",
    ];
    await client.callTool({ name: "search_tools", arguments: { query: "warm up" } });
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      await client.callTool({ name: "search_tools", arguments: { query: queries[i % queries.length]!, limit: 5 } });
      times.push(performance.now() - started);
    }
    const sorted = times.sort((a, b) => a - b);
    return { listTokens, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
  } finally {
    await client.close();
  }
}

export async function benchSearchRoutes(calls = 500): Promise<SearchRoutesResult> {
  const rows = await routeTokens();
  const mcp = await mcpSearch(calls);
  rows.push({ route: "MCP search mode, tools/list", package: `all ${slugs.length}`, tokens: mcp.listTokens });
  return { tokens: rows, latency: { calls, p50Ms: mcp.p50Ms, p99Ms: mcp.p99Ms } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await benchSearchRoutes();
  for (const row of result.tokens)
    console.log(
      `${row.route} | ${row.package} | ` +
        `${row.tokens}${row.tokens > tokenTarget && !row.route.startsWith("All tools") ? " (over target)" : ""}`,
    );
  console.log(
    `MCP search_tools round trip over stdio: p50 ${result.latency.p50Ms.toFixed(2)} ms, p99 ` +
      `${result.latency.p99Ms.toFixed(2)} ms (${result.latency.calls} calls)`,
  );
}
