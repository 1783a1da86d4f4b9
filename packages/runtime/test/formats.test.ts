import { describe as suite, expect, it } from "vitest";
import { formatPatterns, formats, type FormatName } from "../src/formats.js";

// Each format with values it must accept and values it must reject.
const cases: Record<FormatName, { valid: string[]; invalid: string[] }> = {
  date: {
    valid: ["2024-02-29", "2000-02-29", "2023-12-31", "0001-01-01"],
    invalid: [
      "2023-02-29",
      "1900-02-29",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "2024-01-00",
      "2024-1-01",
      "20240101",
      "2024-01-01T00:00:00Z",
      "",
    ],
  },
  "date-time": {
    valid: [
      "2024-05-01T12:00:00Z",
      "2024-05-01t12:00:00z",
      "2024-05-01T12:00:00.123+02:00",
      "2016-12-31T23:59:60Z",
      "2024-02-29T00:00:00-23:59",
    ],
    invalid: [
      "2024-05-01T12:00:00",
      "2024-05-01 12:00:00Z",
      "2024-05-01T24:00:00Z",
      "2024-05-01T12:60:00Z",
      "2023-02-29T12:00:00Z",
      "2024-05-01T12:00Z",
      "2024-05-01T12:00:00+2:00",
      "2024-05-01",
    ],
  },
  url: {
    valid: ["https://example.com", "http://localhost:8080/a?b=c#d", "https://xn--bcher-kva.example/path"],
    invalid: ["ftp://example.com", "example.com", "https://", "mailto:a@b.c", "", "http//example.com"],
  },
  uri: {
    valid: [
      "mailto:a@b.c",
      "urn:isbn:0451450523",
      "https://example.com/x",
      "file:///etc/hosts",
      "x-custom+v1.2:opaque",
    ],
    invalid: ["example.com", "/relative/path", "1http://a", "https://exa mple.com", "http://a/<b>", ""],
  },
  "column-letters": {
    valid: ["A", "AB", "zz", "XFD"],
    invalid: ["", "A1", "1", "A B", "Ä"],
  },
  column: {
    valid: ["A", "AB", "1", "27"],
    invalid: ["", "0", "01", "-1", "A1", "1.5"],
  },
  csv: {
    valid: ["a", "a,b", "a, b ,c", "1,2,3"],
    invalid: ["", " ", "a,,b", "a,", ",a", "a, ,b"],
  },
  json: {
    valid: ["{}", "[]", "null", "1", '"text"', '{"a":[1,2]}'],
    invalid: ["", "{", "{'a':1}", "undefined", "{a:1}"],
  },
  "cell-data": {
    valid: ["{}", '{"1":{}}', '{"1":{"A":1,"B":"x","C":true,"AB":2.5}}', '{"10":{"a":"lower"},"2":{"Z":false}}'],
    invalid: [
      "",
      "[]",
      "null",
      '"x"',
      '{"0":{"A":1}}',
      '{"01":{"A":1}}',
      '{"A":{"1":1}}',
      '{"1":{"A1":1}}',
      '{"1":{"A":null}}',
      '{"1":{"A":[1]}}',
      '{"1":{"A":{"v":1}}}',
      '{"1":[1]}',
      '{"1.5":{"A":1}}',
    ],
  },
  bearer: {
    valid: ["Bearer abc123", "Bearer a.b.c", "Bearer dG9rZW4=", "Bearer a-b_c~d+e/f"],
    invalid: ["abc123", "Bearer", "Bearer ", "bearer abc", "Bearer  abc", "Bearer a b", "Basic abc"],
  },
  jwt: {
    valid: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "a-_.b.c"],
    invalid: ["", "a.b", "a.b.c.d", "a+b.c.d", "a/b.c.d", ".b.c", "a..c", "a.b.c="],
  },
};

suite("formats", () => {
  for (const [name, { valid, invalid }] of Object.entries(cases) as [FormatName, (typeof cases)[FormatName]][]) {
    suite(name, () => {
      it.each(valid)("accepts %j", (value) => expect(formats[name](value)).toBe(true));
      it.each(invalid)("rejects %j", (value) => expect(formats[name](value)).toBe(false));
    });
  }
});

// The column predicates are character loops for speed; the patterns are what manifests publish.
suite("column predicates agree with their published patterns", () => {
  // Letters, digits, their neighbours in ASCII ("@[`{/:"), case-folding look-alikes and non-ASCII.
  const alphabet = [
    "A",
    "Z",
    "a",
    "z",
    "0",
    "1",
    "9",
    "@",
    "[",
    "`",
    "{",
    "/",
    ":",
    " ",
    "\n",
    "Ä",
    "ſ",
    "K",
    "١",
    "_",
  ];
  let seed = 20261123;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const samples = Array.from({ length: 5000 }, () =>
    Array.from({ length: random(5) }, () => alphabet[random(alphabet.length)]).join(""),
  );

  it.each(["column", "column-letters"] as const)("%s on 5,000 random strings", (name) => {
    const pattern = new RegExp(formatPatterns[name], "u");
    const disagreements = samples.filter((value) => formats[name](value) !== pattern.test(value));
    expect(disagreements).toEqual([]);
  });
});
