// Validator behaviour per constraint kind, on real tools, with the exact issue a user sees.
import { describe, expect, it } from "vitest";
import { isSelected, loadPackage } from "../support/packages.ts";

type Case = { slug: string; tool: string; input: unknown; issues: { path: string; code: string; message: string }[] };

const base = { spreadsheet_id: "s1" };
const zeta = { zeta_account_owner_name: "o", application_link_name: "a", report_link_name: "r", record_id: "1" };

const cases: (Case & { name: string })[] = [
  {
    name: "accepts a valid input",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: { ...base, max_rows: 1000, start_col: "AB" },
    issues: [],
  },
  {
    name: "type",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: { ...base, max_rows: "10" },
    issues: [{ path: "/max_rows", code: "invalid_type", message: 'max_rows must be an integer, got "10"' }],
  },
  {
    name: "integer, not a fraction",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: { ...base, max_cols: 1.5 },
    issues: [{ path: "/max_cols", code: "invalid_type", message: "max_cols must be an integer, got 1.5" }],
  },
  {
    name: "maximum",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: { ...base, max_rows: 5000 },
    issues: [{ path: "/max_rows", code: "too_big", message: "max_rows must be at most 1000, got 5000" }],
  },
  {
    name: "minimum",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: { ...base, max_cols: 0 },
    issues: [{ path: "/max_cols", code: "too_small", message: "max_cols must be at least 1, got 0" }],
  },
  {
    name: "required",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: {},
    issues: [{ path: "/spreadsheet_id", code: "required", message: "spreadsheet_id is required" }],
  },
  {
    name: "format",
    slug: "cloud-sheets",
    tool: "WriteToCell",
    input: { ...base, column: "A1", row: 1, value: "x" },
    issues: [{ path: "/column", code: "invalid_format", message: 'column must be column letters (A, AB), got "A1"' }],
  },
  {
    name: "array items",
    slug: "cloud-sheets",
    tool: "SearchSpreadsheets",
    input: { spreadsheet_contains: ["ok", 7] },
    issues: [
      {
        path: "/spreadsheet_contains/1",
        code: "invalid_type",
        message: "spreadsheet_contains[1] must be a string, got 7",
      },
    ],
  },
  {
    name: "unknown parameter",
    slug: "cloud-contacts",
    tool: "SearchContactsByName",
    input: { name: "Ada", limt: 3 },
    issues: [
      { path: "/limt", code: "unknown_parameter", message: 'unknown parameter "limt": expected one of name, limit' },
    ],
  },
  {
    name: "every issue, not just the first",
    slug: "cloud-contacts",
    tool: "SearchContactsByName",
    input: { limit: 31 },
    issues: [
      { path: "/name", code: "required", message: "name is required" },
      { path: "/limit", code: "too_big", message: "limit must be at most 30, got 31" },
    ],
  },
  {
    name: "enum",
    slug: "recruit-api",
    tool: "SetOpeningState",
    input: { new_opening_state: "Paused" },
    issues: [
      {
        path: "/new_opening_state",
        code: "invalid_enum",
        message: 'new_opening_state must be one of Draft, Approved, Open, Closed, got "Paused"',
      },
    ],
  },
  {
    name: "required when (conditional rule)",
    slug: "recruit-api",
    tool: "SetOpeningState",
    input: { new_opening_state: "Closed" },
    issues: [
      {
        path: "/close_reason_id",
        code: "required_when",
        message: "close_reason_id is required when new_opening_state is Closed",
      },
    ],
  },
  {
    name: "requires (parameters used together)",
    slug: "crm-events-api",
    tool: "RetrieveEventCompletions",
    input: { crm_object_id: 5 },
    issues: [
      {
        path: "/crm_object_type",
        code: "requires",
        message: "crm_object_type is required when crm_object_id is given",
      },
    ],
  },
  {
    name: "mode get_request_schema needs no ~ parameters",
    slug: "creator-api",
    tool: "UpdateZetaRecord",
    input: { mode: "get_request_schema" },
    issues: [],
  },
  {
    name: "required on execute",
    slug: "creator-api",
    tool: "UpdateZetaRecord",
    input: { mode: "execute", ...zeta, record_id: undefined },
    issues: [
      { path: "/record_id", code: "required_on_execute", message: "record_id is required when mode is execute" },
      { path: "/request_body", code: "required_on_execute", message: "request_body is required when mode is execute" },
    ],
  },
  {
    name: "request_body must be JSON text",
    slug: "creator-api",
    tool: "UpdateZetaRecord",
    input: { mode: "execute", ...zeta, request_body: "{oops" },
    issues: [
      { path: "/request_body", code: "invalid_format", message: 'request_body must be stringified JSON, got "{oops"' },
    ],
  },
  {
    name: "unknown-parameter tools accept any object",
    slug: "cloud-contacts",
    tool: "SearchContactsByPhoneNumber",
    input: { anything: [1, 2] },
    issues: [],
  },
  {
    name: "not an object",
    slug: "cloud-sheets",
    tool: "GetSpreadsheet",
    input: [],
    issues: [{ path: "", code: "invalid_type", message: "input must be an object, got an array" }],
  },
];

