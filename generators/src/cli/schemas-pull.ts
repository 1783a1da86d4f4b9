// `toolcat schemas pull`: asks a running engine for the request body schema of each mode-pattern
// tool (mode get_request_schema, through the runtime's HTTP transport) and stores each usable
// answer, exactly as returned, in specs/request-bodies/<slug>/<Tool>.json. An answer equal to the
// stored one leaves the file untouched; every write is atomic (a temporary file renamed over),
// inside the workspace only (never through a linked directory), and only of a file the loader
// accepts, checked by the loader's own capture reader first.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { createToolCaller } from "../../../packages/runtime/src/client.ts";
import { createHttpTransport } from "../../../packages/runtime/src/http/transport.ts";
import { cleanJson } from "../../../packages/runtime/src/internal/scrub.ts";
import { writeFileAtomic } from "../write/atomic-write.ts";
import type { Server, Tool } from "../ir/types.ts";
import { modeValues } from "../ir/parameter-schema.ts";
import { readAnswer } from "../loader/body-schema.ts";
import { loadCatalog } from "../loader/load.ts";
import { printable } from "../loader/diagnostics.ts";
import { captureFile, captureProblems, captureText, type CaptureFile } from "../loader/request-bodies.ts";
import { linkedDirectory, readSpecFile } from "../loader/workspace-file.ts";
import { strings, UsageError, type OptionSpec } from "../core/args.ts";
import type { RunContext } from "./command.ts";
import { resolveServers } from "./servers.ts";

export const schemasPullUsage = `usage: toolcat schemas pull [--server <server> ...] [--tool <Name> ...] [--dry-run]
                            [--engine-url <url>] [--api-key <key>] [--timeout <ms>]

Calls each mode-pattern tool with mode get_request_schema on a running engine and stores the
returned OpenAPI schema in specs/request-bodies/<slug>/<Tool>.json with where and when it was
captured. Then \`npm run generate\` types and validates request_body from it. A file whose stored
schema equals the answer is left as it is. Exits 1 when any tool gave no usable schema.

  --server <server>  only this server (slug, name or spec path); repeat for several
  --tool <Name>      only this tool (short or full name); repeat for several
  --dry-run          call the engine and report, but write nothing
  --engine-url <url> the engine's address (default: TOOLCAT_ENGINE_URL)
  --api-key <key>    the engine's API key (default: TOOLCAT_API_KEY; prefer the variable)
  --timeout <ms>     time limit of each call (default 30000)
  -h, --help         show this help
`;

export const schemasPullOptions: OptionSpec = {
  server: { type: "string", multiple: true },
  tool: { type: "string", multiple: true },
  "dry-run": { type: "boolean" },
  "engine-url": { type: "string" },
  // The engine's address under its earlier name, still read (with a warning) until the next major.
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  timeout: { type: "string" },
};

type Outcome = "written" | "unchanged" | "would write" | "failed";

