// Model-facing text: what a model reads to pick a tool and fill its arguments, the same on every
// route (provider tool files, the manifest, MCP). Composed only from IR facts, in plain sentences (no
// `*`/`~` notation), saying nothing where there is nothing to say (required-ness is in the schema);
// toolcat's own readings are one short clause each.
import type { Limit, Parameter, Server, Tool } from "../../ir/types.ts";
import { judgmentBrief, parameterFacts, ruleText, sentence } from "./describe.ts";

/** The tool's description for a model: purpose, server, rules, limits, secrets, notes. */
export function modelToolDescription(server: Server, tool: Tool, executeValue: string): string {
  const facts = [sentence(tool.purpose), `A tool of the ${server.name} server (${server.domain}).`];
  if (tool.parameters.kind === "not-shown") facts.push("The catalog does not show this tool's parameters.");
  const onExecute =
    tool.parameters.kind === "known" ? tool.parameters.list.filter((p) => p.requirement === "execute") : [];
  if (onExecute.length > 0) {
    facts.push(
      `When mode is ${executeValue}, ${listText(onExecute.map((p) => p.name))} ` +
        `${onExecute.length === 1 ? "is" : "are"} also required.`,
    );
  }
  facts.push(...tool.rules.map(ruleText));
  facts.push(...toolLimits(server.limits, tool).map(sentence));
  if (tool.secrets.length > 0) {
    facts.push(
      `Uses the secret${tool.secrets.length === 1 ? "" : "s"} ${listText(tool.secrets)}, configured by the ` +
        "application, not passed as arguments.",
    );
  }
  facts.push(...tool.notes.map(sentence), ...tool.judgments.map(judgmentBrief));
  return facts.join(" ");
}

/** A parameter's description for a model: meaning, constraints in words, notes; "" when there are none. */
export function modelParameterDescription(parameter: Parameter, executeValue: string): string {
  return [...parameterFacts(parameter, executeValue), ...parameter.judgments.map(judgmentBrief)].join(" ");
}

/** Limits that name the tool as a whole; limits on one parameter already show as its bounds. */
function toolLimits(limits: readonly Limit[], tool: Tool): string[] {
  return limits
    .filter((limit) => limit.appliesTo.some((target) => target.tool === tool.name && target.parameter === undefined))
    .map((limit) => limit.text);
}

function listText(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)!}`;
}
