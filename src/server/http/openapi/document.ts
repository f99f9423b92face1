/**
 * Builds the OpenAPI 3.1 document of GET /api/openapi.json from the API descriptions.
 *
 * Where the schemas live: each domain's `src/server/modules/<domain>/api-description.ts` lists its
 * operations. Their inputs are the very zod schemas the handlers validate with (the domain's
 * `schema.ts`); their answers are zod schemas beside the resources (`answer-schema.ts`, typed
 * against the resource functions) or the envelopes of `./envelopes.ts`. Typed clients import the
 * answer types from those files (`import type`). zod's own `z.toJSONSchema` turns them into JSON
 * Schema (draft 2020-12, the dialect of OpenAPI 3.1), so no schema is written twice.
 */
import { z } from 'zod';
import { answersOf, isIdParameter, openApiPath, pathParameters } from './operation.ts';
import type { ApiOperation } from './operation.ts';

type JsonSchema = Record<string, unknown>;

export interface LegacyPaths {
  /** The legacy path of a route (`/v1/rooms/:id/posts`), or null when it has none. */
  legacyRouteOf(path: string): string | null;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  419: 'CSRF token mismatch',
  422: 'Validation failed',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Service Unavailable',
};

interface SchemaWriter {
  input(schema: z.ZodType): JsonSchema;
  output(schema: z.ZodType): JsonSchema;
  /** Schemas named with `.meta({ id })` (shared, or referring to themselves), each kept once. */
  components: Record<string, JsonSchema>;
}

/**
 * zod writes a named or recursive schema into the schema's own `$defs`; in a document those refs
 * would resolve against the document's root, so the definitions move to `components/schemas`.
 */
function schemaWriter(): SchemaWriter {
  const components: Record<string, JsonSchema> = {};
  const relink = (value: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  const write = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $schema: _dialect, $defs: definitions = {}, ...rest } = converted;
    for (const [name, definition] of Object.entries(definitions)) {
      const linked = relink(definition);
      const known = components[name];
      if (known && JSON.stringify(known) !== JSON.stringify(linked)) throw new Error(`Two different schemas are named ${name}`);
      components[name] = linked;
    }
    return relink(rest);
  };
  return { input: (schema) => write(schema, 'input'), output: (schema) => write(schema, 'output'), components };
}

function parametersOf(operation: ApiOperation, schemas: SchemaWriter): JsonSchema[] {
  const parameters: JsonSchema[] = pathParameters(operation.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isIdParameter(name) ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  if (operation.idempotent) {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,64}$' } });
  }
  if (!operation.query) return parameters;
  const query = schemas.input(operation.query);
  const required = new Set((query['required'] as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((query['properties'] as Record<string, JsonSchema> | undefined) ?? {})) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  return parameters;
}

function operationObject(operation: ApiOperation, tag: string, schemas: SchemaWriter): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(answersOf(operation))) {
    const description = STATUS_TEXT[Number(status)] ?? status;
    responses[status] = schema ? { description, content: { 'application/json': { schema: schemas.output(schema) } } } : { description };
  }
  const body = operation.body && schemas.input(operation.body);
  return {
    tags: [tag],
    summary: operation.summary,
    operationId: `${operation.method.toLowerCase()}${operation.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_, next: string) => next.toUpperCase())}`,
    parameters: parametersOf(operation, schemas),
    ...(body && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: body },
          'application/x-www-form-urlencoded': { schema: body },
          ...(operation.multipart && { 'multipart/form-data': { schema: body } }),
        },
      },
    }),
    ...(operation.access !== 'anyone' && { security: [{ session: [] }] }),
    responses,
  };
}

/** The document: each operation at its path, and each legacy path as a deprecated copy of its counterpart. */
export function buildOpenApiDocument(groups: Record<string, readonly ApiOperation[]>, legacy: LegacyPaths): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas = schemaWriter();
  const add = (path: string, method: string, object: JsonSchema) => ((paths[path] ??= {})[method.toLowerCase()] = object);
  for (const [tag, operations] of Object.entries(groups)) {
    for (const operation of operations) {
      const object = operationObject(operation, tag, schemas);
      add(openApiPath(operation.path), operation.method, object);
      const old = legacy.legacyRouteOf(operation.path);
      if (!old) continue;
      add(openApiPath(old), operation.method, {
        ...object,
        tags: ['legacy'],
        operationId: `legacy${String(object['operationId']).replace(/^./, (first) => first.toUpperCase())}`,
        description: `Deprecated: use ${operation.method} ${openApiPath(operation.path)}. Answers carry Deprecation, Sunset and a successor-version Link.`,
        deprecated: true,
      });
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Ritual API', version: '1', description: 'API-CONVENTIONS.md: envelopes, errors, request forgery and method override.' },
    components: {
      schemas: schemas.components,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Non-GET requests also send X-XSRF-TOKEN.' },
      },
    },
    paths,
  };
}
