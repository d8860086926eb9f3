import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { DEVELOPMENT_SOURCES, PRODUCTION_SOURCES } from './modules.js';
import { noCycle } from './no-cycle.js';

// The arrows of docs/architecture.md, checked on every production file (specs may wire
// across layers to set a scenario up). `root` is the folder the paths are relative to:
// the repository, or test/fixtures/boundaries where a deliberate violation of each rule
// proves that it fires (test/lint/boundaries.unit.spec.ts).

/** The sub-folders of `dir` under `root`, or none when it is absent. */
const foldersOf = (root, dir) => {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const ABOVE_PLATFORM = ['src/domain', 'src/ingest', 'src/read', 'src/serve', 'src/runtime', 'projections', 'services', 'tools'];

/**
 * What every projection slice may read (docs/architecture.md): the identity slice, and
 * projections/shared (column sets, list parameters) that belongs to no slice.
 */
export const SHARED_SLICES = ['companies', 'shared'];

const layerZones = [
  { target: 'src/platform', from: ABOVE_PLATFORM, message: 'src/platform is the plumbing: it imports nothing above it.' },
  {
    target: 'src/domain',
    from: ABOVE_PLATFORM.slice(1),
    message: 'src/domain holds rules every side applies: it imports only platform and schemas.',
  },
  {
    target: 'src/ingest',
    from: ['src/read', 'src/serve', 'src/runtime', 'projections', 'services', 'tools'],
    message: 'The write side (src/ingest) never imports the read side, delivery or read models.',
  },
  {
    target: 'src/ingest/shared',
    from: ['src/ingest/formats', 'src/ingest/pipeline'],
    message: 'ingest/shared serves the formats: it imports no format and not the pipeline.',
  },
  {
    target: 'src/ingest/formats',
    from: ['src/ingest/pipeline'],
    message: 'A format parses bytes: it never imports the pipeline that runs it.',
  },
  {
    target: 'src/ingest/pipeline',
    from: ['src/ingest/bus'],
    message: 'The pipeline never imports the bus adapters: both meet at the port in src/ingest/jobs (ingest-bus.ts).',
  },
  {
    target: 'src/ingest/jobs',
    from: ['src/ingest/pipeline', 'src/ingest/bus', 'src/ingest/sources'],
    message: 'ingest/jobs is what pipeline and bus share (the port, a job, its outcome): it imports neither.',
  },
  {
    target: 'src/ingest/sources',
    from: ['src/ingest/pipeline', 'src/ingest/bus', 'src/ingest/formats'],
    message: 'ingest/sources lists and reads input files: it knows nothing of parsing or the bus.',
  },
  {
    target: 'projections',
    from: ['src/ingest', 'src/read', 'src/serve', 'src/runtime', 'services', 'tools'],
    message: 'A projection builds its read model from events: it imports only platform, domain and schemas.',
  },
  {
    target: 'src/read',
    from: ['src/ingest', 'src/serve', 'src/runtime', 'services', 'tools'],
    message: 'The read side (src/read) never imports ingest or delivery.',
  },
  {
    target: 'src/serve',
    from: ['src/ingest', 'src/runtime', 'services', 'tools'],
    message: 'Delivery (src/serve) reads through src/read and projections, never ingest.',
  },
  { target: 'src/runtime', from: ['services', 'tools'], message: 'src/runtime is wired by services/, not the other way round.' },
  { target: 'schemas', from: ['src', 'projections', 'services', 'tools'], message: 'schemas/ holds zod schemas only: it imports no code.' },
];

/** What ships (docs/architecture.md "The folders") never imports the folders that do not. */
const PRODUCTION = ['src', 'projections', 'schemas', 'services'];
const DEVELOPMENT = ['tools', 'bench', 'scripts', 'test'];

const developmentZones = [
  {
    target: PRODUCTION,
    from: DEVELOPMENT,
    message: 'Production code (src, projections, schemas, services) never imports tools, bench, scripts or test.',
  },
  {
    target: 'tools',
    from: ['src/ingest', 'src/read', 'src/serve', 'src/runtime', 'projections', 'services', 'bench', 'scripts', 'test'],
    message: "A tool writes the exchanges' formats on its own: it imports only platform, domain and schemas.",
  },
  {
    target: 'bench',
    from: ['test', 'scripts'],
    except: ['./support'],
    message: 'A benchmark may use test/support, never a spec or another test folder, nor scripts.',
  },
  {
    target: 'scripts',
    from: ['test', 'bench', 'tools'],
    message: 'scripts/ build and check what ships: they import no test, bench or tool code.',
  },
  {
    target: 'test/support',
    from: ['bench', 'scripts'],
    message: 'test/support serves the specs and benchmarks: it imports no benchmark or script.',
  },
];

/** Folders of src/ingest/formats that are no format: the list of every parser, and how a document finds its parser. */
const NOT_FORMATS = ['all-parsers', 'parser-registry'];

/** A format folder never imports another format's folder. */
const formatZones = (root) =>
  foldersOf(root, 'src/ingest/formats')
    .filter((folder) => !NOT_FORMATS.includes(folder))
    .map((format) => ({
      target: `src/ingest/formats/${format}`,
      from: 'src/ingest/formats',
      except: [`./${format}`],
      message: 'A format never imports another format: what two formats share lives in src/ingest/shared.',
    }));

/** A projection slice imports no other slice but the shared identity slice. */
const sliceZones = (root) =>
  foldersOf(root, 'projections')
    .map((slice) => ({
      target: `projections/${slice}`,
      from: foldersOf(root, 'projections')
        .filter((other) => other !== slice && !SHARED_SLICES.includes(other))
        .map((other) => `projections/${other}`),
      message: 'A projection slice imports no other slice, except projections/companies and projections/shared.',
    }))
    .filter((zone) => zone.from.length > 0);

/** Flat-config entries that hold the arrows for the tree at `root`. */
export function boundaries({ root }) {
  return [
    {
      files: [...PRODUCTION_SOURCES, ...DEVELOPMENT_SOURCES, 'test/support/**/*.ts'],
      ignores: ['**/*.spec.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX, cycles: { rules: { 'no-cycle': noCycle } } },
      settings: {
        'import-x/extensions': ['.ts', '.js'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { basePath: root, zones: [...layerZones, ...developmentZones, ...formatZones(root), ...sliceZones(root)] },
        ],
        // Unlike import-x/no-cycle, sees type-only imports too (eslint/no-cycle.js).
        'cycles/no-cycle': 'error',
      },
    },
  ];
}
