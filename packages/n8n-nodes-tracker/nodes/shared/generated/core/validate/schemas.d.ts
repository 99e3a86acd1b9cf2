// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { type ZodType } from 'zod';
import { openapiDocument } from '../generated/document';
import type { operations } from '../generated/openapi';
type JsonObject = Record<string, unknown>;
export type SchemaName = keyof typeof openapiDocument.components.schemas;
/** The zod schema of a component of the document (built once, on first use). */
export declare function schemaOf(name: SchemaName): ZodType;
/** The zod schema of any schema object in the document, by JSON pointer (`#/paths/...`). */
export declare function schemaAt(pointer: string): ZodType;
export type OperationId = keyof operations;
/** Follows `$ref`s (`#/components/...`, JSON-pointer escapes included) until a node that is not one. */
export declare function resolveRef<T>(node: T): T;
/** An operation's query parameters with their schemas and defaults, from the document. */
export declare function queryParameters(id: OperationId): {
    name: string;
    required: boolean;
    schema: JsonObject;
}[];
/** The zod schema of an operation's query: known parameters only (an unknown one is a mistake). */
export declare function querySchemaOf(id: OperationId): ZodType;
export {};
