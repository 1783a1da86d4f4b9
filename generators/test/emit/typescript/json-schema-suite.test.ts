// The official JSON-Schema-Test-Suite (draft 2020-12; the keyword files vendored under
// fixtures/json-schema-test-suite) run against generated request-body validators. Each group's
// schema is captured as the body's `value` property (local refs moved along), each test's data is
// sent as `{"value": data}` in request_body, and the validator must say what the suite says. A group
// using what the reader refuses must be refused with the keyword named, never read and ignored.
// Stock Ajv 2020 with ajv-formats, given the manifest's contentSchema, must agree as well.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { generateServer } from "../../../src/emit/registry.ts";
import { SpecError, type Diagnostic } from "../../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../../src/loader/load.ts";
import { workspaceRoot } from "../../support.ts";
import { compileGenerated } from "../compile.ts";
import { emitResources } from "../../../src/pipeline/resources.ts";

const suiteDir = join(workspaceRoot, "generators/test/fixtures/json-schema-test-suite");
const specFile = "specs/suite-api.yaml";

interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface Group {
  readonly file: string;
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

function suiteGroups(): Group[] {
  const files = readdirSync(suiteDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json"))
    .sort();
  return files.flatMap((file) =>
    (JSON.parse(readFileSync(join(suiteDir, file), "utf8")) as Omit<Group, "file">[]).map((g) => ({ ...g, file })),
  );
}

/**
 * Groups the loader refuses, each with the keyword its problem must name (nested `$id`, a new base
 * URI; remote refs; unevaluated*) or the diagnostic code (a control character in a string, which no
 * spec text may hold). Listed so that a group refused for any other reason fails the test.
 */
const refused: Readonly<Record<string, string>> = {
  "not.json: collect annotations inside a 'not', even if collection is disabled": "unevaluatedProperties",
  "enum.json: nul characters in strings": "forbidden-character",
  "const.json: nul characters in strings": "forbidden-character",
  "properties.json: properties with escaped characters": "forbidden-character",
  "required.json: required with escaped characters": "forbidden-character",
  "ref.json: remote ref, containing refs itself": "$ref",
  "ref.json: Recursive references between schemas": "$id",
  "ref.json: ref creates new scope when adjacent to keywords": "unevaluatedProperties",
  "ref.json: refs with relative uris and defs": "$id",
  "ref.json: relative refs with absolute uris and defs": "$id",
  "ref.json: $id must be resolved against nearest parent, not just immediate parent": "$id",
  "ref.json: order of evaluation: $id and $ref": "$id",
  "ref.json: order of evaluation: $id and $anchor and $ref": "$id",
  "ref.json: order of evaluation: $id and $ref on nested schema": "$id",
  "ref.json: simple URN base URI with $ref via the URN": "$id",
  "ref.json: simple URN base URI with JSON pointer": "$id",
  "ref.json: URN base URI with NSS": "$id",
  "ref.json: URN base URI with r-component": "$id",
  "ref.json: URN base URI with q-component": "$id",
  "ref.json: URN base URI with URN and JSON pointer ref": "$id",
  "ref.json: URN base URI with URN and anchor ref": "$id",
  "ref.json: URN ref with nested pointer ref": "$ref",
  "ref.json: ref to if": "$ref",
  "ref.json: ref to then": "$ref",
  "ref.json: ref to else": "$ref",
  "ref.json: ref with absolute-path-reference": "$id",
  "ref.json: $id with file URI still resolves pointers - *nix": "$id",
  "ref.json: $id with file URI still resolves pointers - windows": "$id",
};

/**
 * Cases where the runtime's `uri` predicate follows ajv-formats (packages/runtime/test/formats-standard
 * checks the two agree) rather than the suite: the generated validator and Ajv both accept these.
 */
const uriDeviations = new Set([
  "format/uri.json: validation of URIs / non-numeric port is invalid",
  "format/uri.json: validation of URIs / leading zero in an embedded IPv4 address is invalid",
  "format/uri.json: validation of URIs / square brackets are not allowed in a path segment",
]);
/** Where stock Ajv (8, with ajv-formats) disagrees with the suite; the generated validator does not. */
const ajvDeviations = new Set([
  ...uriDeviations,
  "format/date-time.json: validation of date-time strings / a numeric offset without minutes is invalid",
  "format/date-time.json: validation of date-time strings / hour 24 is invalid even with a leap second",
  "format/date-time.json: validation of date-time strings / a second fraction of fifteen nines is valid",
  "properties.json: properties whose names are Javascript object property names / none of the properties mentioned",
  "required.json: required properties whose names are Javascript object property names / none of the properties " +
    "mentioned",
  "required.json: required properties whose names are Javascript object property names / __proto__ present",
  "required.json: required properties whose names are Javascript object property names / toString present",
  "required.json: required properties whose names are Javascript object property names / constructor present",
]);

/** Keywords whose values are schemas (or lists or maps of them), for moving local refs along. */
const oneSchema = ["items", "contains", "additionalProperties", "propertyNames", "not", "if", "then", "else"];
const schemaLists = ["allOf", "anyOf", "oneOf", "prefixItems"];
const schemaMaps = ["properties", "patternProperties", "dependentSchemas", "$defs"];

/** The group's schema with each local `$ref` pointing where the schema now sits (`/properties/value`). */
function moved(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  const ref = out["$ref"];
  if (typeof ref === "string" && ref.startsWith("#")) out["$ref"] = `#/properties/value${ref.slice(1)}`;
  for (const key of oneSchema) if (key in out) out[key] = moved(out[key]);
  for (const key of schemaLists) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(moved);
  for (const key of schemaMaps) {
    const map = out[key];
    if (typeof map === "object" && map !== null)
      out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, moved(v)]));
  }
  return out;
}

