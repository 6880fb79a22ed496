#!/usr/bin/env node
// Offline validation of every Kubernetes manifest under k8s/ (no cluster, no kubectl, no kustomize binary).
//
//   node tools/k8s/validate.mjs [K8S_DIR]          validate (default: <repo>/k8s); exit 1 on any error
//   node tools/k8s/validate.mjs --build DIR        print what a kustomization builds to (YAML), after validating
//
// What it checks:
//   1. YAML: syntax, duplicate keys, unquoted YAML 1.1 booleans (yes/no/on/off: kubectl reads them as booleans).
//   2. Every object against the Kubernetes OpenAPI schemas bundled in `kubernetes-models` (types, enums,
//      required fields) plus unknown fields, which those schemas do not reject on their own: the validator
//      records which properties the compiled schema looks at, and any other property is unknown.
//   3. Every kustomization.yaml: known fields only; each `resources:`/`patches:` path exists (files inside the
//      kustomization's folder, as kustomize's load restrictor demands); each patch, image and replica entry
//      matches a resource. It is then built in-process (strategic-merge and JSON 6902 patches, namespace,
//      labels, annotations, replicas, images) and the result is schema-checked again.
//   4. Consistency of each build: unique names; selectors that select the pod templates; Service ports,
//      HPA and PDB targets; ConfigMap references and keys; volumes; requests not above limits; replicas
//      within HPA bounds; PDBs that still allow a node drain; the restricted Pod Security Standard; probes
//      and resources on every container; the project's labels; no Secret objects (secret values are never
//      committed; the Secrets the pods need are listed instead).
//   5. No stray YAML: every file is a kustomization, or used by one as a resource or patch.
// Errors print as `file:line [doc N] Kind/name /json/path: message`.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LineCounter, isMap, isScalar, isSeq, parseAllDocuments, stringify, visit } from 'yaml';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_ROOT = path.resolve(HERE, '../../k8s');

const PART_OF = 'platform';
const COMPONENTS = new Set(['api', 'worker', 'migrate']);
const YAML11_BOOL = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
const QUANTITY = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'PersistentVolume',
  'StorageClass',
  'CustomResourceDefinition',
  'PriorityClass',
  'IngressClass',
  'RuntimeClass',
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'APIService',
  'CSIDriver',
  'CSINode',
  'VolumeAttachment',
  'Node',
]);
const WORKLOAD_REPLICAS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'ReplicationController']);
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const KUSTOMIZE_SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'namespace',
  'patches',
  'images',
  'replicas',
  'labels',
  'commonLabels',
  'commonAnnotations',
]);
// Real kustomize fields this validator does not implement: fail loudly rather than check the wrong output.
const KUSTOMIZE_UNSUPPORTED = new Set([
  'bases',
  'components',
  'namePrefix',
  'nameSuffix',
  'patchesStrategicMerge',
  'patchesJson6902',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'generators',
  'transformers',
  'validators',
  'replacements',
  'vars',
  'crds',
  'openapi',
  'configurations',
  'helmCharts',
  'helmGlobals',
  'buildMetadata',
  'sortOptions',
]);
// Strategic-merge keys of the lists our manifests patch (from the Kubernetes API's patchMergeKey tags).
const MERGE_KEYS = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  ports: (item) => ('containerPort' in item ? 'containerPort' : 'port'),
};

// ---------------------------------------------------------------------------------------------- helpers

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const clone = (v) => structuredClone(v);
const escPtr = (k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const unescPtr = (s) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const ptrSegments = (ptr) => (ptr === '' ? [] : ptr.replace(/^\//, '').split('/').map(unescPtr));
const idOf = (obj) => `${obj?.kind ?? '?'}/${obj?.metadata?.name ?? '?'}`;

function splitApiVersion(apiVersion) {
  const s = String(apiVersion ?? '');
  const i = s.lastIndexOf('/');
  return i < 0 ? { group: '', version: s } : { group: s.slice(0, i), version: s.slice(i + 1) };
}

function levenshtein(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

function suggest(word, candidates) {
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const score = levenshtein(word.toLowerCase(), c.toLowerCase());
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best !== null && bestScore <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean "${best}"?)` : '';
}

function quantityValue(q) {
  if (typeof q === 'number') return q;
  if (typeof q !== 'string' || !QUANTITY.test(q)) return NaN;
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(.*)$/.exec(q);
  const n = Number(m[1]);
  const suffix = m[2];
  const bin = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
  const dec = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
  if (suffix in bin) return n * bin[suffix];
  if (suffix in dec) return n * dec[suffix];
  return n * 10 ** Number(suffix.slice(1));
}

// kubectl-style label selector string: a=b, a==b, a!=b, a, !a, a in (x,y), a notin (x,y)
function parseLabelSelector(text) {
  const terms = [];
  let depth = 0;
  let cur = '';
  for (const ch of String(text)) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      terms.push(cur);
      cur = '';
    } else cur += ch;
  }
  terms.push(cur);
  return terms.map((raw) => {
    const t = raw.trim();
    let m;
    if ((m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(t))) {
      const [, k, op, v] = m;
      return op === '!=' ? (l) => l[k] !== v : (l) => l[k] === v;
    }
    if ((m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(t))) {
      const [, k, op, list] = m;
      const values = list.split(',').map((s) => s.trim());
      return op === 'in' ? (l) => values.includes(l[k]) : (l) => !values.includes(l[k]);
    }
    if ((m = /^(!?)([\w./-]+)$/.exec(t))) {
      const [, not, k] = m;
      return not ? (l) => !(k in l) : (l) => k in l;
    }
    throw new Error(`invalid label selector term "${t}"`);
  });
}

const matchesLabels = (selector, labels) =>
  isObject(selector) && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

// ------------------------------------------------------------------------------------- schema validation

const modelCache = new Map();

async function loadModel(apiVersion, kind) {
  const key = `${apiVersion}|${kind}`;
  if (!modelCache.has(key)) {
    let model = null;
    const { group, version } = splitApiVersion(apiVersion);
    if (/^[A-Z][A-Za-z0-9]*$/.test(kind) && /^[a-z0-9.]*$/.test(group) && /^v\d+[a-z0-9]*$/.test(version)) {
      try {
        const specifier = `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
        const mod = await import(/* @vite-ignore */ specifier);
        model = typeof mod[kind] === 'function' ? mod[kind] : null;
      } catch {
        model = null;
      }
    }
    modelCache.set(key, model);
  }
  return modelCache.get(key);
}

