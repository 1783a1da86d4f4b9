// Classifies changes of a tool's captured request body schema (specs/request-bodies/<slug>/<Tool>.json)
// with the schema comparer (compare-schemas.ts). Every finding names the place by a JSON pointer into
// the body, as the generated validator reports issues (`/request_body/customer/zip`); `*` stands for
// every item of an array or every other key of a map.
import type { CapturedRequestBody } from "../ir/request-body.ts";
import { finding, sameJson, type Finding } from "./change.ts";
import { compareSchemas, type Places } from "./compare-schemas.ts";

/** A JSON pointer segment for a property name (`~` as `~0`, `/` as `~1`). */
function segment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

const bodyPlaces: Places = {
  root: "/request_body",
  property: (path, name) => `${path}/${segment(name)}`,
  each: (path) => `${path}/*`,
  field: "body field",
  added: (place, required) => `${required === undefined ? "optional" : "required"} body field ${place} added`,
};

export function compareRequestBodies(
  before: CapturedRequestBody | undefined,
  after: CapturedRequestBody | undefined,
): Finding[] {
  if (before === undefined) return after === undefined ? [] : [finding("minor", "request body schema captured")];
  if (after === undefined)
    return [finding("major", "request body schema no longer captured (request_body is an untyped string again)")];
  const findings = compareSchemas(bodyPlaces, before.root, after.root, [before.definitions, after.definitions]);
  // Annotations the IR does not keep (title, example...) still reach the answer kept for reference.
  if (findings.length === 0 && !sameJson(before.answer, after.answer))
    return [finding("patch", "request body schema changed, accepting the same bodies")];
  return findings;
}
