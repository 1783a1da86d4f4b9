// What a search tool tells the model before any search: whose tools it finds and the catalog's
// own words for them (from each manifest's vocabulary, which the generators derive from the spec),
// so the model's queries use the words the tools are described with.
import type { Manifest } from "./manifest.js";

/** Caps that keep the description a few hundred tokens however many packages are searched. */
const caps = { objects: 30, actions: 12, groups: 30 } as const;

/**
 * The description of a search tool over the given packages' tools. `then` is the route's next
 * step, a sentence (`Then call describe_tools …`); it ends the description. A package generated
 * before manifests carried a vocabulary is named by its server and domain only.
 */
export function searchToolDescription(
  manifests: readonly (Pick<Manifest, "server"> & Partial<Pick<Manifest, "vocabulary">>)[],
  then: string,
): string {
  const servers = manifests.map(
    ({ server, vocabulary }) =>
      `${server.name} (${[server.domain, ...(vocabulary?.keywords ?? [])].filter(unique).join(", ")})`,
  );
  const words = (key: "objects" | "actions" | "groups"): string[] =>
    interleave(manifests.map(({ vocabulary }) => vocabulary?.[key] ?? []))
      .filter(unique)
      .slice(0, caps[key]);
  const parts = [
    ...(words("groups").length > 0 ? [`groups: ${words("groups").join(", ")}`] : []),
    `objects: ${words("objects").join(", ")}`,
    `actions: ${words("actions").join(", ")}`,
  ];
  return [
    `Finds tools of ${servers.join(", ")} for a task described in a few words, best match first.`,
    `Search in the catalog's words (${parts.join("; ")}).`,
    then,
  ].join(" ");
}

/**
 * The description of a search tool's `query`, with an example in the first package's words: its most
 * used action and object (`get spreadsheet` for CloudSheets), so the example fits the tools served.
 */
export function searchQueryDescription(manifests: readonly Partial<Pick<Manifest, "vocabulary">>[]): string {
  const vocabulary = manifests[0]?.vocabulary;
  const action = vocabulary?.actions[0];
  const object = vocabulary?.objects[0];
  return (
    "The task in a few " +
    `words${action === undefined || object === undefined ? "" : `, such as "${action} ${object}"`}.`
  );
}

/** Round-robin over the packages' lists (each most frequent first), so every package is named within the caps. */
function interleave(lists: readonly (readonly string[])[]): string[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => lists.flatMap((list) => (i < list.length ? [list[i]!] : []))).flat();
}

function unique(value: string, index: number, values: readonly string[]): boolean {
  return values.indexOf(value) === index;
}
