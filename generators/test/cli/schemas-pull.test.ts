// `toolcat schemas pull` against a fake engine on 127.0.0.1, end to end: the captures it writes,
// no churn on a second pull, each way an engine can fail, and the generated package typing and
// validating request bodies through its client.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { runPipeline } from "../../src/pipeline/run.ts";
import {
  encodings,
  headerSafeSecrets,
  random,
  revealing,
  secrets,
} from "../../../packages/runtime/test/support/encodings.ts";
import { compileGenerated } from "../emit/compile.ts";
import { anyString, seededRandom } from "../emit/hostile-text.ts";
import { answers, startFakeEngine, type Behaviour, type FakeEngine } from "../fixtures/engine/fake-engine.ts";
import { workspaceRoot } from "../support.ts";

const fixtureSpecs = join(workspaceRoot, "generators/test/fixtures/specs");
const seed = Number(process.env["TOOLCAT_SEED"] ?? 24);
const captures = "specs/request-bodies/orders-api";

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), "toolcat-pull-"));
  mkdirSync(join(root, "specs"));
  writeFileSync(join(root, "package.json"), `{ "type": "module" }\n`);
  copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  copyFileSync(join(fixtureSpecs, "orders-api.yaml"), join(root, "specs/orders-api.yaml"));
  return root;
}

async function pull(
  root: string,
  engine: FakeEngine,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return pullFrom(root, engine.url, engine.apiKey, ...args);
}

async function pullFrom(
  root: string,
  baseUrl: string,
  apiKey: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return pullWith(root, ["--engine-url", baseUrl, ...args], { TOOLCAT_API_KEY: apiKey });
}

async function pullWith(
  root: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await main(["schemas", "pull", ...args], { cwd: root, env, out });
  return { code, stdout, stderr };
}

const listFiles = (root: string): string[] =>
  existsSync(join(root, captures)) ? readdirSync(join(root, captures)).sort() : [];
const readCapture = (root: string, tool: string): { answer: unknown; tool: string; capturedFrom: string } =>
  JSON.parse(readFileSync(join(root, captures, `${tool}.json`), "utf8")) as {
    answer: unknown;
    tool: string;
    capturedFrom: string;
  };

let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine();
});
afterAll(() => engine.close());