export async function schemasPull({ root, env, out, parsed }: RunContext): Promise<number> {
  const [action] = parsed.positionals;
  if (action !== "pull" || parsed.positionals.length > 1)
    throw new UsageError(
      action === undefined ? "missing subcommand: pull" : `unknown subcommand "${parsed.positionals.join(" ")}"`,
    );
  const value = (name: string, variable: string): string | undefined => {
    const given = parsed.values[name];
    return typeof given === "string" ? given : env[variable];
  };
  const baseUrl = engineUrl(parsed.values, env, (line) => out.stderr(`toolcat schemas pull: ${line}\n`));
  const apiKey = value("api-key", "TOOLCAT_API_KEY");
  if (baseUrl === undefined || baseUrl === "")
    throw new UsageError("no engine address: pass --engine-url or set TOOLCAT_ENGINE_URL");
  if (apiKey === undefined || apiKey === "") throw new UsageError("no API key: set TOOLCAT_API_KEY or pass --api-key");
  const capturedFrom = transportAddress(baseUrl);
  const timeoutMs = Number(parsed.values["timeout"] ?? "30000");
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError("--timeout must be a positive whole number of milliseconds");

  const servers = resolveServers(root, strings(parsed.values["server"]));
  // Stored captures are not read: a broken one must not stop the pull that replaces it.
  const catalog = loadCatalog({
    root,
    requestBodies: false,
    ...(servers.length > 0 && { only: servers.map((s) => `specs/${s}.yaml`) }),
  });
  const tools = selectTools(
    catalog.servers.flatMap((server) => server.tools.filter((t) => t.modePattern).map((tool) => ({ server, tool }))),
    strings(parsed.values["tool"]),
  );
  const mode = modeValues(catalog.rules.toolMode).ignoring[0];
  if (mode === undefined) throw new UsageError("the catalog's ToolMode has no value besides execute");

  // Retries stay off: a tool that fails is reported and the next one asked.
  const transport = createHttpTransport({ baseUrl, apiKey, timeoutMs, retries: 0 });
  const caller = createToolCaller({ transport, env: { ...env } as Record<string, string> });
  const dryRun = parsed.values["dry-run"] === true;
  const counts = new Map<Outcome, number>();
  for (const [index, { server, tool }] of tools.entries()) {
    const progress = `${String(index + 1).padStart(String(tools.length).length)}/${tools.length}`;
    const file = captureFile(server.slug, tool.name);
    let outcome: Outcome;
    try {
      const definition = {
        name: tool.name,
        fullName: tool.fullName,
        secrets: tool.secrets,
        validate: (input: unknown) => ({ ok: true as const, value: input }),
      };
      // An engine may echo the key or a URL password anywhere: captures and messages are redacted.
      const answer = cleanJson(await caller.call(definition, { mode }, { timeoutMs }), caller.redact);
      if (!answer.ok) throw new Error(`returned a value that is not JSON: ${answer.problem}`);
      const read = readAnswer(answer.value);
      if (!read.ok) {
        const problems = read.problems.map(
          (p) => `${p.path.length === 0 ? "" : `at /${p.path.join("/")}: `}${p.message}`,
        );
        const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : "";
        throw new Error(`returned no usable request body schema: ${problems.slice(0, 5).join("; ")}${more}`);
      }
      const capture = {
        tool: tool.fullName,
        capturedFrom: caller.redact(capturedFrom),
        capturedAt: new Date().toISOString(),
        answer: answer.value,
      };
      outcome = store(root, server, file, capture, dryRun);
      out.stdout(`${progress} ${tool.fullName}: ${outcome} ${file}\n`);
    } catch (error) {
      outcome = "failed";
      // The runtime's errors name the tool already; the others get its name here.
      const message = error instanceof Error ? error.message : String(error);
      out.stderr(
        `${progress} ${caller.redact(message.includes(tool.fullName) ? message : `${tool.fullName}: ${message}`)}\n`,
      );
    }
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  const summary = (["written", "would write", "unchanged", "failed"] as const)
    .filter((o) => counts.has(o))
    .map((o) => `${counts.get(o)} ${o}`);
  out.stdout(
    `toolcat schemas pull: ${tools.length} ` +
      `tool(s)${summary.length > 0 ? `: ${summary.join(", ")}` : ""}${dryRun ? " (dry run: nothing written)" : ""}\n`,
  );
  return counts.has("failed") ? 1 : 0;
}

function selectTools<T extends { readonly tool: Tool }>(tools: readonly T[], names: readonly string[]): T[] {
  if (names.length === 0) return [...tools];
  for (const name of names) {
    if (!tools.some(({ tool }) => tool.name === name || tool.fullName === name))
      throw new UsageError(`no mode-pattern tool named "${name}" in the selected servers`);
  }
  return tools.filter(({ tool }) => names.includes(tool.name) || names.includes(tool.fullName));
}

/**
 * The engine's address: --engine-url, else TOOLCAT_ENGINE_URL. The earlier names, --base-url and
 * TOOLCAT_BASE_URL, still work (a flag before any variable), each with one line naming its replacement.
 */
function engineUrl(
  flags: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  warn: (line: string) => void,
): string | undefined {
  const sources = [
    { name: "--engine-url", value: flags["engine-url"] },
    { name: "--base-url", value: flags["base-url"], instead: "--engine-url" },
    { name: "TOOLCAT_ENGINE_URL", value: env["TOOLCAT_ENGINE_URL"] },
    { name: "TOOLCAT_BASE_URL", value: env["TOOLCAT_BASE_URL"], instead: "TOOLCAT_ENGINE_URL" },
  ];
  const source = sources.find((s): s is (typeof sources)[number] & { value: string } => typeof s.value === "string");
  if (source?.instead !== undefined) warn(`warning: ${source.name} is deprecated; use ${source.instead}`);
  return source?.value;
}

/** The address recorded in a capture: origin and path only, so no credential in a URL is stored. */
function transportAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    throw new UsageError(`the engine address ${JSON.stringify(baseUrl)} is not a URL`);
  }
}

/**
 * Writes the capture unless the stored one holds an equal answer. Refused, with nothing written:
 * a capture the loader would reject, and a directory on the way that is a link (writing through it
 * would put the file wherever it points).
 */
function store(root: string, server: Server, file: string, capture: CaptureFile, dryRun: boolean): Outcome {
  const text = captureText(capture);
  const problems = captureProblems(server, file, text);
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((d) => `${d.code} at ${d.line}:${d.col}: ${printable(d.message)}`);
    throw new Error(
      `the answer would not load as ${file} ` +
        `(${shown.join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}); nothing was ` +
        "written",
    );
  }
  const dir = dirname(file);
  refuseLinks(root, dir, file);
  const stored = readSpecFile(root, file);
  if ("bytes" in stored) {
    try {
      const previous = JSON.parse(Buffer.from(stored.bytes).toString("utf8")) as Partial<CaptureFile>;
      if (previous.tool === capture.tool && isDeepStrictEqual(previous.answer, capture.answer)) return "unchanged";
    } catch {
      // An unreadable stored capture is replaced.
    }
  }
  if (dryRun) return "would write";
  mkdirSync(join(root, dir), { recursive: true });
  refuseLinks(root, dir, file); // a link made while the directories were created
  writeFileAtomic(join(root, file), text);
  return "written";
}

function refuseLinks(root: string, dir: string, file: string): void {
  const link = linkedDirectory(root, dir);
  if (link !== undefined)
    throw new Error(
      `${link} is a symbolic link; ${file} is written only inside the workspace, so nothing was written (make ` +
        `${link} a real directory)`,
    );
}
