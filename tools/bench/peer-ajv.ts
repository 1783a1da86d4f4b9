// Ajv 2020-12 as the validator section's reference and peer: stock Ajv with ajv-formats in strict
// mode, given the tool's manifest inputSchema with one change. JSON Schema leaves
// `contentMediaType`/`contentSchema` annotations, while toolcat (and the Zod peer) check that JSON
// text parses (and that cell data has its shape), so the peers' schema adds a `format` doing that
// check with the runtime's own predicate: every contender then does the same work.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Ajv2020, _ } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { formats } from "@toolcat/runtime/formats";
import { workspaceRoot } from "./measure.ts";

type Schema = { readonly [keyword: string]: unknown };

/** The runtime formats standing in for JSON-text annotations; registered with every peer. */
export const jsonTextFormats = { "toolcat-json": formats.json, "toolcat-cell-data": formats["cell-data"] } as const;

/** `schema` with a JSON-text `format` beside each `contentMediaType` (nested schemas included). */
export function peerSchema(schema: Schema): Schema {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "contentSchema") continue; // an annotation: the cell-data format checks it instead
    copy[key] = Array.isArray(value)
      ? value.map((item) => (typeof item === "object" && item !== null ? peerSchema(item as Schema) : item))
      : typeof value === "object" && value !== null
        ? peerSchema(value as Schema)
        : value;
  }
  if (schema["contentMediaType"] === "application/json")
    copy["format"] = schema["contentSchema"] === undefined ? "toolcat-json" : "toolcat-cell-data";
  return copy;
}

/** Where the bench keeps generated peer code: inside node_modules so it resolves packages. */
export const peerCodeDir = join(workspaceRoot, "node_modules/.cache/toolcat-bench");
const formatsModule = join(peerCodeDir, "ajv-formats.cjs");

export function benchAjv(options: { allErrors: boolean; standalone?: boolean }): Ajv2020 {
  const code = options.standalone === true ? { source: true, formats: _`require(${formatsModule})` } : undefined;
  const instance = new Ajv2020({ allErrors: options.allErrors, strict: true, ...(code === undefined ? {} : { code }) });
  addFormats.default(instance);
  for (const [name, check] of Object.entries(jsonTextFormats)) instance.addFormat(name, check);
  return instance;
}

/**
 * Ajv's standalone code for every schema of one server, written as one CommonJS module and loaded:
 * what a project that precompiles its validators ships. Its formats come from a small module that
 * re-exports ajv-formats' and the runtime's predicates, resolved from the workspace.
 */
export function ajvStandalone(
  name: string,
  schemas: Readonly<Record<string, Schema>>,
): Record<string, (input: unknown) => boolean> {
  mkdirSync(peerCodeDir, { recursive: true });
  writeFileSync(
    formatsModule,
    '"use strict";\nconst { fullFormats } = require("ajv-formats/dist/formats");\nconst { formats } = ' +
      'require("@toolcat/runtime/formats");\nmodule.exports = { ...fullFormats, "toolcat-json": formats.json, ' +
      '"toolcat-cell-data": formats["cell-data"] };\n',
  );
  const instance = benchAjv({ allErrors: false, standalone: true });
  for (const [tool, schema] of Object.entries(schemas)) instance.addSchema(peerSchema(schema), tool);
  const file = join(peerCodeDir, `ajv-standalone-${name}.cjs`);
  writeFileSync(
    file,
    standaloneCode.default(instance, Object.fromEntries(Object.keys(schemas).map((tool) => [tool, tool]))),
  );
  return createRequire(import.meta.url)(file) as Record<string, (input: unknown) => boolean>;
}
