// The kind of action a query asks for (read, list, search, create, update, delete, cancel), from
// its words, and the kind each tool does, from the verb of its name: a tool of the kind asked for
// counts more ("abort the export" asks for a cancel tool, not a list of exports). The words are
// everyday English for each kind, written once here, not drawn from any query set.
import type { Stem } from "./terms.js";

const kinds = {
  read:
    "get read show view see fetch retrieve display inspect detail details info information look open check " +
    "describe profile",
  list: "list all every browse enumerate overview",
  search: "search find lookup query filter locate seek",
  create: "create add new make register insert post submit generate build compose book arrange draft",
  update:
    "update edit change modify set rename patch replace alter adjust write revise move reschedule close reopen toggle",
  delete: "delete remove erase drop destroy purge trash discard detach disconnect unlink",
  cancel: "cancel abort revoke withdraw void terminate halt stop",
} as const;

export type ActionKind = keyof typeof kinds;

/** The action kinds of stemmed words: each word's kinds. */
export type ActionKinds = (term: string) => readonly ActionKind[];

export function actionKinds(stem: Stem): ActionKinds {
  const byTerm = new Map<string, ActionKind[]>();
  for (const [kind, words] of Object.entries(kinds) as [ActionKind, string][]) {
    for (const word of words.split(" ")) {
      // Porter2 does not always give a word's inflections its own stem (add, but added → ad).
      const base = word.replace(/e$/, "");
      for (const term of new Set([word, `${word}s`, `${base}ed`, `${base}ing`].map(stem))) {
        const known = byTerm.get(term) ?? [];
        if (!known.includes(kind)) byTerm.set(term, [...known, kind]);
      }
    }
  }
  return (term) => byTerm.get(term) ?? [];
}