describe.each(cases.filter((c) => isSelected(c.slug)))("$slug $tool: $name", ({ slug, tool, input, issues }) => {
  it("reports exactly the expected issues", async () => {
    const pkg = await loadPackage(slug);
    const result = pkg.validate(tool, input);
    if (issues.length === 0) expect(result).toEqual({ ok: true, value: input });
    // Issues build their message when first read; their serialised form is the plain object.
    else expect(JSON.parse(JSON.stringify(result))).toEqual({ ok: false, issues });
  });
});

// Document A, rule 3: with get_request_schema every other parameter is ignored, whatever its value;
// the validated value keeps only `mode`, so the client sends nothing else. Unknown keys stay unknown.
const ignoredInModes: { slug: string; tool: string; input: Record<string, unknown>; unknown?: string }[] = [
  { slug: "creator-api", tool: "UpdateZetaRecord", input: { record_id: 5, request_body: "{not json" } },
  { slug: "engine-api", tool: "ExecuteTool", input: { request_body: 42 } },
  { slug: "recruit-api", tool: "CreateCandidate", input: { request_body: ["x"] }, unknown: "record_id" },
  { slug: "crm-events-api", tool: "CreateEventProperty", input: { custom_event_internal_name: null } },
];

describe.each(ignoredInModes.filter((c) => isSelected(c.slug)))(
  "$slug $tool with mode get_request_schema",
  ({ slug, tool, input, unknown }) => {
    it("ignores every other parameter and keeps only mode", async () => {
      const pkg = await loadPackage(slug);
      expect(pkg.validate(tool, { mode: "get_request_schema", ...input })).toEqual({
        ok: true,
        value: { mode: "get_request_schema" },
      });
      expect(pkg.validate(tool, { mode: "execute", ...input }).ok).toBe(false);
    });

    it("keeps the mode it checked, even from a getter that answers differently the second time", async () => {
      const pkg = await loadPackage(slug);
      let reads = 0;
      const shifty = Object.defineProperty({}, "mode", {
        enumerable: true,
        get: () => (reads++ === 0 ? "get_request_schema" : "execute"),
      });
      expect(pkg.validate(tool, shifty)).toEqual({ ok: true, value: { mode: "get_request_schema" } });
      expect(reads).toBe(1);
    });

    it.runIf(unknown !== undefined)("still rejects a key the tool does not have", async () => {
      const pkg = await loadPackage(slug);
      const result = pkg.validate(tool, { mode: "get_request_schema", [unknown ?? ""]: 1 });
      expect(result).toMatchObject({ ok: false, issues: [{ path: `/${unknown ?? ""}`, code: "unknown_parameter" }] });
    });
  },
);

describe.runIf(isSelected("cloud-sheets"))("validate()", () => {
  it("accepts short and full names and reports an unknown tool without throwing", async () => {
    const pkg = await loadPackage("cloud-sheets");
    expect(pkg.validate("CloudSheets.GetSpreadsheetMetadata", { spreadsheet_id: "x" }).ok).toBe(true);
    expect(pkg.validate("GetSpreadsheetMetadata", { spreadsheet_id: "x" }).ok).toBe(true);
    const unknown = pkg.validate("getspreadsheet", {});
    expect(unknown).toMatchObject({ ok: false, issues: [{ code: "unknown_tool", path: "" }] });
    expect(JSON.stringify(unknown)).toContain("did you mean GetSpreadsheet");
  });

  it("never throws, whatever the input", async () => {
    const pkg = await loadPackage("cloud-sheets");
    const hostile = [
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("no keys");
          },
        },
      ),
      Object.defineProperty({}, "spreadsheet_id", {
        enumerable: true,
        get: () => {
          throw new Error("getter");
        },
      }),
      Object.create(null) as object,
      undefined,
      Symbol("s"),
      () => 1,
      { spreadsheet_id: "x", max_rows: Number.NaN },
      { spreadsheet_id: "x", max_rows: Number.POSITIVE_INFINITY },
    ];
    for (const input of hostile) {
      for (const tool of Object.keys(pkg.tools)) expect(() => pkg.validate(tool, input)).not.toThrow();
    }
    expect(pkg.validate("GetSpreadsheet", hostile[1])).toMatchObject({
      ok: false,
      issues: [{ message: "input could not be read: getter" }],
    });
  });
});

