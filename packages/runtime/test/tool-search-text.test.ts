// What a search tool tells a model about its `query`: an example in the searched catalog's own words.
import { describe, expect, it } from "vitest";
import { searchQueryDescription } from "../src/tool-search-text.js";

const vocabulary = (actions: string[], objects: string[]) => ({
  vocabulary: { keywords: [], groups: [], actions, objects },
});

describe("searchQueryDescription", () => {
  it.each([
    [
      "the first package's most used action and object",
      [vocabulary(["get", "add"], ["spreadsheet", "cell"]), vocabulary(["list"], ["job"])],
      'The task in a few words, such as "get spreadsheet".',
    ],
    ["no example without a vocabulary", [{}], "The task in a few words."],
    ["no example from an empty vocabulary", [vocabulary([], [])], "The task in a few words."],
    ["no example without packages", [], "The task in a few words."],
  ])("%s", (_label, manifests, expected) => {
    expect(searchQueryDescription(manifests)).toBe(expected);
  });
});
