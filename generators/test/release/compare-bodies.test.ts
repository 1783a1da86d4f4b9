// Body-schema change table: each case edits a copy of the widget's captured request body in one place
// and asserts the exact change lines (tool and JSON pointer) and the bump, through the whole-spec diff.
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/ir/json.ts";
import type { Level } from "../../src/release/change.ts";
import { compareServers } from "../../src/release/compare-servers.ts";
import { changeLines } from "../../src/release/report.ts";
import { captured, widgetBody, withBody } from "./widget-body.ts";
import { loadWidget, modes, widgetSpec } from "./widget.ts";

type JsonObject = { [key: string]: JsonValue };

interface Case {
  readonly name: string;
  /** Edits the body in place; undefined: the capture file is deleted. */
  readonly edit: ((body: JsonObject) => void) | undefined;
  readonly lines: readonly string[];
  readonly bump: Level;
}

/** The object at `keys` inside the body, failing loudly when the fixture has no such object. */
function at(body: JsonObject, ...keys: string[]): JsonObject {
  return keys.reduce<JsonObject>((node, key) => {
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next))
      throw new Error(`test setup: no object at ${keys.join(".")}`);
    return next;
  }, body);
}
const properties = (body: JsonObject, ...schema: string[]): JsonObject => at(body, ...schema, "properties");
const component = (name: string): string[] => ["components", "schemas", name];
function required(body: JsonObject, ...schema: string[]): string[] {
  const list = at(body, ...schema)["required"];
  if (!Array.isArray(list)) throw new Error("test setup: no required list");
  return list as string[];
}

const E = "WidgetApi.ExecuteWidget";

const breaking: Case[] = [
  {
    name: "capture removed",
    edit: undefined,
    lines: [`${E}: request body schema no longer captured (request_body is an untyped string again) (breaking)`],
    bump: "major",
  },
  {
    name: "top-level field removed",
    edit: (b) => delete properties(b).note,
    lines: [`${E}: body field /request_body/note removed (breaking)`],
    bump: "major",
  },
  {
    name: "nested field of a $ref'd component removed",
    edit: (b) => delete properties(b, ...component("Customer"), "properties", "address").zip,
    lines: [`${E}: body field /request_body/customer/address/zip removed (breaking)`],
    bump: "major",
  },
  {
    name: "array item field removed",
    edit: (b) => delete properties(b, ...component("Line")).qty,
    lines: [`${E}: body field /request_body/lines/*/qty removed (breaking)`],
    bump: "major",
  },
  {
    name: "optional field made required",
    edit: (b) => required(b).push("note"),
    lines: [`${E}: /request_body/note changed from optional to required (breaking)`],
    bump: "major",
  },
  {
    name: "required field added to array items",
    edit: (b) => {
      properties(b, ...component("Line")).unit = { type: "string" };
      required(b, ...component("Line")).push("unit");
    },
    lines: [`${E}: required body field /request_body/lines/*/unit added (breaking)`],
    bump: "major",
  },
  {
    name: "field of a recursive component removed",
    edit: (b) => delete properties(b, ...component("Node")).label,
    lines: [`${E}: body field /request_body/tree/label removed (breaking)`],
    bump: "major",
  },
  {
    name: "type changed",
    edit: (b) => (properties(b, ...component("Line")).qty = { type: "string" }),
    lines: [`${E}: /request_body/lines/*/qty type changed from integer to string (breaking)`],
    bump: "major",
  },
  {
    name: "maxItems lowered",
    edit: (b) => (properties(b).lines = { type: "array", maxItems: 10, items: { $ref: "#/components/schemas/Line" } }),
    lines: [`${E}: /request_body/lines maxItems lowered from 50 to 10 (breaking)`],
    bump: "major",
  },
  {
    name: "minimum raised",
    edit: (b) => (at(b, ...component("Line"), "properties", "qty").minimum = 2),
    lines: [`${E}: /request_body/lines/*/qty minimum raised from 1 to 2 (breaking)`],
    bump: "major",
  },
  {
    name: "enum value removed",
    edit: (b) => (at(b, "properties", "priority").enum = ["low"]),
    lines: [`${E}: /request_body/priority enum value "high" removed (breaking)`],
    bump: "major",
  },
  {
    name: "null no longer accepted",
    edit: (b) => delete at(b, "properties", "note").nullable,
    lines: [`${E}: /request_body/note no longer accepts null (breaking)`],
    bump: "major",
  },
  {
    name: "unlisted fields refused",
    edit: (b) => (at(b, ...component("Customer"), "properties", "address").additionalProperties = false),
    lines: [`${E}: /request_body/customer/address no longer accepts unlisted fields (breaking)`],
    bump: "major",
  },
];

