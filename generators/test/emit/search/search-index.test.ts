// The search index emitter: what each tool's document holds (the verb and object of its name as
// their own fields, synonyms from the catalog's table, parameters without the mode pattern's own),
// that spec text reaches it only as JSON data, and that the package's search module reads it.
import { describe, expect, it } from "vitest";
import type { ToolSearchData } from "../../../../packages/runtime/src/search/data.ts";
import { stem } from "../../../../packages/runtime/src/search/stemmer.ts";
import { searchTerms } from "../../../../packages/runtime/src/search/terms.ts";
import { synonymExpansion } from "../../../src/emit/search/expansion.ts";
import { workspacePipeline } from "../../support.ts";

const { files } = workspacePipeline();
const data = (slug: string): ToolSearchData =>
  JSON.parse(files.find((f) => f.path === `packages/${slug}/search-index.json`)!.text) as ToolSearchData;
const tool = (slug: string, name: string) => data(slug).tools.find((t) => t.name === name)!;
const terms = (text: string) => searchTerms(text, stem).join(" ");

describe("search-index.json", () => {
  it("splits the tool name into its verb and its object", () => {
    const metadata = tool("cloud-sheets", "CloudSheets.GetSpreadsheetMetadata");
    expect(metadata.terms.verb).toBe(terms("get"));
    expect(metadata.terms.object).toBe(terms("spreadsheet metadata"));
    expect(tool("engine-api", "EngineApi.GetOpenAPISpecification").terms.object).toBe(terms("open api specification"));
  });

  it("shows the hit fields a model reads: full and model names, title, one-line purpose", () => {
    expect(tool("cloud-sheets", "CloudSheets.AddNoteToCell")).toMatchObject({
      modelName: "CloudSheets_AddNoteToCell",
      title: "Add Note To Cell",
      description: "Add a note to a cell.",
      readOnly: false,
    });
    expect(tool("recruit-api", "RecruitApi.ListCandidates")).toMatchObject({ readOnly: true, group: "Candidates" });
  });

  it("adds the catalog's synonyms of the name's words, and only words the tool lacks", () => {
    const { verbSynonyms, objectSynonyms } = tool("engine-api", "EngineApi.DeleteWorker").terms;
    expect(verbSynonyms.split(" ")).toEqual(expect.arrayContaining([stem("remove"), stem("drop")]));
    expect(verbSynonyms.split(" ")).not.toContain(stem("delete"));
    expect(objectSynonyms.split(" ")).toContain(stem("runner"));
  });

  it("indexes parameters without the mode pattern's own mode and request_body", () => {
    const offer = tool("recruit-api", "RecruitApi.CreateOffer");
    expect(offer.terms.parameters.split(" ")).not.toContain("mode");
    expect(offer.terms.parameters).not.toContain("request");
  });

  it("is the same data for every package as the search module's format", () => {
    for (const slug of [
      "cloud-contacts",
      "cloud-sheets",
      "creator-api",
      "crm-events-api",
      "engine-api",
      "recruit-api",
      "sigma-api",
    ]) {
      const d = data(slug);
      expect(d.format).toBe(1);
      expect(d.tools.length).toBeGreaterThan(0);
      const module = files.find((f) => f.path === `packages/${slug}/src/search.ts`)!.text;
      const call = /searchIndexText\(\s*("[^"]*"),\s*searchIndexJson,?\s*\)/.exec(module);
      expect(call?.[1]).toBe(JSON.stringify(d.server));
      // The module's text is the JSON file's, so a package searches the same data a caller imports.
      const text = files.find((f) => f.path === `packages/${slug}/src/search-data.ts`)!.text;
      const pieces = [...text.matchAll(/^ {4}(".*"),$/gm)].map((match) => JSON.parse(match[1]!) as string);
      expect(JSON.parse(pieces.join(""))).toEqual(d);
    }
  });
});

describe("synonymExpansion", () => {
  const expand = synonymExpansion(
    [
      ["remove", "delete", "drop"],
      ["people", "contact"],
      ["kick off", "start"],
    ],
    stem,
  );

  it("maps any form of a word to the other words of its groups, stemmed", () => {
    expect(expand("Delete contacts")).toEqual([stem("remove"), stem("drop"), stem("people")]);
    expect(expand("StartJob")).toEqual([stem("kick"), stem("off")]);
    expect(expand("archive")).toEqual([]);
  });
});
