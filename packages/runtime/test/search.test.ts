// createToolSearch: bad input refused with a ToolSearchError a model can act on, in bounded time;
// one ranking across packages whatever order they come in; equal scores in full-name order.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolSearch, ToolSearchError, type ToolSearchIndex } from "../src/index.js";
import { searchDataFormat, searchFields, type ToolSearchDocument } from "../src/search/data.js";
import { searchIndexText } from "../src/search/index-text.js";
import { stem } from "../src/search/stemmer.js";
import { searchTerms } from "../src/search/terms.js";

/** A generated package's data, parsed the way the package parses it. */
const packageIndex = (server: string, slug: string) => ({
  toolSearchIndex: searchIndexText(server, () =>
    readFileSync(new URL(`../../${slug}/search-index.json`, import.meta.url), "utf8"),
  ),
});
const sheets = packageIndex("CloudSheets", "cloud-sheets");
const recruit = packageIndex("RecruitApi", "recruit-api");
const contacts = packageIndex("CloudContacts", "cloud-contacts");

function document(name: string, words: string, extra: Partial<ToolSearchDocument> = {}): ToolSearchDocument {
  const terms = Object.fromEntries(searchFields.map((field) => [field, ""])) as Record<
    (typeof searchFields)[number],
    string
  >;
  terms.object = searchTerms(words, stem).join(" ");
  return {
    name,
    modelName: name.replace(".", "_"),
    title: words,
    description: `${words}.`,
    readOnly: false,
    terms,
    ...extra,
  };
}
function fixture(server: string, tools: readonly ToolSearchDocument[]): { toolSearchIndex: ToolSearchIndex } {
  return { toolSearchIndex: { server, load: () => ({ format: searchDataFormat, server, tools }) } };
}

describe("bad input", () => {
  const search = createToolSearch([sheets]);
  // Built before the table, so each case times its own refusal, not the first search's index build.
  search.search("cells");
  const cases: [string, unknown, unknown, ToolSearchError["input"], RegExp][] = [
    ["empty query", "", undefined, "query", /query is empty/],
    ["whitespace query", " \t\n ", undefined, "query", /query is empty/],
    ["100 kB query", "spreadsheet ".repeat(8_534), undefined, "query", /102408 characters long; send at most 500/],
    ["query not a string", 42, undefined, "query", /must be a string/],
    ["limit 0", "cells", { limit: 0 }, "limit", /whole number from 1 to 50, got 0/],
    ["negative limit", "cells", { limit: -3 }, "limit", /got -3/],
    ["fractional limit", "cells", { limit: 2.5 }, "limit", /got 2.5/],
    ["limit over 50", "cells", { limit: 51 }, "limit", /got 51/],
    ["limit NaN", "cells", { limit: Number.NaN }, "limit", /got NaN/],
    ["limit as text", "cells", { limit: "5" }, "limit", /got string/],
    ["readOnly as text", "cells", { readOnly: "yes" }, "readOnly", /true or false/],
    ["empty group", "cells", { group: " " }, "group", /non-empty group name/],
    ["group where tools have none", "cells", { group: "Sheets" }, "group", /have no groups/],
    ["options not an object", "cells", "limit=5", "options", /must be an object/],
    ["unknown option", "cells", { limt: 5 }, "options", /unknown option "limt": use limit, readOnly or group/],
  ];

  it.each(cases)("%s", (_name, query, options, input, message) => {
    const start = performance.now();
    let thrown: unknown;
    try {
      search.search(query as string, options as never);
    } catch (error) {
      thrown = error;
    }
    expect(performance.now() - start).toBeLessThan(50);
    expect(thrown).toBeInstanceOf(ToolSearchError);
    expect(thrown).toMatchObject({ code: "invalid_search", input, name: "ToolSearchError" });
    expect((thrown as Error).message).toMatch(message);
  });

  it("names the groups when one is unknown, and matches a known one without case", () => {
    const byGroup = createToolSearch([recruit]);
    expect(() => byGroup.search("list", { group: "Nope" })).toThrow(/the groups are: .*Candidates.*Departments/);
    const hits = byGroup.search("list", { group: "candidates", limit: 50 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.name.startsWith("RecruitApi."))).toBe(true);
  });

  it("returns no hits, not an error, for a query of filler words only", () => {
    expect(search.search("the of a")).toEqual([]);
  });
});

