import type { JsonSchema } from './json-schema-arbitrary';

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One endpoint as the OpenAPI document describes it. */
export interface Operation {
  /** `METHOD /path/:param`, as apiEndpoints names it. */
  name: string;
  method: string;
  /** Below /api/v1, with `:param` placeholders. */
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const BASE = '/api/v1';

/** Every operation of the document, with its parameters and JSON body schema. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const template = path.slice(BASE.length).replace(/\{(\w+)\}/g, ':$1');
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map(({ name, required, schema }) => ({ name, required: required ?? false, schema }));
      return {
        name: `${method.toUpperCase()} ${template}`,
        method,
        template,
        pathParams: parameters('path'),
        queryParams: parameters('query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}

/** The parameters of a path that fits the template, or null. */
export function paramsOf(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

/** The template with its parameters written in, each already encoded as it should travel. */
export function fillPath(template: string, encoded: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encoded[name] ?? '');
}
