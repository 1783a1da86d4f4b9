// Where the two sides of a diff come from: a spec file on disk or `<rev>:<path>` in git. Both go
// through the real loader, so a diff sees exactly the IR the generators would; a revision's side
// takes the catalog rules and the captured request bodies of that revision, not the working tree's.
import { existsSync } from "node:fs";
import { basename, relative, resolve } from "node:path";
import { parse } from "yaml";
import { compareText } from "../core/files.ts";
import { kebabCase } from "../ir/naming.ts";
import { modeValues, type ModeValues } from "../ir/parameter-schema.ts";
import type { Server } from "../ir/types.ts";
import { SpecError, type Diagnostic } from "../loader/diagnostics.ts";
import { catalogFileName, loadCatalog } from "../loader/load.ts";
import { attachRequestBodies, requestBodiesDir } from "../loader/request-bodies.ts";
import { readSpecFile } from "../loader/workspace-file.ts";
import { listFilesAt, showFile } from "./git.ts";

export type SpecInput =
  | { readonly kind: "file"; readonly path: string }
  /** `path` is relative to the workspace root. */
  | { readonly kind: "git"; readonly rev: string; readonly path: string };

const catalogPath = `specs/${catalogFileName}`;

/** A path that exists is a file; otherwise `<rev>:<path>` (split at the last colon) is a git revision. */
export function parseSpecInput(arg: string, cwd: string): SpecInput {
  const colon = arg.lastIndexOf(":");
  if (existsSync(resolve(cwd, arg)) || colon <= 0) return { kind: "file", path: resolve(cwd, arg) };
  return { kind: "git", rev: arg.slice(0, colon), path: arg.slice(colon + 1) };
}

export function describeInput(input: SpecInput, root: string): string {
  return input.kind === "git" ? `${input.rev}:${input.path}` : relative(root, input.path) || input.path;
}

export function loadInput(root: string, input: SpecInput): Server {
  const label = describeInput(input, root);
  if (input.kind === "file") {
    // Read as the loader reads: a regular file, never through a link, quoted only if it is spec text.
    const read = readSpecFile(root, relative(root, input.path));
    if ("refused" in read) throw new SpecError([{ ...read.refused, file: label }]);
    return loadSpecText(root, read.bytes, label);
  }
  const text = showFile(root, input.rev, input.path);
  if (text === undefined) throw new Error(`${input.path} does not exist at revision ${input.rev}`);
  // The catalog rules and captures of the same revision, so the old side is the package that was generated then.
  const server = loadSpecText(root, text, label, {
    catalogText: showFile(root, input.rev, catalogPath),
    requestBodies: false,
  });
  return attachCapturesAt(root, input.rev, server);
}

/** The working tree catalog's mode values, which findings about `~` parameters name. */
export function catalogModes(root: string): ModeValues {
  return modeValues(loadCatalog({ root, only: [] }).rules.toolMode);
}

export interface SpecTextOptions {
  /** The catalog rules to load with; specs/catalog.yaml on disk when undefined. */
  readonly catalogText?: string | undefined;
  /** false: leave the captured request bodies on disk unread (the caller attaches its own). */
  readonly requestBodies?: false;
}

/**
 * Loads one server spec from text. The loader requires `specs/<slug>.yaml` to match the server's
 * name, so the text is placed at that path in memory, whatever file or revision it came from;
 * diagnostics are relabelled with `label` so they point at the real source.
 */
export function loadSpecText(
  root: string,
  text: string | Uint8Array,
  label: string,
  options: SpecTextOptions = {},
): Server {
  const { catalogText, requestBodies } = options;
  const path = `specs/${declaredSlug(text) ?? basename(label).replace(/\.yaml$/, "")}.yaml`;
  const overrides = new Map([
    [path, text],
    ...(catalogText === undefined ? [] : [[catalogPath, catalogText] as const]),
  ]);
  try {
    const [server] = loadCatalog({
      root,
      only: [path],
      overrides,
      ...(requestBodies === false && { requestBodies }),
    }).servers;
    if (server === undefined) throw new Error(`${label}: no server loaded`);
    return server;
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    throw new SpecError(error.diagnostics.map((d) => (d.file === path ? { ...d, file: label } : d)));
  }
}

/** The server with the request bodies captured at `rev`, read by the loader's own reader; errors name the revision. */
function attachCapturesAt(root: string, rev: string, server: Server): Server {
  const dir = `${requestBodiesDir}/${server.slug}`;
  const files = listFilesAt(root, rev, dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => `${dir}/${name}`)
    .sort(compareText);
  const diagnostics: Diagnostic[] = [];
  const attached = attachRequestBodies(server, files, (file) => showFile(root, rev, file), diagnostics, new Map());
  if (diagnostics.length > 0) throw new SpecError(diagnostics.map((d) => ({ ...d, file: `${rev}:${d.file}` })));
  return attached;
}

/** The slug the loader expects for this text's `server:` name, if the YAML parses that far. */
function declaredSlug(text: string | Uint8Array): string | undefined {
  try {
    const data: unknown = parse(typeof text === "string" ? text : new TextDecoder().decode(text));
    const name = typeof data === "object" && data !== null ? (data as { server?: unknown }).server : undefined;
    return typeof name === "string" ? kebabCase(name) : undefined;
  } catch {
    return undefined;
  }
}
