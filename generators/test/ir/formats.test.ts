import { describe, expect, it } from "vitest";
import { formats } from "../../../packages/runtime/src/formats.ts";
import { formatPredicates } from "../../src/ir/formats.ts";

describe("formatPredicates", () => {
  // The IR imports no runtime code, so it names the runtime's predicates itself: the two must agree.
  it("lists exactly the runtime's formats, each with the name of the predicate that checks it", () => {
    const runtime = Object.fromEntries(Object.entries(formats).map(([format, predicate]) => [format, predicate.name]));
    expect(formatPredicates).toStrictEqual(runtime);
  });
});
