// A server's tools as toolsets: the document's topic headings (`group`), each with the names the
// outputs use for it: a file-system slug (`tools/groups/<slug>/…`, `--groups`) and a provider-safe
// namespace name. Tools without a heading in a spec that has headings form one more toolset.
import type { Server, Tool } from "./types.ts";
import { modelNamePattern } from "./model-names.ts";

export interface ToolGroup {
  /** The document's heading; undefined for the tools without one (and for a server without headings). */
  readonly title: string | undefined;
  /**
   * kebab-case, unique within the server (`approvals-and-offers`, `other`; the server's slug when it has no headings).
   */
  readonly slug: string;
  /** Provider-safe (`^[a-zA-Z0-9_-]{1,64}$`): `RecruitApi_ApprovalsAndOffers`, or the server name alone. */
  readonly namespace: string;
  readonly tools: readonly Tool[];
}

/** The slug and namespace suffix of the tools a grouped spec leaves without a heading. */
const rest = { slug: "other", word: "Other" } as const;
const maxSlug = 60;

/** Whether the spec sorts its tools under headings: then each heading is a toolset. */
export function hasGroups(server: Server): boolean {
  return server.tools.some((tool) => tool.group !== undefined);
}

/**
 * The server's toolsets in the spec's order of first appearance, the unheaded tools last; a
 * server without headings is one toolset named after itself.
 */
export function toolGroups(server: Server): ToolGroup[] {
  if (!hasGroups(server)) return [{ title: undefined, slug: server.slug, namespace: server.name, tools: server.tools }];
  const byTitle = new Map<string | undefined, Tool[]>();
  for (const tool of server.tools) {
    if (tool.group !== undefined) byTitle.set(tool.group, [...(byTitle.get(tool.group) ?? []), tool]);
  }
  const unheaded = server.tools.filter((tool) => tool.group === undefined);
  if (unheaded.length > 0) byTitle.set(undefined, unheaded);
  const slugs = new Set<string>();
  return [...byTitle].map(([title, tools], index) => {
    const words = title === undefined ? [rest.word] : wordsOf(title);
    // Cut so a path stays short on every file system; a cut slug still starts with the heading's words.
    const base =
      words.length === 0 ? `group-${index + 1}` : words.join("-").toLowerCase().slice(0, maxSlug).replace(/-+$/, "");
    // Two headings that differ only in punctuation or case would share a slug; the later one is numbered.
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const suffix = slug === base && words.length > 0 ? words.map(capitalized).join("") : `Group${index + 1}`;
    const namespace = `${server.name}_${suffix}`.slice(0, 64);
    if (!modelNamePattern.test(namespace))
      throw new Error(`namespace ${JSON.stringify(namespace)} of ${server.name} is not provider-safe`);
    return { title, slug, namespace, tools };
  });
}

/** ASCII words of a heading: `Hiring team (job or application level)` → Hiring, team, job, … */
function wordsOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
