// README sections for what the documents say about a server as a whole, rendered from the same
// ServerFacts the manifest carries. Every spec string goes through markdownText or markdownCode.
import type { Server, Tool } from "../../ir/types.ts";
import { sentence } from "../core/describe.ts";
import { markdownCode, markdownText } from "../core/escape.ts";
import type { ServerFacts } from "../schema/server-facts.ts";

export interface ReadmeSection {
  readonly title: string;
  /** Markdown blocks, already escaped; the template separates them with blank lines. */
  readonly blocks: readonly string[];
}

const text = (value: string): string => markdownText(sentence(value));
const code = (values: readonly string[]): string => values.map(markdownCode).join(", ");
const list = (items: readonly string[]): string[] =>
  items.length === 0 ? [] : [items.map((i) => `- ${i}`).join("\n")];

export function factSections(facts: ServerFacts): ReadmeSection[] {
  const sections: ReadmeSection[] = [
    { title: "Resources", blocks: list(facts.resources.map(resourceLine)) },
    { title: "States and transitions", blocks: facts.states.flatMap(stateBlocks) },
    { title: "Events", blocks: eventBlocks(facts) },
    { title: "Pagination", blocks: list(facts.pagination.map(text)) },
    { title: "Limits", blocks: list(facts.limits.map(text)) },
    { title: "HTTP", blocks: httpBlocks(facts) },
    { title: "Versioning", blocks: list(facts.versioning.map(text)) },
    { title: "Notes", blocks: list(facts.notes.map(text)) },
  ];
  return sections.filter((s) => s.blocks.length > 0);
}

function resourceLine(resource: ServerFacts["resources"][number]): string {
  const facts: string[] = [];
  if (resource.identifiers.length > 0) facts.push(`Identified by ${code(resource.identifiers)}.`);
  if (resource.fields.length > 0) {
    const fields = resource.fields.map((f) => {
      const about = [f.type, f.description]
        .filter((x): x is string => x !== undefined)
        .map(markdownText)
        .join("; ");
      return about === "" ? markdownCode(f.name) : `${markdownCode(f.name)} (${about})`;
    });
    facts.push(`Fields: ${fields.join(", ")}.`);
  }
  facts.push(...resource.notes.map(text));
  const name = `**${markdownText(resource.name)}**`;
  return facts.length === 0 ? name : `${name}: ${facts.join(" ")}`;
}

function stateBlocks(machine: ServerFacts["states"][number]): string[] {
  const name = markdownText(machine.resource);
  const states = machine.states === null ? "not shown" : code(machine.states);
  const initial = machine.initial === undefined ? "" : ` A new one starts as ${markdownCode(machine.initial)}.`;
  const blocks = [`**${name}**: states ${states}.${initial}`];
  if (machine.transitions === null) blocks.push("Transitions: not shown.");
  else if (machine.transitions.length > 0) {
    const rows = machine.transitions.map(
      (t) =>
        `| ${markdownText(t.from)} | ${markdownCode(t.tool)} | ${markdownText(t.condition ?? "")} | ` +
        `${markdownText(t.to)} |`,
    );
    blocks.push(["| From | Moved by | Condition | To |", "| --- | --- | --- | --- |", ...rows].join("\n"));
  }
  if (machine.restrictedTransitions !== null)
    blocks.push(`Restricted transitions: ${markdownText(machine.restrictedTransitions)}`);
  return [...blocks, ...list(machine.notes.map(text))];
}

function eventBlocks(facts: ServerFacts): string[] {
  const events = facts.events;
  const lines: string[] = [];
  if (events.types !== null && events.types.length > 0) {
    lines.push(
      `Event types${events.typesComplete ? "" : " named in the documents (the full list is not shown)"}: ` +
        `${code(events.types)}.`,
    );
  }
  if (events.payload !== null) lines.push(`Payload: ${text(events.payload)}`);
  if (events.signing !== null) lines.push(`Signing: ${text(events.signing)}`);
  return list([...lines, ...events.notes.map(text)]);
}

function httpBlocks(facts: ServerFacts): string[] {
  const http = facts.http;
  const lines = [
    ...(http.methods === null ? [] : [`Methods: ${text(http.methods)}`]),
    ...(http.paths === null ? [] : [`Paths: ${text(http.paths)}`]),
    ...(http.results === null ? [] : [`Results: ${text(http.results)}`]),
    ...http.knownPaths.map(
      (p) =>
        `${markdownCode(p.tool)}: ${markdownCode(p.template)}` +
        (p.description === undefined ? "" : ` ${text(p.description)}`),
    ),
  ];
  if (http.baseUrl !== null) {
    const centers =
      http.baseUrl.dataCenters.length === 0
        ? ""
        : ` Data centers: ${http.baseUrl.dataCenters.map(markdownText).join(", ")}.`;
    lines.push(
      (
        `Base address: the value of secret ${markdownCode(http.baseUrl.secret)}.${centers} ` +
        `${http.baseUrl.notes.map(text).join(" ")}`
      ).trimEnd(),
    );
  }
  return list(lines);
}

/** toolcat's own readings, listed apart so no one takes them for documented facts. */
export function judgmentLines(server: Server): string[] {
  return server.tools.flatMap((tool) => [
    ...tool.judgments.map((j) => `${markdownCode(tool.name)}: ${text(j)}`),
    ...(tool.parameters.kind === "known" ? tool.parameters.list : []).flatMap((p) =>
      p.judgments.map((j) => `${markdownCode(`${tool.name}.${p.name}`)}: ${text(j)}`),
    ),
  ]);
}

export interface TocGroup {
  readonly title: string;
  readonly tools: readonly { readonly name: string; readonly anchor: string }[];
}

/** Tools grouped under the document's topic headings, ungrouped tools first. */
export function tableOfContents(tools: readonly Tool[]): TocGroup[] {
  const groups = new Map<string, Tool[]>();
  for (const tool of tools) {
    const key = tool.group ?? "";
    groups.set(key, [...(groups.get(key) ?? []), tool]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([title, members]) => ({
      title: title === "" ? "Tools" : markdownText(title),
      tools: members.map((t) => ({ name: t.name, anchor: t.name.toLowerCase() })),
    }));
}
