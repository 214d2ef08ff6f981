import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
};

/** A contract schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1); `io` picks request or reply shape. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io,
  }) as JsonSchema;
  return rest;
}

/** A short human type for the docs table: `string`, `number`, `boolean`, `object`, `'a' | 'b'`, … */
export function typeLabel(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeLabel(schema.items)}[]`;
  return schema.type ?? 'any';
}

/** The top-level fields of an object schema, in order. */
export function fieldsOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({ name, schema: field, required: required.has(name) }));
}

/** `/api/session/:sessionId` → `/api/session/{sessionId}` (OpenAPI and the docs page). */
export const templatePath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