const answerOf = (group: Group): unknown => ({
  type: "object",
  required: ["value"],
  properties: { value: moved(group.schema) },
});
const toolName = (index: number): string => `Case${index}`;
const captureText = (index: number, answer: unknown): string =>
  JSON.stringify(
    {
      tool: `SuiteApi.${toolName(index)}`,
      capturedFrom: "http://127.0.0.1:1",
      capturedAt: "2025-01-01T00:00:00.000Z",
      answer,
    },
    null,
    2,
  ) + "\n";

function spec(indexes: readonly number[]): string {
  const tools = indexes.map(
    (i) =>
      `  - name: ${toolName(i)}\n    purpose: run suite group ${i}\n    secrets: [SUITE_KEY]\n    modePattern: ` +
      "true\n    parameters:\n      - { name: case_id, type: string, required: execute }\n",
  );
  return (
    "server: SuiteApi\nkind: starter\ndomain: suites\ndescription: JSON Schema test suite groups.\nsource: test\n" +
    "auth:\n  type: api-key\n  secret: SUITE_KEY\nsecrets:\n  - { name: SUITE_KEY, description: the key }\n" +
    `tools:\n${tools.join("")}`
  );
}

function load(indexes: readonly number[], answers: ReadonlyMap<number, unknown>): ReturnType<typeof loadCatalog> {
  const overrides = new Map<string, string>([[specFile, spec(indexes)]]);
  for (const i of indexes)
    overrides.set(`specs/request-bodies/suite-api/${toolName(i)}.json`, captureText(i, answers.get(i)));
  return loadCatalog({ root: workspaceRoot, only: [specFile], overrides });
}

/** The diagnostics of a refused load, or undefined when it loads. */
function refusal(run: () => unknown): readonly Diagnostic[] | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof SpecError) return error.diagnostics;
    throw error;
  }
}

type Validate = (name: string, input: unknown) => { ok: boolean; issues?: readonly { path: string }[] };

