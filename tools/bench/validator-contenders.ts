// The validators the throughput section times for one tool, side by side in one process: the
// generated validator (and its boolean `is<Tool>` when the package exports one), Ajv compiled in
// first-error and every-error modes, Ajv standalone code, TypeBox's compiler, typia over the
// package's types (boolean `equals` and issue-reporting `validateEquals`) and Zod 4.
import type { Ajv2020 } from "ajv/dist/2020.js";
import Format from "typebox/format";
import TypeBoxSchema from "typebox/schema";
import { benchAjv, jsonTextFormats, peerSchema } from "./peer-ajv.ts";
import { zodFromSchema } from "./zod-schema.ts";

type Schema = { readonly [keyword: string]: unknown };

/** What a contender returns, reduced to a verdict and an issue count (undefined: boolean only). */
export interface Verdict {
  readonly ok: boolean;
  readonly issues?: number;
}

export interface Contender {
  /** The bare call that is timed: exactly what a caller pays per validation. */
  readonly run: (input: unknown) => unknown;
  readonly verdict: (input: unknown) => Verdict;
}

export const contenderNames = [
  "toolcat",
  "toolcatIs",
  "ajvFirstError",
  "ajvAllErrors",
  "ajvStandalone",
  "typebox",
  "typiaEquals",
  "typiaValidate",
  "zod",
] as const;
export type ContenderName = (typeof contenderNames)[number];

/** Per-server pieces built once: Ajv instances, the standalone module, typia's validators. */
export interface ServerPeers {
  readonly pkg: Readonly<Record<string, unknown>>;
  readonly ajvFirst: Ajv2020;
  readonly ajvAll: Ajv2020;
  readonly standalone: Readonly<Record<string, (input: unknown) => boolean>>;
  readonly typia: {
    readonly equals: Record<string, (input: unknown) => boolean>;
    readonly validateEquals: Record<string, (input: unknown) => { success: boolean; errors?: unknown[] }>;
  };
}

for (const [name, check] of Object.entries(jsonTextFormats)) Format.Set(name, check);

export function serverAjv(): Pick<ServerPeers, "ajvFirst" | "ajvAll"> {
  return { ajvFirst: benchAjv({ allErrors: false }), ajvAll: benchAjv({ allErrors: true }) };
}

type Result = { ok: boolean; issues?: readonly unknown[] };
const boolean = (check: (input: unknown) => boolean): Contender => ({
  run: check,
  verdict: (input) => ({ ok: check(input) }),
});

/** Every contender available for `tool`; `toolcatIs` only when the package exports `is<Tool>`. */
export function toolContenders(
  peers: ServerPeers,
  tool: string,
  schema: Schema,
): Partial<Record<ContenderName, Contender>> {
  const ours = peers.pkg[`validate${tool}`] as (input: unknown) => Result;
  const is = peers.pkg[`is${tool}`] as ((input: unknown) => boolean) | undefined;
  const peer = peerSchema(schema);
  const first = peers.ajvFirst.compile(peer);
  const every = peers.ajvAll.compile(peer);
  const typebox = TypeBoxSchema.Compile(peer as never);
  const typiaValidate = peers.typia.validateEquals[tool]!;
  const zod = zodFromSchema(schema);
  return {
    toolcat: { run: ours, verdict: (input) => ({ ok: ours(input).ok, issues: ours(input).issues?.length ?? 0 }) },
    ...(typeof is === "function" ? { toolcatIs: boolean(is) } : {}),
    ajvFirstError: { run: first, verdict: (input) => ({ ok: first(input), issues: first.errors?.length ?? 0 }) },
    ajvAllErrors: { run: every, verdict: (input) => ({ ok: every(input), issues: every.errors?.length ?? 0 }) },
    ajvStandalone: boolean(peers.standalone[tool]!),
    typebox: boolean((input) => typebox.Check(input)),
    typiaEquals: boolean(peers.typia.equals[tool]!),
    typiaValidate: {
      run: typiaValidate,
      verdict: (input) => ({ ok: typiaValidate(input).success, issues: typiaValidate(input).errors?.length ?? 0 }),
    },
    zod: {
      run: (input) => zod.safeParse(input),
      verdict: (input) => ({
        ok: zod.safeParse(input).success,
        issues: zod.safeParse(input).error?.issues.length ?? 0,
      }),
    },
  };
}
