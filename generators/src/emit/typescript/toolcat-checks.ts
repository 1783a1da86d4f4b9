// The checks of toolcat's own keywords on a value (ir/schema.ts, ToolcatKeywords), and a format's
// check, which a toolcat format and JSON Schema's `format` share: the runtime's predicate.
import type { FormatName } from "../../ir/formats.ts";
import type { ToolcatKeywords } from "../../ir/schema.ts";
import { stringLiteral } from "../core/escape.ts";
import { formatPredicate } from "../core/runtime-names.ts";
import { writeIf, type ElseIf } from "../core/layout.ts";
import { skip, type CheckSite, type CheckTable, type SchemaChecks } from "./check-site.ts";
import { requiredWhen } from "./object-checks.ts";

/** A format's check: its runtime predicate on the value. */
export function formatCheck(
  format: FormatName,
  { w, value, path, label, sink }: CheckSite,
  body: SchemaChecks,
): ElseIf {
  return {
    condition: `!${body.use(formatPredicate(format))}(${value})`,
    then: () => sink.fail(w, "issueFormat", [path, label, stringLiteral(format), value]),
  };
}

export function writeFormat(format: FormatName, site: CheckSite, body: SchemaChecks): void {
  const { condition, then } = formatCheck(format, site, body);
  writeIf(site.w, condition, then);
}

/**
 * The checks of toolcat's own keywords. `requiredWhen` is checked with the object's other checks of
 * which keys it holds (object-checks.ts); the mode pattern decides which checks of a parameter list
 * run at all, and the parameter list's writer writes it (validator-checks.ts).
 */
export const toolcatChecks: CheckTable<keyof ToolcatKeywords> = {
  toolFormat: (format, site, body) => {
    if (site.node.content === undefined) writeFormat(format, site, body);
  },
  // A captured body is parsed once: the parse is the JSON-text check and gives the tree to check.
  content: (_content, site, body) => {
    const { w, value, path, label, sink } = site;
    w.writeLine(`const body = ${body.use("parseJson")}(${value});`);
    writeIf(
      w,
      "body === undefined",
      () => sink.fail(w, "issueFormat", [path, label, '"json"', value]),
      () => sink.failWith(w, `${body.contentCall()}(body)`),
    );
  },
  requiredWhen,
  modePattern: skip,
};
