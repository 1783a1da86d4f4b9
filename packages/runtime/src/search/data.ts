// The search data each generated package ships (search-index.json), read only on first search.
// The generator writes it; the runtime builds one index over the data of every package searched.

/** Index fields, each holding stemmed terms separated by spaces. */
export const searchFields = [
  "verb",
  "object",
  "verbSynonyms",
  "objectSynonyms",
  "related",
  "group",
  "description",
  "parameters",
  "values",
  "server",
  "annotations",
] as const;

export type SearchField = (typeof searchFields)[number];

/** One tool as the index sees it, plus what a hit shows. */
export interface ToolSearchDocument {
  /** Full name (`CloudSheets.GetSpreadsheet`). */
  readonly name: string;
  /** Provider-safe name (`CloudSheets_GetSpreadsheet`). */
  readonly modelName: string;
  readonly title: string;
  /** One line: the tool's purpose. */
  readonly description: string;
  readonly readOnly: boolean;
  readonly group?: string;
  readonly terms: Readonly<Record<SearchField, string>>;
}

/** The contents of a package's search-index.json. */
export interface ToolSearchData {
  /** Bumped when the shape or the term analysis changes, so a runtime refuses data it would misread. */
  readonly format: number;
  readonly server: string;
  readonly tools: readonly ToolSearchDocument[];
}

/** The search data format this runtime reads and the generator writes. */
export const searchDataFormat = 1;

/** A package's search data, loaded the first time a search needs it. */
export interface ToolSearchIndex {
  readonly server: string;
  load(): ToolSearchData;
}