describe("JSON-Schema-Test-Suite (draft 2020-12) against generated body validators", () => {
  const groups = suiteGroups();
  const answers = new Map(groups.map((g, i) => [i, answerOf(g)]));
  const label = (g: Group): string => `${g.file}: ${g.description}`;
  // Each group loaded on its own: what the loader refuses, and why.
  const outcomes = groups.map((group, index) => ({ group, index, diagnostics: refusal(() => load([index], answers)) }));
  const accepted = outcomes.filter((o) => o.diagnostics === undefined);
  const root = mkdtempSync(join(tmpdir(), "toolcat-json-schema-suite-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses only the listed groups, naming the keyword, with file:line:col", () => {
    const refusedNow = outcomes.filter((o) => o.diagnostics !== undefined);
    expect(refusedNow.map((o) => label(o.group)).sort()).toEqual(Object.keys(refused).sort());
    for (const { group, index, diagnostics } of refusedNow) {
      const named = refused[label(group)] ?? "";
      expect(
        diagnostics?.some((d) => d.code === named || d.message.includes(named)),
        `${label(group)}: ${JSON.stringify(diagnostics)}`,
      ).toBe(true);
      for (const d of diagnostics ?? []) {
        expect(d.file).toBe(`specs/request-bodies/suite-api/${toolName(index)}.json`);
        expect(d.line).toBeGreaterThan(1);
        expect(d.col).toBeGreaterThan(1);
      }
    }
  });

  it(
    "agrees with the suite on every case of every accepted group, and so does Ajv on the manifest's schema",
    { timeout: 300_000 },
    async () => {
      const catalog = load(
        accepted.map((r) => r.index),
        answers,
      );
      const [server] = catalog.servers;
      if (server === undefined) throw new Error("no server");
      const files = generateServer(server, catalog, { package: "0.1.0", runtime: "0.1.0" }, emitResources());
      // The validators and the types they import: all a body check needs, and a quarter of the compile.
      const { diagnostics } = compileGenerated(
        root,
        files.filter((f) => /\/(src\/(validators|types)\.ts|package\.json)$/.test(f.path)),
      );
      expect(diagnostics).toEqual([]);
      const module = (await import(pathToFileURL(join(root, "out/suite-api/src/validators.js")).href)) as {
        validate: Validate;
      };
      const manifest = JSON.parse(files.find((f) => f.path.endsWith("/manifest.json"))?.text ?? "{}") as {
        tools: { name: string; inputSchema: object }[];
      };
      const disagreements: string[] = [];
      let [cases, ours, ajvs] = [0, 0, 0];
      // One Ajv with the formats, emptied of every group's schemas before the next: what a fresh instance per group
      // would see, without building and loading the formats hundreds of times.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      for (const { group, index } of accepted) {
        const contentSchema = findContentSchema(manifest.tools.find((t) => t.name === toolName(index))?.inputSchema);
        if (contentSchema === undefined) throw new Error(`no contentSchema for ${toolName(index)}`);
        ajv.removeSchema();
        const check = ajv.compile(contentSchema);
        for (const test of group.tests) {
          cases++;
          const body = { value: test.data };
          const result = module.validate(toolName(index), {
            mode: "execute",
            case_id: "c",
            request_body: JSON.stringify(body),
          });
          const generated = result.ok || !(result.issues ?? []).some((issue) => issue.path.startsWith("/request_body"));
          const ajv = check(body);
          const name = `${label(group)} / ${test.description}`;
          ours += generated === test.valid ? 1 : 0;
          ajvs += ajv === test.valid ? 1 : 0;
          if (generated !== test.valid && !uriDeviations.has(name))
            disagreements.push(`${name}: the generated validator says ${generated}, the suite ${test.valid}`);
          if (ajv !== test.valid && !ajvDeviations.has(name))
            disagreements.push(`${name}: Ajv on the contentSchema says ${ajv}, the suite ${test.valid}`);
          if (uriDeviations.has(name) && generated !== ajv)
            disagreements.push(`${name}: the generated validator and Ajv differ`);
        }
      }
      expect(disagreements).toEqual([]);
      expect([ours, ajvs]).toEqual([cases - uriDeviations.size, cases - ajvDeviations.size]);
      // The figures the documentation quotes.
      console.log(
        `JSON-Schema-Test-Suite: generated ${ours}/${cases}, Ajv ${ajvs}/${cases} ` +
          `(${groups.length - accepted.length} groups refused)`,
      );
    },
  );
});

/** The request_body's `contentSchema` wherever the tool's input schema holds it. */
function findContentSchema(value: unknown): object | undefined {
  const stack = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== "object" || node === null) continue;
    const content = (node as Record<string, unknown>)["contentSchema"];
    if (typeof content === "object" && content !== null) return content;
    stack.push(...Object.values(node));
  }
  return undefined;
}
