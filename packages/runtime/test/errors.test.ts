import { describe as suite, expect, it } from "vitest";
import {
  AuthorizationRequiredError,
  MissingSecretError,
  TimeoutError,
  ToolcatError,
  ToolExecutionError,
  TransportError,
  ValidationError,
} from "../src/errors.js";
import { createSecretStore, redact, REDACTED } from "../src/secrets.js";

suite("errors", () => {
  it("ValidationError lists each issue as pointer: message", () => {
    const error = new ValidationError("Sheets.Write", [
      { path: "/row", code: "too_small", message: "row must be at least 1, got 0" },
      { path: "", code: "invalid_type", message: "input must be an object" },
    ]);
    expect(error).toBeInstanceOf(ToolcatError);
    expect(error.code).toBe("validation_failed");
    expect(error.name).toBe("ValidationError");
    expect(error.message).toBe(
      "invalid input for Sheets.Write:\n  /row: row must be at least 1, got 0\n  (root): input must be an object",
    );
  });

  it("MissingSecretError names the secrets and how to configure them", () => {
    const error = new MissingSecretError("Mail.Send", ["MAIL_API_KEY", "MAIL_DOMAIN"]);
    expect(error.code).toBe("missing_secret");
    expect(error.missing).toEqual(["MAIL_API_KEY", "MAIL_DOMAIN"]);
    expect(error.message).toContain("Mail.Send needs the secrets MAIL_API_KEY, MAIL_DOMAIN");
    expect(error.message).toContain("`secrets` option");
  });

  it("carries the details callers branch on", () => {
    expect(new TransportError("x", { status: 503, retryable: true })).toMatchObject({
      code: "transport_failed",
      status: 503,
      retryable: true,
    });
    expect(new ToolExecutionError("A.B", "boom", true)).toMatchObject({
      code: "tool_failed",
      canRetry: true,
      message: "A.B failed: boom",
    });
    expect(new AuthorizationRequiredError("A.B", "https://auth", "pending")).toMatchObject({
      code: "authorization_required",
      url: "https://auth",
    });
    expect(new TimeoutError("A.B", 50)).toMatchObject({ code: "timeout", timeoutMs: 50 });
  });
});

suite("secrets", () => {
  it("prefers explicit secrets over the environment and reports missing ones", () => {
    const store = createSecretStore({ secrets: { A: "explicit", C: "" }, env: { A: "env-a", B: "env-b" } });
    expect(store.resolve(["A", "B", "C", "D"])).toEqual({ values: { A: "explicit", B: "env-b" }, missing: ["C", "D"] });
  });

  it("reads process.env by default and never when env is false", () => {
    process.env.TOOLCAT_TEST_SECRET = "from-process";
    try {
      expect(createSecretStore().resolve(["TOOLCAT_TEST_SECRET"]).values).toEqual({
        TOOLCAT_TEST_SECRET: "from-process",
      });
      expect(createSecretStore({ env: false }).resolve(["TOOLCAT_TEST_SECRET"]).missing).toEqual([
        "TOOLCAT_TEST_SECRET",
      ]);
    } finally {
      delete process.env.TOOLCAT_TEST_SECRET;
    }
  });

  it("redacts explicit and resolved values, longest first", () => {
    const store = createSecretStore({ secrets: { A: "sk-123" }, env: { B: "sk-123456", OTHER: "the" } });
    store.resolve(["B"]);
    expect(store.redact("keys sk-123456 and sk-123 in the text")).toBe(`keys ${REDACTED} and ${REDACTED} in the text`);
  });

  it("redact ignores empty values", () => {
    expect(redact("abc", ["", "b"])).toBe(`a${REDACTED}c`);
  });
});
