// Each action kind is recognised from its everyday words, in any inflection, after stemming.
import { describe, expect, it } from "vitest";
import { actionKinds } from "../../src/search/actions.js";
import { stem } from "../../src/search/stemmer.js";

describe("actionKinds", () => {
  const kindsOf = actionKinds(stem);
  const cases: [string, string[]][] = [
    ["showing", ["read"]],
    ["list", ["list"]],
    ["finds", ["search"]],
    ["added", ["create"]],
    ["renaming", ["update"]],
    ["erased", ["delete"]],
    ["aborting", ["cancel"]],
    ["candidate", []],
  ];
  it.each(cases)("%s", (word, kinds) => {
    expect(kindsOf(stem(word))).toEqual(kinds);
  });
});