const features: Case[] = [
  {
    name: "optional top-level field added",
    edit: (b) => (properties(b).due = { type: "string", format: "date" }),
    lines: [`${E}: optional body field /request_body/due added (feature)`],
    bump: "minor",
  },
  {
    name: "optional nested field added to a component",
    edit: (b) => (properties(b, ...component("Customer"), "properties", "address").country = { type: "string" }),
    lines: [`${E}: optional body field /request_body/customer/address/country added (feature)`],
    bump: "minor",
  },
  {
    name: "required field made optional",
    edit: (b) => required(b, ...component("Line")).pop(),
    lines: [`${E}: /request_body/lines/*/sku changed from required to optional (feature)`],
    bump: "minor",
  },
  {
    name: "integer widened to number",
    edit: (b) => (at(b, ...component("Line"), "properties", "qty").type = "number"),
    lines: [`${E}: /request_body/lines/*/qty type changed from integer to number (feature)`],
    bump: "minor",
  },
  {
    name: "enum value added",
    edit: (b) => (at(b, "properties", "priority").enum = ["low", "high", "urgent"]),
    lines: [`${E}: /request_body/priority enum value "urgent" added (feature)`],
    bump: "minor",
  },
  {
    name: "unlisted fields accepted",
    edit: (b) => delete b.additionalProperties,
    lines: [`${E}: /request_body accepts unlisted fields (feature)`],
    bump: "minor",
  },
  {
    name: "field accepts any value",
    edit: (b) => (properties(b).tree = {}),
    lines: [`${E}: /request_body/tree accepts any value (was object) (feature)`],
    bump: "minor",
  },
];

const docs: Case[] = [
  {
    name: "description",
    edit: (b) => (at(b, "properties", "name").description = "the run's name"),
    lines: [`${E}: /request_body/name description changed (docs)`],
    bump: "patch",
  },
  {
    name: "format (not checked)",
    edit: (b) => (at(b, ...component("Customer"), "properties", "id").format = "uuid"),
    lines: [`${E}: /request_body/customer/id format changed from none to uuid (docs)`],
    bump: "patch",
  },
  {
    name: "an annotation the IR does not keep",
    edit: (b) => (b.title = "Run"),
    lines: [`${E}: request body schema changed, accepting the same bodies (docs)`],
    bump: "patch",
  },
];

const unchanged: Case[] = [
  { name: "identical", edit: () => undefined, lines: [], bump: "none" },
  {
    name: "a component inlined",
    edit: (b) => (properties(b).customer = at(b, ...component("Customer"))),
    lines: [`${E}: request body schema changed, accepting the same bodies (docs)`],
    bump: "patch",
  },
];

describe.each([
  ["breaking (major)", breaking],
  ["feature (minor)", features],
  ["docs (patch)", docs],
  ["no or docs-only change", unchanged],
])("request body %s", (_, cases) => {
  it.each(cases)("$name", ({ edit, lines, bump }) => {
    const server = loadWidget(widgetSpec);
    const body = widgetBody();
    edit?.(body);
    const diff = compareServers(
      withBody(server, captured(widgetBody())),
      withBody(server, edit === undefined ? undefined : captured(body)),
      modes,
    );
    expect(changeLines(diff)).toEqual(lines);
    expect(diff.bump).toBe(bump);
  });
});

describe("request body captures", () => {
  const server = loadWidget(widgetSpec);

  it("a first capture for a tool is a feature", () => {
    const diff = compareServers(server, withBody(server, captured(widgetBody())), modes);
    expect(changeLines(diff)).toEqual([`${E}: request body schema captured (feature)`]);
  });

  it("capturing the same schema again is no change", () => {
    const diff = compareServers(
      withBody(server, captured(widgetBody())),
      withBody(server, captured(widgetBody(), "2026-06-07T08:09:10.000Z")),
      modes,
    );
    expect(diff.bump).toBe("none");
  });

  it("reports every change of a recursive component once per path and ends", () => {
    const body = widgetBody();
    properties(body, ...component("Node")).weight = { type: "number" };
    expect(
      changeLines(compareServers(withBody(server, captured(widgetBody())), withBody(server, captured(body)), modes)),
    ).toEqual([`${E}: optional body field /request_body/tree/weight added (feature)`]);
  });
});
