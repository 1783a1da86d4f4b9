// Today's runtime search loads MiniSearch and the stemmer through Node's require, reached as
// process.getBuiltinModule("node:module"). A browser has no such thing, so the site's bundle answers
// that one call with the two modules bundled in. Remove this file (and its import in search-page.ts)
// once the runtime imports both directly.
import MiniSearch from "minisearch";
// @ts-expect-error -- wink-porter2-stemmer ships no types: one function, a word in, its stem out.
import stem from "wink-porter2-stemmer";

const bundled: Readonly<Record<string, unknown>> = { minisearch: MiniSearch, "wink-porter2-stemmer": stem };
const moduleApi = { createRequire: () => (name: string) => bundled[name] };

const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
host.process ??= { getBuiltinModule: (id) => (id === "node:module" ? moduleApi : undefined) };
