// What a provider form drops is still checked. For every tool of every package and every provider
// form (OpenAI strict or not, Anthropic, Gemini), each check the manifest lists under
// `lowering.notEnforced` is broken by an argument the form itself accepts (stock Ajv on the form's
// schema, as the provider would), and handleToolCall answers it with the package's issue at its
// JSON pointer. OpenAI strict arguments go as a strict model sends them: JSON text, null for each
// optional parameter left out.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { createMemoryTransport, type ModelToolResult } from "@toolcat/runtime";
import {
  executeView,
  lowerAnthropic,
  lowerGeminiJsonSchema,
  lowerOpenAiStrict,
  type DroppedKeyword,
  type Lowered,
} from "@toolcat/runtime/internal";
import { describe, expect, it } from "vitest";
import { random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages } from "../support/packages.ts";

type Schema = { readonly [keyword: string]: unknown };
type Args = Record<string, unknown>;
const formNames = ["openai", "anthropic", "gemini"] as const;
type Form = (typeof formNames)[number];

const packages = await loadSelectedPackages();

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv);

/** Each form as the tool files ship it, with the strict-null pointers where the OpenAI form is strict. */
function forms(schema: Schema): Record<Form, Lowered & { readonly strictNulls: readonly string[] }> {
  const openAi = lowerOpenAiStrict(schema);
  return {
    openai: { ...openAi, strictNulls: openAi.strict ? openAi.strictNulls : [] },
    anthropic: { ...lowerAnthropic(schema), strictNulls: [] },
    gemini: { ...lowerGeminiJsonSchema(schema), strictNulls: [] },
  };
}

const many = (count: number): Args => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

/** Values that break text, number, count, format and JSON-text checks the forms may drop. */
const breakers: readonly unknown[] = [
  "!",
  "",
  " ",
  "a b",
  "0",
  "-",
  "x".repeat(5000),
  "{",
  "[]",
  "42",
  '{"A":{"1":1}}',
  "not a url",
  "ftp://x",
  "2024-13-01",
  // A format a form keeps with the pattern it drops, or the reverse: each passes one and breaks the other.
  "2024-05-01 12:00:00Z",
  "https://a/%zz",
  "http://exa mple.com",
  -1e9,
  1e9,
  0.5,
  -1,
  0,
  {},
  many(60),
  [],
  Array.from({ length: 300 }, () => "x"),
];

const properties = (schema: Schema): Record<string, Schema> => (schema["properties"] ?? {}) as Record<string, Schema>;

/** Inputs that may break the check `dropped` names, each on top of a valid input. */
function candidates(view: Schema, dropped: DroppedKeyword, valid: Args): Args[] {
  const name = /^\/properties\/([^/]+)/.exec(dropped.pointer)?.[1]?.replace(/~1/g, "/").replace(/~0/g, "~");
  if (name !== undefined) return breakers.map((value) => ({ ...valid, [name]: value }));
  // Root checks: a conditional's `if` made true with its `then` left out, or a dependency left out.
  const conditions = ((view["allOf"] ?? []) as Schema[]).map((condition) => {
    const [when, rule] = Object.entries(properties(condition["if"] as Schema))[0]!;
    const drop = new Set(((condition["then"] as Schema)["required"] ?? []) as string[]);
    return { ...Object.fromEntries(Object.entries(valid).filter(([key]) => !drop.has(key))), [when]: rule["const"] };
  });
  const dependencies = Object.entries((view["dependentRequired"] ?? {}) as Record<string, string[]>).map(
    ([key, needs]) => ({
      ...Object.fromEntries(Object.entries(valid).filter(([other]) => !needs.includes(other))),
      [key]: valid[key] ?? breakers.find((value) => typeof value === "string"),
    }),
  );
  return [...conditions, ...dependencies];
}

/** As the model sends it: a strict form's left-out optional parameters as null. */
function sent(args: Args, strictNulls: readonly string[]): Args {
  return { ...Object.fromEntries(strictNulls.map((at) => [at.slice(1), null])), ...args };
}

describe.each(packages.map((p) => [p.slug, p] as const))(
  "%s: checks a provider form drops reach the model as the package's issues",
  (_slug, pkg) => {
    const handleToolCall = (
      pkg as unknown as { handleToolCall: (via: unknown, name: string, args: unknown) => Promise<ModelToolResult> }
    ).handleToolCall;
    const handlers = Object.fromEntries(pkg.manifest.tools.map((t) => [t.fullName, () => ({ ran: true })]));
    const secrets = Object.fromEntries(pkg.manifest.server.secrets.map((s) => [s.name, "secret-value"]));
    const via = { transport: createMemoryTransport(handlers), secrets, env: false as const };
    it.each(pkg.manifest.tools.map((tool) => [tool.fullName, tool] as const))("%s", async (_name, tool) => {
      const view = executeView(tool.inputSchema);
      const valid = validInput(tool.inputSchema, random(tool.name.length), "execute");
      const lowerings = forms(tool.inputSchema);
      for (const form of formNames) {
        const lowered = lowerings[form];
        expect(lowered.dropped, `${form} report`).toEqual(tool.lowering.notEnforced[form]);
        const accepts = ajv.compile(lowered.schema);
        for (const dropped of lowered.dropped) {
          const label = `${form} ${dropped.keyword} at ${JSON.stringify(dropped.pointer)}`;
          const args = candidates(view, dropped, valid).find(
            (input) => accepts(sent(input, lowered.strictNulls)) && !pkg.validate(tool.name, input).ok,
          );
          expect(args, `${label}: no argument the form accepts breaks it`).toBeDefined();
          const expected = pkg.validate(tool.name, args);
          const model = sent(args!, lowered.strictNulls);
          const result = await handleToolCall(via, tool.modelName, form === "openai" ? JSON.stringify(model) : model);
          expect(result, label).toMatchObject({ isError: true, code: "validation_failed" });
          expect(
            result.issues?.map((issue) => issue.path),
            label,
          ).toEqual(expected.ok ? [] : expected.issues.map((issue) => issue.path));
          const name = /^\/properties\/([^/]+)/.exec(dropped.pointer)?.[1];
          if (name !== undefined)
            expect(
              result.issues?.some((issue) => issue.path.startsWith(`/${name}`)),
              label,
            ).toBe(true);
        }
      }
    });
  },
);
