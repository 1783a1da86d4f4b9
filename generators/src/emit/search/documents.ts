// One tool as the search index sees it: each field the words a person would search by, analysed
// (split, filler words dropped, stemmed) here at generation time with the runtime's own analysis.
import type { ToolSearchDocument } from "../../../../packages/runtime/src/search/data.ts";
import { searchTerms, words, type Stem } from "../../../../packages/runtime/src/search/terms.ts";
import { modelToolName, toolTitle } from "../../ir/model-names.ts";
import { namedValues } from "../../ir/parameter-schema.ts";
import type { Parameter, Server, Tool } from "../../ir/types.ts";
import { sentence } from "../core/describe.ts";
import type { Expansion } from "./expansion.ts";
import type { EmitResources } from "../core/emitter.ts";

export function searchDocument(
  server: Server,
  tool: Tool,
  stem: Stem,
  expand: Expansion,
  synonyms: EmitResources["synonyms"],
): ToolSearchDocument {
  const terms = (...texts: readonly string[]): string => texts.flatMap((text) => searchTerms(text, stem)).join(" ");
  const [verb = "", ...object] = words(tool.name);
  const parameters = tool.parameters.kind === "known" ? tool.parameters.list.filter((p) => !p.implicit) : [];
  const { readOnly, destructive, idempotent } = tool.annotations;
  return {
    name: tool.fullName,
    modelName: modelToolName(server, tool),
    title: toolTitle(tool),
    // A hit's description is one line, whatever line breaks the spec's purpose has.
    description: sentence(tool.purpose.replace(/\s+/g, " ")),
    readOnly: readOnly === true,
    ...(tool.group === undefined ? {} : { group: tool.group }),
    terms: {
      verb: terms(verb),
      object: terms(object.join(" ")),
      verbSynonyms: expand(verb).join(" "),
      objectSynonyms: expand([...object, tool.group ?? ""].join(" ")).join(" "),
      related: related(verb, object, stem, synonyms),
      group: terms(tool.group ?? ""),
      description: terms(tool.purpose, ...tool.notes),
      parameters: terms(...parameters.flatMap(parameterTexts)),
      values: terms(...parameters.flatMap(enumValues)),
      server: terms(server.name, server.domain, ...server.keywords),
      annotations: terms(
        readOnly === true ? "read only" : "",
        destructive === true ? "destructive" : "",
        idempotent === true ? "idempotent" : "",
      ),
    },
  };
}

/** WordNet's words for the name's action (its two most frequent senses) and things (the first). */
function related(verb: string, object: readonly string[], stem: Stem, synonyms: EmitResources["synonyms"]): string {
  const own = new Set([verb, ...object].map(stem));
  const found = [...synonyms(verb, "verb", 2), ...object.flatMap((noun) => synonyms(noun, "noun", 1))];
  return [...new Set(found.flatMap((word) => searchTerms(word, stem)))].filter((term) => !own.has(term)).join(" ");
}

function parameterTexts(parameter: Parameter): string[] {
  const keys = (parameter.schema.keys ?? []).flatMap((key) => [key.name, key.description ?? ""]);
  return [parameter.name, parameter.description ?? "", ...keys];
}

/** A parameter's enum values (a spec's enums are strings); none when the catalog does not show them. */
function enumValues(parameter: Parameter): readonly string[] {
  return (namedValues(parameter.schema).enum ?? []).filter((value) => typeof value === "string");
}
