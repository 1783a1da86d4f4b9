// The shape of a spec file once it passed the JSON Schema: what the YAML says, before normalization.
import type { FormatName } from "../ir/formats.ts";
import type { ToolAnnotations } from "../ir/types.ts";
import type { JsonValue } from "../ir/json.ts";

export type NotShown = "not-shown";
export type Listed<T> = NotShown | T[];

export interface RawParameter {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "object" | "array";
  required?: boolean | "execute";
  description?: string;
  default?: JsonValue;
  defaultNote?: string;
  minimum?: number;
  maximum?: number;
  enum?: Listed<string>;
  enumName?: string;
  format?: FormatName;
  items?: { type: "string"; enum?: string[] };
  keys?: { name: string; description?: string }[];
  minProperties?: number;
  maxProperties?: number;
  notes?: string[];
  judgments?: string[];
}

export interface RawRule {
  kind: "required-when" | "requires" | "precedence";
  parameter: string;
  when?: string;
  equals?: string;
  requires?: string;
  over?: string;
  text: string;
}

export interface RawTool {
  name: string;
  purpose: string;
  group?: string;
  modePattern?: boolean;
  secrets?: string[];
  scopes?: Listed<string>;
  parameters: Listed<RawParameter>;
  rules?: RawRule[];
  notes?: string[];
  judgments?: string[];
  annotations?: ToolAnnotations;
}

export interface RawServer {
  server: string;
  kind: "starter" | "optimized";
  domain: string;
  description: string;
  source: string;
  keywords?: string[];
  auth: {
    type: "api-key" | "user-authorization";
    secret?: string;
    placement?: string;
    provider?: string;
    providerDescription?: string;
    scopeBase?: string;
    scopes?: Listed<{ name: string; description?: string }>;
    notes?: string[];
  };
  secrets: { name: string; description: string; notes?: string[] }[];
  toolSecrets?: string[];
  resources?: {
    name: string;
    identifiers?: string[];
    fields?: { name: string; type?: string; description?: string }[];
    notes?: string[];
  }[];
  returnedFields?: string;
  states?: {
    resource: string;
    states: Listed<string>;
    initial?: string;
    transitions?: Listed<{ from: string; tool: string; condition?: string; to: string }>;
    restrictedTransitions?: string;
    notes?: string[];
  }[];
  otherStates?: string;
  http?: {
    methods?: string;
    paths?: string;
    results?: string;
    baseUrl?: { secret: string; dataCenters?: string[]; notes?: string[] };
    knownPaths?: { tool: string; template: string; description?: string }[];
  };
  pagination?: string[];
  limits?: {
    text: string;
    appliesTo: { tool: string; parameter?: string; minimum?: number; maximum?: number; default?: JsonValue }[];
  }[];
  rateLimits?: string;
  events?: { types?: Listed<string>; typesComplete?: boolean; payload?: string; signing?: string; notes?: string[] };
  errors?: string;
  versioning?: string[];
  notes?: string[];
  tools: RawTool[];
}

export interface RawCatalog {
  catalog: string;
  description?: string;
  toolMode: {
    name: string;
    values: { value: string; enumName: string; description: string }[];
    requestBody: { description: string; fields?: string };
    missingExecuteParameter?: string;
    notes?: string[];
  };
  notation: { markers: Record<string, string>; types: Record<string, string> };
  conventions: string[];
  dataCenters: { name: string; baseAddress: string }[];
  errors?: { codes?: string; statusCodes?: string; payload?: string };
  versioning?: string[];
  notes?: string[];
  search?: { synonyms?: string[][] };
}
