// Reads what an engine answered to mode get_request_schema into the body-schema IR. One reader for
// `schemas pull` (is the answer usable?) and the loader (file:line:col for a committed capture).
// Accepted: an OpenAPI 3.0 or 3.1 Schema Object, the same with a sibling `components`, `{ schema,
// components }`, a Request Body Object with application/json content, or any of these as JSON text.
import type { JsonValue } from "../ir/json.ts";
import type { Definition, Schema } from "../ir/schema.ts";
import { answerValueProblems } from "./answer-values.ts";
import { refProblems } from "./body-refs.ts";
import type { AnswerPath, BodyProblem } from "./body-problem.ts";
import { describe, isObject, SchemaReader } from "./schema-reader.ts";

export interface ReadAnswer {
  readonly root: Schema;
  /** Components (in the answer's order, each after the ones it names first) and the other targets of refs. */
  readonly definitions: readonly Definition[];
  /** The root and component schemas exactly as the answer has them. */
  readonly answer: { readonly root: JsonValue; readonly components: Readonly<Record<string, JsonValue>> };
}

type JsonObject = { readonly [key: string]: JsonValue };

const componentName = /^[A-Za-z0-9._-]+$/;

/** The body schema in an answer, or every problem that makes it unusable. */
export function readAnswer(answer: unknown): { ok: true; value: ReadAnswer } | { ok: false; problems: BodyProblem[] } {
  const problems: BodyProblem[] = [];
  const located = locate(answer, problems);
  if (located === undefined) return { ok: false, problems };
  const { document, root, rootPath, components, componentsPath } = located;
  const reader = new SchemaReader(document, root, rootPath, problems);
  for (const [name, schema] of Object.entries(components)) {
    if (!componentName.test(name))
      problems.push({
        path: [...componentsPath, name],
        message: `component name ${JSON.stringify(name)} is not an OpenAPI component name`,
      });
    else reader.define(`/components/schemas/${name}`, [...componentsPath.map(String), name], schema);
  }
  const rootSchema = reader.schema(root, rootPath, 0);
  const read = { root: rootSchema, definitions: reader.definitions, answer: { root, components } };
  // Only a schema read without problems has sound refs to follow.
  if (problems.length === 0)
    problems.push(...refProblems(read, rootPath, (ref) => reader.refPaths.get(ref) ?? rootPath));
  return problems.length > 0 ? { ok: false, problems: distinct(problems) } : { ok: true, value: read };
}

/** Each problem once: a schema under `$defs` is read for itself and again as the target of a ref. */
function distinct(problems: readonly BodyProblem[]): BodyProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify([p.path, p.message]);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

interface Located {
  /** The answer as JSON, which local refs point into. */
  readonly document: JsonValue;
  readonly root: JsonValue;
  readonly rootPath: AnswerPath;
  readonly components: Readonly<Record<string, JsonValue>>;
  readonly componentsPath: AnswerPath;
}

function locate(answer: unknown, problems: BodyProblem[]): Located | undefined {
  let value = answer;
  const text = typeof answer === "string";
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      problems.push({ path: [], message: "the answer is text that is not JSON" });
      return undefined;
    }
  }
  problems.push(...answerValueProblems(value, text));
  if (problems.length > 0) return undefined;
  if (!isObject(value)) {
    problems.push({ path: [], message: `the answer is ${describe(value)}, not an OpenAPI schema object` });
    return undefined;
  }
  const json = value["content"];
  if (isObject(json) && isObject(json["application/json"]) && "schema" in json["application/json"]) {
    // A Request Body Object: its JSON media type's schema.
    return {
      document: value as JsonValue,
      root: json["application/json"]["schema"] ?? null,
      rootPath: ["content", "application/json", "schema"],
      ...componentsOf(value, problems),
    };
  }
  if ("schema" in value && !("type" in value) && !("properties" in value)) {
    return {
      document: value as JsonValue,
      root: value["schema"] ?? null,
      rootPath: ["schema"],
      ...componentsOf(value, problems),
    };
  }
  const { components: _components, ...root } = value;
  return { document: value as JsonValue, root, rootPath: [], ...componentsOf(value, problems) };
}

function componentsOf(value: JsonObject, problems: BodyProblem[]): Pick<Located, "components" | "componentsPath"> {
  const components = value["components"];
  if (components === undefined) return { components: {}, componentsPath: ["components", "schemas"] };
  const schemas = isObject(components) ? components["schemas"] : undefined;
  if (!isObject(components) || (schemas !== undefined && !isObject(schemas))) {
    problems.push({
      path: ["components"],
      message: "components must be an object whose schemas is an object of schemas",
    });
    return { components: {}, componentsPath: ["components", "schemas"] };
  }
  return { components: schemas ?? {}, componentsPath: ["components", "schemas"] };
}
