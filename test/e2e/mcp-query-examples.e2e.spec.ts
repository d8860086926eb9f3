import { describe, expect, it } from 'vitest';
import { QueryResponseSchema } from '#schemas/api/query';
import { QueryToolOutputSchema } from '#schemas/mcp/query';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp, textOf } from '../support/mcp-harness.ts';

/** The questions of issue 16, as analysts and agents ask them. */
const EXAMPLES = [
  'Compare net margin of TCS and INFY in FY2024',
  'TCS vs Infosys vs Unknownco Limited net margin FY2024',
  "Was ACC's Q3 FY25 revenue restated?",
  'Show ACC quarterly revenue restatements',
  'What is the promoter holding of TCS as of 1 May 2024?',
  'Did any Yes Bank insiders disclose trades in July 2020?',
  'Where is Infosys trading right now?',
  'How much is one ITC share worth today?',
  "How did HDFC Bank's net profit change in FY2024 and what drove it?",
  'Hindustan Unilever cash and cash equivalents at 31 March 2024',
  'what is the revenue of reliance in fy2024',
  'Which companies have net margin above 15%?',
  'HDFC Bank, ICICI Bank and Axis Bank net profit FY2024',
] as const;

const RESULT_BYTES = 25_000;

describeEachDatabase('MCP query: the examples of issue 16 answer as POST /v1/query does', (database) => {
  const mcp = givenMcp(database);

  describe.each(EXAMPLES)('%s', (question) => {
    it('gives the same plan, answer and gaps through the MCP query tool, in one result under 25 KB with the answer in its text', async () => {
      const response = await mcp.api.post('/v1/query', { query: question });
      expect(response.statusCode, response.body).toBe(200);
      const rest = QueryResponseSchema.parse(response.json()).data;

      const result = await mcp.call('query', { query: question });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(Buffer.byteLength(JSON.stringify(result), 'utf8')).toBeLessThan(RESULT_BYTES);
      const tool = QueryToolOutputSchema.parse(result.structuredContent);
      expect(tool.plan).toEqual(rest.plan);
      expect(tool.answer).toEqual(rest.answer);
      expect(tool.gaps).toEqual(rest.gaps);
      // The text an agent quotes is the answer the packet checked, word for word.
      expect(textOf(result)).toContain(rest.answer.text.slice(0, 2_000));
      // Whatever a page leaves out to stay small is said, never silent.
      const kept = tool.facts.length + tool.evidence.metrics.length + tool.evidence.passages.length;
      const all = rest.facts.length + rest.evidence.metrics.length + rest.evidence.passages.length;
      if (kept < all) expect(tool.truncated && tool.notes.some((note) => /to keep the result small/.test(note))).toBe(true);
      else expect(tool.facts).toEqual(rest.facts);
    });
  });
});
