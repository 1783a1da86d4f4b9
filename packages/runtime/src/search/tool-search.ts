// createToolSearch: one ranking over the tools of several packages. The packages' search data are
// merged into one index (term statistics over all of them), built on the first search.
import { ToolSearchError } from "../errors.js";
import { searchDataFormat, type ToolSearchData, type ToolSearchDocument, type ToolSearchIndex } from "./data.js";
import { createEngine, type Engine } from "./engine.js";
import { checkSearch, type ToolSearchOptions } from "./options.js";
import { defaultSearchSettings, type SearchSettings } from "./settings.js";
import { toolVocabulary, type ToolVocabulary } from "./vocabulary.js";

/** One search result, best first. */
export interface ToolSearchHit {
  /** Full name (`CloudSheets.GetSpreadsheet`): what `validate` and `client.call` take. */
  readonly name: string;
  /** Provider-safe name (`CloudSheets_GetSpreadsheet`), as the package's tool files name it. */
  readonly modelName: string;
  readonly title: string;
  /** One line: what the tool does. */
  readonly description: string;
  /** Relevance, higher is better, to 4 significant digits; comparable within one search only. */
  readonly score: number;
  /**
   * How much of the query the tool matched, 0 to 1 (2 decimals): the share of the query's words
   * (after filler words and the user's own values) found in the tool's index entry. 0 means no word
   * matched and the hit is only the nearest by spelling; below 0.5, treat the hit as weak.
   */
  readonly confidence: number;
}

/**
 * What createToolSearch takes: an imported generated package (its `toolSearchIndex` export), or
 * `{ toolSearchIndex: data }` with a package's search-index.json as the caller imported or fetched it.
 */
export interface ToolSearchPackage {
  readonly toolSearchIndex: ToolSearchIndex | ToolSearchData;
}

export interface ToolSearch {
  /** Hits best first; equal scores in full-name order. Throws ToolSearchError on bad input. */
  search(query: string, options?: ToolSearchOptions): ToolSearchHit[];
  /** The words the tool names use, for a search tool's description (loads the data, as a search does). */
  vocabulary(): ToolVocabulary;
}

/** One search over the tools of every package given, ranked together. */
export function createToolSearch(packages: readonly ToolSearchPackage[]): ToolSearch {
  return toolSearchWith(packages, defaultSearchSettings);
}

/** createToolSearch with other settings than the runtime's: what the bench compares. */
export function toolSearchWith(packages: readonly ToolSearchPackage[], settings: SearchSettings): ToolSearch {
  const indexes = distinctIndexes(packages);
  let built: Built | undefined;
  const load = (): Built => (built ??= build(indexes.map(loadData), settings));
  return {
    vocabulary: () => load().vocabulary,
    search(query, options) {
      const checked = checkSearch(query, options);
      const { engine, groups } = load();
      const group = checked.group === undefined ? undefined : knownGroup(groups, checked.group);
      const hits = engine
        .search(checked.query)
        .filter(
          ({ document }) =>
            (!checked.readOnly || document.readOnly) && (group === undefined || document.group === group),
        );
      return hits.slice(0, checked.limit).map(({ document, score, confidence }) => ({
        name: document.name,
        modelName: document.modelName,
        title: document.title,
        description: document.description,
        score: Number(score.toPrecision(4)),
        confidence: Math.round(confidence * 100) / 100,
      }));
    },
  };
}

function distinctIndexes(packages: readonly ToolSearchPackage[]): ToolSearchIndex[] {
  const byServer = new Map<string, { given: unknown; index: ToolSearchIndex }>();
  for (const pkg of packages) {
    const given: unknown = pkg?.toolSearchIndex;
    const index = asIndex(given);
    if (index === undefined) {
      throw new TypeError(
        "createToolSearch takes imported toolcat packages (modules exporting toolSearchIndex) or { " +
          "toolSearchIndex: <a package's search-index.json data> }",
      );
    }
    const seen = byServer.get(index.server);
    if (seen !== undefined && seen.given !== given)
      throw new TypeError(`createToolSearch: two different packages for server ${index.server}`);
    byServer.set(index.server, { given, index });
  }
  return [...byServer.values()].map(({ index }) => index);
}

/** A package's loader as it is, or search data the caller already holds wrapped as one. */
function asIndex(given: unknown): ToolSearchIndex | undefined {
  if (typeof given !== "object" || given === null) return undefined;
  const { server, load, tools } = given as Partial<ToolSearchIndex & ToolSearchData>;
  if (typeof server !== "string") return undefined;
  if (typeof load === "function") return given as ToolSearchIndex;
  if (Array.isArray(tools)) return { server, load: () => given as ToolSearchData };
  return undefined;
}

function loadData(index: ToolSearchIndex): ToolSearchData {
  const data = index.load();
  if (data.format !== searchDataFormat) {
    throw new TypeError(
      `the search data of ${index.server} has format ${data.format}; this runtime reads format ` +
        `${searchDataFormat}: update @toolcat/runtime or the package`,
    );
  }
  return data;
}

interface Built {
  readonly engine: Engine;
  readonly groups: ReadonlyMap<string, string>;
  readonly vocabulary: ToolVocabulary;
}

function build(data: readonly ToolSearchData[], settings: SearchSettings): Built {
  // Sorted by full name, so the index and every tie-break are the same whatever order packages came in.
  const documents: ToolSearchDocument[] = data
    .flatMap((d) => d.tools)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = new Map(
    documents.flatMap((d) => (d.group === undefined ? [] : [[d.group.toLowerCase(), d.group] as const])),
  );
  return { engine: createEngine(documents, settings), groups, vocabulary: toolVocabulary(documents) };
}

function knownGroup(groups: ReadonlyMap<string, string>, asked: string): string {
  const group = groups.get(asked.trim().toLowerCase());
  if (group !== undefined) return group;
  if (groups.size === 0) throw new ToolSearchError("group", "these tools have no groups: search without group");
  const names = [...new Set(groups.values())].sort().join(", ");
  throw new ToolSearchError("group", `unknown group; the groups are: ${names}`);
}
