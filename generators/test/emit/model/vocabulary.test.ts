// The catalog's words: keywords from the spec, object nouns and verbs from tool names (plurals
// folded, joining words dropped), headings as groups; the text names them in one sentence.
import { describe, expect, it } from "vitest";
import { vocabulary, vocabularyText } from "../../../src/emit/model/vocabulary.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const server = (slug: string) => catalog.servers.find((s) => s.slug === slug)!;

describe("vocabulary", () => {
  it("takes CloudSheets' keywords, nouns and verbs from its spec", () => {
    const words = vocabulary(server("cloud-sheets"));
    expect(words.keywords).toEqual(["spreadsheets"]);
    expect(words.objects[0]).toBe("spreadsheet");
    expect(words.objects).not.toContain("spreadsheets");
    expect(words.objects).not.toContain("am");
    expect(words.actions).toEqual(expect.arrayContaining(["get", "search", "create"]));
    expect(words.groups).toEqual([]);
  });

  it("lists recruit-api's headings and folds plural nouns", () => {
    const words = vocabulary(server("recruit-api"));
    expect(words.groups).toContain("Approvals and offers");
    expect(words.objects).toEqual(expect.arrayContaining(["candidate", "interview", "job"]));
    expect(words.objects.length).toBeLessThanOrEqual(24);
  });

  it("names what it has in one sentence", () => {
    expect(vocabularyText({ keywords: ["crm"], objects: ["event"], actions: [] })).toBe(
      "Catalog words (topics: crm; objects: event).",
    );
    expect(vocabularyText({ keywords: [], objects: [], actions: [] })).toBe("");
  });
});
