// Every class of fact the documents state about a server reaches the package user: the README
// renders it and the manifest carries it, for each real server that has it.
import { describe, expect, it } from "vitest";
import type { Server } from "../../src/ir/types.ts";
import { workspaceCatalog, workspacePipeline } from "../support.ts";

const catalog = workspaceCatalog();
const { files } = workspacePipeline();
const fileText = (path: string): string => {
  const file = files.find((f) => f.path === path);
  if (file === undefined) throw new Error(`not generated: ${path}`);
  return file.text;
};
const readme = (server: Server): string => fileText(`packages/${server.slug}/README.md`);
const manifest = (server: Server): { documentation: Record<string, unknown>; tools: Record<string, unknown>[] } =>
  JSON.parse(fileText(`packages/${server.slug}/manifest.json`)) as never;
/** The README escapes markdown, so compare with the escapes and emphasis taken out. */
const plain = (markdown: string): string => markdown.replace(/\\(.)/g, "$1").replace(/\*\*/g, "");

interface FactClass {
  readonly name: string;
  /** The facts of this class a server states, as text that must appear in its README. */
  readonly facts: (server: Server) => readonly string[];
  /** Where the manifest carries them. */
  readonly inManifest: (server: Server) => unknown;
}

const factClasses: readonly FactClass[] = [
  {
    name: "resources",
    facts: (s) => s.resources.map((r) => r.name),
    inManifest: (s) => manifest(s).documentation["resources"],
  },
  {
    name: "resource fields",
    facts: (s) => s.resources.flatMap((r) => r.fields.map((f) => f.name)),
    inManifest: (s) => manifest(s).documentation["resources"],
  },
  {
    name: "states",
    facts: (s) => s.states.flatMap((m) => (m.states.known ? m.states.value : [])),
    inManifest: (s) => manifest(s).documentation["states"],
  },
  {
    name: "transitions",
    facts: (s) => s.states.flatMap((m) => (m.transitions.known ? m.transitions.value.map((t) => t.tool) : [])),
    inManifest: (s) => manifest(s).documentation["states"],
  },
  {
    name: "event types",
    facts: (s) => (s.events.types.known ? s.events.types.value : []),
    inManifest: (s) => manifest(s).documentation["events"],
  },
  { name: "event notes", facts: (s) => s.events.notes, inManifest: (s) => manifest(s).documentation["events"] },
  { name: "pagination", facts: (s) => s.pagination, inManifest: (s) => manifest(s).documentation["pagination"] },
  { name: "versioning", facts: (s) => s.versioning, inManifest: (s) => manifest(s).documentation["versioning"] },
  {
    name: "known paths",
    facts: (s) => s.http.knownPaths.map((p) => p.template),
    inManifest: (s) => manifest(s).documentation["http"],
  },
  {
    name: "data centers",
    facts: (s) => s.http.baseUrl?.dataCenters ?? [],
    inManifest: (s) => manifest(s).documentation["http"],
  },
  {
    name: "scope meanings",
    facts: (s) =>
      s.auth.type === "user-authorization" && s.auth.scopes.known
        ? s.auth.scopes.value.flatMap((x) => x.description ?? [])
        : [],
    inManifest: () => undefined,
  },
  { name: "server notes", facts: (s) => s.notes, inManifest: (s) => manifest(s).documentation["notes"] },
  {
    name: "tool notes",
    facts: (s) => s.tools.flatMap((t) => t.notes),
    inManifest: (s) => manifest(s).tools.map((t) => t["notes"]),
  },
  {
    name: "tool judgments",
    facts: (s) => s.tools.flatMap((t) => t.judgments),
    inManifest: (s) => manifest(s).tools.map((t) => t["judgments"]),
  },
];

const firstWords = (fact: string): string => fact.replace(/[.]$/, "").slice(0, 60);

describe.each(catalog.servers.map((s) => [s.name, s] as const))("%s", (_name, server) => {
  it.each(factClasses.map((c) => [c.name, c] as const))(
    "shows its %s in the README and the manifest",
    (_class, factClass) => {
      const facts = factClass.facts(server);
      const text = plain(readme(server));
      const data = JSON.stringify(factClass.inManifest(server) ?? null);
      for (const fact of facts) {
        expect(text, `${server.name} README: ${fact}`).toContain(firstWords(fact).slice(1));
        if (factClass.inManifest(server) !== undefined)
          expect(data, `${server.name} manifest: ${fact}`).toContain(JSON.stringify(fact).slice(1, -1));
      }
    },
  );

  it("lists every fact the documents leave unstated in one section", () => {
    const text = plain(readme(server));
    const section = text.slice(text.indexOf("## What the catalog does not show"));
    const notShown = manifest(server).documentation["notShown"] as string[];
    expect(notShown.length).toBeGreaterThan(0);
    for (const line of notShown) expect(section).toContain(line);
    if (server.tools.some((t) => t.parameters.kind === "not-shown"))
      expect(section).toMatch(/Parameters of .*: not shown/);
    if (!server.http.methods.known) expect(section).toContain("HTTP methods of the tools: not shown.");
  });

  it("does not repeat a sentence, point at spec keys, or stack default notes", () => {
    const text = readme(server);
    expect(text).not.toMatch(/see (http\.)?knownPaths/);
    expect(text).not.toMatch(/When absent: absent/);
    const sentences = text
      .split("\n")
      .filter((line) => line.startsWith("- ") && !line.startsWith("- `"))
      .map((line) => line.trim());
    const authSection = text.slice(text.indexOf("## Auth and secrets"), text.indexOf("## Usage"));
    const authLines = authSection.split("\n").filter((l) => l.startsWith("- "));
    expect(new Set(authLines).size, "auth lines").toBe(authLines.length);
    expect(sentences.length).toBeGreaterThan(0);
  });
});

describe("tables of contents", () => {
  it("group RecruitApi's tools under the document's headings", () => {
    const recruit = catalog.servers.find((s) => s.name === "RecruitApi");
    if (recruit === undefined) throw new Error("no RecruitApi");
    const text = readme(recruit);
    const contents = text.slice(text.indexOf("## Contents"), text.indexOf("## Install"));
    for (const group of ["Candidates", "Interviews", "Applications", "Jobs", "Locations"])
      expect(contents).toContain(`- ${group}: `);
    expect(contents).toContain("[AnonymizeCandidateData](#anonymizecandidatedata)");
    expect(text).toContain("\n### AnonymizeCandidateData\n");
  });
});
