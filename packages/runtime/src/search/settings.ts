// The search's settings: how much a match in each index field counts and how a query is read. The
// runtime searches with the defaults; the bench measures the alternatives it was chosen from.
import type { SearchField } from "./data.js";

export interface SearchSettings {
  /** How much a match in each field counts (0 leaves the field out). */
  readonly boosts: Readonly<Record<SearchField, number>>;
  /** How much more read-only tools count when the query names no action ("interviewer pool details"). */
  readonly lookupBoost: number;
  /**
   * Whether the user's own values (e-mail addresses, cell references, ids, numbers) are read as the kind of value they
   * are.
   */
  readonly queryValues: boolean;
  /** How much more a tool counts whose action is the kind of action the query asks for (1: no boost). */
  readonly actionBoost: number;
  /**
   * Rerank: a hit's score grows by this share for the part of its name's object words the query
   * matched (`ListJobOpenings` for "job openings" over `ListAllJobs`); 0 leaves scores as they are.
   */
  readonly coverageBoost: number;
}

export const defaultSearchSettings: SearchSettings = {
  // The tool's own name counts most, its parameters' words least.
  boosts: {
    verb: 2,
    object: 3,
    verbSynonyms: 1.5,
    objectSynonyms: 1.5,
    related: 0.5,
    group: 1.5,
    description: 1,
    parameters: 0.4,
    values: 0.3,
    server: 0.8,
    annotations: 0.5,
  },
  lookupBoost: 1.3,
  queryValues: true,
  actionBoost: 1.25,
  coverageBoost: 0,
};
