// Conditional rules between parameters (required-when, requires, precedence), resolved against the
// tool's own parameters.
import type { Parameter, Rule } from "../ir/types.ts";
import { closest } from "./diagnostics.ts";
import type { RawTool } from "./raw.ts";
import type { Reporter } from "./reporter.ts";
import type { SpecPath } from "./source.ts";
import { valueProblem } from "./values.ts";

export function buildRules(
  report: Reporter,
  toolPath: SpecPath,
  tool: RawTool,
  parameters: Parameter[] | undefined,
): Rule[] {
  return (tool.rules ?? []).flatMap((rule, i): Rule[] => {
    const path = [...toolPath, "rules", i];
    const find = (key: "parameter" | "when" | "requires" | "over"): Parameter | undefined => {
      const name = rule[key];
      if (name === undefined) {
        report.error(path, "invalid-rule", `a ${rule.kind} rule needs "${key}"`, `Add ${key}: with a parameter name.`);
        return undefined;
      }
      const found = parameters?.find((p) => p.name === name);
      if (found === undefined) {
        const suggestion = closest(
          name,
          (parameters ?? []).map((p) => p.name),
        );
        report.error(
          [...path, key],
          "unknown-parameter",
          `rule names parameter "${name}", which tool ${tool.name} does not have`,
          suggestion ? `Did you mean "${suggestion}"?` : "Name one of the tool's parameters.",
        );
      }
      return found;
    };
    const subject = find("parameter");
    switch (rule.kind) {
      case "required-when": {
        const when = find("when");
        if (rule.equals === undefined) {
          report.error(
            path,
            "invalid-rule",
            'a required-when rule needs "equals"',
            "Add equals: with the value that makes the parameter required.",
          );
          return [];
        }
        // A rule states its value as text, so only an enum's values are checked against it.
        const values = when?.schema.enum;
        if (when !== undefined && values !== undefined && valueProblem(when.schema, rule.equals) !== undefined) {
          report.error(
            [...path, "equals"],
            "invalid-rule",
            `"${rule.equals}" is not a value of ${when.name}`,
            `Use one of: ${values.join(", ")}.`,
          );
        }
        return subject && when
          ? [{ kind: "required-when", parameter: subject.name, when: when.name, equals: rule.equals, text: rule.text }]
          : [];
      }
      case "requires": {
        const other = find("requires");
        return subject && other
          ? [{ kind: "requires", parameter: subject.name, requires: other.name, text: rule.text }]
          : [];
      }
      case "precedence": {
        const other = find("over");
        return subject && other
          ? [{ kind: "precedence", parameter: subject.name, over: other.name, text: rule.text }]
          : [];
      }
    }
  });
}
