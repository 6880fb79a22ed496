import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatProblem, validateK8s } from './validate.mjs';

const run = promisify(execFile);
const repo = path.resolve(__dirname, '../..');
const k8s = path.join(repo, 'k8s');
const script = path.join(repo, 'tools/k8s/validate.mjs');
const SERVICES = { creative: 3100, messaging: 3200, entity: 3300 } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are free-form JSON here
type K8sObject = { kind: string; metadata: { name: string; namespace?: string }; spec?: any; data?: Record<string, string> };

let real: ReturnType<typeof validateK8s> | undefined;
/** The result for the committed tree, computed once. */
const committed = () => (real ??= validateK8s(k8s));

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of k8s/ with one file edited; `edit` must change the text. */
function copyWith(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'k8s-validate-'));
  temps.push(dir);
  cpSync(k8s, path.join(dir, 'k8s'), { recursive: true });
  const target = path.join(dir, 'k8s', file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  expect(after, `edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(target, after);
  return path.join(dir, 'k8s');
}

async function problemsOf(dir: string): Promise<string[]> {
  const result = await validateK8s(dir);
  return result.problems.map(formatProblem);
}

describe('tools/k8s/validate.mjs', () => {
  it('accepts the committed manifests', async () => {
    const result = await committed();
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.stats.roots).toEqual(['k8s/overlays/production']);
  });

  it('builds the production overlay into what the services need', async () => {
    const { builds, secrets } = await committed();
    const prod = builds.get('k8s/overlays/production') as K8sObject[];
    const find = (kind: string, name: string) => {
      const found = prod.find((o) => o.kind === kind && o.metadata.name === name);
      expect(found, `${kind}/${name}`).toBeDefined();
      return found as K8sObject;
    };
    for (const [svc, port] of Object.entries(SERVICES)) {
      for (const role of ['api', 'worker']) {
        const dep = find('Deployment', `${svc}-${role}`);
        expect(dep.metadata.namespace).toBe('platform');
        const [container] = dep.spec.template.spec.containers;
        expect(container.image).toMatch(new RegExp(`/platform/${svc}:[\\w.-]+$`));
        expect(container.env).toContainEqual({ name: 'ROLE', value: role });
        expect(container.ports).toContainEqual({ name: 'http', containerPort: port, protocol: 'TCP' });
        expect(container.livenessProbe.httpGet.path).toBe('/healthz');
        expect(container.readinessProbe.httpGet.path).toBe('/readyz');
        const hpa = find('HorizontalPodAutoscaler', `${svc}-${role}`);
        expect(dep.spec.replicas).toBe(hpa.spec.minReplicas);
      }
      const service = find('Service', svc);
      expect(service.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
      expect(service.spec.selector['app.kubernetes.io/component']).toBe('api');
      const job = find('Job', `${svc}-migrate`);
      expect(job.spec.template.spec.containers[0].args).toEqual(['node', 'main.js', 'migrate']);
      expect(find('ConfigMap', `${svc}-config`).data).toMatchObject({ PORT: String(port), DATABASE_SSL: 'true' });
      expect([...(secrets.get(`${svc}-secrets`)?.keys() ?? [])]).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'SECRETS_KEY']));
    }
    expect(prod.some((o) => o.kind === 'Secret')).toBe(false);
  });

  it('runs creative with Stripe in production: BILLING_GATEWAY=stripe, and its two keys required from creative-secrets in every pod', async () => {
    // Unset, the service refuses to start in production; the local gateway would complete purchases without payment.
    const { builds, secrets } = await committed();
    const prod = builds.get('k8s/overlays/production') as K8sObject[];
    const config = prod.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'creative-config');
    expect(config?.data).toMatchObject({ NODE_ENV: 'production', BILLING_GATEWAY: 'stripe' });
    expect(config?.data).not.toHaveProperty('BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION');
    for (const [kind, name] of [
      ['Deployment', 'creative-api'],
      ['Deployment', 'creative-worker'],
      ['Job', 'creative-migrate'],
    ]) {
      const pod = prod.find((o) => o.kind === kind && o.metadata.name === name);
      const [container] = pod?.spec.template.spec.containers ?? [];
      expect(container?.envFrom, name).toContainEqual({ configMapRef: { name: 'creative-config' } });
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
        expect(container?.env, `${name} ${key}`).toContainEqual({ name: key, valueFrom: { secretKeyRef: { name: 'creative-secrets', key } } });
      }
      // Nothing in a pod overrides the ConfigMap's gateway.
      expect(container?.env.map((e: { name: string }) => e.name)).not.toContain('BILLING_GATEWAY');
    }
    expect(secrets.get('creative-secrets')?.get('STRIPE_SECRET_KEY')).toBe(false);
    expect(secrets.get('creative-secrets')?.get('STRIPE_WEBHOOK_SECRET')).toBe(false);
  });

  it('rejects a wrongly typed field with file, document, object and JSON path', async () => {
    const dir = copyWith('base/creative/deployment-api.yaml', (t) => t.replace('replicas: 2', 'replicas: "two"'));
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      expect.stringMatching(
        /^k8s\/base\/creative\/deployment-api\.yaml:\d+ \[doc 0\] Deployment\/creative-api \/spec\/replicas: must be integer \(got "two"\)$/,
      ),
    ]);
  });

  it('rejects an unknown field and suggests the right one', async () => {
    const dir = copyWith('base/messaging/deployment-worker.yaml', (t) => t.replace('      containers:', '      contaners:'));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /deployment-worker\.yaml:\d+ \[doc 0\] Deployment\/messaging-worker \/spec\/template\/spec\/contaners: unknown field "contaners" \(did you mean "containers"\?\)/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/\/spec\/template\/spec\/containers: required field is missing/));
  });

  it('rejects a missing required field', async () => {
    const dir = copyWith('base/entity/hpa.yaml', (t) => t.replace('  maxReplicas: 5\n', ''));
    expect(await problemsOf(dir)).toContainEqual(
      expect.stringMatching(/hpa\.yaml:\d+ \[doc 1\] HorizontalPodAutoscaler\/entity-worker \/spec\/maxReplicas: required field is missing/),
    );
  });

  it('checks kustomization references: resources, patch files, patch targets and images', async () => {
    const missing = copyWith('base/creative/kustomization.yaml', (t) => t.replace('  - pdb.yaml', '  - pbd.yaml'));
    expect(await problemsOf(missing)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/base\/creative\/kustomization\.yaml:\d+ \[doc 0\] Kustomization \/resources\/\d+: path "pbd\.yaml" does not exist/),
        expect.stringMatching(/base\/creative\/pdb\.yaml: not used by any kustomization/),
      ]),
    );
    const target = copyWith('overlays/production/patches/hpa-entity-api.yaml', (t) => t.replace('name: entity-api', 'name: entity-apy'));
    expect(await problemsOf(target)).toContainEqual(expect.stringMatching(/patches\/hpa-entity-api\.yaml matches no resource/));
    const image = copyWith('overlays/production/kustomization.yaml', (t) => t.replace('- name: platform/entity', '- name: platform/entty'));
    expect(await problemsOf(image)).toContainEqual(expect.stringMatching(/\/images\/2\/name: image "platform\/entty" is used by no container/));
  });

  it('validates the patched result, naming the patch', async () => {
    const dir = copyWith('overlays/production/patches/resources-creative-worker.yaml', (t) => t.replace('memory: 4Gi', 'memory: 4GB'));
    expect(await problemsOf(dir)).toContainEqual(
      expect.stringMatching(/limits\/memory: must be a quantity .*\(got "4GB"\) \(after patches: .*resources-creative-worker\.yaml\)/),
    );
  });

  it('exits 1 from the command line and prints where the problem is', async () => {
    const dir = copyWith('base/entity/configmap.yaml', (t) => t.replace('DATABASE_SSL: "false"', 'DATABASE_SSL: false'));
    const failed = await run(process.execPath, [script, dir]).then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/configmap\.yaml:\d+ \[doc 0\] ConfigMap\/entity-config \/data\/DATABASE_SSL: must be string \(got false\)/);
    expect(failed?.stdout).toMatch(/1 problem\(s\) in k8s manifests/);
  });
});

describe('deployment files agree with each other', () => {
  it('each Dockerfile serves the port, user and command the manifests expect', () => {
    for (const [svc, port] of Object.entries(SERVICES)) {
      const dockerfile = readFileSync(path.join(repo, `docker/${svc}.Dockerfile`), 'utf8');
      expect(dockerfile).toMatch(/^FROM node:22-bookworm-slim AS build$/m);
      expect(dockerfile).toMatch(new RegExp(`^RUN npx nx build ${svc}\\b`, 'm'));
      expect(dockerfile).toMatch(new RegExp(`COPY --from=build /repo/dist/apps/${svc}/ \\./$`, 'm'));
      expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
      expect(dockerfile).toMatch(new RegExp(`\\bPORT=${port}\\b`));
      // Numeric, so that Kubernetes can verify runAsNonRoot.
      expect(dockerfile).toMatch(/^USER 1000:1000$/m);
      // node with V8's young generation fixed (docs/operations.md, "Memory"), then main.js: the manifests run the image's
      // command, and the migrate job's `node main.js migrate`.
      expect(dockerfile).toMatch(/^CMD \["node", "--min-semi-space-size=8", "--max-semi-space-size=8", "main\.js"\]$/m);
      expect(dockerfile.includes('ffmpeg')).toBe(svc === 'creative');
    }
  });

  it('k8s/README.md names every Secret key the pods read', async () => {
    const readme = readFileSync(path.join(k8s, 'README.md'), 'utf8');
    const { secrets } = await committed();
    for (const [name, keys] of secrets) {
      expect(readme).toContain(name);
      for (const key of keys.keys()) expect(readme).toContain(key);
    }
  });
});
