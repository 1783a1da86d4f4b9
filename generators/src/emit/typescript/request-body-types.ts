// The TypeScript type of a captured request body, written from the body's schema IR by the one type
// writer (schema-type.ts). Each definition is a module-private type alias, which may name itself
// inside an array or object (a recursive schema); `<Tool>RequestBodyComponents` lists the components
// under their names. Annotations (descriptions, examples) are left out of the types.
import type { ToolNames } from "../../ir/naming.ts";
import type { Tool } from "../../ir/types.ts";
import { stringLiteral } from "../core/escape.ts";
import { laidOut, prefixed, typeLiteral } from "../core/layout.ts";
import { docComment, exportType } from "../core/source-file.ts";
import { schemaType } from "./schema-type.ts";

/** The type statements of a tool's captured body: its definitions, then `<Tool>RequestBody`. */
export function requestBodyTypes(tool: Tool, names: ToolNames): string[] {
  const body = tool.requestBody;
  if (body === undefined) return [];
  const aliases = new Map(body.definitions.map((d, index) => [d.name, `${names.requestBodyComponents}${index}`]));
  const aliasOf = (name: string): string => aliases.get(name) ?? "unknown";
  const statements = body.definitions.map((d) => {
    const doc = docComment(`${stringLiteral(d.pointer)} of the \`${tool.fullName}\` request body.`);
    return `${doc}\n${laidOut(prefixed(`type ${aliasOf(d.name)} = `, schemaType(d.schema, aliasOf)), ";")}`;
  });
  const components = body.definitions.filter((d) => d.pointer === `#/components/schemas/${d.name}`);
  if (components.length > 0) {
    const schemas = typeLiteral(components.map((d) => `${stringLiteral(d.name)}: ${aliasOf(d.name)}`));
    const doc = docComment(`Schemas under \`components.schemas\` of the \`${tool.fullName}\` request body.`);
    statements.push(
      `${doc}\n` +
        laidOut(
          prefixed(`export interface ${names.requestBodyComponents} `, typeLiteral([prefixed("schemas: ", schemas)])),
        ),
    );
  }
  const doc =
    `The request body of \`${tool.fullName}\` in mode execute, from the schema its engine returned\nfor mode ` +
    `get_request_schema (${body.file}).`;
  statements.push(exportType(doc, names.requestBody, [schemaType(body.root, aliasOf)]));
  return statements;
}

/** The type of a mode-pattern tool's request_body property: the captured body or its JSON text. */
export function requestBodyPropertyType(tool: Tool, names: ToolNames): string | undefined {
  return tool.requestBody === undefined ? undefined : `${names.requestBody} | string`;
}