// Wraps the object so that we learn which properties the compiled schema reads. Schemas of typed objects read
// each property they declare; maps (labels, data, ...) enumerate their keys; free-form objects read nothing.
function tracked(root) {
  const info = new Map();
  const proxies = new WeakMap();
  const wrap = (value) => {
    if (value === null || typeof value !== 'object') return value;
    if (proxies.has(value)) return proxies.get(value);
    const rec = { read: new Set(), enumerated: false };
    info.set(value, rec);
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        if (typeof key === 'string') rec.read.add(key);
        return wrap(Reflect.get(target, key, receiver));
      },
      has(target, key) {
        if (typeof key === 'string') rec.read.add(key);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        rec.enumerated = true;
        return Reflect.ownKeys(target);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  return { proxy: wrap(root), info };
}

function unknownFields(value, info, ptr, out) {
  if (value === null || typeof value !== 'object') return;
  const rec = info.get(value);
  if (!rec) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => unknownFields(v, info, `${ptr}/${i}`, out));
    return;
  }
  const typed = !rec.enumerated && rec.read.size > 0;
  for (const key of Object.keys(value)) {
    if (typed && !rec.read.has(key)) {
      out.push({ path: `${ptr}/${escPtr(key)}`, message: `unknown field "${key}"${suggest(key, rec.read)}`, atKey: true });
    } else {
      unknownFields(value[key], info, `${ptr}/${escPtr(key)}`, out);
    }
  }
}

function describe(value) {
  if (value === undefined) return '';
  const json = JSON.stringify(value);
  return ` (got ${json && json.length > 60 ? `${json.slice(0, 57)}...` : json})`;
}

function valueAt(obj, ptr) {
  let v = obj;
  for (const seg of ptrSegments(ptr)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[seg];
  }
  return v;
}

function messageOf(e) {
  if (e.keyword === 'format' && e.params.format === 'quantity') return 'must be a quantity such as 500m, 2, 512Mi or 2Gi';
  if (e.keyword === 'format') return `must be in ${e.params.format} format`;
  return e.message;
}

function schemaErrors(ajvErrors, obj) {
  const byPath = new Map();
  for (const e of ajvErrors) {
    const list = byPath.get(e.instancePath) ?? [];
    list.push(e);
    byPath.set(e.instancePath, list);
  }
  const out = [];
  for (const [p, errs] of byPath) {
    const alternatives = errs.some((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
    if (alternatives) {
      // int-or-string, quantity, ...: report the branch that came closest, not the whole oneOf.
      const specific = errs.filter((e) => !['type', 'oneOf', 'anyOf'].includes(e.keyword));
      const types = [...new Set(errs.filter((e) => e.keyword === 'type').map((e) => e.params.type))];
      const message = specific.length ? specific.map(messageOf).join('; ') : `must be ${types.join(' or ')}`;
      out.push({ path: p, message: `${message}${describe(valueAt(obj, p))}` });
      continue;
    }
    for (const e of errs) {
      if (e.keyword === 'required') {
        out.push({ path: `${p}/${escPtr(e.params.missingProperty)}`, message: 'required field is missing', missing: true });
      } else if (e.keyword === 'enum') {
        out.push({ path: p, message: `must be one of ${e.params.allowedValues.join(', ')}${describe(valueAt(obj, p))}` });
      } else if (e.keyword === 'type') {
        out.push({ path: p, message: `must be ${e.params.type}${describe(valueAt(obj, p))}` });
      } else {
        out.push({ path: p, message: `${messageOf(e)}${describe(valueAt(obj, p))}` });
      }
    }
  }
  return out;
}

/** Schema-checks one object. Returns [{ path, message, atKey?, missing? }]. */
export async function validateObject(obj) {
  if (!isObject(obj)) return [{ path: '', message: 'a manifest must be a mapping' }];
  const problems = [];
  for (const field of ['apiVersion', 'kind']) {
    if (typeof obj[field] !== 'string' || obj[field] === '') {
      problems.push({ path: `/${field}`, message: 'required field is missing', missing: true });
    }
  }
  if (problems.length) return problems;
  const model = await loadModel(obj.apiVersion, obj.kind);
  if (!model) {
    return [{ path: '/kind', message: `unknown apiVersion/kind "${obj.apiVersion}" ${obj.kind}: not a built-in Kubernetes type` }];
  }
  if (typeof obj.metadata?.name !== 'string' || obj.metadata.name === '') {
    problems.push({ path: '/metadata/name', message: 'required field is missing', missing: true });
  }
  const { proxy, info } = tracked(obj);
  try {
    model.prototype.validate.call(proxy);
  } catch (err) {
    if (!Array.isArray(err?.errors)) throw err;
    problems.push(...schemaErrors(err.errors, obj));
  }
  unknownFields(obj, info, '', problems);
  return problems;
}

// --------------------------------------------------------------------------------------------- YAML files

function lineOf(file, docIndex, ptr, { atKey = false, missing = false } = {}) {
  const doc = file?.docs?.[docIndex]?.doc;
  if (!doc) return undefined;
  let node = doc.contents;
  let best = node;
  let keyNode = null;
  for (const seg of ptrSegments(ptr)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === seg);
      if (!pair) break;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node)) {
      keyNode = null;
      node = node.items[Number(seg)];
    } else break;
    if (!node) break;
    best = (atKey || missing) && keyNode ? keyNode : node;
  }
  const target = best?.range ? best : keyNode;
  return target?.range ? file.lineCounter.linePos(target.range[0]).line : undefined;
}

function loadYamlFile(abs, rel, report) {
  const text = readFileSync(abs, 'utf8');
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const file = { abs, rel, lineCounter, docs: [] };
  const docs = Array.isArray(parsed) ? parsed : [];
  docs.forEach((doc, index) => {
    const bad = [...doc.errors, ...doc.warnings];
    for (const e of bad) {
      const line = e.pos ? lineCounter.linePos(e.pos[0]).line : undefined;
      report({ file: rel, line, doc: index, message: `YAML ${e.code}: ${e.message.split('\n')[0]}` });
    }
    if (doc.errors.length) {
      file.docs.push({ doc, value: undefined, broken: true });
      return;
    }
    visit(doc, {
      Scalar(key, node) {
        if (key !== 'key' && node.type === 'PLAIN' && typeof node.value === 'string' && YAML11_BOOL.test(node.value)) {
          const line = node.range ? lineCounter.linePos(node.range[0]).line : undefined;
          report({
            file: rel,
            line,
            doc: index,
            message: `unquoted "${node.value}" is a boolean in YAML 1.1 (kubectl); quote it or write true/false`,
          });
        }
      },
    });
    file.docs.push({ doc, value: doc.toJS({ maxAliasCount: 100 }) });
  });
  return file;
}