describe("never nothing", () => {
  const search = createToolSearch([sheets, recruit, contacts]);

  it("answers a query none of whose words the index holds with the nearest tools by spelling, at confidence 0", () => {
    for (const query of ["zzqx vvkw", "42", "qwertyuiop"]) {
      const hits = search.search(query);
      expect(hits, query).toHaveLength(5);
      expect(
        hits.map((hit) => hit.confidence),
        query,
      ).toEqual([0, 0, 0, 0, 0]);
    }
    // A misspelling past fuzzy matching still lands near: shared letter triples.
    expect(search.search("sprdshetz", { limit: 3 }).map((hit) => hit.name.split(".")[0])).toContain("CloudSheets");
  });

  it("says how much of the query a hit matched, and rounds scores to 4 significant digits", () => {
    const hits = search.search("add a note to a cell", { limit: 10 });
    expect(hits[0]).toMatchObject({ name: "CloudSheets.AddNoteToCell", confidence: 1 });
    for (const hit of hits) {
      expect(hit.score).toBe(Number(hit.score.toPrecision(4)));
      expect(hit.confidence).toBeGreaterThanOrEqual(0);
      expect(hit.confidence).toBeLessThanOrEqual(1);
    }
    const weak = search.search("cell glockenspiel trombone");
    expect(weak[0]!.confidence).toBeLessThan(0.5);
  });

  it("reads the user's own values as their kind: an e-mail address asks for e-mail", () => {
    expect(createToolSearch([contacts]).search("jane.doe@acme.com")[0]?.name).toBe(
      "CloudContacts.SearchContactsByEmail",
    );
    expect(createToolSearch([contacts]).search("who is +1 555 010 0100")[0]?.name).toBe(
      "CloudContacts.SearchContactsByPhoneNumber",
    );
  });
});

describe("action kinds", () => {
  const tool = (name: string, verb: string) => {
    const d = document(name, "widget");
    return { ...d, terms: { ...d.terms, verb: stem(verb) } };
  };
  it("ranks the tool whose action is the kind asked for first, its words or not", () => {
    const search = createToolSearch([fixture("S", [tool("S.ListWidgets", "list"), tool("S.RemoveWidget", "remove")])]);
    expect(search.search("erase the widget").map((hit) => hit.name)).toEqual(["S.RemoveWidget", "S.ListWidgets"]);
    expect(search.search("show every widget").map((hit) => hit.name)).toEqual(["S.ListWidgets", "S.RemoveWidget"]);
  });
});

describe("ranking", () => {
  it("ranks the tools of several packages together, whatever their order", () => {
    const forward = createToolSearch([sheets, recruit, contacts]);
    const backward = createToolSearch([contacts, recruit, sheets]);
    for (const query of ["add a note", "create", "search by name", "list candidates"]) {
      expect(backward.search(query, { limit: 50 })).toEqual(forward.search(query, { limit: 50 }));
    }
    // One list over every package: the best note tool of each server, in score order.
    const notes = forward.search("add a note to a cell", { limit: 10 });
    expect(notes[0]?.name).toBe("CloudSheets.AddNoteToCell");
    expect(notes.map((hit) => hit.name)).toContain("RecruitApi.CreateCandidateNote");
    expect(forward.search("write a note about a candidate")[0]?.name).toBe("RecruitApi.CreateCandidateNote");
    const scores = notes.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("breaks equal scores by full name, the same on every call", () => {
    const twins = ["B.Twin", "A.Twin", "C.Twin"].map((name) =>
      fixture(name.split(".")[0]!, [document(name, "twin widget")]),
    );
    const search = createToolSearch(twins);
    const hits = search.search("twin widget");
    expect(hits.map((hit) => hit.name)).toEqual(["A.Twin", "B.Twin", "C.Twin"]);
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
    expect(search.search("twin widget")).toEqual(hits);
  });

  it("keeps read-only tools with readOnly: true and honours the limit", () => {
    const search = createToolSearch([sheets, recruit]);
    const hits = search.search("candidates", { readOnly: true, limit: 7 });
    expect(hits).toHaveLength(7);
    expect(hits.map((hit) => hit.name)).not.toContain("RecruitApi.CreateCandidate");
    expect(search.search("candidates", { readOnly: false, limit: 50 }).map((hit) => hit.name)).toContain(
      "RecruitApi.CreateCandidate",
    );
  });

  it("reads the data only on the first search", () => {
    let loads = 0;
    const counted = {
      toolSearchIndex: {
        server: "X",
        load: () => (loads++, fixture("X", [document("X.Thing", "thing")]).toolSearchIndex.load()),
      },
    };
    const search = createToolSearch([counted]);
    expect(loads).toBe(0);
    search.search("thing");
    search.search("thing");
    expect(loads).toBe(1);
  });

  it("names the catalog's words for actions and things, most used first", () => {
    const { actions, things } = createToolSearch([sheets, contacts]).vocabulary();
    expect(actions.slice(0, 2)).toEqual(["search", "create"]);
    expect(things).toEqual(expect.arrayContaining(["spreadsheet", "contacts", "cell"]));
    expect(things).not.toContain("by");
  });

  it("refuses what is not a package, two packages for one server, and data of another format", () => {
    expect(() => createToolSearch([{} as never])).toThrow(/modules exporting toolSearchIndex/);
    expect(() => createToolSearch([fixture("X", []), fixture("X", [])])).toThrow(/two different packages for server X/);
    const future = {
      toolSearchIndex: { server: "Y", load: () => ({ format: searchDataFormat + 1, server: "Y", tools: [] }) },
    };
    expect(() => createToolSearch([future]).search("thing")).toThrow(/has format 2; this runtime reads format 1/);
  });
});
