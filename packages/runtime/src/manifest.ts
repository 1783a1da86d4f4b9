// The shape of a generated package's tool manifest (manifest.json and its `manifest` export).
import type { DroppedKeyword } from "./lowering/lowered.js";
import type { ToolInputExample } from "./tool-files.js";

/** One tool of a manifest; `N` is the package's union of short tool names. */
export interface ManifestTool<N extends string = string> {
  readonly name: N;
  /** `<Server>.<Tool>`. */
  readonly fullName: string;
  /** Provider-safe name (`CloudSheets_GetSpreadsheet`, `^[a-zA-Z0-9_-]{1,64}$`) for OpenAI, Anthropic and MCP. */
  readonly modelName: string;
  /** A display name made from the tool name (`Get Spreadsheet`): the title on every model route. */
  readonly title: string;
  /** The tool's purpose in the catalog's own words, for people. */
  readonly description: string;
  /** What a model reads to pick the tool: purpose, rules, limits and notes in plain sentences. */
  readonly modelDescription: string;
  /** The document's topic heading for the tool (Candidates), when it groups tools. */
  readonly group?: string;
  readonly secrets: readonly string[];
  /** OAuth scopes; null when the catalog does not show them, [] when none are needed. */
  readonly scopes: readonly string[] | null;
  /** false when the catalog does not show the tool's parameters (any object is accepted). */
  readonly parametersKnown: boolean;
  readonly modePattern: boolean;
  /** Behaviour hints the documents state; an absent hint is not stated. */
  readonly annotations: ToolAnnotations;
  /** What the documents say about the tool beyond its purpose. */
  readonly notes: readonly string[];
  /** toolcat's own readings where the documents are silent or ambiguous; not documented facts. */
  readonly judgments: readonly string[];
  /** JSON Schema 2020-12 of the input. */
  readonly inputSchema: { readonly [keyword: string]: unknown };
  /** How the tool files' provider forms differ from inputSchema. */
  readonly lowering: ToolLowering;
  /**
   * Example calls built from the spec, each accepted by the package's validator (Anthropic's
   * `input_examples`); empty when the catalog does not show enough to build a realistic one.
   */
  readonly examples: readonly ToolInputExample[];
}

/** The provider forms of the tool files: OpenAI (strict or not), Anthropic, Gemini. MCP takes inputSchema whole. */
export type ProviderForm = "openai" | "anthropic" | "gemini";

/** What the provider forms leave out of a tool's inputSchema; the package validator checks all of it on every call. */
export interface ToolLowering {
  /** Whether the OpenAI files mark the tool `strict: true`. */
  readonly openAiStrict: boolean;
  /** Argument pointers of the optional parameters the strict form makes nullable; a null there means "left out". */
  readonly strictNulls: readonly string[];
  /** Per provider form, each check it does not enforce. */
  readonly notEnforced: { readonly [F in ProviderForm]: readonly DroppedKeyword[] };
}

/** Hints for clients, set only where the documents' wording states them. */
export interface ToolAnnotations {
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
}

/** What the documents say about the server as a whole; null marks a fact they do not show. */
export interface ServerDocumentation {
  readonly notes: readonly string[];
  readonly resources: readonly {
    readonly name: string;
    readonly identifiers: readonly string[];
    readonly fields: readonly { readonly name: string; readonly type?: string; readonly description?: string }[];
    readonly notes: readonly string[];
  }[];
  readonly states: readonly {
    readonly resource: string;
    readonly states: readonly string[] | null;
    readonly initial?: string;
    readonly transitions:
      | readonly { readonly from: string; readonly tool: string; readonly condition?: string; readonly to: string }[]
      | null;
    readonly restrictedTransitions: string | null;
    readonly notes: readonly string[];
  }[];
  readonly otherStates: string | null;
  readonly events: {
    readonly types: readonly string[] | null;
    readonly typesComplete: boolean;
    readonly payload: string | null;
    readonly signing: string | null;
    readonly notes: readonly string[];
  };
  readonly pagination: readonly string[];
  readonly limits: readonly string[];
  readonly rateLimits: string | null;
  readonly errors: string | null;
  readonly versioning: readonly string[];
  readonly http: {
    readonly methods: string | null;
    readonly paths: string | null;
    readonly results: string | null;
    readonly baseUrl: {
      readonly secret: string;
      readonly dataCenters: readonly string[];
      readonly notes: readonly string[];
    } | null;
    readonly knownPaths: readonly { readonly tool: string; readonly template: string; readonly description?: string }[];
  };
  /** Every fact the documents leave unstated for this server, one plain sentence each. */
  readonly notShown: readonly string[];
}

/** A package's tool manifest; `N` is its union of short tool names (`ToolName`). */
export interface Manifest<N extends string = string> {
  readonly package: string;
  readonly generatedFrom: string;
  readonly catalog: string;
  readonly server: {
    readonly name: string;
    readonly kind: "starter" | "optimized";
    readonly domain: string;
    readonly description: string;
    readonly auth:
      | { readonly type: "api-key"; readonly secret: string }
      | {
          readonly type: "user-authorization";
          readonly provider: string | null;
          readonly scopes: readonly string[] | null;
        };
    readonly secrets: readonly { readonly name: string; readonly description: string }[];
  };
  readonly toolMode: { readonly name: string; readonly values: readonly string[]; readonly execute: string };
  readonly documentation: ServerDocumentation;
  readonly vocabulary: CatalogVocabulary;
  readonly tools: readonly ManifestTool<N>[];
}

/**
 * The catalog's own words for a server's tools, derived from the spec by the generators: search
 * tool descriptions name them, so a model searches in the words the tools are described with.
 */
export interface CatalogVocabulary {
  /** The spec's keywords (`spreadsheets`). */
  readonly keywords: readonly string[];
  /** Object nouns of the tool names, most frequent first (`candidate`, `interview`, …). */
  readonly objects: readonly string[];
  /** Leading verbs of the tool names, most frequent first (`get`, `list`, …). */
  readonly actions: readonly string[];
  /** The document's topic headings (tool groups), in spec order. */
  readonly groups: readonly string[];
}
