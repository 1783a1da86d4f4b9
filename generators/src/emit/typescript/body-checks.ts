// The functions that check a captured request body, emitted into src/validators.ts: one per tool
// with a captured schema (and one per definition it names, and one per part of a large schema),
// reporting every issue under `/request_body/...`. The checks are the schema writer's
// (schema-checks.ts), as a parameter's are. The validator parses the JSON text once; these run on
// the parsed value, which JSON.parse makes plain data, so they never run user code.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { ToolNames } from "../../ir/naming.ts";
import type { Tool } from "../../ir/types.ts";
import { jsonLiteral } from "../core/escape.ts";
import { functionDeclaration } from "../core/source-file.ts";
import { SchemaWriter, type UseHelper } from "./schema-checks.ts";

/** The statements of a tool's captured body checks (patterns, then functions); none when nothing was captured. */
export function requestBodyChecks(tool: Tool, names: ToolNames, use: UseHelper): string[] {
  const body = tool.requestBody;
  if (body === undefined) return [];
  const writer = new SchemaWriter("body", use, {
    checkName: names.requestBodyCheck,
    file: body.file,
    definitions: body.definitions.map((d) => d.name),
  });
  const root = functionDeclaration({
    exported: false,
    doc:
      `Checks a parsed \`${tool.fullName}\` request body against the schema captured in\n${body.file}. Never ` +
      "throws on JSON input.",
    name: names.requestBodyCheck,
    parameters: ["body: unknown"],
    returnType: "ValidationIssue[]",
    body: (w) => {
      w.writeLine("const issues: ValidationIssue[] = [];");
      const path = writer.staticPath(pointer("request_body"));
      writer.fresh(() => writer.check({ w, value: "body", path, label: path, sink: writer.sink("issues") }, body.root));
      w.writeLine("return issues;");
    },
  });
  const definitions = body.definitions.map((d, index) =>
    functionDeclaration({
      exported: false,
      doc: `Checks a value against ${jsonLiteral(d.pointer)} of the \`${tool.fullName}\` request body.`,
      name: writer.definition(index),
      parameters: ["value: unknown", "path: string", "issues: ValidationIssue[]"],
      returnType: "void",
      body: (w) =>
        writer.fresh(() =>
          writer.check({ w, value: "value", path: "path", label: "path", sink: writer.sink("issues") }, d.schema),
        ),
    }),
  );
  return [...writer.patterns, root, ...definitions, ...writer.parts];
}
