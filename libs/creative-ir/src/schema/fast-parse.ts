import type { ZodTypeAny } from 'zod';

/**
 * A fast path for validating IR documents, compiled once from the very zod schemas in
 * ir-schema.ts (so there is still one definition of the IR). zod v3 walks every key of every
 * node's shape through generic parse contexts and costs 0.1–0.6 ms per render for the
 * benchmark designs; the compiled checker is a tree of closures doing the same tests.
 *
 * It answers only "valid" or "not valid": a valid document gets the same output zod would give
 * (a deep copy with keys in schema order, absent keys left out, `z.unknown()` values shared);
 * anything else returns `FAIL`, and the caller runs zod to report the issues. It supports the zod
 * constructs the IR uses and throws when compiled against anything else, so a schema change that
 * it does not understand fails the tests instead of validating differently.
 */
export const FAIL: unique symbol = Symbol('invalid');
export type FastParser = (value: unknown) => unknown;

interface Def {
  typeName: string;
  [k: string]: unknown;
}
interface Check {
  kind: string;
  value?: number;
  inclusive?: boolean;
  regex?: RegExp;
}

/** zod's ZodParsedType "object": not null, not an array, promise, Map, Set or Date. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as { then?: unknown; catch?: unknown };
  if (o.then && typeof o.then === 'function' && o.catch && typeof o.catch === 'function') return false;
  return !(v instanceof Map || v instanceof Set || v instanceof Date);
}

const unsupported = (what: string): never => {
  throw new Error(`creative-ir fast-parse: unsupported zod construct ${what}; extend fast-parse.ts`);
};

export function compileZod(schema: ZodTypeAny): FastParser {
  const memo = new Map<ZodTypeAny, FastParser>();

  const compile = (s: ZodTypeAny): FastParser => {
    const hit = memo.get(s);
    if (hit) return hit;
    // Recursion (z.lazy) goes through this indirection, filled in below.
    let impl: FastParser = () => unsupported('(not compiled yet)');
    const entry: FastParser = (v) => impl(v);
    memo.set(s, entry);
    impl = build(s);
    return entry;
  };

  const build = (s: ZodTypeAny): FastParser => {
    const def = s._def as Def;
    switch (def.typeName) {
      case 'ZodString': {
        if (def['coerce']) unsupported('z.coerce.string');
        const checks = (def['checks'] as Check[]).map((c): ((v: string) => boolean) => {
          if (c.kind === 'min') return (v) => v.length >= c.value!;
          if (c.kind === 'max') return (v) => v.length <= c.value!;
          if (c.kind === 'regex') {
            const re = c.regex!;
            return (v) => {
              re.lastIndex = 0;
              return re.test(v);
            };
          }
          return unsupported(`string check ${c.kind}`);
        });
        return (v) => {
          if (typeof v !== 'string') return FAIL;
          for (const c of checks) if (!c(v)) return FAIL;
          return v;
        };
      }
      case 'ZodNumber': {
        if (def['coerce']) unsupported('z.coerce.number');
        const checks = (def['checks'] as Check[]).map((c): ((v: number) => boolean) => {
          if (c.kind === 'int') return (v) => Number.isInteger(v);
          if (c.kind === 'finite') return (v) => Number.isFinite(v);
          if (c.kind === 'min') return c.inclusive ? (v) => v >= c.value! : (v) => v > c.value!;
          if (c.kind === 'max') return c.inclusive ? (v) => v <= c.value! : (v) => v < c.value!;
          return unsupported(`number check ${c.kind}`);
        });
        return (v) => {
          if (typeof v !== 'number' || Number.isNaN(v)) return FAIL;
          for (const c of checks) if (!c(v)) return FAIL;
          return v;
        };
      }
      case 'ZodBoolean':
        return (v) => (typeof v === 'boolean' ? v : FAIL);
      case 'ZodUnknown':
        return (v) => v;
      case 'ZodLiteral': {
        const want = def['value'];
        return (v) => (v === want ? v : FAIL);
      }
      case 'ZodEnum': {
        const values = new Set(def['values'] as string[]);
        return (v) => (typeof v === 'string' && values.has(v) ? v : FAIL);
      }
      case 'ZodOptional': {
        const inner = compile(def['innerType'] as ZodTypeAny);
        return (v) => (v === undefined ? undefined : inner(v));
      }
      case 'ZodLazy': {
        const getter = def['getter'] as () => ZodTypeAny;
        let inner: FastParser | undefined;
        return (v) => (inner ??= compile(getter()))(v);
      }
      case 'ZodEffects': {
        const effect = def['effect'] as { type: string; refinement?: (v: unknown, ctx: unknown) => unknown };
        if (effect.type !== 'refinement') unsupported(`effect ${effect.type}`);
        const inner = compile(def['schema'] as ZodTypeAny);
        return (v) => {
          const out = inner(v);
          if (out === FAIL) return FAIL;
          let failed = false;
          const ctx = { addIssue: () => void (failed = true), path: [] };
          const r = effect.refinement!(out, ctx);
          if (r instanceof Promise) unsupported('async refinement');
          return failed ? FAIL : out;
        };
      }
      case 'ZodArray': {
        const item = compile(def['type'] as ZodTypeAny);
        const exact = (def['exactLength'] as { value: number } | null)?.value;
        const min = (def['minLength'] as { value: number } | null)?.value;
        const max = (def['maxLength'] as { value: number } | null)?.value;
        return (v) => {
          if (!Array.isArray(v)) return FAIL;
          const n = v.length;
          if ((exact !== undefined && n !== exact) || (min !== undefined && n < min) || (max !== undefined && n > max)) return FAIL;
          const out: unknown[] = new Array(n);
          for (let i = 0; i < n; i++) {
            const r = item(v[i]);
            if (r === FAIL) return FAIL;
            out[i] = r;
          }
          return out;
        };
      }
      case 'ZodTuple': {
        if (def['rest']) unsupported('tuple with rest');
        const items = (def['items'] as ZodTypeAny[]).map(compile);
        return (v) => {
          if (!Array.isArray(v) || v.length !== items.length) return FAIL;
          const out: unknown[] = new Array(items.length);
          for (let i = 0; i < items.length; i++) {
            const r = items[i](v[i]);
            if (r === FAIL) return FAIL;
            out[i] = r;
          }
          return out;
        };
      }
      case 'ZodUnion': {
        const options = (def['options'] as ZodTypeAny[]).map(compile);
        return (v) => {
          for (const o of options) {
            const r = o(v);
            if (r !== FAIL) return r;
          }
          return FAIL;
        };
      }
      case 'ZodDiscriminatedUnion': {
        const key = def['discriminator'] as string;
        const map = new Map<unknown, FastParser>();
        for (const [k, o] of def['optionsMap'] as Map<unknown, ZodTypeAny>) map.set(k, compile(o));
        return (v) => {
          if (!isPlainObject(v)) return FAIL;
          const o = map.get(v[key]);
          return o ? o(v) : FAIL;
        };
      }
      case 'ZodRecord': {
        const keyDef = (def['keyType'] as ZodTypeAny)._def as Def;
        if (keyDef.typeName !== 'ZodString' || (keyDef['checks'] as Check[]).length) unsupported('record key schema');
        const value = compile(def['valueType'] as ZodTypeAny);
        return (v) => {
          if (!isPlainObject(v)) return FAIL;
          const out: Record<string, unknown> = {};
          for (const k in v) {
            const r = value(v[k]);
            if (r === FAIL) return FAIL;
            if (k !== '__proto__') out[k] = r;
          }
          return out;
        };
      }
      case 'ZodObject': {
        const catchall = (def['catchall'] as ZodTypeAny)._def as Def;
        if (def['unknownKeys'] !== 'strict' || catchall.typeName !== 'ZodNever') unsupported('non-strict object');
        const shape = (def['shape'] as () => Record<string, ZodTypeAny>)();
        const keys = Object.keys(shape);
        const known = new Set(keys);
        const fields = keys.map((k) => [k, compile(shape[k])] as const);
        return (v) => {
          if (!isPlainObject(v)) return FAIL;
          for (const k in v) if (!known.has(k)) return FAIL;
          const out: Record<string, unknown> = {};
          for (const [k, parse] of fields) {
            const x = v[k];
            const r = parse(x);
            if (r === FAIL) return FAIL;
            if (r !== undefined || k in v) out[k] = r;
          }
          return out;
        };
      }
      default:
        return unsupported(def.typeName);
    }
  };

  return compile(schema);
}
