// The Zod 4 schema a user would write for a tool, built mechanically from the same inputSchema the
// generated validator comes from, so the throughput comparison checks the same rules: types,
// required keys, bounds, enums, formats (refined with the runtime's own predicates), unknown keys
// rejected (strict objects), key counts, dependent and conditional (mode is execute) requirements.
import { formats } from "@toolcat/runtime/formats";
import { z } from "zod";

type Schema = { readonly [keyword: string]: unknown };

export function zodFromSchema(schema: Schema): z.ZodType {
  if (Array.isArray(schema["enum"])) return z.enum(schema["enum"] as [string, ...string[]]);
  switch (schema["type"]) {
    case "string":
      return stringSchema(schema);
    case "integer":
    case "number": {
      let number = schema["type"] === "integer" ? z.number().int() : z.number();
      if (typeof schema["minimum"] === "number") number = number.min(schema["minimum"]);
      if (typeof schema["maximum"] === "number") number = number.max(schema["maximum"]);
      return number;
    }
    case "boolean":
      return z.boolean();
    case "array":
      return z.array(schema["items"] === undefined ? z.unknown() : zodFromSchema(schema["items"] as Schema));
    case "object":
      return objectSchema(schema);
    default:
      return z.unknown();
  }
}

/** The standard keywords toolcat emits for its formats, checked with the runtime's own predicates. */
function stringSchema(schema: Schema): z.ZodType {
  let string: z.ZodType<string> = z.string();
  if (typeof schema["pattern"] === "string") string = z.string().regex(new RegExp(schema["pattern"], "u"));
  const format = schema["format"] as keyof typeof formats | undefined;
  const check =
    schema["contentSchema"] !== undefined
      ? formats["cell-data"]
      : schema["contentMediaType"] !== undefined
        ? formats.json
        : format === undefined
          ? undefined
          : formats[format];
  return check === undefined ? string : string.refine(check, { message: "expected the documented format" });
}

function objectSchema(schema: Schema): z.ZodType {
  if (schema["else"] !== undefined) return modeSchema(schema);
  const properties = schema["properties"] as Record<string, Schema> | undefined;
  const required = new Set((schema["required"] ?? []) as string[]);
  const base =
    properties === undefined
      ? z.record(z.string(), z.unknown()) // a free-form JSON object: only its key count is constrained
      : z.strictObject(
          Object.fromEntries(
            Object.entries(properties).map(([name, property]) => [
              name,
              required.has(name) ? zodFromSchema(property) : zodFromSchema(property).optional(),
            ]),
          ),
        );
  const rules = objectRules(schema);
  if (rules.length === 0) return base;
  return base.superRefine((value, ctx) => {
    for (const rule of rules) rule(value as Record<string, unknown>, ctx);
  });
}

/**
 * A mode-pattern tool: `if` (mode is one that ignores the rest) accepts the plain properties, `else`
 * adds the typed ones and the execute requirements. The branch is chosen by the if test and its
 * issues become the whole schema's.
 */
function modeSchema(schema: Schema): z.ZodType {
  const { if: test, else: otherwise, ...plain } = schema as Schema & { if: Schema; else: Schema };
  const [key, condition] = Object.entries((test["properties"] ?? {}) as Record<string, Schema>)[0] ?? [];
  if (key === undefined || !Array.isArray(condition?.["enum"]))
    throw new Error("unsupported if condition in inputSchema");
  const ignoring = objectSchema(plain);
  const full = objectSchema({
    ...plain,
    ...otherwise,
    properties: { ...(plain["properties"] as object), ...(otherwise["properties"] as object) },
  });
  const values = condition["enum"] as unknown[];
  return z.unknown().superRefine((value, ctx) => {
    const branch =
      typeof value === "object" && value !== null && values.includes((value as Record<string, unknown>)[key])
        ? ignoring
        : full;
    const result = branch.safeParse(value);
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom" });
  });
}

type Rule = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;

/** The object keywords Zod has no method for, as refinements. */
function objectRules(schema: Schema): Rule[] {
  const rules: Rule[] = [];
  const min = schema["minProperties"];
  const max = schema["maxProperties"];
  if (typeof min === "number" || typeof max === "number") {
    rules.push((value, ctx) => {
      const count = Object.keys(value).length;
      if (typeof min === "number" && count < min)
        ctx.addIssue({ code: "custom", message: `expected at least ${min} keys` });
      if (typeof max === "number" && count > max)
        ctx.addIssue({ code: "custom", message: `expected at most ${max} keys` });
    });
  }
  for (const [name, needs] of Object.entries((schema["dependentRequired"] ?? {}) as Record<string, string[]>)) {
    rules.push((value, ctx) => {
      if (value[name] === undefined) return;
      for (const other of needs)
        if (value[other] === undefined)
          ctx.addIssue({ code: "custom", path: [other], message: `required with ${name}` });
    });
  }
  // The catalog's conditionals are all `if {key: const} then required [...]` (mode is execute).
  for (const condition of (schema["allOf"] ?? []) as Schema[]) {
    const [key, test] =
      Object.entries(((condition["if"] as Schema)["properties"] ?? {}) as Record<string, Schema>)[0] ?? [];
    const needs = ((condition["then"] as Schema)["required"] ?? []) as string[];
    if (key === undefined || test === undefined) throw new Error("unsupported allOf condition in inputSchema");
    rules.push((value, ctx) => {
      if (value[key] !== test["const"]) return;
      for (const other of needs)
        if (value[other] === undefined)
          ctx.addIssue({ code: "custom", path: [other], message: `required when ${key} is ${String(test["const"])}` });
    });
  }
  return rules;
}
