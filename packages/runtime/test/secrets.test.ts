// A secret store redacts what it is given by value and what another redaction knows (a transport's
// key), merged longest first so that one secret inside another is replaced whole, whichever holds which.
import { describe, expect, it } from "vitest";
import { createRedactor, createSecretStore, REDACTED, type Redact } from "../src/secrets.js";

const KEY = "tc-key-5e4d3c2b";

describe("createSecretStore with redactions", () => {
  it.each([
    ["a secret containing the transport's key", `pre-${KEY}-post`, KEY],
    ["a transport key containing the secret", KEY.slice(3, 12), KEY],
    ["a secret equal to the key", KEY, KEY],
  ])("replaces %s whole", (_, secret, key) => {
    const store = createSecretStore({ secrets: { S: secret }, env: false, redactions: [createRedactor([key]).redact] });
    expect(store.redact(`a ${secret} b`)).toBe(`a ${REDACTED} b`);
    expect(store.redact(`a ${key} b`)).toBe(`a ${REDACTED} b`);
    expect(store.redact(`a ${encodeURIComponent(secret)} ${btoa(key)} b`)).toBe(`a ${REDACTED} ${REDACTED} b`);
  });

  it("applies a redaction built elsewhere (another copy of the runtime) before its own", () => {
    const foreign: Redact = (text) => text.replaceAll("elsewhere-key", "[GONE]");
    const store = createSecretStore({ secrets: { S: "local-secret" }, env: false, redactions: [foreign] });
    expect(store.redact("elsewhere-key local-secret")).toBe(`[GONE] ${REDACTED}`);
  });
});