function walkYaml(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkYaml(abs));
    else if (/\.ya?ml$/.test(entry.name) || entry.name === 'Kustomization') out.push(abs);
  }
  return out;
}

// ------------------------------------------------------------------------------------------ kustomize

function strategicMerge(base, patch, where, fieldName) {
  if (Array.isArray(patch)) {
    const keyOf = MERGE_KEYS[fieldName];
    if (!keyOf || !Array.isArray(base) || !patch.every(isObject)) return clone(patch.filter((i) => !(isObject(i) && '$patch' in i)));
    const result = clone(base);
    for (const item of patch) {
      const key = typeof keyOf === 'function' ? keyOf(item) : keyOf;
      const index = result.findIndex((b) => isObject(b) && b[key] === item[key]);
      if (item.$patch === 'delete') {
        if (index >= 0) result.splice(index, 1);
      } else if (index >= 0) {
        result[index] = strategicMerge(result[index], item, where, undefined);
      } else {
        result.push(clone(item));
      }
    }
    return result;
  }
  if (isObject(patch)) {
    if (patch.$patch === 'replace') {
      const { $patch: _ignored, ...rest } = patch;
      return clone(rest);
    }
    const result = isObject(base) ? clone(base) : {};
    for (const [k, v] of Object.entries(patch)) {
      if (k === '$patch') continue;
      if (k.startsWith('$')) throw new Error(`${where}: strategic-merge directive "${k}" is not supported by this validator`);
      if (v === null) delete result[k];
      else result[k] = strategicMerge(result[k], v, where, k);
    }
    return result;
  }
  return clone(patch);
}

function applyJson6902(obj, ops, where) {
  let doc = clone(obj);
  const parent = (ptr, create) => {
    const segs = ptrSegments(ptr);
    if (!segs.length) throw new Error(`${where}: cannot patch the document root`);
    const last = segs.pop();
    let cur = doc;
    for (const s of segs) {
      if (cur === null || typeof cur !== 'object' || !(s in cur)) throw new Error(`${where}: path ${ptr} does not exist`);
      cur = cur[s];
    }
    if (cur === null || typeof cur !== 'object') throw new Error(`${where}: path ${ptr} does not exist`);
    if (!create && !(Array.isArray(cur) ? Number(last) < cur.length : last in cur)) {
      throw new Error(`${where}: path ${ptr} does not exist`);
    }
    return [cur, last];
  };
  const get = (ptr) => {
    const [p, k] = parent(ptr, false);
    return clone(p[k]);
  };
  const add = (ptr, value) => {
    const [p, k] = parent(ptr, true);
    if (Array.isArray(p)) p.splice(k === '-' ? p.length : Number(k), 0, value);
    else p[k] = value;
  };
  const remove = (ptr) => {
    const [p, k] = parent(ptr, false);
    if (Array.isArray(p)) p.splice(Number(k), 1);
    else delete p[k];
  };
  ops.forEach((op, i) => {
    const at = `${where} op ${i} (${op?.op} ${op?.path})`;
    if (!isObject(op) || typeof op.path !== 'string') throw new Error(`${at}: each operation needs "op" and "path"`);
    switch (op.op) {
      case 'add':
        add(op.path, clone(op.value));
        break;
      case 'remove':
        remove(op.path);
        break;
      case 'replace':
        remove(op.path);
        add(op.path, clone(op.value));
        break;
      case 'move': {
        const v = get(op.from);
        remove(op.from);
        add(op.path, v);
        break;
      }
      case 'copy':
        add(op.path, get(op.from));
        break;
      case 'test':
        if (JSON.stringify(get(op.path)) !== JSON.stringify(op.value)) throw new Error(`${at}: test failed`);
        break;
      default:
        throw new Error(`${at}: unknown op "${op.op}"`);
    }
  });
  return doc;
}

function podSpecsOf(obj) {
  const specs = [];
  const kind = obj?.kind;
  if (kind === 'Pod' && isObject(obj.spec)) specs.push({ spec: obj.spec, ptr: '/spec', labels: obj.metadata?.labels ?? {} });
  else if (kind === 'CronJob' && isObject(obj.spec?.jobTemplate?.spec?.template)) {
    const t = obj.spec.jobTemplate.spec.template;
    specs.push({ spec: t.spec ?? {}, ptr: '/spec/jobTemplate/spec/template/spec', labels: t.metadata?.labels ?? {}, template: t });
  } else if (isObject(obj?.spec?.template) && ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'ReplicationController'].includes(kind)) {
    const t = obj.spec.template;
    specs.push({ spec: t.spec ?? {}, ptr: '/spec/template/spec', labels: t.metadata?.labels ?? {}, template: t });
  }
  return specs;
}

function containersOf(podSpec, ptr) {
  const out = [];
  for (const field of ['initContainers', 'containers', 'ephemeralContainers']) {
    (Array.isArray(podSpec[field]) ? podSpec[field] : []).forEach((c, i) => {
      if (isObject(c)) out.push({ c, ptr: `${ptr}/${field}/${i}`, field });
    });
  }
  return out;
}

function splitImage(image) {
  const at = image.indexOf('@');
  const base = at >= 0 ? image.slice(0, at) : image;
  const digest = at >= 0 ? image.slice(at) : '';
  const slash = base.lastIndexOf('/');
  const colon = base.lastIndexOf(':');
  if (colon > slash) return { name: base.slice(0, colon), tag: base.slice(colon), digest };
  return { name: base, tag: '', digest };
}

function matchesTarget(obj, target) {
  const { group, version } = splitApiVersion(obj.apiVersion);
  const re = (pattern, value) => new RegExp(`^(?:${pattern})$`).test(value ?? '');
  if (target.group !== undefined && target.group !== group) return false;
  if (target.version !== undefined && target.version !== version) return false;
  if (target.kind !== undefined && !re(target.kind, obj.kind)) return false;
  if (target.name !== undefined && !re(target.name, obj.metadata?.name)) return false;
  if (target.namespace !== undefined && !re(target.namespace, obj.metadata?.namespace ?? '')) return false;
  if (target.labelSelector !== undefined && !parseLabelSelector(target.labelSelector).every((t) => t(obj.metadata?.labels ?? {}))) return false;
  if (target.annotationSelector !== undefined && !parseLabelSelector(target.annotationSelector).every((t) => t(obj.metadata?.annotations ?? {}))) return false;
  return true;
}