describe.runIf(isSelected("cloud-sheets"))("inputs are read as JSON would send them", () => {
  class Args {
    spreadsheet_id = "x";
    get max_rows(): number {
      return 5000; // above the maximum: counted, it would be an issue
    }
  }
  it.each([
    ["a class instance: own fields count, a prototype getter does not", () => new Args(), []],
    [
      "inherited enumerable properties do not count",
      () => Object.create({ spreadsheet_id: "x" }) as object,
      ["required"],
    ],
    ["a null-prototype object", () => Object.assign(Object.create(null) as object, { spreadsheet_id: "x" }), []],
    [
      "an own __proto__ key is an unknown parameter",
      () => JSON.parse('{"__proto__": {"spreadsheet_id": "x"}}') as object,
      ["unknown_parameter", "required"],
    ],
    [
      "non-enumerable own properties do not count",
      () => Object.defineProperty(Object.create(null) as object, "spreadsheet_id", { value: "x", enumerable: false }),
      ["required"],
    ],
  ] as [string, () => object, string[]][])("%s", async (_name, make, codes) => {
    const pkg = await loadPackage("cloud-sheets");
    const result = pkg.validate("GetSpreadsheet", make());
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(codes);
  });

  it(
    "a proxy answering names its target lacks, or an " + "object misreporting its prototype, is read by own keys",
    async () => {
      const pkg = await loadPackage("cloud-sheets");
      const defaults = new Proxy(
        { spreadsheet_id: "x" },
        {
          get: (target, key, receiver) => (Reflect.has(target, key) ? Reflect.get(target, key, receiver) : "fallback"),
        },
      );
      class Lying {
        get __proto__(): object {
          return Object.prototype;
        }
      }
      // Methods and accessors of a class are not enumerable (enumerable inherited keys are the documented gap).
      Object.defineProperties(Lying.prototype, {
        spreadsheet_id: { value: "inherited" },
        max_rows: { get: () => 5000 },
      });
      expect(pkg.validate("GetSpreadsheet", defaults)).toMatchObject({ ok: true });
      const lying = pkg.validate("GetSpreadsheet", new Lying());
      expect(lying.ok ? [] : lying.issues.map((issue) => issue.code)).toEqual(["required"]);
    },
  );

  it("a class instance whose values are all its own enumerable properties is read in place", async () => {
    const pkg = await loadPackage("cloud-sheets");
    class Own {
      spreadsheet_id = "x";
    }
    const input = new Own();
    const result = pkg.validate("GetSpreadsheet", input);
    expect(result.ok && result.value).toBe(input);
  });

  it.each([false, true])("a property added to Object.prototype does not count (enumerable: %s)", async (enumerable) => {
    const pkg = await loadPackage("cloud-sheets");
    Object.defineProperty(Object.prototype, "max_rows", {
      value: 5000,
      configurable: true,
      writable: true,
      enumerable,
    });
    try {
      expect(pkg.validate("GetSpreadsheet", { spreadsheet_id: "x" })).toMatchObject({ ok: true });
      expect(
        pkg.validate("GetSpreadsheet", Object.assign(Object.create(null) as object, { spreadsheet_id: "x" })),
      ).toMatchObject({ ok: true });
      expect((pkg["isGetSpreadsheet"] as (input: unknown) => boolean)({ spreadsheet_id: "x" })).toBe(true);
    } finally {
      delete (Object.prototype as { max_rows?: unknown }).max_rows;
    }
  });

  it("reads each parameter once, so a getter cannot answer twice", async () => {
    const pkg = await loadPackage("cloud-sheets");
    let reads = 0;
    const input = Object.defineProperty({}, "spreadsheet_id", {
      enumerable: true,
      get: () => (++reads === 1 ? "x" : 7),
    });
    expect(pkg.validate("GetSpreadsheet", input).ok).toBe(true);
    expect(reads).toBe(1);
  });
});

describe.runIf(isSelected("cloud-sheets"))("huge and sparse arrays", () => {
  it.each([
    ["a sparse array of length 2^32 - 1", () => Object.assign([], { length: 2 ** 32 - 1 })],
    ["a million wrong items", () => Array.from({ length: 1_000_000 }, () => 7)],
  ])("%s: 100 issues and a final one, without walking every item", async (_name, make) => {
    const pkg = await loadPackage("cloud-sheets");
    const result = pkg.validate("SearchSpreadsheets", { spreadsheet_contains: make() });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(101);
    expect(result.issues[100]).toMatchObject({
      code: "too_many_issues",
      message: expect.stringMatching(/checking stopped after 100/),
    });
  });
});

describe.runIf(isSelected("cloud-sheets"))("names a model sends", () => {
  it("validate() and client.call() take the model name as well as the short and full ones", async () => {
    const pkg = await loadPackage("cloud-sheets");
    for (const name of [
      "GetSpreadsheetMetadata",
      "CloudSheets.GetSpreadsheetMetadata",
      "CloudSheets_GetSpreadsheetMetadata",
    ]) {
      expect(pkg.validate(name, { spreadsheet_id: "x" }).ok, name).toBe(true);
    }
    expect(pkg.validate("CloudSheets_getSpreadsheetMetadata", {}).ok).toBe(false);
  });
});
