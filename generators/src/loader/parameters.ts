// Parameter building: a raw parameter becomes a typed IR parameter whose value is a schema node
// (ir/schema.ts), with its constraints checked against its type and its default against both.
import { oncePer } from "../core/once-per.ts";
import type { CatalogRules, Parameter, Requirement } from "../ir/types.ts";
import type { JsonValue } from "../ir/json.ts";
import type { SchemaNode } from "../ir/schema.ts";
import type { RawParameter, RawTool } from "./raw.ts";
import type { Reporter } from "./reporter.ts";
import { noItems } from "./shared-empty.ts";
import type { SpecPath } from "./source.ts";
import { valueProblem } from "./values.ts";

export function buildParameters(
  report: Reporter,
  toolPath: SpecPath,
  tool: RawTool,
  rules: CatalogRules,
): Parameter[] | undefined {
  if (tool.parameters === "not-shown") return undefined;
  const listed = tool.parameters;
  report.seenOnce(
    listed.map((p) => p.name),
    (i) => [...toolPath, "parameters", i, "name"],
    "duplicate-parameter",
    "parameter",
  );
  const parameters = listed.map((raw, i) => buildParameter(report, [...toolPath, "parameters", i], raw, tool));
  if (tool.modePattern !== true) return parameters;
  const position = report.at(toolPath);
  const { mode, requestBody } = modeParameters(rules.toolMode);
  return [{ ...mode, position }, ...parameters, { ...requestBody, position }];
}

/**
 * The parameters the mode pattern adds, but for their position: the same for every mode-pattern tool, so they are
 * built once per catalog and their schemas and descriptions shared (IR values are never changed), rather than a copy
 * each, which was a tenth of a large catalog's memory.
 */
const modeParameters = oncePer(
  (toolMode: CatalogRules["toolMode"]): Record<"mode" | "requestBody", Omit<Parameter, "position">> => ({
    mode: {
      name: "mode",
      schema: { type: ["string"], enum: toolMode.values.map((v) => v.value), enumName: toolMode.name },
      requirement: "always",
      description: toolMode.values.map((v) => `${v.value}: ${v.description}`).join(" "),
      notes: noItems,
      judgments: noItems,
      implicit: true,
    },
    requestBody: {
      name: "request_body",
      schema: { type: ["string"], toolFormat: "json" },
      requirement: "execute",
      description: `${toolMode.requestBodyDescription} Its fields are returned at run time by mode get_request_schema.`,
      notes: noItems,
      judgments: noItems,
      implicit: true,
    },
  }),
);

function buildParameter(report: Reporter, path: SpecPath, raw: RawParameter, tool: RawTool): Parameter {
  report.identifier([...path, "name"], raw.name, "snake", "Parameter name");
  if (tool.modePattern === true && (raw.name === "mode" || raw.name === "request_body")) {
    report.error(
      [...path, "name"],
      "reserved-parameter",
      `tool ${tool.name}: ${raw.name} is added by modePattern and must not be listed`,
      `Remove the ${raw.name} entry; modePattern: true already declares it.`,
    );
  }
  const requirement: Requirement =
    raw.required === true ? "always" : raw.required === "execute" ? "execute" : "optional";
  if (requirement === "execute" && tool.modePattern !== true) {
    report.error(
      [...path, "required"],
      "execute-without-mode",
      `${raw.name} is required when mode is execute, but tool ${tool.name} has no mode`,
      "Set modePattern: true on the tool, or use required: true / false.",
    );
  }
  const schema = valueNode(report, path, raw, `tool ${tool.name}, parameter ${raw.name}`);
  if (raw.default !== undefined) {
    checkDefaultKeys(report, [...path, "default"], raw.default);
    const problem = valueProblem(schema, raw.default);
    if (problem !== undefined) {
      report.error(
        [...path, "default"],
        "invalid-default",
        `tool ${tool.name}, parameter ${raw.name}: default ${problem}`,
        "Make the default satisfy the parameter's own type and constraints.",
      );
    }
  }
  return {
    name: raw.name,
    schema,
    requirement,
    ...(raw.description !== undefined && { description: raw.description }),
    ...(raw.default !== undefined && { default: raw.default }),
    ...(raw.defaultNote !== undefined && { defaultNote: raw.defaultNote }),
    notes: raw.notes ?? noItems,
    judgments: raw.judgments ?? noItems,
    implicit: false,
    position: report.at(path),
  };
}

/** Which spec keys each parameter type accepts besides the common ones. */
const keysByType: Record<RawParameter["type"], readonly (keyof RawParameter)[]> = {
  string: ["format", "enum", "enumName"],
  integer: ["minimum", "maximum"],
  number: ["minimum", "maximum"],
  boolean: [],
  object: ["keys", "minProperties", "maxProperties"],
  array: ["items"],
};
const typedKeys = [...new Set(Object.values(keysByType).flat())];

