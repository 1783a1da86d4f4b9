// Checks of how a captured body schema uses $ref. Recursion is allowed where a value gets smaller on
// the way round (through an object's field or an array's items): types, validators and $defs
// carry it by name. A cycle that does not (A is B or null, B is A) never gets anywhere: its validator
// would call itself on the same value forever and its type would be circular, so it is refused.
// `toolcat diff` still compares bodies with every $ref followed (cut where a component recurs), so
// that expansion is bounded here: past the limits below a capture is refused, and every later
// walk over the expanded body stays within them whatever the fan-out of its components.
import type { Definition, Schema, SchemaNode } from "../ir/schema.ts";
import { children } from "../ir/vocabulary.ts";
import type { AnswerPath, BodyProblem } from "./body-problem.ts";

/** Schemas in a body with every $ref replaced by its component, a recursive one cut where it recurs. */
export const maxExpandedSchemas = 10_000;
/** Nesting of that expanded body (fields, items, options; a $ref adds no level). */
export const maxExpandedDepth = 64;

interface Read {
  readonly root: Schema;
  readonly definitions: readonly Definition[];
}

/** A node with a `$ref`. */
type RefNode = SchemaNode & { readonly $ref: string };

const repull =
  "Capture it again once the engine's schema is fixed, or delete the file to keep request_body an untyped string.";

/** Problems of the read body's $refs: a cycle without a field or item in between, or too much expansion. */
export function refProblems(read: Read, rootPath: AnswerPath, refPath: (ref: SchemaNode) => AnswerPath): BodyProblem[] {
  const cycle = unguardedCycle(read.definitions);
  if (cycle !== undefined) {
    return [
      {
        path: refPath(cycle.closing),
        message:
          `$ref cycle ${cycle.names.join(" → ")} passes through no object field or array item: checking a value ` +
          "against it would never end",
        rule: {
          code: "request-body-cycle",
          hint: `A recursive schema must recurse through a field or array items. ${repull}`,
        },
      },
    ];
  }
  const expansion = expansionProblem(read);
  return expansion === undefined
    ? []
    : [
        {
          path: expansion.ref === undefined ? rootPath : refPath(expansion.ref),
          message: expansion.message,
          rule: {
            code: "request-body-too-large",
            hint: `toolcat follows every $ref where it is used when it compares captures. ${repull}`,
          },
        },
      ];
}

/** The $refs a schema's check reaches on the same value, without entering a field, an item or a key. */
function unguardedRefs(schema: Schema): RefNode[] {
  if (typeof schema === "boolean") return [];
  const own = schema.$ref === undefined ? [] : [schema as RefNode];
  return [...own, ...children(schema).flatMap((child) => (child.same ? unguardedRefs(child.schema) : []))];
}

/**
 * A cycle of components that refer to each other through unguarded refs, or undefined. Components
 * that reach no cycle are peeled off first (each with no unguarded ref left to an unpeeled one);
 * from any component left, following unguarded refs among those left must come round.
 */
function unguardedCycle(components: Read["definitions"]): { names: string[]; closing: RefNode } | undefined {
  const index = new Map(components.map((c, i) => [c.name, i]));
  const edges = components.map((c) =>
    unguardedRefs(c.schema)
      .map((ref) => ({ ref, to: index.get(ref.$ref) ?? -1 }))
      .filter((e) => e.to >= 0),
  );
  const waiting = edges.map((list) => list.length);
  const referrers = components.map((): number[] => []);
  edges.forEach((list, from) => list.forEach((e) => referrers[e.to]?.push(from)));
  const queue = waiting.flatMap((count, i) => (count === 0 ? [i] : []));
  const peeled = new Set<number>();
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    peeled.add(next);
    for (const from of referrers[next] ?? []) {
      waiting[from] = (waiting[from] ?? 0) - 1;
      if (waiting[from] === 0) queue.push(from);
    }
  }
  const start = components.findIndex((_, i) => !peeled.has(i));
  if (start === -1) return undefined;
  const order: number[] = [];
  let at = start;
  for (;;) {
    order.push(at);
    const edge = edges[at]?.find((e) => !peeled.has(e.to));
    if (edge === undefined) return undefined;
    const seen = order.indexOf(edge.to);
    if (seen !== -1)
      return { names: [...order.slice(seen), edge.to].map((i) => components[i]?.name ?? ""), closing: edge.ref };
    at = edge.to;
  }
}

interface Open {
  readonly name: string;
  readonly outer: Open | undefined;
}

/** Walks the expanded body with an explicit stack, stopping as soon as a limit is passed. */
function expansionProblem(read: Read): { message: string; ref: SchemaNode | undefined } | undefined {
  const components = new Map(read.definitions.map((c) => [c.name, c.schema]));
  const stack: { schema: Schema; depth: number; open: Open | undefined; via: SchemaNode | undefined }[] = [
    { schema: read.root, depth: 0, open: undefined, via: undefined },
  ];
  let count = 0;
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { schema, depth, open, via } = frame;
    if (++count > maxExpandedSchemas) {
      return {
        message: `the body has more than ${maxExpandedSchemas} schemas once each $ref is replaced by its component`,
        ref: undefined,
      };
    }
    if (depth > maxExpandedDepth) {
      return {
        message: `the body nests deeper than ${maxExpandedDepth} levels once each $ref is replaced by its component`,
        ref: via,
      };
    }
    if (typeof schema === "boolean") continue;
    const name = schema.$ref;
    if (name !== undefined) {
      const target = components.get(name);
      if (target !== undefined && !isOpen(open, name))
        stack.push({ schema: target, depth, open: { name, outer: open }, via: schema });
    }
    for (const child of children(schema)) stack.push({ schema: child.schema, depth: depth + 1, open, via });
  }
  return undefined;
}

function isOpen(open: Open | undefined, name: string): boolean {
  for (let at = open; at !== undefined; at = at.outer) if (at.name === name) return true;
  return false;
}
