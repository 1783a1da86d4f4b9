// Every tool's boolean guard (`is<Tool>`) must give the verdict of its validator (`validate<Tool>`)
// on every input: seeded valid inputs, random mutations, each property's edge values, values that are
// not objects, and hostile objects (proxies, throwing getters, odd prototypes and keys). Neither may throw.
import { describe, expect, it } from "vitest";
import { edgeInputs, mutatedInput, random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages } from "../support/packages.ts";

const mutationsPerTool = 40;
const packages = await loadSelectedPackages();

type Check = (input: unknown) => unknown;

/**
 * Hostile inputs, each made fresh for every call (a getter may count its reads), built around one
 * valid input so a problem of reading, not of content, decides the verdict.
 */
function hostileInputs(valid: Record<string, unknown>): (() => unknown)[] {
  const [first] = Object.keys(valid);
  const key = first ?? "any_key";
  const throwing = (): never => {
    throw new Error("getter");
  };
  return [
    () => undefined,
    () => Symbol("s"),
    () => () => 1,
    () => Object.assign(Object.create(null) as object, valid),
    () => Object.create(valid) as object,
    () => JSON.parse(`{"__proto__": ${JSON.stringify(valid)}}`) as object,
    () => Object.defineProperty({ ...valid }, key, { enumerable: true, get: throwing }),
    () => Object.defineProperty({ ...valid }, key, { enumerable: false, value: valid[key] }),
    () => new Proxy({ ...valid }, { ownKeys: throwing }),
    () =>
      new Proxy(
        { ...valid },
        {
          get: (target, name, receiver) =>
            Reflect.has(target, name) ? Reflect.get(target, name, receiver) : "fallback",
        },
      ),
    () => new Proxy({ ...valid }, { getPrototypeOf: throwing }),
    () => {
      const { proxy, revoke } = Proxy.revocable({ ...valid }, {});
      revoke();
      return proxy;
    },
    () => {
      let reads = 0;
      return Object.defineProperty({ ...valid }, key, {
        enumerable: true,
        get: () => (reads++ === 0 ? valid[key] : 7),
      });
    },
    // The guard reads values before it walks the keys: a bad value that JSON would not send must not
    // decide its verdict (a non-enumerable own property, a proxy's default, a prototype's key) ...
    () => Object.defineProperty({ ...valid }, key, { enumerable: false, value: Symbol("bad") }),
    () =>
      new Proxy(
        { ...valid },
        {
          get: (target, name, receiver) =>
            Reflect.has(target, name) ? Reflect.get(target, name, receiver) : Symbol("bad"),
        },
      ),
    () => Object.assign(Object.create({ [key]: Symbol("bad") }) as object, valid, { [key]: undefined }),
    // ... and one that lies on the first read is read once, by both.
    () => {
      let reads = 0;
      return Object.defineProperty({ ...valid }, key, {
        enumerable: true,
        get: () => (reads++ === 0 ? Symbol("bad") : valid[key]),
      });
    },
    // Null-prototype objects are read in place, other prototypes through a copy: a key inherited
    // from a prototype is not sent, whatever its value.
    () => Object.assign(Object.create(null) as object, valid, { unknown_key: 1 }),
    () => {
      const { [key]: inherited, ...rest } = valid;
      return Object.assign(Object.create({ [key]: inherited }) as object, rest);
    },
    () => ({ ...valid, [Symbol("extra")]: 1 }),
    () => ({ ...valid, "a/b~c": 1 }),
  ];
}

describe.each(packages.map((p) => [p.slug, p] as const))("%s: is<Tool> agrees with validate<Tool>", (_slug, pkg) => {
  it.each(pkg.manifest.tools.map((t) => [t.fullName, t] as const))("%s", (fullName, tool) => {
    const validate = pkg[`validate${tool.name}`] as (input: unknown) => { ok: boolean };
    const guard = pkg[`is${tool.name}`] as Check;
    expect(typeof guard, `is${tool.name} is exported`).toBe("function");
    const rng = random([...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 11));
    const valid = validInput(tool.inputSchema, rng, "execute");
    const inputs: (() => unknown)[] = [
      () => valid,
      () => null,
      () => [],
      () => "text",
      () => 42,
      ...hostileInputs(valid),
    ];
    for (let i = 0; i < mutationsPerTool; i++) {
      const input = mutatedInput(tool.inputSchema, rng);
      inputs.push(() => input);
    }
    for (const input of edgeInputs(tool.inputSchema, rng)) inputs.push(() => input);
    const verdicts = { valid: 0, invalid: 0 };
    for (const [index, make] of inputs.entries()) {
      let ours: unknown;
      let theirs: { ok: boolean } | undefined;
      expect(() => (ours = guard(make()))).not.toThrow();
      expect(() => (theirs = validate(make()))).not.toThrow();
      expect(ours, `${fullName} input ${index}`).toBe(theirs?.ok);
      verdicts[ours === true ? "valid" : "invalid"]++;
    }
    // Both verdicts must be exercised, or agreement proves nothing.
    expect(verdicts.valid, fullName).toBeGreaterThan(0);
    expect(verdicts.invalid, fullName).toBeGreaterThan(3);
  });
});
