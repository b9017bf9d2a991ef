import { extendZodWithOpenApi, OpenApiGeneratorV3, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z, type ZodTypeAny } from 'zod';
import type { Endpoint } from './endpoint';

// Query and path parameters are described through the `.openapi()` method this adds to zod.
extendZodWithOpenApi(z);

/** A body an endpoint reads itself, as a browser's form sends it. */
const formSubmission = z
  .object({ formType: z.string().max(60).optional() })
  .catchall(z.union([z.string(), z.string().openapi({ format: 'binary' })]))
  .openapi({ description: 'Each field under its name; a list as JSON text; a file as a file part under its field’s name' });

/** The OpenAPI document, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(endpoints: Endpoint[]) {
  const registry = new OpenAPIRegistry();
  for (const endpoint of endpoints) {
    registry.registerPath({
      method: endpoint.method,
      path: `/api/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      request: {
        ...(endpoint.body && {
          body: { content: { 'application/json': { schema: endpoint.body as ZodTypeAny } } },
        }),
        ...(endpoint.submission && {
          body: {
            required: true,
            content: {
              'application/json': { schema: endpoint.submission as ZodTypeAny },
              'multipart/form-data': { schema: formSubmission },
            },
          },
        }),
        ...(endpoint.query && { query: endpoint.query as unknown as z.AnyZodObject }),
        ...(endpoint.params && { params: endpoint.params as unknown as z.AnyZodObject }),
      },
      responses: {
        200: {
          description: 'Success',
          content: {
            'application/json': {
              schema: z.object({
                success: z.literal(true),
                message: z.string(),
                data: endpoint.response ?? z.unknown(),
              }),
            },
          },
        },
        400: { description: 'Invalid request: `errors` lists the messages per field' },
      },
    });
  }
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: { title: 'Institute administration API', version: '1.0.0' },
  });
}
