// The whole-spec diff: tools matched by name, server-level facts, and the bump the package needs.
import type { ModeValues } from "../ir/parameter-schema.ts";
import type { Auth, Server } from "../ir/types.ts";
import { about, finding, sameJson, strongest, type Change, type Finding, type Level } from "./change.ts";
import { compareTools } from "./compare-tools.ts";

export interface SpecDiff {
  /** The server's name after the change. */
  readonly server: string;
  readonly packageName: string;
  readonly bump: Level;
  readonly changes: readonly Change[];
}

/** Server facts that only document the service: a change to any of them is a patch. */
const documentationFields = [
  "kind",
  "domain",
  "description",
  "source",
  "keywords",
  "secrets",
  "resources",
  "returnedFields",
  "states",
  "otherStates",
  "http",
  "pagination",
  "limits",
  "rateLimits",
  "events",
  "errors",
  "versioning",
  "notes",
] as const satisfies readonly (keyof Server)[];

/** `modes`: the catalog's mode values, which findings about `~` parameters name. */
export function compareServers(before: Server, after: Server, modes: ModeValues): SpecDiff {
  const changes: Change[] = [
    ...about(after.name, compareServerFacts(before, after)),
    ...before.tools.flatMap((old): Change[] => {
      const next = after.tools.find((t) => t.name === old.name);
      return next === undefined
        ? [{ subject: old.fullName, ...finding("major", "tool removed") }]
        : about(next.fullName, compareTools(old, next, modes));
    }),
    ...after.tools
      .filter((t) => !before.tools.some((old) => old.name === t.name))
      .map((t): Change => ({ subject: t.fullName, ...finding("minor", "tool added") })),
  ];
  return { server: after.name, packageName: after.packageName, bump: strongest(changes), changes };
}

function compareServerFacts(before: Server, after: Server): Finding[] {
  return [
    // Every tool's full name (<Server>.<Tool>) and the package's exported names derive from it.
    ...(before.name === after.name ? [] : [finding("major", `server renamed from ${before.name} to ${after.name}`)]),
    ...compareAuth(before.auth, after.auth),
    ...documentationFields
      .filter((field) => !sameJson(before[field], after[field]))
      .map((field) => finding("patch", `${field} changed`)),
  ];
}

function compareAuth(before: Auth, after: Auth): Finding[] {
  if (before.type !== after.type)
    return [finding("major", `authentication changed from ${before.type} to ${after.type}`)];
  if (before.type === "api-key" && after.type === "api-key" && before.secret !== after.secret) {
    return [finding("major", `API key secret changed from ${before.secret} to ${after.secret}`)];
  }
  // Which scopes each tool needs is classified per tool; the rest documents the provider.
  return sameJson(before, after) ? [] : [finding("patch", "auth documentation changed")];
}
