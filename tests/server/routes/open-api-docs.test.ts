import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** One media type of a body or answer: the schema, and the example @fastify/swagger lifts out of it. */
interface Media {
  schema: { examples?: unknown[] };
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface Operation {
  summary?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
const hasExample = (media: Media) =>
  media.example !== undefined || Boolean(media.examples) || Boolean(media.schema.examples?.length);

const OPEN_CALLS = [
  'post /api/Sdk/ucapi/token',
  'get /api/Sdk/ucapi/app',
  'post /api/Sdk/ucapi/members',
  'post /api/Sdk/ucapi/departments',
  'post /api/Sdk/ucapi/withdrawn',
  'post /api/Sdk/ucapi/bind/thirdaccount',
  'post /api/Sdk/ucapi/detail/thirdaccount',
  'post /api/Sdk/ucapi/thirdaccount/{enabled}',
  'post /api/Sdk/ucapi/LabelTemplate/Query',
  'post /api/Sdk/ucapi/LabelTemplate/{id}/render',
  'post /api/messagepush/send',
];

describe.each(engines())('developer docs on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the open API as OpenAPI 3.1 from the routes’ schemas, each call with an example', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [`${method} ${path}`, operation] as const),
    );
    expect(operations.map(([name]) => name).sort()).toEqual([...OPEN_CALLS].sort());
    for (const [name, operation] of operations) {
      expect(operation.summary, name).toBeTruthy();
      expect(hasExample(operation.responses['200'].content!['application/json']), name).toBe(true);
      if (operation.requestBody) {
        expect(hasExample(operation.requestBody.content['application/json']), name).toBe(true);
      }
    }
    // The body schema is the route's zod schema: the members call's item limit and fields are there.
    const members = document.paths['/api/Sdk/ucapi/members'].post as Operation & {
      requestBody: {
        content: { 'application/json': { schema: { properties: { items: { maxItems: number } } } } };
      };
    };
    expect(members.requestBody.content['application/json'].schema.properties.items.maxItems).toBe(1000);
    expect(JSON.stringify(document)).not.toContain('/api/Sdk/ucapi/page/interface');
  });

  it('serves the interactive reference with its script from the portal itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-url="/api/docs/openapi.json"');
    expect(page.body).not.toMatch(/src="https?:/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('createApiReference');
  });
});
