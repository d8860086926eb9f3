import { describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLE_DIR, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded PGlite in ./data on port 8000 with no configuration', () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      logLevel: 'info',
      projectorBatchSize: 500,
      ingestWorkers: 1,
      sampleDataDir: BUNDLED_SAMPLE_DIR,
    });
    expect(BUNDLED_SAMPLE_DIR).toMatch(/\/sample-data\/$/);
  });

  it('reads the environment, treating empty variables as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATA_DIR: '',
      HOST: '0.0.0.0',
      INGEST_SAMPLE: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h:5432/db',
      dataDir: './data',
      host: '0.0.0.0',
      ingestWorkers: 2,
      sampleDataDir: undefined,
    });
  });

  it('reports every problem at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ connection URL[\s\S]*LOG_LEVEL/,
    );
  });
});
