// The catalog file (catalog.yaml) becomes the rules every server shares, with its own names checked
// like every other identifier: ToolMode's name becomes a type (never one the emitters declare), its
// values' enumNames property keys.
import { toolModeNameClashes } from "../ir/naming.ts";
import type { CatalogRules, Documented } from "../ir/types.ts";
import type { Diagnostic } from "./diagnostics.ts";
import type { RawCatalog } from "./raw.ts";
import { Reporter } from "./reporter.ts";
import type { SpecPath, SpecSource } from "./source.ts";
import { isFillerWord, words } from "../../../packages/runtime/src/search/terms.ts";

export function documented<T>(value: T | "not-shown" | undefined): Documented<T> {
  return value === undefined || value === "not-shown" ? { known: false } : { known: true, value };
}

export function buildCatalogRules(source: SpecSource, diagnostics: Diagnostic[]): CatalogRules {
  const raw = source.data as RawCatalog;
  const report = new Reporter(source, diagnostics);
  const modes = raw.toolMode.values;
  report.identifier(["toolMode", "name"], raw.toolMode.name, "pascal", "ToolMode name");
  for (const { message, hint } of toolModeNameClashes(raw.toolMode.name))
    report.error(["toolMode", "name"], "name-clash", message, hint);
  modes.forEach((m, i) =>
    report.identifier(["toolMode", "values", i, "enumName"], m.enumName, "upperSnake", "ToolMode enumName"),
  );
  report.seenOnce(
    modes.map((m) => m.value),
    (i) => ["toolMode", "values", i, "value"],
    "duplicate-enum-value",
    "ToolMode value",
  );
  report.seenOnce(
    modes.map((m) => m.enumName),
    (i) => ["toolMode", "values", i, "enumName"],
    "duplicate-enum-value",
    "ToolMode enumName",
  );
  const execute = modes.find((m) => m.value === "execute");
  if (execute === undefined) {
    report.error(
      ["toolMode", "values"],
      "missing-key",
      'ToolMode has no "execute" value',
      "The mode pattern needs the execute value that makes `~` parameters required.",
    );
  }
  return {
    specFile: source.file,
    catalog: raw.catalog,
    description: raw.description ?? "",
    toolMode: {
      name: raw.toolMode.name,
      values: modes,
      executeValue: "execute",
      requestBodyDescription: raw.toolMode.requestBody.description,
      missingExecuteParameter: documented(raw.toolMode.missingExecuteParameter),
      notes: raw.toolMode.notes ?? [],
    },
    notation: raw.notation,
    conventions: raw.conventions,
    dataCenters: raw.dataCenters.map((d) => ({ name: d.name, baseAddress: documented(d.baseAddress) })),
    errors: {
      codes: documented(raw.errors?.codes),
      statusCodes: documented(raw.errors?.statusCodes),
      payload: documented(raw.errors?.payload),
    },
    versioning: raw.versioning ?? [],
    notes: raw.notes ?? [],
    search: { synonyms: checkSynonyms(raw.search?.synonyms ?? [], report) },
  };
}

/** A synonym group must name each word once, and every word must be one a search can match. */
function checkSynonyms(groups: readonly (readonly string[])[], report: Reporter): readonly (readonly string[])[] {
  groups.forEach((group, g) => {
    const at = (i: number): SpecPath => ["search", "synonyms", g, i];
    report.seenOnce(group, at, "duplicate-synonym", "synonym");
    group.forEach((word, i) => {
      if (words(word).every(isFillerWord)) {
        report.error(
          at(i),
          "invalid-synonym",
          `synonym "${word}" has only words a search ignores`,
          'Use a word that names an action or a thing; words such as "the" or "of" never match.',
        );
      }
    });
  });
  return groups;
}
