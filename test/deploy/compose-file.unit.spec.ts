import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ComposeService,
  composeValidator,
  execForm,
  packageScripts,
  parseCompose,
  readText,
  ROOT,
  scriptEnvironment,
  scriptRunBy,
  dockerfileEnvironment,
} from './deployment-files.ts';

// docker-compose.yml describes the whole deployment (docs/deployment.md). These machines
// have no Docker engine, so the file is never run here: it is validated against the Compose
// Specification's schema, and everything it names is checked to exist and agree (scripts,
// health checks, the proxy's upstreams, the Dockerfile, the servers' addresses).
const COMPOSE = readText('docker-compose.yml');
const compose = parseCompose(COMPOSE);
const services = Object.entries(compose.services);
const scripts = packageScripts();
const validate = composeValidator();

/** The services built from this repository: the processes of the service itself. */
const appServices = services.filter(([, service]) => service.build !== undefined);
const running = (script: string) =>
  appServices.filter(([, service]) => service.command && scriptRunBy(service.command, scripts) === script);
const names = (entries: readonly (readonly [string, ComposeService])[]) => entries.map(([name]) => name);
const hostOf = (url: string) => new URL(url).hostname;

function errorsOf(text: string): readonly string[] {
  return validate(parseCompose(text)) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

describe('docker-compose.yml against the Compose Specification', () => {
  it('is valid', () => {
    expect(errorsOf(COMPOSE)).toEqual([]);
  });

  // A schema that failed to load or to apply would pass everything: each copy breaks one rule.
  it.each([
    ['a misspelt service key', ['    command:', '    commmand:'], /\/services\/projector must NOT have additional properties/],
    ['an unknown depends_on condition', ['service_healthy', 'service_ready'], /depends_on.* must be equal to one of the allowed values/],
    [
      'an interval that is not a duration',
      ['interval: 5s', 'interval: five seconds'],
      /\/services\/postgres\/healthcheck\/interval must match format "duration"/,
    ],
    [
      'a port that is not a port',
      ["'127.0.0.1:8080:8080'", "'127.0.0.1:8080:http'"],
      /\/services\/proxy\/ports\/0 must match format "ports"/,
    ],
    ['replicas as text', ['replicas: 2', 'replicas: two'], /\/services\/worker\/deploy\/replicas must be integer/],
  ])('rejects a copy with %s', (_, [from, to], expected) => {
    const broken = COMPOSE.replace(from ?? '', to ?? '');
    expect(broken).not.toBe(COMPOSE);
    expect(errorsOf(broken).join('\n')).toMatch(expected);
  });
});

describe('the deployment docker-compose.yml describes', () => {
  it('has the servers, two API replicas behind the proxy, one projector and two workers', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'kafka', 'kurrentdb', 'proxy']));
    expect(running('start:api')).toHaveLength(2);
    expect(names(running('start:projector'))).toEqual(['projector']);
    expect(names(running('start:worker'))).toEqual(['worker']);
    expect(compose.services.worker?.deploy?.replicas).toBe(2);
    expect(compose.services.kafka?.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
  });

  it('runs only commands package.json has: each service its npm script, the one-shot ingest its CLI', () => {
    for (const [name, service] of appServices) {
      expect(service.command, name).toBeDefined();
      expect(scriptRunBy(service.command ?? [], scripts), `${name}: ${String(service.command)}`).toBeDefined();
    }
    expect(names(running('ingest'))).toEqual(['ingest']);
    expect(compose.services.ingest?.profiles).toEqual(['tools']);
  });

  it('starts a service only after what it depends on is healthy, and every dependency exists', () => {
    for (const [name, service] of services) {
      for (const [target, { condition }] of Object.entries(service.depends_on ?? {})) {
        const dependency = compose.services[target];
        expect(dependency, `${name} depends on ${target}`).toBeDefined();
        if (condition === 'service_healthy') {
          expect(dependency?.healthcheck?.test, `${target}, which ${name} waits to be healthy`).toBeDefined();
          expect(dependency?.healthcheck?.disable, target).not.toBe(true);
        }
      }
    }
    for (const [name] of appServices) {
      expect(Object.keys(compose.services[name]?.depends_on ?? {}), name).toEqual(['postgres', 'kafka', 'kurrentdb']);
    }
  });

  it('checks the health of every service that keeps running; only the one-shot command has none', () => {
    for (const [name, service] of services) {
      if (service.healthcheck?.disable === true) {
        expect(service.restart, name).toBe('no');
        expect(service.profiles, name).toEqual(['tools']);
      } else expect(service.healthcheck?.test, name).toBeDefined();
    }
  });

  it("checks health with files the image holds, and watches each process's own server", () => {
    const ignored = readText('.dockerignore')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const [name, service] of appServices) {
      const test = service.healthcheck?.test;
      if (!Array.isArray(test)) continue;
      const [, program, file] = test as string[];
      if (program !== 'node' || file === undefined) continue;
      expect(existsSync(path.join(ROOT, file)), `${name}: ${file}`).toBe(true);
      expect(
        ignored.some((pattern) => file === pattern || file.startsWith(`${pattern}/`)),
        `${name}: ${file} is in .dockerignore`,
      ).toBe(false);
    }
    const portOf = (url: string) => new URL(url).port;
    const environment = compose.services.worker?.environment ?? {};
    expect(compose.services.projector?.healthcheck?.test).toEqual([
      'CMD',
      'node',
      'scripts/healthcheck.mjs',
      'connected',
      portOf(environment.KURRENTDB_URL ?? ''),
    ]);
    expect(compose.services.worker?.healthcheck?.test).toEqual([
      'CMD',
      'node',
      'scripts/healthcheck.mjs',
      'connected',
      (environment.KAFKA_BROKERS ?? '').split(':')[1],
    ]);
  });

  it('points every process at the servers of this file, on the event store and bus of a scale-out', () => {
    const postgres = compose.services.postgres?.environment ?? {};
    for (const [name, service] of appServices) {
      const environment = service.environment ?? {};
      expect(environment, name).toMatchObject({ EVENT_STORE: 'kurrentdb', INGEST_BUS: 'kafka' });
      const database = new URL(environment.DATABASE_URL ?? '');
      expect([database.hostname, database.password, database.pathname], name).toEqual([
        'postgres',
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(hostOf(environment.KURRENTDB_URL ?? ''), name).toBe('kurrentdb');
      expect(
        environment.KAFKA_BROKERS?.split(',').map((broker) => broker.split(':')[0]),
        name,
      ).toEqual(['kafka']);
    }
    expect(compose.services.kafka?.environment?.KAFKA_ADVERTISED_LISTENERS).toContain(
      `//${compose.services.worker?.environment?.KAFKA_BROKERS}`,
    );
  });

  it('documents in the README every variable it gives the service', () => {
    const readme = readText('README.md');
    const variables = new Set(appServices.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    variables.delete('NODE_OPTIONS'); // Node's own, described in docs/operations.md
    for (const variable of variables) expect(readme, variable).toContain(`| \`${variable}\``);
  });
});

describe('the proxy and the image', () => {
  const nginx = readText('deploy/nginx.conf');
  const replicas = running('start:api');

  it('balances over exactly the API replicas, on the port they listen on', () => {
    expect(compose.services.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstreams = [...nginx.matchAll(/^\s*server\s+([\w.-]+):(\d+)/gm)].map(([, host, port]) => `${host}:${port}`);
    expect(upstreams.sort()).toEqual(replicas.map(([name, service]) => `${name}:${service.environment?.PORT}`).sort());
    expect(nginx).toMatch(/proxy_pass http:\/\/api;/);
    expect(Object.keys(compose.services.proxy?.depends_on ?? {}).sort()).toEqual(names(replicas).sort());
  });

  it("is built from the Dockerfile, whose command is npm start and whose port is the API replicas'", () => {
    const dockerfile = readText('Dockerfile');
    expect(scriptRunBy(execForm(dockerfile, 'CMD') ?? [], scripts)).toBe('start');
    // The command runs without npm, so the environment the script sets first (the allocator's
    // settings, docs/database.md#memory) is the image's.
    const environment = scriptEnvironment(scripts.start ?? '');
    expect(Object.keys(environment)).not.toHaveLength(0);
    expect(dockerfileEnvironment(dockerfile)).toMatchObject(environment);
    expect(/^EXPOSE\s+(\d+)$/m.exec(dockerfile)?.[1]).toBe(replicas[0]?.[1].environment?.PORT);
    expect(
      new Set(
        appServices.map(([, service]) => `${service.image} ${typeof service.build === 'string' ? service.build : service.build?.context}`),
      ),
    ).toEqual(new Set(['indian-market-data:local .']));
    // Installed with the lockfile; `npm ci` runs the build (`prepare`).
    expect(dockerfile.replace(/\\\n\s*/g, ' ')).toMatch(/^RUN .*npm ci\b/m);
  });
});
