// Every encoding of every secret and credential is redacted on every surface: generated secrets,
// each in each encoding, in free text, in errors a handler throws, and echoed by an HTTP engine.
import { describe as suite, expect, it } from "vitest";
import { createToolCaller, type ToolDefinition } from "../src/client.js";
import { ToolcatError } from "../src/errors.js";
import { createHttpTransport } from "../src/http/transport.js";
import { issueType } from "../src/internal/issues.js";
import { createMemoryTransport } from "../src/memory-transport.js";
import { createRedactor, REDACTED } from "../src/secrets.js";
import { encodings, headerSafeSecrets, random, revealing, secrets, seed } from "./support/encodings.js";
import { json, useServer } from "./support/server.js";
import { errorSurfaces } from "./support/surfaces.js";

const generated = secrets(24);
const next = random(seed + 1);
const cases = generated.flatMap((secret) =>
  Object.entries(encodings(secret, next)).map(([name, encoded]) => ({ secret, name, encoded })),
);
const contexts = [
  (e: string) => `token=${e}&x=1`,
  (e: string) => `{"key":"${e}"}`,
  (e: string) => `Authorization: Basic ${e}\n`,
  (e: string) => `…${e}…`,
];

/** The readable parts of an encoding found in the text, by encoding name. */
function leaks(
  text: string,
  items: readonly { readonly secret: string; readonly name: string; readonly encoded: string }[],
): string[] {
  return items
    .filter(({ name, encoded }) => text.includes(revealing(name, encoded)))
    .map(({ secret, name }) => `${name} of ${JSON.stringify(secret)}`);
}

suite(`redaction (seed ${seed})`, () => {
  it("replaces each encoding of each generated secret in any context", () => {
    const redactor = createRedactor(generated);
    const found = cases.flatMap((item) =>
      contexts.flatMap((context) => leaks(redactor.redact(context(item.encoded)), [item])),
    );
    expect(found).toEqual([]);
  });

  it("replaces a secret cut short by a message's length limit", () => {
    const long = secrets(20, random(seed + 2)).map((secret) => secret.repeat(3));
    const redactor = createRedactor(long);
    for (const secret of long) {
      for (const cut of [4, 17, 40]) {
        expect(redactor.redact(`got ${JSON.stringify(secret.slice(0, cut))}…`)).toBe(`got "${REDACTED}"…`);
      }
    }
  });

  it.each(["ends with %", "%starts", "mid%dle", "100%%", "a\\%b"])(
    "replaces %j percent-encoded whole, leaving no digits of its escapes",
    (secret) => {
      const redactor = createRedactor([secret]);
      for (const text of [
        `http://user:${encodeURIComponent(secret)}@host/`,
        `q=${encodeURIComponent(secret)}&x`,
        `q=${encodeURIComponent(secret)}`,
      ]) {
        expect(redactor.redact(text)).toBe(text.replace(encodeURIComponent(secret), REDACTED));
      }
    },
  );

  it("keeps ordinary text", () => {
    expect(createRedactor(generated).redact("the tool failed: quota exceeded (see https://example.com/docs)")).toBe(
      "the tool failed: quota exceeded (see https://example.com/docs)",
    );
  });

  it("redacts a 3.9 MB key in its exact encodings", () => {
    const key = "k".repeat(3_900_000);
    const text = createRedactor([key]).redact(
      `a ${key} b ${Buffer.from(key).toString("base64")} c ${key.slice(0, 200)}…`,
    );
    expect(text).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}…`);
  });
});

const tool: ToolDefinition<unknown> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY"],
  validate: (value) => ({ ok: true, value }),
};

suite(`errors carry no encoding of a secret (seed ${seed})`, () => {
  it("from a handler that throws each encoding, of a declared and an undeclared secret", async () => {
    for (const [declared, undeclared] of [generated.slice(0, 2), generated.slice(2, 4)] as [string, string][]) {
      const items = cases.filter(({ secret }) => secret === declared || secret === undeclared);
      const transport = createMemoryTransport({
        "Mail.Send": () => {
          throw new Error(items.map(({ encoded }) => encoded).join(" | "), {
            cause: { echoed: items.map(({ encoded }) => encoded) },
          });
        },
      });
      const caller = createToolCaller({ transport, secrets: { MAIL_KEY: declared, OTHER: undeclared }, env: false });
      const error = await caller.call(tool, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolcatError);
      expect(leaks(Object.values(errorSurfaces(error)).join("\n"), items)).toEqual([]);
    }
  });

  it("from validation messages that quote an input value", async () => {
    const validate = (input: unknown) => ({
      ok: false as const,
      issues: [issueType("/id", "id", "a number", (input as { id: unknown }).id)],
    });
    const caller = createToolCaller({
      transport: createMemoryTransport({}),
      secrets: { MAIL_KEY: generated[0]! },
      env: false,
    });
    for (const { name, encoded } of cases.filter(({ secret }) => secret === generated[0])) {
      const error = await caller.call({ ...tool, validate }, { id: encoded }).catch((e: unknown) => e);
      expect(leaks(Object.values(errorSurfaces(error)).join("\n"), [{ secret: generated[0]!, name, encoded }])).toEqual(
        [],
      );
    }
  });
});

const server = useServer();

suite(`the HTTP transport's key and URL password (seed ${seed})`, () => {
  const [key] = headerSafeSecrets(1, random(seed + 3)) as [string];
  const [password] = secrets(1, random(seed + 11)) as [string];
  const items = (secret: string) =>
    Object.entries(encodings(secret, random(seed + 4))).map(([name, encoded]) => ({ secret, name, encoded }));
  const lines: string[] = [];
  const call = async (baseUrl: string): Promise<string> => {
    const transport = createHttpTransport({
      baseUrl,
      apiKey: key,
      retries: 0,
      logger: { debug: (line) => lines.push(line) },
    });
    const error = await createToolCaller({ transport, env: false })
      .call(tool, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolcatError);
    return `${Object.values(errorSurfaces(error)).join("\n")}\n${lines.join("\n")}`;
  };

  it("never shows the key an engine echoes in its body or headers", async () => {
    const echo = items(key)
      .map(({ encoded }) => encoded)
      .join(" ");
    server.responders.push(json(401, { echo }, { "x-echo": encodeURIComponent(echo) }));
    const shown = await call(server.baseUrl());
    expect(shown).toContain("answered 401");
    expect(leaks(shown, items(key))).toEqual([]);
  });

  it("never shows the URL's password in an error or a debug line", async () => {
    const withPassword = `http://user:${encodeURIComponent(password)}@${new URL(server.baseUrl()).host}/`;
    const shown = await call(withPassword);
    expect(leaks(shown, [...items(password), ...items(`user:${password}`)])).toEqual([]);
    expect(shown).toContain(`http://${REDACTED}@`);
  });
});