function addLabels(obj, pairs, { selectors, templates }) {
  obj.metadata ??= {};
  obj.metadata.labels = { ...(obj.metadata.labels ?? {}), ...pairs };
  if (!selectors && !templates) return;
  for (const { template } of podSpecsOf(obj)) {
    if (!template) continue;
    template.metadata ??= {};
    template.metadata.labels = { ...(template.metadata.labels ?? {}), ...pairs };
  }
  if (!selectors) return;
  if (obj.kind === 'Service') obj.spec = { ...obj.spec, selector: { ...(obj.spec?.selector ?? {}), ...pairs } };
  else if (isObject(obj.spec?.selector) && obj.kind !== 'Job') {
    obj.spec.selector.matchLabels = { ...(obj.spec.selector.matchLabels ?? {}), ...pairs };
  }
}

class Builder {
  constructor(rootDir, files, report) {
    this.rootDir = rootDir;
    this.files = files; // abs -> loaded YAML file
    this.report = report;
    this.cache = new Map();
    this.stack = [];
    this.roles = new Map(); // abs file -> 'resource' | 'patch'
    this.referencedDirs = new Set();
  }

  rel(abs) {
    return path.relative(path.dirname(this.rootDir), abs) || '.';
  }

  kustomizationFile(dir) {
    for (const name of KUSTOMIZATION_FILES) {
      const abs = path.join(dir, name);
      if (existsSync(abs)) return abs;
    }
    return null;
  }

  build(dir) {
    if (this.cache.has(dir)) return this.cache.get(dir);
    const kfile = this.kustomizationFile(dir);
    const file = kfile && this.files.get(kfile);
    if (this.stack.includes(dir)) {
      this.report({ file: this.rel(kfile), message: `kustomization cycle: ${[...this.stack, dir].map((d) => this.rel(d)).join(' -> ')}` });
      return [];
    }
    if (!file) return [];
    this.stack.push(dir);
    const result = this.buildFile(dir, file);
    this.stack.pop();
    this.cache.set(dir, result);
    return result;
  }

