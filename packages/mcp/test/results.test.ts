import { inspect } from "node:util";
import {
  AuthorizationRequiredError,
  MissingSecretError,
  TimeoutError,
  ToolExecutionError,
  TransportError,
  ValidationError,
} from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { failureText } from "@toolcat/runtime/internal";
import { errorResult, successResult } from "../src/results.ts";

describe("successResult", () => {
  it.each([
    [{ a: 1 }, { a: 1 }, '{"a":1}'],
    [[1], { value: [1] }, "[1]"],
    ["text", { value: "text" }, "text"],
    [undefined, { value: null }, "null"],
  ])("%j", (value, structured, text) => {
    expect(successResult(value)).toEqual({ content: [{ type: "text", text }], structuredContent: structured });
  });
});

describe("errorResult", () => {
  it.each([
    [
      new ValidationError("S.T", [{ path: "/a", code: "required", message: "a is required" }]),
      { code: "validation_failed", issues: [{ path: "/a", code: "required", message: "a is required" }] },
    ],
    [new MissingSecretError("S.T", ["KEY"]), { code: "missing_secret", missing: ["KEY"] }],
    [
      new AuthorizationRequiredError("S.T", "https://auth.example.com/x", "pending"),
      { code: "authorization_required", url: "https://auth.example.com/x", status: "pending" },
    ],
    [new ToolExecutionError("S.T", "boom", true), { code: "tool_failed", canRetry: true }],
    [new TransportError("down", { retryable: true }), { code: "transport_failed", retryable: true }],
    [new TimeoutError("S.T", 5), { code: "timeout", timeoutMs: 5 }],
  ])("%s", (error, structured) => {
    const text = failureText("S.T", error);
    expect(errorResult("S.T", error)).toEqual({
      isError: true,
      content: [{ type: "text", text }],
      structuredContent: { error: structured },
    });
  });

  it("reports other errors by message only", () => {
    const error = Object.assign(new Error("odd"), { code: "ENOENT", secret: "s3cr3t" });
    const result = errorResult("S.T", error);
    expect(result).toEqual({
      isError: true,
      content: [{ type: "text", text: "S.T failed: odd" }],
      structuredContent: { error: { code: "internal" } },
    });
    expect(`${JSON.stringify(result)}${inspect(result, { depth: null })}`).not.toContain("s3cr3t");
    expect(errorResult("S.T", "plain").content).toEqual([{ type: "text", text: "S.T failed: plain" }]);
  });
});
