// Server-level facts of the documents (resources, states, events, pagination, versioning, errors,
// HTTP facts) and everything they leave unstated, as plain data. The manifest carries this data as
// it is; the README renders it. One builder, so the two outputs always list the same facts.
import type { ServerDocumentation } from "../../../../packages/runtime/src/manifest.ts";
import { namedValues } from "../../ir/parameter-schema.ts";
import type { CatalogRules, Documented, Parameter, Server, Tool } from "../../ir/types.ts";

/** A documented fact as JSON: the text, or null when the document does not show it. */
function shown<T>(fact: Documented<T>): T | null {
  return fact.known ? fact.value : null;
}

/** The runtime owns the shape (the manifest type users see); this builds it from the IR. */
export type ServerFacts = ServerDocumentation;

export function serverFacts(server: Server, rules: CatalogRules): ServerFacts {
  return {
    notes: server.notes,
    resources: server.resources,
    states: server.states.map((s) => ({
      resource: s.resource,
      states: shown(s.states),
      ...(s.initial !== undefined && { initial: s.initial }),
      transitions: shown(s.transitions),
      restrictedTransitions: s.restrictedTransitions === undefined ? null : shown(s.restrictedTransitions),
      notes: s.notes,
    })),
    otherStates: shown(server.otherStates),
    events: {
      types: shown(server.events.types),
      typesComplete: server.events.typesComplete,
      payload: shown(server.events.payload),
      signing: shown(server.events.signing),
      notes: server.events.notes,
    },
    pagination: server.pagination,
    limits: server.limits.map((l) => l.text),
    rateLimits: shown(server.rateLimits),
    errors: shown(server.errors),
    versioning: [...server.versioning, ...rules.versioning],
    http: {
      methods: shown(server.http.methods),
      paths: shown(server.http.paths),
      results: shown(server.http.results),
      baseUrl: server.http.baseUrl ?? null,
      knownPaths: server.http.knownPaths,
    },
    notShown: notShown(server, rules),
  };
}

function notShown(server: Server, rules: CatalogRules): string[] {
  const facts: [string, { readonly known: boolean }][] = [
    ["HTTP methods of the tools", server.http.methods],
    ["HTTP paths of the tools", server.http.paths],
    ["Result payloads of the tools", server.http.results],
    ["Fields of returned objects", server.returnedFields],
    ["Rate limits and quotas", server.rateLimits],
    ["Event types", server.events.types],
    ["Event notification payloads", server.events.payload],
    ["Event signing", server.events.signing],
    ["Error codes and payloads of this server", server.errors],
    ["Error codes of the catalog", rules.errors.codes],
    ["Status codes of the catalog", rules.errors.statusCodes],
    ["Error payload shape of the catalog", rules.errors.payload],
    ["States of other resources", server.otherStates],
  ];
  const lines = facts.filter(([, fact]) => !fact.known).map(([what]) => `${what}: not shown.`);
  lines.push(...authUnknowns(server));
  for (const machine of server.states) {
    if (!machine.states.known) lines.push(`States of ${machine.resource}: not shown.`);
    if (!machine.transitions.known) lines.push(`Transitions of ${machine.resource}: not shown.`);
    if (machine.restrictedTransitions !== undefined && !machine.restrictedTransitions.known) {
      lines.push(`Which transitions of ${machine.resource} are restricted: not shown.`);
    }
  }
  if (server.tools.some((t) => t.modePattern)) {
    lines.push(
      "Fields of request_body: not shown; the tool returns them at run time when called with mode get_request_schema.",
    );
    if (!rules.toolMode.missingExecuteParameter.known) {
      lines.push(
        `What happens when a call with mode ${rules.toolMode.executeValue} omits a parameter required in that ` +
          "mode: not shown.",
      );
    }
  }
  const hidden = server.tools.filter((t) => t.parameters.kind === "not-shown").map((t) => t.name);
  if (hidden.length > 0) lines.push(`Parameters of ${hidden.join(", ")}: not shown.`);
  lines.push(...server.tools.flatMap(enumUnknowns));
  return lines;
}

function authUnknowns(server: Server): string[] {
  const auth = server.auth;
  if (auth.type === "api-key")
    return auth.placement.known ? [] : [`How ${auth.secret} is placed on the wire: not shown.`];
  return [
    ...(auth.provider.known ? [] : ["The auth provider id: not shown."]),
    ...(auth.scopeBase.known || !auth.scopes.known
      ? []
      : ["The provider's scope base address ({scope_base}): not shown."]),
    ...(auth.scopes.known ? [] : ["OAuth scopes of the tools: not shown."]),
  ];
}

function enumUnknowns(tool: Tool): string[] {
  if (tool.parameters.kind !== "known") return [];
  return tool.parameters.list.filter(hasHiddenValues).map((p) => `Values of ${tool.name}.${p.name}: not shown.`);
}

function hasHiddenValues(parameter: Parameter): boolean {
  return namedValues(parameter.schema).valuesNotShown === true;
}