  buildFile(dir, file) {
    const kerr = (ptr, message) =>
      this.report({ file: file.rel, doc: 0, line: lineOf(file, 0, ptr, { atKey: true }), kind: 'Kustomization', path: ptr, message });
    if (file.docs.length !== 1 || file.docs[0].broken) {
      if (file.docs.length !== 1) kerr('', 'a kustomization file must hold exactly one YAML document');
      return [];
    }
    const k = file.docs[0].value;
    if (!isObject(k)) {
      kerr('', 'a kustomization must be a mapping');
      return [];
    }
    if (k.apiVersion !== undefined && k.apiVersion !== 'kustomize.config.k8s.io/v1beta1') kerr('/apiVersion', 'must be kustomize.config.k8s.io/v1beta1');
    if (k.kind !== undefined && k.kind !== 'Kustomization') kerr('/kind', 'must be Kustomization');
    for (const key of Object.keys(k)) {
      if (KUSTOMIZE_UNSUPPORTED.has(key)) kerr(`/${key}`, `"${key}" is not supported by tools/k8s/validate.mjs (extend it, or use a supported field)`);
      else if (!KUSTOMIZE_SUPPORTED.has(key))
        kerr(`/${key}`, `unknown kustomization field "${key}"${suggest(key, [...KUSTOMIZE_SUPPORTED, ...KUSTOMIZE_UNSUPPORTED])}`);
    }

    const insideDir = (abs) => abs === dir || abs.startsWith(dir + path.sep);
    const list = (key) => {
      if (k[key] === undefined || k[key] === null) return [];
      if (!Array.isArray(k[key])) {
        kerr(`/${key}`, 'must be a list');
        return [];
      }
      return k[key];
    };

    // resources
    const resources = [];
    list('resources').forEach((entry, i) => {
      const ptr = `/resources/${i}`;
      if (typeof entry !== 'string' || entry === '') return kerr(ptr, 'must be a path');
      if (/^[a-z]+:\/\//i.test(entry) || /^(github\.com|git@)/.test(entry)) return kerr(ptr, `remote resource "${entry}" cannot be checked offline; vendor it`);
      const abs = path.resolve(dir, entry);
      if (!existsSync(abs)) return kerr(ptr, `path "${entry}" does not exist`);
      if (statSync(abs).isDirectory()) {
        if (!this.kustomizationFile(abs)) return kerr(ptr, `directory "${entry}" has no kustomization.yaml`);
        this.referencedDirs.add(abs);
        resources.push(...this.build(abs).map((r) => ({ ...r, obj: clone(r.obj) })));
        return undefined;
      }
      if (!insideDir(abs)) return kerr(ptr, `file "${entry}" is outside this kustomization's folder (kustomize refuses it; reference its folder instead)`);
      const res = this.files.get(abs);
      if (!res) return kerr(ptr, `"${entry}" is not a YAML manifest`);
      this.roles.set(abs, this.roles.get(abs) === 'patch' ? 'both' : 'resource');
      res.docs.forEach((d, index) => {
        if (!d.broken && d.value !== null && d.value !== undefined) resources.push({ obj: clone(d.value), origin: { file: res, doc: index } });
      });
      return undefined;
    });

    // patches
    list('patches').forEach((entry, i) => {
      const ptr = `/patches/${i}`;
      if (!isObject(entry)) return kerr(ptr, 'must be a mapping with "path" or "patch"');
      for (const key of Object.keys(entry)) {
        if (!['path', 'patch', 'target', 'options'].includes(key))
          kerr(`${ptr}/${key}`, `unknown patch field "${key}"${suggest(key, ['path', 'patch', 'target', 'options'])}`);
      }
      if ((entry.path === undefined) === (entry.patch === undefined)) return kerr(ptr, 'needs exactly one of "path" and "patch"');
      let patch;
      let where;
      let source;
      if (entry.path !== undefined) {
        const abs = path.resolve(dir, String(entry.path));
        where = `patch ${entry.path}`;
        if (!existsSync(abs) || statSync(abs).isDirectory()) return kerr(`${ptr}/path`, `patch file "${entry.path}" does not exist`);
        if (!insideDir(abs)) return kerr(`${ptr}/path`, `patch file "${entry.path}" is outside this kustomization's folder`);
        const pf = this.files.get(abs);
        if (!pf) return kerr(`${ptr}/path`, `"${entry.path}" is not a YAML file`);
        this.roles.set(abs, this.roles.get(abs) === 'resource' ? 'both' : 'patch');
        const docs = pf.docs.filter((d) => d.value !== null && d.value !== undefined);
        if (pf.docs.some((d) => d.broken)) return undefined;
        if (docs.length !== 1)
          return kerr(`${ptr}/path`, `patch file "${entry.path}" holds ${docs.length} documents; the "patches" field applies one patch per file`);
        patch = docs[0].value;
        source = pf.rel;
      } else {
        where = `inline patch #${i}`;
        source = `${file.rel} patches[${i}]`;
        if (typeof entry.patch !== 'string') return kerr(`${ptr}/patch`, 'must be a YAML string');
        const parsed = parseAllDocuments(entry.patch, { uniqueKeys: true });
        const docs = Array.isArray(parsed) ? parsed : [];
        const errors = docs.flatMap((d) => d.errors);
        if (errors.length) return kerr(`${ptr}/patch`, `YAML ${errors[0].code}: ${errors[0].message.split('\n')[0]}`);
        if (docs.length !== 1) return kerr(`${ptr}/patch`, 'an inline patch must hold exactly one YAML document');
        patch = docs[0].toJS();
      }
      const options = entry.options ?? {};
      if (!isObject(options)) return kerr(`${ptr}/options`, 'must be a mapping');
      let target = entry.target;
      if (target !== undefined) {
        if (!isObject(target)) return kerr(`${ptr}/target`, 'must be a mapping');
        const known = ['group', 'version', 'kind', 'name', 'namespace', 'labelSelector', 'annotationSelector'];
        for (const key of Object.keys(target)) {
          if (!known.includes(key)) return kerr(`${ptr}/target/${key}`, `unknown target field "${key}"${suggest(key, known)}`);
          if (typeof target[key] !== 'string') return kerr(`${ptr}/target/${key}`, 'must be a string');
        }
      }
      const isJson6902 = Array.isArray(patch);
      if (isJson6902 && !target) return kerr(ptr, 'a JSON 6902 patch (a list of operations) needs a "target"');
      if (!isJson6902 && !isObject(patch)) return kerr(ptr, 'a patch must be a mapping (strategic merge) or a list (JSON 6902)');
      if (!isJson6902 && !target) {
        if (typeof patch.kind !== 'string' || typeof patch.metadata?.name !== 'string') {
          return kerr(ptr, `${where} needs "kind" and "metadata.name" (or a "target")`);
        }
        const { group, version } = splitApiVersion(patch.apiVersion);
        target = { kind: patch.kind, name: patch.metadata.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') };
        if (patch.apiVersion !== undefined) Object.assign(target, { group, version });
        if (patch.metadata.namespace !== undefined) target.namespace = patch.metadata.namespace;
      }
      let matched;
      try {
        matched = resources.filter((r) => matchesTarget(r.obj, target));
      } catch (err) {
        return kerr(`${ptr}/target`, err.message);
      }
      if (!matched.length) {
        const desc = Object.entries(target)
          .map(([key, v]) => `${key}=${v}`)
          .join(', ');
        return kerr(ptr, `${where} matches no resource (${desc})`);
      }
      for (const r of matched) {
        try {
          if (isJson6902) {
            r.obj = applyJson6902(r.obj, patch, where);
          } else {
            const body = clone(patch);
            delete body.apiVersion;
            delete body.kind;
            if (isObject(body.metadata)) {
              if (!options.allowNameChange) delete body.metadata.name;
              delete body.metadata.namespace;
            }
            r.obj = strategicMerge(r.obj, body, where, undefined);
          }
          r.patchedBy = [...(r.patchedBy ?? []), source];
        } catch (err) {
          kerr(ptr, `${err.message} in ${idOf(r.obj)}`);
        }
      }
      return undefined;
    });

    // namespace
    if (k.namespace !== undefined) {
      if (typeof k.namespace !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(k.namespace)) {
        kerr('/namespace', 'must be a DNS-1123 label');
      } else {
        for (const r of resources) {
          if (!CLUSTER_SCOPED.has(r.obj.kind)) r.obj.metadata = { ...(r.obj.metadata ?? {}), namespace: k.namespace };
        }
      }
    }

    // labels, commonLabels, commonAnnotations
    list('labels').forEach((entry, i) => {
      const ptr = `/labels/${i}`;
      if (!isObject(entry) || !isObject(entry.pairs)) return kerr(ptr, 'needs "pairs"');
      for (const key of Object.keys(entry)) {
        if (!['pairs', 'includeSelectors', 'includeTemplates'].includes(key)) kerr(`${ptr}/${key}`, `"${key}" is not supported by tools/k8s/validate.mjs`);
      }
      for (const r of resources) addLabels(r.obj, entry.pairs, { selectors: entry.includeSelectors === true, templates: entry.includeTemplates === true });
      return undefined;
    });
    if (k.commonLabels !== undefined) {
      if (!isObject(k.commonLabels)) kerr('/commonLabels', 'must be a mapping');
      else for (const r of resources) addLabels(r.obj, k.commonLabels, { selectors: true, templates: true });
    }
    if (k.commonAnnotations !== undefined) {
      if (!isObject(k.commonAnnotations)) kerr('/commonAnnotations', 'must be a mapping');
      else {
        for (const r of resources) {
          r.obj.metadata = { ...(r.obj.metadata ?? {}), annotations: { ...(r.obj.metadata?.annotations ?? {}), ...k.commonAnnotations } };
        }
      }
    }

    // replicas
    list('replicas').forEach((entry, i) => {
      const ptr = `/replicas/${i}`;
      if (!isObject(entry) || typeof entry.name !== 'string') return kerr(ptr, 'needs "name" and "count"');
      for (const key of Object.keys(entry)) if (!['name', 'count'].includes(key)) kerr(`${ptr}/${key}`, `unknown field "${key}"`);
      if (!Number.isInteger(entry.count) || entry.count < 0) return kerr(`${ptr}/count`, `must be a non-negative integer${describe(entry.count)}`);
      const targets = resources.filter((r) => WORKLOAD_REPLICAS.has(r.obj.kind) && r.obj.metadata?.name === entry.name);
      if (!targets.length) return kerr(`${ptr}/name`, `no Deployment/StatefulSet/ReplicaSet named "${entry.name}"`);
      for (const r of targets) r.obj.spec = { ...(r.obj.spec ?? {}), replicas: entry.count };
      return undefined;
    });

    // images
    list('images').forEach((entry, i) => {
      const ptr = `/images/${i}`;
      if (!isObject(entry) || typeof entry.name !== 'string') return kerr(ptr, 'needs "name"');
      for (const key of Object.keys(entry)) {
        if (!['name', 'newName', 'newTag', 'digest'].includes(key))
          kerr(`${ptr}/${key}`, `unknown field "${key}"${suggest(key, ['name', 'newName', 'newTag', 'digest'])}`);
        else if (typeof entry[key] !== 'string') kerr(`${ptr}/${key}`, `must be a string; quote it${describe(entry[key])}`);
      }
      let hits = 0;
      for (const r of resources) {
        for (const { spec } of podSpecsOf(r.obj)) {
          for (const { c } of containersOf(spec, '')) {
            if (typeof c.image !== 'string') continue;
            const img = splitImage(c.image);
            if (img.name !== entry.name) continue;
            hits++;
            const name = typeof entry.newName === 'string' ? entry.newName : img.name;
            const suffix =
              typeof entry.digest === 'string' ? `@${entry.digest}` : typeof entry.newTag === 'string' ? `:${entry.newTag}` : `${img.tag}${img.digest}`;
            c.image = `${name}${suffix}`;
          }
        }
      }
      if (!hits) kerr(`${ptr}/name`, `image "${entry.name}" is used by no container`);
      return undefined;
    });

    return resources;
  }
}

// ----------------------------------------------------------------------------------- consistency checks

function checkBuild(resources, report) {
  const err = (r, ptr, message) => report({ resource: r, path: ptr, message });
  const ids = new Map();
  const pods = []; // { r, labels, spec, ptr, containers }
  const configMaps = new Map();
  const serviceAccounts = new Set();
  for (const r of resources) {
    const o = r.obj;
    if (!isObject(o)) continue;
    const ns = o.metadata?.namespace ?? '';
    const id = `${splitApiVersion(o.apiVersion).group}|${o.kind}|${ns}|${o.metadata?.name}`;
    if (ids.has(id)) err(r, '/metadata/name', `duplicate ${o.kind} "${o.metadata?.name}" (also in ${ids.get(id)})`);
    ids.set(id, r.origin.file.rel);
    if (o.kind === 'ConfigMap') configMaps.set(`${ns}/${o.metadata?.name}`, o);
    if (o.kind === 'ServiceAccount') serviceAccounts.add(`${ns}/${o.metadata?.name}`);
    for (const p of podSpecsOf(o)) pods.push({ r, ns, ...p, containers: containersOf(p.spec, p.ptr) });
  }

  for (const r of resources) {
    const o = r.obj;
    if (!isObject(o)) continue;
    const labels = o.metadata?.labels ?? {};
    if (o.kind === 'Secret') {
      err(r, '/kind', 'Secrets are not committed: create them in the cluster (see k8s/README.md) and reference them');
    }
    if (labels['app.kubernetes.io/part-of'] !== PART_OF) {
      err(r, '/metadata/labels', `label app.kubernetes.io/part-of: ${PART_OF} is missing`);
    }
    if (o.kind !== 'Namespace' && typeof labels['app.kubernetes.io/name'] !== 'string') {
      err(r, '/metadata/labels', 'label app.kubernetes.io/name is missing');
    }
    if (['Deployment', 'Job'].includes(o.kind) && !COMPONENTS.has(labels['app.kubernetes.io/component'])) {
      err(r, '/metadata/labels', `label app.kubernetes.io/component must be one of ${[...COMPONENTS].join(', ')}`);
    }

    if (['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'].includes(o.kind)) {
      const sel = o.spec?.selector?.matchLabels;
      const tpl = o.spec?.template?.metadata?.labels ?? {};
      if (!isObject(sel) || !Object.keys(sel).length) err(r, '/spec/selector/matchLabels', 'selector must not be empty');
      else if (!matchesLabels(sel, tpl)) err(r, '/spec/selector/matchLabels', 'selector does not match the pod template labels');
    }

    if (o.kind === 'Service' && o.spec?.type !== 'ExternalName') {
      const sel = o.spec?.selector;
      const targets = pods.filter((p) => p.ns === (o.metadata?.namespace ?? '') && matchesLabels(sel, p.labels) && p.r.obj.kind !== 'Job');
      if (!targets.length) err(r, '/spec/selector', 'selects no pod template in this build');
      (o.spec?.ports ?? []).forEach((port, i) => {
        const tp = port?.targetPort ?? port?.port;
        const ok = targets.every((p) =>
          p.containers.some(({ c }) => (c.ports ?? []).some((cp) => (typeof tp === 'string' ? cp.name === tp : cp.containerPort === tp))),
        );
        if (targets.length && !ok) err(r, `/spec/ports/${i}/targetPort`, `no selected container exposes port ${JSON.stringify(tp)}`);
      });
    }

    if (o.kind === 'HorizontalPodAutoscaler') {
      const ref = o.spec?.scaleTargetRef ?? {};
      const target = resources.find(
        (t) => t.obj.kind === ref.kind && t.obj.metadata?.name === ref.name && (t.obj.metadata?.namespace ?? '') === (o.metadata?.namespace ?? ''),
      );
      const min = o.spec?.minReplicas ?? 1;
      const max = o.spec?.maxReplicas;
      if (!target) err(r, '/spec/scaleTargetRef', `${ref.kind}/${ref.name} is not in this build`);
      if (Number.isInteger(max) && min > max) err(r, '/spec/minReplicas', `minReplicas ${min} is above maxReplicas ${max}`);
      if (target) {
        const replicas = target.obj.spec?.replicas;
        if (Number.isInteger(replicas) && Number.isInteger(max) && (replicas < min || replicas > max)) {
          err(target, '/spec/replicas', `replicas ${replicas} is outside the HPA ${o.metadata?.name} range ${min}..${max}`);
        }
        const usesCpu = (o.spec?.metrics ?? []).some((m) => m?.type === 'Resource' && m.resource?.name === 'cpu' && m.resource?.target?.type === 'Utilization');
        if (usesCpu) {
          for (const p of pods.filter((x) => x.r === target)) {
            for (const { c, ptr, field } of p.containers) {
              if (field === 'containers' && c.resources?.requests?.cpu === undefined)
                err(target, `${ptr}/resources/requests/cpu`, `HPA ${o.metadata?.name} scales on CPU utilization, which needs a CPU request`);
            }
          }
        }
      }
    }

    if (o.kind === 'PodDisruptionBudget') {
      const sel = o.spec?.selector?.matchLabels;
      const targets = pods.filter((p) => p.ns === (o.metadata?.namespace ?? '') && matchesLabels(sel, p.labels));
      if (!targets.length) err(r, '/spec/selector', 'selects no pod template in this build');
      const minAvailable = o.spec?.minAvailable;
      for (const t of targets) {
        const hpa = resources.find((h) => h.obj.kind === 'HorizontalPodAutoscaler' && h.obj.spec?.scaleTargetRef?.name === t.r.obj.metadata?.name);
        const floor = hpa ? (hpa.obj.spec?.minReplicas ?? 1) : (t.r.obj.spec?.replicas ?? 1);
        if (Number.isInteger(minAvailable) && t.r.obj.kind !== 'Job' && minAvailable >= floor) {
          err(r, '/spec/minAvailable', `minAvailable ${minAvailable} with as few as ${floor} replica(s) of ${idOf(t.r.obj)} blocks every node drain`);
        }
      }
    }
  }

  for (const p of pods) {
    const { r, spec, ptr } = p;
    const o = r.obj;
    const podSc = spec.securityContext ?? {};
    const volumes = new Set((spec.volumes ?? []).map((v) => v?.name));
    if (spec.serviceAccountName && spec.serviceAccountName !== 'default' && !serviceAccounts.has(`${p.ns}/${spec.serviceAccountName}`)) {
      err(r, `${ptr}/serviceAccountName`, `ServiceAccount "${spec.serviceAccountName}" is not in this build`);
    }
    if (p.template && !matchesLabels({ 'app.kubernetes.io/part-of': PART_OF }, p.labels)) {
      err(r, `${ptr.replace(/\/spec$/, '')}/metadata/labels`, `pod template label app.kubernetes.io/part-of: ${PART_OF} is missing`);
    }
    if (['Deployment', 'Job'].includes(o.kind) && p.labels['app.kubernetes.io/component'] !== o.metadata?.labels?.['app.kubernetes.io/component']) {
      err(r, `${ptr.replace(/\/spec$/, '')}/metadata/labels`, "pod template app.kubernetes.io/component differs from the workload's");
    }
    (spec.volumes ?? []).forEach((v, i) => {
      if (v?.configMap?.name && !v.configMap.optional && !configMaps.has(`${p.ns}/${v.configMap.name}`)) {
        err(r, `${ptr}/volumes/${i}/configMap/name`, `ConfigMap "${v.configMap.name}" is not in this build`);
      }
    });
    if (podSc.runAsUser === 0) err(r, `${ptr}/securityContext/runAsUser`, 'must not run as root');

    for (const { c, ptr: cptr, field } of p.containers) {
      const sc = c.securityContext ?? {};
      const where = `${cptr}/securityContext`;
      if (sc.allowPrivilegeEscalation !== false) err(r, `${where}/allowPrivilegeEscalation`, 'must be false (restricted Pod Security Standard)');
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) err(r, `${where}/capabilities/drop`, 'must drop ALL capabilities (restricted Pod Security Standard)');
      if ((sc.runAsNonRoot ?? podSc.runAsNonRoot) !== true)
        err(r, `${where}/runAsNonRoot`, 'runAsNonRoot must be true in the pod or container securityContext');
      const seccomp = sc.seccompProfile?.type ?? podSc.seccompProfile?.type;
      if (!['RuntimeDefault', 'Localhost'].includes(seccomp))
        err(r, `${ptr}/securityContext/seccompProfile`, 'seccompProfile RuntimeDefault is required (restricted Pod Security Standard)');
      if (sc.readOnlyRootFilesystem !== true) err(r, `${where}/readOnlyRootFilesystem`, 'must be true (mount an emptyDir for writable paths)');
      if (sc.privileged === true) err(r, `${where}/privileged`, 'must not be privileged');
      if (typeof c.image !== 'string' || !c.image) err(r, `${cptr}/image`, 'image is missing');

      for (const kindOf of ['requests', 'limits']) {
        for (const res of ['cpu', 'memory']) {
          if (c.resources?.[kindOf]?.[res] === undefined && field !== 'ephemeralContainers')
            err(r, `${cptr}/resources/${kindOf}/${res}`, `resources.${kindOf}.${res} is required`);
        }
      }
      for (const [res, q] of Object.entries(c.resources?.requests ?? {})) {
        const limit = c.resources?.limits?.[res];
        if (limit !== undefined && quantityValue(q) > quantityValue(limit))
          err(r, `${cptr}/resources/requests/${escPtr(res)}`, `request ${q} is above limit ${limit}`);
      }

      const portNames = new Set((c.ports ?? []).map((x) => x?.name).filter(Boolean));
      const portNumbers = new Set((c.ports ?? []).map((x) => x?.containerPort));
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        const port = c[probe]?.httpGet?.port ?? c[probe]?.tcpSocket?.port;
        if (typeof port === 'string' && !portNames.has(port)) err(r, `${cptr}/${probe}`, `probe port "${port}" is not a named port of this container`);
        if (typeof port === 'number' && !portNumbers.has(port)) err(r, `${cptr}/${probe}`, `probe port ${port} is not declared in ports`);
      }
      if (o.kind === 'Deployment' && field === 'containers') {
        for (const probe of ['livenessProbe', 'readinessProbe']) {
          if (!c[probe]) err(r, `${cptr}/${probe}`, `${probe} is required for Deployments`);
        }
      }
      (c.volumeMounts ?? []).forEach((m, i) => {
        if (!volumes.has(m?.name)) err(r, `${cptr}/volumeMounts/${i}/name`, `volume "${m?.name}" is not declared in the pod`);
      });
      const envNames = new Set();
      (c.env ?? []).forEach((e, i) => {
        if (envNames.has(e?.name)) err(r, `${cptr}/env/${i}/name`, `duplicate env var ${e?.name}`);
        envNames.add(e?.name);
        const ref = e?.valueFrom?.configMapKeyRef;
        if (ref && !ref.optional) {
          const cm = configMaps.get(`${p.ns}/${ref.name}`);
          if (!cm) err(r, `${cptr}/env/${i}/valueFrom/configMapKeyRef`, `ConfigMap "${ref.name}" is not in this build`);
          else if (!(ref.key in (cm.data ?? {}))) err(r, `${cptr}/env/${i}/valueFrom/configMapKeyRef/key`, `ConfigMap "${ref.name}" has no key "${ref.key}"`);
        }
      });
      (c.envFrom ?? []).forEach((e, i) => {
        const ref = e?.configMapRef;
        if (ref && !ref.optional && !configMaps.has(`${p.ns}/${ref.name}`))
          err(r, `${cptr}/envFrom/${i}/configMapRef`, `ConfigMap "${ref.name}" is not in this build`);
      });
    }
  }
}

