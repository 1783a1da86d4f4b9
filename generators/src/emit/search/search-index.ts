// Emits the package's tool search: search-index.json (every tool analysed for the index, expanded
// with the catalog's synonyms), for callers that import or fetch the data themselves;
// src/search-data.ts, the same JSON as text returned by a function, so the package's own search
// needs no file read (any runtime, any bundler) and importing the package parses none of it; and
// src/search.ts (searchTools, and toolSearchIndex for createToolSearch).
import type { GeneratedFile } from "../../core/files.ts";
import { stem as porter2 } from "../../../../packages/runtime/src/search/stemmer.ts";
import { searchDataFormat, type ToolSearchData } from "../../../../packages/runtime/src/search/data.ts";
import { stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import {
  runtimeInternalModule,
  runtimeModule,
  runtimeNames,
  runtimeTypeNames,
  internalNames,
} from "../core/runtime-names.ts";
import { call, laidOut, prefixed, pure } from "../core/layout.ts";
import { docComment, functionDeclaration, nameList, printTypeScript, textFunction } from "../core/source-file.ts";
import { searchDocument } from "./documents.ts";
import { synonymExpansion } from "./expansion.ts";
import { oncePer } from "../../core/once-per.ts";
import { searchModule } from "../../ir/generated-identifiers.ts";
import type { SearchRules } from "../../ir/types.ts";

const dataFile = "search-index.json";

const runtimeImports = runtimeNames(searchModule.runtime);
const runtimeTypes = runtimeTypeNames(searchModule.runtimeTypes);
const internalImports = internalNames(searchModule.internal);
const { search, dataText } = searchModule;

export const searchIndexEmitter: Emitter = {
  id: "search-index",
  outputs: [dataFile, "src/search.ts", "src/search-data.ts"],
  exports: { [`./${dataFile}`]: `./${dataFile}` },
  index: { module: "./search.js", names: searchModule.exports },
  emit: (context) => {
    const data = searchData(context);
    return [
      { path: `${packageDir(context)}/${dataFile}`, text: `${data}\n` },
      emitDataModule(context, data),
      emitSearchModule(context),
    ];
  },
};

// Tool texts repeat their words, and stemming was most of this emitter's time: each word is
// stemmed once per process.
const stems = new Map<string, string>();
function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

// Every server of a catalog reads the same synonym groups: their expansion is built once per catalog.
const catalogExpansion = oncePer((synonyms: SearchRules["synonyms"]) => synonymExpansion(synonyms, stem));

/** The package's search data as JSON text. */
function searchData(context: EmitContext): string {
  const { server } = context;
  const expand = catalogExpansion(context.search.synonyms);
  const data: ToolSearchData = {
    format: searchDataFormat,
    server: server.name,
    tools: server.tools.map((tool) => searchDocument(server, tool, stem, expand, context.resources.synonyms)),
  };
  return JSON.stringify(data);
}

/** src/search-data.ts: the JSON text as escaped string literals, inside a function so importing compiles none of it. */
function emitDataModule(context: EmitContext, json: string): GeneratedFile {
  return printTypeScript(context.server, `${packageDir(context)}/src/search-data.ts`, [
    textFunction({
      exported: true,
      doc: `The ${context.server.name} tools' search data, the text of ${dataFile}: the first search parses it.`,
      name: dataText,
      text: json,
    }),
  ]);
}

function emitSearchModule(context: EmitContext): GeneratedFile {
  const { server } = context;
  const statements = [
    nameList("import", runtimeImports, runtimeModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import", internalImports, runtimeInternalModule),
    nameList("import", [dataText], "./search-data.js"),
    [
      docComment(
        `The ${server.name} tools' search data, parsed on the first search. Pass the package to createToolSearch ` +
          "to search its tools together with other packages' tools.",
      ),
      laidOut(
        prefixed(
          "export const toolSearchIndex: ToolSearchIndex = ",
          pure(call("searchIndexText", [stringLiteral(server.name), dataText])),
        ),
        ";",
      ),
    ].join("\n"),
    laidOut(prefixed(`const ${search} = `, pure("createToolSearch([{ toolSearchIndex }])")), ";"),
    functionDeclaration({
      exported: true,
      doc: [
        `Finds ${server.name} tools for a need in words ("add a note to a cell"): hits best first, equal scores ` +
          "in name order.",
        "`limit` is 1 to 50 (default 5); `readOnly: true` keeps read-only tools; `group` keeps one group's tools.",
        "Throws ToolSearchError (code `invalid_search`) for an empty or over-long query or a bad option, saying " +
          "what to send instead.",
      ].join(" "),
      name: "searchTools",
      parameters: ["query: string", "options?: ToolSearchOptions"],
      returnType: "ToolSearchHit[]",
      body: (w) => {
        w.writeLine(`return ${search}.search(query, options);`);
      },
    }),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/search.ts`, statements);
}
