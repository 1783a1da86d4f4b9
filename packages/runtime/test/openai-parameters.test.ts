// openAiParameters over a table of tool schemas: a tool strict mode can take gets the strict form
// (strictParameters'), an open object or parameters not shown get the non-strict form with their
// keys left open, and the root always has the properties and required list the type names.
import { describe, expect, it } from "vitest";
import { openAiParameters } from "../src/openai-parameters.js";
import type { JsonSchemaObject } from "../src/schema-targets.js";
import { toStandardSchema } from "../src/standard-schema.js";
import { strictParameters } from "../src/strict-standard-schema.js";

const dialect = "https://json-schema.org/draft/2020-12/schema";
const standard = (schema: JsonSchemaObject) => toStandardSchema((value) => ({ ok: true, value }), schema);

const cases: readonly {
  name: string;
  schema: JsonSchemaObject;
  strict: boolean;
  parameters?: Record<string, unknown>;
}[] = [
  {
    name: "listed scalars",
    schema: {
      $schema: dialect,
      type: "object",
      properties: { id: { type: "string" } },
      required: [],
      additionalProperties: false,
    },
    strict: true,
  },
  {
    name: "an open object parameter",
    schema: {
      $schema: dialect,
      type: "object",
      properties: { filter: { type: "object", description: "Any keys." } },
      required: ["filter"],
      additionalProperties: false,
    },
    strict: false,
    parameters: {
      type: "object",
      properties: { filter: { type: "object", description: "Any keys." } },
      required: ["filter"],
      additionalProperties: false,
    },
  },
  {
    name: "parameters not shown",
    schema: { $schema: dialect, type: "object", description: "Not shown." },
    strict: false,
    parameters: { type: "object", description: "Not shown.", properties: {}, required: [], additionalProperties: true },
  },
];

describe.each(cases)("openAiParameters: $name", ({ schema, strict, parameters }) => {
  it(strict ? "is the strict form" : "is the non-strict form, keys left open", () => {
    const form = openAiParameters(standard(schema));
    expect(form).toEqual({ strict, parameters: strict ? strictParameters(standard(schema)) : parameters });
  });
});