/** Secrets (name -> Map(key -> optional)) that pods reference; '*' stands for a whole-Secret envFrom/volume. */
export function secretReferences(resources) {
  const secrets = new Map();
  const add = (name, key, optional) => {
    if (!name) return;
    const keys = secrets.get(name) ?? new Map();
    keys.set(key, (keys.get(key) ?? true) && optional === true);
    secrets.set(name, keys);
  };
  for (const r of resources) {
    for (const { spec, ptr } of podSpecsOf(r.obj)) {
      for (const v of spec.volumes ?? []) if (v?.secret) add(v.secret.secretName, '*', v.secret.optional);
      for (const { c } of containersOf(spec, ptr)) {
        for (const e of c.env ?? [])
          if (e?.valueFrom?.secretKeyRef) add(e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key, e.valueFrom.secretKeyRef.optional);
        for (const e of c.envFrom ?? []) if (e?.secretRef) add(e.secretRef.name, '*', e.secretRef.optional);
      }
    }
  }
  return secrets;
}

// ------------------------------------------------------------------------------------------------- main

export function formatProblem(p) {
  const loc = `${p.file ?? '?'}${p.line ? `:${p.line}` : ''}${p.doc !== undefined ? ` [doc ${p.doc}]` : ''}`;
  const what = p.kind || p.name ? ` ${p.kind ?? '?'}${p.name ? `/${p.name}` : ''}` : '';
  const ptr = p.path ? ` ${p.path}` : '';
  const via = p.via ? ` (built by ${p.via})` : '';
  return `${loc}${what}${ptr}: ${p.message}${via}`;
}

