// Every package ships the repository's license text, unchanged.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { licenseText } from "../../../src/emit/package/license.ts";

it("the emitted LICENSE is the repository's LICENSE", () => {
  expect(licenseText).toBe(readFileSync(new URL("../../../../LICENSE", import.meta.url), "utf8"));
});
