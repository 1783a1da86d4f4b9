// Emits the package's tool search: search-index.json (every tool analysed for the index, expanded
// with the catalog's synonyms) and src/search.ts (searchTools, and toolSearchIndex for
// createToolSearch). The JSON is read on the first search only, so importing the package never
// pays for it.
import type { GeneratedFile } from "../../core/files.ts";
import { loadStemmer } from "../../../../packages/runtime/src/search/engine.ts";
import { searchDataFormat, type ToolSearchData } from "../../../../packages/runtime/src/search/data.ts";
import { stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { runtimeInternalModule, runtimeModule, runtimeNames, runtimeTypeNames, internalNames } from "../core/runtime-names.ts";
import { call, laidOut, prefixed, pure } from "../core/layout.ts";
import { docComment, functionDeclaration, nameList, printTypeScript } from "../core/source-file.ts";
import { searchDocument } from "./documents.ts";
import { synonymExpansion } from "./expansion.ts";
import { oncePer } from "../../core/once-per.ts";
import type { SearchRules } from "../../ir/types.ts";

const dataFile = "search-index.json";

const runtimeImports = runtimeNames(["createToolSearch"]);
const runtimeTypes = runtimeTypeNames(["ToolSearchHit", "ToolSearchIndex", "ToolSearchOptions"]);
const internalImports = internalNames(["searchIndexFile"]);
/** The package's one search over its own index. */
const search = "search";

export const searchIndexEmitter: Emitter = {
  id: "search-index",
  outputs: [dataFile, "src/search.ts"],
  declares: { exports: [], locals: [...runtimeImports, ...runtimeTypes, ...internalImports, search] },
  index: { module: "./search.js", names: ["searchTools", "toolSearchIndex"] },
  emit: (context) => [emitSearchData(context), emitSearchModule(context)],
};

// Tool texts repeat their words, and stemming was most of this emitter's time: each word is
// stemmed once per process.
const stems = new Map<string, string>();
function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = loadStemmer()(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

// Every server of a catalog reads the same synonym groups: their expansion is built once per catalog.
const catalogExpansion = oncePer((synonyms: SearchRules["synonyms"]) => synonymExpansion(synonyms, stem));

function emitSearchData(context: EmitContext): GeneratedFile {
  const { server } = context;
  const expand = catalogExpansion(context.search.synonyms);
  const data: ToolSearchData = {
    format: searchDataFormat,
    server: server.name,
    tools: server.tools.map((tool) => searchDocument(server, tool, stem, expand)),
  };
  return { path: `${packageDir(context)}/${dataFile}`, text: `${JSON.stringify(data)}\n` };
}

function emitSearchModule(context: EmitContext): GeneratedFile {
  const { server } = context;
  const statements = [
    nameList("import", runtimeImports, runtimeModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import", internalImports, runtimeInternalModule),
    [
      docComment(
        `The ${server.name} tools' search data (${dataFile}), read on the first search. Pass the package to createToolSearch to search its tools together with other packages' tools.`,
      ),
      // dist/ and src/ both sit one level below the package root, beside the data file.
      laidOut(prefixed("export const toolSearchIndex: ToolSearchIndex = ", pure(call("searchIndexFile", [stringLiteral(server.name), "import.meta.url", stringLiteral(`../${dataFile}`)]))), ";"),
    ].join("\n"),
    laidOut(prefixed(`const ${search} = `, pure("createToolSearch([{ toolSearchIndex }])")), ";"),
    functionDeclaration({
      exported: true,
      doc: [
        `Finds ${server.name} tools for a need in words ("add a note to a cell"): hits best first, equal scores in name order.`,
        "`limit` is 1 to 50 (default 5); `readOnly: true` keeps read-only tools; `group` keeps one group's tools.",
        "Throws ToolSearchError (code `invalid_search`) for an empty or over-long query or a bad option, saying what to send instead.",
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