/**
 * Validates every manifest under rootDir. Resolves to
 * { ok, problems: [{ file, line, doc, kind, name, path, message, via? }], stats, builds: Map(rel dir -> objects), secrets }.
 */
export async function validateK8s(rootDir = DEFAULT_ROOT) {
  rootDir = path.resolve(rootDir);
  const problems = [];
  const seen = new Set();
  const report = (p) => {
    const key = `${p.file}|${p.doc}|${p.path}|${p.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(p);
  };
  if (!existsSync(rootDir) || !statSync(rootDir).isDirectory()) {
    report({ file: rootDir, message: 'no such directory' });
    return { ok: false, problems, stats: {}, builds: new Map(), secrets: new Map() };
  }
  const relOf = (abs) => path.relative(path.dirname(rootDir), abs);
  const files = new Map();
  for (const abs of walkYaml(rootDir)) files.set(abs, loadYamlFile(abs, relOf(abs), report));

  const kustomizationDirs = [...files.keys()].filter((abs) => KUSTOMIZATION_FILES.includes(path.basename(abs))).map((abs) => path.dirname(abs));
  const builder = new Builder(rootDir, files, report);
  const builds = new Map();
  for (const dir of kustomizationDirs) builds.set(dir, builder.build(dir));

  // Every document of every resource file, on its own.
  let documents = 0;
  for (const [abs, file] of files) {
    if (KUSTOMIZATION_FILES.includes(path.basename(abs))) continue;
    const role = builder.roles.get(abs);
    if (!role) report({ file: file.rel, message: 'not used by any kustomization (list it under resources: or patches:, or delete it)' });
    if (role === 'both') report({ file: file.rel, message: 'used both as a resource and as a patch' });
    if (role === 'patch') continue;
    for (const [index, d] of file.docs.entries()) {
      if (d.broken || d.value === null || d.value === undefined) continue;
      documents++;
      for (const e of await validateObject(d.value)) {
        report({
          file: file.rel,
          doc: index,
          line: lineOf(file, index, e.path, e),
          kind: d.value?.kind,
          name: d.value?.metadata?.name,
          path: e.path,
          message: e.message,
        });
      }
    }
  }

  // Every build: schema again (patches may break what was valid), then consistency.
  for (const [dir, resources] of builds) {
    const via = relOf(dir);
    const fromBuild = (r, e) => {
      const { file, doc } = r.origin;
      return { file: file.rel, doc, line: lineOf(file, doc, e.path, e), kind: r.obj?.kind, name: r.obj?.metadata?.name, path: e.path, message: e.message, via };
    };
    const schemaBroken = new Set();
    for (const r of resources) {
      for (const e of await validateObject(r.obj)) {
        schemaBroken.add(r);
        const p = fromBuild(r, e);
        if (seen.has(`${p.file}|${p.doc}|${p.path}|${p.message}`)) continue;
        report({ ...p, message: r.patchedBy ? `${p.message} (after patches: ${r.patchedBy.join(', ')})` : p.message });
      }
    }
    // Consistency errors on an object that already fails its schema are mostly echoes: fix the schema first.
    checkBuild(resources, ({ resource, path: ptr, message }) => {
      if (!schemaBroken.has(resource)) report(fromBuild(resource, { path: ptr, message }));
    });
  }

  const roots = kustomizationDirs.filter((d) => !builder.referencedDirs.has(d));
  const secrets = secretReferences(roots.flatMap((d) => builds.get(d)));
  const stats = { files: files.size, documents, kustomizations: kustomizationDirs.length, roots: roots.map(relOf) };
  const relBuilds = new Map([...builds].map(([d, rs]) => [relOf(d), rs.map((r) => r.obj)]));
  return { ok: problems.length === 0, problems, stats, builds: relBuilds, secrets };
}

async function main(argv) {
  let root = DEFAULT_ROOT;
  let buildDir = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--build') buildDir = argv[++i];
    else if (argv[i] === '-h' || argv[i] === '--help') {
      console.log('usage: node tools/k8s/validate.mjs [K8S_DIR] [--build KUSTOMIZATION_DIR]');
      return 0;
    } else if (argv[i].startsWith('-')) {
      console.error(`unknown option ${argv[i]}`);
      return 2;
    } else root = argv[i];
  }
  const result = await validateK8s(root);
  for (const p of result.problems) console.error(formatProblem(p));
  if (buildDir) {
    const key = path.relative(path.dirname(path.resolve(root)), path.resolve(buildDir));
    const objs = result.builds.get(key);
    if (!objs) {
      console.error(`${buildDir}: not a kustomization under ${root}`);
      return 2;
    }
    process.stdout.write(objs.map((o) => stringify(o, { lineWidth: 0 })).join('---\n'));
    return result.ok ? 0 : 1;
  }
  const { files, documents, kustomizations, roots } = result.stats;
  console.log(`k8s: ${files} YAML files, ${documents} manifests, ${kustomizations} kustomizations built (deployable: ${roots?.join(', ') || 'none'})`);
  if (result.secrets.size) {
    console.log('Secrets the cluster must provide (never committed):');
    for (const [name, keys] of result.secrets) {
      const list = [...keys].map(([key, optional]) => (key === '*' ? '(whole Secret)' : optional ? `${key} (optional)` : key));
      console.log(`  ${name}: ${list.join(', ')}`);
    }
  }
  console.log(result.ok ? 'k8s manifests OK' : `${result.problems.length} problem(s) in k8s manifests`);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err?.stack ?? err);
      process.exit(2);
    },
  );
}