describe("toolcat schemas pull", () => {
  const root = workspace();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const tools = ["--tool", "CreateOrder", "--tool", "OrdersApi.UpdateInventory"];

  it("stores each answer exactly as returned, with where and when, showing progress", async () => {
    const run = await pull(root, engine, ...tools);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`1/2 OrdersApi.CreateOrder: written ${captures}/CreateOrder.json`);
    expect(run.stdout).toContain("2/2 OrdersApi.UpdateInventory: written");
    expect(listFiles(root)).toEqual(["CreateOrder.json", "UpdateInventory.json"]);
    for (const tool of ["CreateOrder", "UpdateInventory"]) {
      const capture = readCapture(root, tool);
      expect(capture.answer).toEqual(answers[`OrdersApi.${tool}`]);
      expect(capture.tool).toBe(`OrdersApi.${tool}`);
      expect(capture.capturedFrom).toBe(engine.url);
    }
    // Only the schema mode was asked for, and nothing else was sent.
    expect(engine.received.map((r) => r.input)).toEqual([
      { mode: "get_request_schema" },
      { mode: "get_request_schema" },
    ]);
  });

  it("changes nothing on a second pull with the same answers", async () => {
    const before = listFiles(root).map((f) => readFileSync(join(root, captures, f), "utf8"));
    const run = await pull(root, engine, ...tools);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("2 unchanged");
    expect(listFiles(root).map((f) => readFileSync(join(root, captures, f), "utf8"))).toEqual(before);
  });

  it("writes nothing with --dry-run", async () => {
    const dry = workspace();
    const run = await pull(dry, engine, "--dry-run", ...tools);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("2 would write");
    expect(listFiles(dry)).toEqual([]);
    rmSync(dry, { recursive: true, force: true });
  });

  /** Answers the loader refuses though each reads as a schema: spec text rules, and a cycle of bare $refs. */
  const refusedAnswers: Record<string, unknown> = {
    "bidi-text": { type: "object", description: "evil\u202egnp.exe" },
    "ref-cycle": {
      $ref: "#/components/schemas/A",
      components: {
        schemas: { A: { $ref: "#/components/schemas/B" }, B: { anyOf: [{ $ref: "#/components/schemas/A" }] } },
      },
    },
  };
  const failures: [Behaviour | keyof typeof refusedAnswers, RegExp][] = [
    ["refuse", /OrdersApi\.CreateOrder.*answered 403.*may not read schemas/],
    ["hang", /OrdersApi\.CreateOrder did not answer within 300 ms/],
    ["not-json", /OrdersApi\.CreateOrder.*not JSON/],
    ["not-schema", /OrdersApi\.CreateOrder: returned no usable request body schema: the answer is a number/],
    [
      "bidi-text",
      new RegExp(
        /OrdersApi\.CreateOrder: the answer would not load as .*CreateOrder\.json /.source +
          /\(forbidden-character at \d+:\d+: .*U\+202E.*nothing was written/.source,
      ),
    ],
    [
      "ref-cycle",
      new RegExp(
        /OrdersApi\.CreateOrder: returned no usable request body schema: at \/components\/schemas\/B\/anyOf\/0\/\$ref: /
          .source + /\$ref cycle A → B → A/.source,
      ),
    ],
  ];
  it.each(failures)(
    "reports an engine that answers %s, naming the tool, and writes no file",
    async (behaviour, message) => {
      const fresh = workspace();
      if (behaviour in refusedAnswers) engine.answerWith("OrdersApi.CreateOrder", refusedAnswers[behaviour]);
      else engine.behave("OrdersApi.CreateOrder", behaviour as Behaviour);
      try {
        const run = await pull(fresh, engine, "--tool", "CreateOrder", "--timeout", "300");
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(message);
        expect(run.stderr).not.toContain(engine.apiKey);
        expect(run.stdout).toContain("1 failed");
        expect(listFiles(fresh)).toEqual([]);
      } finally {
        engine.behave("OrdersApi.CreateOrder", "answer");
        engine.answerWith("OrdersApi.CreateOrder", undefined);
        rmSync(fresh, { recursive: true, force: true });
      }
    },
  );

  it("reports a tool the engine has no schema for and still stores the others", async () => {
    const fresh = workspace();
    const run = await pull(fresh, engine);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/3\/3 .*OrdersApi\.CancelOrder.*no schema for OrdersApi\.CancelOrder/);
    expect(listFiles(fresh)).toEqual(["CreateOrder.json", "UpdateInventory.json"]);
    rmSync(fresh, { recursive: true, force: true });
  });

  describe(`with an engine that echoes the key, or a URL password (seed ${seed})`, () => {
    const [key] = headerSafeSecrets(1, random(seed + 9)) as [string];
    const [password] = secrets(1, random(seed + 12)) as [string];
    const items = (secret: string) =>
      Object.entries(encodings(secret, random(seed + 10))).map(([name, encoded]) => ({ name, encoded }));
    const leaks = (text: string, secret: string): string[] =>
      items(secret)
        .filter(({ name, encoded }) => text.includes(revealing(name, encoded)))
        .map(({ name }) => name);
    let echoing: FakeEngine;
    beforeAll(async () => {
      echoing = await startFakeEngine(key, () => items(key).map(({ encoded }) => encoded));
    });
    afterAll(() => echoing.close());
    const written = (root: string): string =>
      listFiles(root)
        .map((f) => readFileSync(join(root, captures, f), "utf8"))
        .join("\n");

    it.each(["echo-answer", "echo-error"] as const)(
      "shows and stores no encoding of the key when the engine answers %s",
      async (behaviour) => {
        const fresh = workspace();
        echoing.behave("OrdersApi.CreateOrder", behaviour);
        try {
          const run = await pullFrom(fresh, echoing.url, key, "--tool", "CreateOrder");
          // The engine was reached: what it echoed was read, and redacted.
          expect(echoing.received.length).toBeGreaterThan(0);
          expect(leaks(`${run.stdout}\n${run.stderr}\n${written(fresh)}`, key)).toEqual([]);
        } finally {
          rmSync(fresh, { recursive: true, force: true });
        }
      },
    );

    it("shows no encoding of a password in the engine URL", async () => {
      const fresh = workspace();
      const run = await pullFrom(
        fresh,
        echoing.url.replace("http://", `http://user:${encodeURIComponent(password)}@`),
        key,
        "--tool",
        "CreateOrder",
      );
      expect(run.code).toBe(1);
      expect([
        ...leaks(`${run.stdout}\n${run.stderr}`, password),
        ...leaks(`${run.stdout}\n${run.stderr}`, `user:${password}`),
      ]).toEqual([]);
      rmSync(fresh, { recursive: true, force: true });
    });
  });

  it.each([
    { args: [], env: { TOOLCAT_ENGINE_URL: "url" }, warning: "" },
    {
      args: ["--base-url", "url"],
      env: { TOOLCAT_ENGINE_URL: "elsewhere" },
      warning: "toolcat schemas pull: warning: --base-url is deprecated; use --engine-url\n",
    },
    {
      args: [],
      env: { TOOLCAT_BASE_URL: "url" },
      warning: "toolcat schemas pull: warning: TOOLCAT_BASE_URL is deprecated; use TOOLCAT_ENGINE_URL\n",
    },
  ])("takes the engine address from $args and $env, still reading the earlier name", async ({ args, env, warning }) => {
    const given = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [name, value === "url" ? engine.url : "http://127.0.0.1:1"]),
    );
    const run = await pullWith(
      root,
      [...args.map((a) => (a === "url" ? engine.url : a)), "--tool", "CreateOrder", "--dry-run"],
      { ...given, TOOLCAT_API_KEY: engine.apiKey },
    );
    expect(run.stderr).toBe(warning);
    expect(run.code).toBe(0);
  });

  it.each([
    [["--tool", "Nope"], /no mode-pattern tool named "Nope"/],
    [["--timeout", "soon"], /--timeout must be/],
  ])("refuses the command line %j", async (args, message) => {
    const run = await pull(root, engine, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it.each(["specs/request-bodies", captures])(
    "writes nothing through %s when it is a symbolic link, naming it",
    async (linked) => {
      const fresh = workspace();
      const elsewhere = mkdtempSync(join(tmpdir(), "toolcat-elsewhere-"));
      mkdirSync(dirname(join(fresh, linked)), { recursive: true });
      symlinkSync(elsewhere, join(fresh, linked));
      try {
        const run = await pull(fresh, engine, "--tool", "CreateOrder");
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(
          new RegExp(`OrdersApi\\.CreateOrder: ${linked} is a symbolic link; .* nothing was written`),
        );
        expect(readdirSync(elsewhere, { recursive: true })).toEqual([]);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
        rmSync(elsewhere, { recursive: true, force: true });
      }
    },
  );

  // Answers the schema reader accepts but a capture file may not hold (controls, surrogates and line
  // separators in any string, or too deep): generated from seeded hostile strings.
  const hostileAnswers = Array.from({ length: 24 }, (_, index) => {
    const random = seededRandom(seed + index);
    const answer = structuredClone(answers["OrdersApi.CreateOrder"]) as { properties: Record<string, unknown> };
    const text = anyString(random);
    const roll = random();
    if (roll < 0.4) answer.properties["note"] = { type: "string", description: text };
    else if (roll < 0.7) answer.properties[`field${text}`] = { type: "string" };
    else if (roll < 0.85)
      answer.properties["deep"] = Array.from({ length: 20 + Math.floor(random() * 30) }).reduce<object>(
        (inner) => ({ type: "object", properties: { x: inner } }),
        { type: "string" },
      );
    else answer.properties["note"] = { type: "string", description: `plain ${Math.floor(random() * 1000)}` };
    return { index, answer };
  });
  const outcomes: string[] = [];
  it.each(hostileAnswers)("stores hostile answer $index only if the loader accepts the file", async ({ answer }) => {
    const fresh = workspace();
    engine.answerWith("OrdersApi.CreateOrder", answer);
    try {
      const run = await pull(fresh, engine, "--tool", "CreateOrder");
      if (run.code === 0) {
        expect(() => loadCatalog({ root: fresh })).not.toThrow();
        outcomes.push("written");
      } else {
        expect(run.stderr).toMatch(/^1\/1 OrdersApi\.CreateOrder: /);
        expect(listFiles(fresh)).toEqual([]);
        outcomes.push(
          run.stderr.includes("would not load") ? "refused by the loader's check" : "refused by the schema reader",
        );
      }
    } finally {
      engine.answerWith("OrdersApi.CreateOrder", undefined);
      rmSync(fresh, { recursive: true, force: true });
    }
  });
  it("saw hostile answers both written and refused by the loader's check", () => {
    expect(new Set(outcomes)).toContain("written");
    expect(new Set(outcomes)).toContain("refused by the loader's check");
  });

  it("matches the captures committed with the fixture", () => {
    for (const tool of ["CreateOrder", "UpdateInventory"]) {
      const committed = JSON.parse(
        readFileSync(join(fixtureSpecs, "request-bodies/orders-api", `${tool}.json`), "utf8"),
      ) as { answer: unknown };
      expect(readCapture(root, tool).answer).toEqual(committed.answer);
    }
  });

  // One tsc program for the package and a consumer: seconds, more on a busy machine.
  it(
    "generates a package whose types and validators check bodies end to end through the client",
    { timeout: 120_000 },
    async () => {
      const { files } = runPipeline({ root, servers: ["orders-api"] });
      // A consumer: the body type is real (a wrong field does not compile).
      const consumer = {
        path: "packages/consumer.ts",
        text: [
          'import type { CreateOrderRequestBody } from "./orders-api/src/index.js";',
          'export const ok: CreateOrderRequestBody = { customer: { email: "a@b.c" }, items: [{ sku: "x", ' +
            "quantity: 1 }] };",
          "// @ts-expect-error quantity is a number",
          'export const wrong: CreateOrderRequestBody = { customer: { email: "a@b.c" }, items: [{ sku: "x", ' +
            'quantity: "1" }] };',
          "",
        ].join("\n"),
      };
      expect(compileGenerated(root, [...files, consumer]).diagnostics).toEqual([]);
      const out = join(root, "out");

      const pkg = (await import(pathToFileURL(join(out, "orders-api/src/index.js")).href)) as PackageModule;
      const client = pkg.createOrdersApiClient({
        transport: pkg.createHttpTransport({ baseUrl: engine.url, apiKey: engine.apiKey }),
        env: false,
      });
      const body = {
        customer: { email: "a@b.c", address: { city: "Oslo", zip: "0150" } },
        items: [{ sku: "x", quantity: 2 }],
        currency: "EUR",
        note: null,
        payment: { kind: "invoice", due_days: 30 },
        total: 10,
      };
      const result = (await client.createOrder({ mode: "execute", store_id: "s1", request_body: body })) as {
        received: { request_body: string };
      };
      expect(JSON.parse(result.received.request_body)).toEqual(body);

      const bad = {
        customer: { address: { zip: "01" } },
        items: [{ sku: "x", quantity: 0, color: "red" }],
        currency: "GBP",
        payment: { kind: "card" },
        total: 0,
        extra: true,
      };
      const error = await client.createOrder({ mode: "execute", store_id: "s1", request_body: bad }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(pkg.ValidationError);
      const paths = (error as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
      expect(paths).toEqual(
        [
          "/request_body/customer/email",
          "/request_body/customer/address/city",
          "/request_body/customer/address/zip",
          "/request_body/items/0/quantity",
          "/request_body/items/0/color",
          "/request_body/currency",
          "/request_body/payment",
          "/request_body/total",
          "/request_body/extra",
        ].sort(),
      );

      const inventory = { warehouse: "w", counts: { a: 1, b: -1 }, reason: null, replace: false, tags: ["x", 2, true] };
      const checked = pkg.validate("UpdateInventory", { mode: "execute", request_body: JSON.stringify(inventory) });
      expect(checked.ok ? [] : checked.issues.map((i) => i.path)).toEqual([
        "/request_body/counts/b",
        "/request_body/replace",
        "/request_body/tags/2",
      ]);
      // Not JSON at all is the request_body format's one issue; a body of the wrong type is one issue.
      for (const text of ["{", "[]"]) {
        const result = pkg.validate("UpdateInventory", { mode: "execute", request_body: text });
        expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(["/request_body"]);
      }
      // A tool without a captured schema keeps taking any JSON text.
      expect(pkg.validate("CancelOrder", { mode: "execute", request_body: "[1]" }).ok).toBe(true);
      // The boolean guards parse the body once too and give each validator's verdict.
      const fixed = { ...inventory, counts: { a: 1 }, replace: true, tags: ["x"] };
      const bodies = [body, bad, inventory, fixed].map((b) => JSON.stringify(b));
      for (const [tool, other] of [
        ["CreateOrder", { store_id: "s1" }],
        ["UpdateInventory", {}],
      ] as const) {
        const verdicts = new Set<boolean>();
        for (const text of [...bodies, "{", "[]", 7]) {
          const input = { mode: "execute", ...other, request_body: text };
          verdicts.add(pkg[`is${tool}`](input));
          expect(pkg[`is${tool}`](input), `${tool} ${String(text)}`).toBe(pkg.validate(tool, input).ok);
        }
        expect([...verdicts].sort(), tool).toEqual([false, true]);
      }

      const manifest = JSON.parse(
        readFileSync(join(root, "packages/orders-api/manifest.json"), "utf8"),
      ) as ManifestShape;
      const create = manifest.tools.find((t) => t.name === "CreateOrder");
      expect(create?.inputSchema.else.properties.request_body.contentSchema).toMatchObject({
        type: "object",
        required: ["customer", "items"],
      });
      expect(readFileSync(join(root, "packages/orders-api/README.md"), "utf8")).toContain(
        "| `items[].quantity` | integer | yes | value at least 1 |",
      );
    },
  );
});

interface PackageModule {
  createOrdersApiClient(options: object): { createOrder(input: object): Promise<unknown> };
  createHttpTransport(options: { baseUrl: string; apiKey: string }): object;
  validate(name: string, input: unknown): { ok: true } | { ok: false; issues: { path: string }[] };
  isCreateOrder(input: unknown): boolean;
  isUpdateInventory(input: unknown): boolean;
  ValidationError: new (...args: never[]) => Error;
}

interface ManifestShape {
  tools: { name: string; inputSchema: { else: { properties: { request_body: { contentSchema: unknown } } } } }[];
}
