import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { LazyIssue } from "../../src/internal/lazy-issue.js";

const wrongType = (name: string, value: number): string => `${name} must be a string, got ${value}`;

describe("LazyIssue", () => {
  it("reads as { path, code, message } and builds the message once", () => {
    let builds = 0;
    const issue = new LazyIssue(
      "/a",
      "invalid_type",
      (name: string) => `${name} ${++builds}`,
      "a",
      undefined,
      undefined,
    );
    expect(builds).toBe(0);
    const { path, code, message } = issue;
    expect({ path, code, message }).toEqual({ path: "/a", code: "invalid_type", message: "a 1" });
    expect(issue.message).toBe("a 1");
    expect(builds).toBe(1);
  });

  it("serialises and inspects as the plain object would", () => {
    const issue = new LazyIssue("/count", "invalid_type", wrongType, "count", 7, undefined);
    const plain = { path: "/count", code: "invalid_type", message: "count must be a string, got 7" };
    expect(JSON.stringify(issue)).toBe(JSON.stringify(plain));
    expect(JSON.stringify([issue])).toBe(JSON.stringify([plain]));
    expect(inspect(issue)).toBe(inspect(plain));
  });

  it("never throws: a throwing builder gives a generic message", () => {
    const build = (): string => {
      throw new Error("secret-token-123");
    };
    const issue = new LazyIssue("/a", "invalid_format", build, undefined, undefined, undefined);
    expect(issue.message).toBe("/a: invalid_format");
    expect(JSON.stringify(issue)).not.toContain("secret");
  });

  it("never throws when the getter runs on something that is not an issue", () => {
    const issue = new LazyIssue("", "required", (name: string) => `${name} is required`, "x", undefined, undefined);
    const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(issue), "message")?.get;
    expect(getter?.call({})).toBe("");
    expect(
      getter?.call(
        new Proxy(
          {},
          {
            get: () => {
              throw new Error("trap");
            },
          },
        ),
      ),
    ).toBe("");
    // A clone that copies own properties onto the prototype (lodash cloneDeep) keeps path and code.
    expect(Object.assign(Object.create(Object.getPrototypeOf(issue) as object) as object, issue)).toHaveProperty(
      "message",
      "input: required",
    );
  });

  it("takes an assigned message, as a plain object would", () => {
    const issue = new LazyIssue("/a", "required", (name: string) => `${name} is required`, "a", undefined, undefined);
    (issue as { message: string }).message = "a fehlt";
    expect(issue.message).toBe("a fehlt");
    expect(JSON.stringify(issue)).toBe('{"path":"/a","code":"required","message":"a fehlt"}');
  });

  it("keeps only path and code as own properties", () => {
    const issue = new LazyIssue("/a", "required", (name: string) => `${name} is required`, "a", undefined, undefined);
    expect(Object.keys(issue)).toEqual(["path", "code"]);
  });
});
