// The user's own values in a query become the word for their kind, or go; words the index knows stay.
import { describe, expect, it } from "vitest";
import { withoutValues } from "../../src/search/query-values.js";

const known = (word: string) => ["oauth2", "s3", "sheet", "candidate"].includes(word);
const words = (text: string) => text.split(/\s+/).filter((word) => word !== "");

describe("withoutValues", () => {
  const cases: [string, string][] = [
    ["find the contact with email jane.doe+work@acme.co.uk", "find the contact with email email"],
    ["put a value in cell B2", "put a value in cell cell"],
    ["read A1:C10 and Sheet1!$B$2:$D$9", "read range and range"],
    ["whose phone number is +1 (555) 010-0100", "whose phone number is phone"],
    ["get candidate cand_8812", "get candidate id"],
    ["show job 42 of 1,000", "show job of"],
    ["fetch https://example.com/a?b=1 now", "fetch url now"],
    ['create a job called "Senior Engineer"', "create a job called"],
    ["events since 2024-05-01T10:00:00Z", "events since date"],
    ["contact named Maria Lopez", "contact named"],
    ["get OAuth2 token from S3", "get OAuth2 token from S3"],
    ["Delete Candidate", "Delete Candidate"],
  ];
  it.each(cases)("%s", (query, expected) => {
    expect(words(withoutValues(query, known))).toEqual(words(expected));
  });

  it("never throws, whatever the text, and adds at most a kind word per character", () => {
    // Seeded: the same 2,000 strings of letters, digits, value punctuation and odd code points each run.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const alphabet = [
      "a",
      "Z",
      "B",
      "7",
      "0",
      "@",
      ".",
      ":",
      "!",
      "$",
      "-",
      "_",
      "+",
      "(",
      ")",
      " ",
      '"',
      "“",
      "”",
      "/",
      "é",
      "\u2028",
      "\ud83d",
    ];
    for (let i = 0; i < 2_000; i++) {
      const query = Array.from({ length: next() % 60 }, () => alphabet[next() % alphabet.length]).join("");
      const read = withoutValues(query, known);
      expect(typeof read).toBe("string");
      expect(read.length).toBeLessThanOrEqual(query.length * 7 + 7);
    }
  });
});
