import { afterAll, afterEach, vi } from 'vitest';
import { contractFor } from './openapi-contract.ts';
import { type AppResponse, recordResponses } from './record-responses.ts';
import type * as BuildAppModule_ from '#serve/http/build-app';

type BuildAppModule = typeof BuildAppModule_;

/**
 * The e2e project's setup file: every app an e2e suite builds (through the harnesses or by
 * calling buildApp itself) records each response it sends, and each is checked against the
 * OpenAPI document that app serves. A test that received an undocumented or non-conforming
 * response fails after it ends; responses sent outside a test (in beforeAll) fail the suite.
 * The check is the document's word against the wire's: it knows nothing of the routes.
 */
const received: AppResponse[] = [];

vi.mock('#serve/http/build-app', async (importOriginal) => {
  const original = await importOriginal<BuildAppModule>();
  return {
    ...original,
    buildApp: (...args: Parameters<typeof original.buildApp>) => {
      const app = original.buildApp(...args);
      recordResponses(app, (sent) => received.push(sent));
      return app;
    },
  };
});

function checkReceived(): void {
  const problems = received.splice(0).flatMap(({ response, document }) => contractFor(document).violations(response));
  if (problems.length === 0) return;
  const shown = [...new Set(problems)];
  throw new Error(
    `${shown.length} response(s) do not conform to the service's OpenAPI document:\n${shown.slice(0, 20).join('\n')}${shown.length > 20 ? '\n…' : ''}`,
  );
}

afterEach(checkReceived);
afterAll(checkReceived);
