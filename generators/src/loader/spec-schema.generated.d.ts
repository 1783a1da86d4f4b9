// Types of spec-schema.generated.js, the Ajv standalone validators of specs/schema/*.schema.json.
import type { ValidateFunction } from "ajv";

export declare const schemaHash: string;
export declare const server: ValidateFunction;
export declare const catalog: ValidateFunction;