/** A parameter's value as a schema node; `where` names the parameter in messages (tool GetWidget, parameter limit). */
function valueNode(report: Reporter, path: SpecPath, raw: RawParameter, where: string): SchemaNode {
  for (const key of typedKeys) {
    if (raw[key] !== undefined && !keysByType[raw.type].includes(key)) {
      report.error(
        [...path, key],
        "constraint-mismatch",
        `${where}: ${key} does not apply to a parameter of type ${raw.type}`,
        `Remove ${key}, or change the type.`,
      );
    }
  }
  if (raw.enum !== undefined && raw.format !== undefined) {
    report.error(
      [...path, "format"],
      "constraint-mismatch",
      `${where}: a parameter cannot have both enum and format`,
      "Keep the enum; its values already constrain the string.",
    );
  }
  checkRange(report, path, where, raw.minimum, raw.maximum, "minimum", "maximum");
  checkRange(report, path, where, raw.minProperties, raw.maxProperties, "minProperties", "maxProperties");
  switch (raw.type) {
    case "string":
      if (raw.enum !== undefined || raw.enumName !== undefined) {
        if (raw.enumName !== undefined) report.identifier([...path, "enumName"], raw.enumName, "pascal", "Enum name");
        if (Array.isArray(raw.enum)) checkEnumValues(report, raw.enum, (i) => [...path, "enum", i]);
        // An enum whose values the catalog does not show accepts any string.
        return {
          type: ["string"],
          ...(Array.isArray(raw.enum) ? { enum: [...raw.enum] } : { valuesNotShown: true }),
          ...(raw.enumName !== undefined && { enumName: raw.enumName }),
        };
      }
      return { type: ["string"], ...(raw.format !== undefined && { toolFormat: raw.format }) };
    case "integer":
    case "number":
      if (raw.type === "integer") {
        for (const key of ["minimum", "maximum"] as const) {
          if (raw[key] !== undefined && !Number.isInteger(raw[key]))
            report.error(
              [...path, key],
              "constraint-mismatch",
              `${where}: ${key} of an integer parameter must be an integer`,
              "Use a whole number.",
            );
        }
      }
      return {
        type: [raw.type],
        ...(raw.minimum !== undefined && { minimum: raw.minimum }),
        ...(raw.maximum !== undefined && { maximum: raw.maximum }),
      };
    case "boolean":
      return { type: ["boolean"] };
    case "object":
      raw.keys?.forEach((k, i) => report.reserved([...path, "keys", i, "name"], k.name, "Object key", true));
      report.seenOnce(
        (raw.keys ?? []).map((k) => k.name),
        (i) => [...path, "keys", i, "name"],
        "duplicate-object-key",
        "object key",
      );
      return {
        type: ["object"],
        ...(raw.keys !== undefined && raw.keys.length > 0 && { keys: raw.keys }),
        ...(raw.minProperties !== undefined && { minProperties: raw.minProperties }),
        ...(raw.maxProperties !== undefined && { maxProperties: raw.maxProperties }),
      };
    case "array": {
      if (raw.items === undefined) {
        report.error(path, "missing-key", `${where}: an array parameter needs "items"`, "Add items: { type: string }.");
        return { type: ["array"], items: { type: ["string"] } };
      }
      const values = raw.items.enum;
      if (values !== undefined) checkEnumValues(report, values, (i) => [...path, "items", "enum", i]);
      return { type: ["array"], items: { type: ["string"], ...(values !== undefined && { enum: [...values] }) } };
    }
  }
}

function checkRange(
  report: Reporter,
  path: SpecPath,
  where: string,
  low: number | undefined,
  high: number | undefined,
  lowKey: string,
  highKey: string,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    report.error(
      [...path, lowKey],
      "invalid-range",
      `${where}: ${lowKey} ${low} is greater than ${highKey} ${high}`,
      `Swap them, or fix the one that was mistyped.`,
    );
  }
}

function checkEnumValues(report: Reporter, values: readonly string[], pathOf: (index: number) => SpecPath): void {
  values.forEach((value, i) => report.reserved(pathOf(i), value, "Enum value", true));
  report.seenOnce(values, pathOf, "duplicate-enum-value", "enum value");
}

/** Keys of an object default become property keys in the manifest and types; walked without recursion. */
function checkDefaultKeys(report: Reporter, path: SpecPath, value: JsonValue): void {
  const pending: [SpecPath, JsonValue][] = [[path, value]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [at, node] = next;
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) node.forEach((item, i) => pending.push([[...at, i], item]));
    else {
      for (const [key, item] of Object.entries(node)) {
        report.reserved([...at, key], key, "Default key", true);
        pending.push([[...at, key], item]);
      }
    }
  }
}
