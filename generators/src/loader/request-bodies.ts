// Captured request body schemas (specs/request-bodies/<slug>/<Tool>.json, written by `toolcat
// schemas pull`) read into the IR. A capture is JSON, which the YAML source reader parses with
// positions, so a bad capture is a file:line:col diagnostic like any spec error.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compareText } from "../core/files.ts";
import type { CapturedRequestBody } from "../ir/request-body.ts";
import type { Server, Tool } from "../ir/types.ts";
import { readAnswer } from "./body-schema.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { SpecSource } from "./source.ts";

export const requestBodiesDir = "specs/request-bodies";

/** The keys of a capture file, in the order `schemas pull` writes them. */
export interface CaptureFile {
  readonly tool: string;
  readonly capturedFrom: string;
  readonly capturedAt: string;
  /** What the engine returned for mode get_request_schema, exactly. */
  readonly answer: unknown;
}

export function captureFile(slug: string, tool: string): string {
  return `${requestBodiesDir}/${slug}/${tool}.json`;
}

/** A capture file's text, as `schemas pull` writes it. */
export function captureText(capture: CaptureFile): string {
  return `${JSON.stringify(capture, null, 2)}\n`;
}

/**
 * What the loader would report for `text` as the capture file `file` of `server`: `schemas pull` stores nothing it
 * would refuse.
 */
export function captureProblems(server: Server, file: string, text: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  attachRequestBodies(server, [file], () => text, diagnostics, new Map());
  return diagnostics;
}

/** Capture files of one server, relative to root: on disk and among the overrides. */
export function listCaptures(root: string, slug: string, overrides?: ReadonlyMap<string, unknown>): string[] {
  const dir = `${requestBodiesDir}/${slug}`;
  const onDisk = existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((n) => n.endsWith(".json"))
        .map((n) => `${dir}/${n}`)
    : [];
  const inMemory = [...(overrides?.keys() ?? [])].filter((f) => f.startsWith(`${dir}/`) && f.endsWith(".json"));
  return [...new Set([...onDisk, ...inMemory])].sort(compareText);
}

/** The server with each captured schema attached to its tool; problems go to `diagnostics`. */
export function attachRequestBodies(
  server: Server,
  files: readonly string[],
  read: (file: string) => string | Uint8Array | undefined,
  diagnostics: Diagnostic[],
  texts: Map<string, string>,
): Server {
  if (files.length === 0) return server;
  const captured = new Map<string, CapturedRequestBody>();
  for (const file of files) {
    const content = read(file);
    if (content === undefined) continue;
    const source = new SpecSource(file, content, "capture");
    texts.set(file, source.text);
    diagnostics.push(...source.problems);
    if (source.data === undefined) continue;
    const body = readCapture(server, file, source, diagnostics);
    if (body !== undefined) captured.set(file, body);
  }
  const tools = server.tools.map((tool): Tool => {
    const body = captured.get(captureFile(server.slug, tool.name));
    return body === undefined ? tool : { ...tool, requestBody: body };
  });
  return { ...server, tools };
}

function readCapture(
  server: Server,
  file: string,
  source: SpecSource,
  diagnostics: Diagnostic[],
): CapturedRequestBody | undefined {
  const fail = (path: readonly (string | number)[], message: string, hint: string): undefined => {
    diagnostics.push({ ...source.at(path), code: "invalid-request-body", message, hint });
    return undefined;
  };
  const repull = "Capture it again with `toolcat schemas pull`, or delete the file.";
  const name = file.slice(file.lastIndexOf("/") + 1, -".json".length);
  const tool = server.tools.find((t) => t.name === name);
  if (tool === undefined || !tool.modePattern) {
    return fail(
      [],
      `${server.name} has no mode-pattern tool ${name}`,
      "Capture files are named after a mode-pattern tool of the server; rename or delete the file.",
    );
  }
  const data = source.data;
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return fail([], "a capture must be a JSON object", repull);
  const capture = data as Partial<Record<keyof CaptureFile, unknown>>;
  for (const key of Object.keys(capture)) {
    if (!["tool", "capturedFrom", "capturedAt", "answer"].includes(key))
      return fail([key], `unknown key ${JSON.stringify(key)}`, repull);
  }
  if (capture.tool !== tool.fullName)
    return fail(["tool"], `tool must be ${JSON.stringify(tool.fullName)}, the tool the file is named after`, repull);
  if (typeof capture.capturedFrom !== "string")
    return fail(["capturedFrom"], "capturedFrom must be the engine's base URL", repull);
  if (typeof capture.capturedAt !== "string" || Number.isNaN(Date.parse(capture.capturedAt)))
    return fail(["capturedAt"], "capturedAt must be an ISO 8601 time", repull);
  if (!("answer" in capture)) return fail([], "the capture has no answer", repull);
  const read = readAnswer(capture.answer);
  if (!read.ok) {
    for (const { path, message, rule } of read.problems) {
      const where = source.at(["answer", ...path]);
      diagnostics.push({
        ...where,
        code: rule?.code ?? "invalid-request-body",
        message: `${tool.fullName}: ${message}`,
        hint: rule?.hint ?? `The answer must be an OpenAPI 3.0/3.1 Schema Object toolcat can check. ${repull}`,
      });
    }
    return undefined;
  }
  return { file, capturedFrom: capture.capturedFrom, capturedAt: capture.capturedAt, ...read.value };
}
