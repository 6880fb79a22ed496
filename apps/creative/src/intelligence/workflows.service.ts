import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { DomainException, isNotBlank, locatedDetails, statusOf, summarize, ValidationError, type ErrorDetail } from '@platform/errors';
import { validateInput } from '../common/validate-input';
import type { FailedStepDto, StepErrorDto, StepRunDto, WorkflowResultDto, WorkflowRunDto } from './dto/intelligence.dto';
import { WorkflowOperations, type FieldType, type OperationDef } from './workflow-operations';

type Loc = (string | number)[];
const STEP_ID = /^[a-z][a-z0-9_]{0,63}$/;
/** A whole-value reference to an earlier step's result: `$steps.<id>.<field>[.<field>…]`. */
const REF = /^\$steps\.([a-z][a-z0-9_]{0,63})\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/;
/** Stand-ins of a reference while params are validated before the run: the type the field will have. */
const PLACEHOLDER: Record<FieldType, unknown> = { string: 'ref', number: 1, object: {}, array: [], boolean: true, any: 'ref' };

interface CheckedStep {
  index: number;
  id: string;
  operation: string;
  def: OperationDef;
  params: Record<string, unknown>;
}

/**
 * POST /v1/workflows/run: validates every step (operation, params with the operation's own DTO, references to
 * earlier steps, outputs) before anything runs, then runs the steps in order; a failing step stops the run.
 */
@Injectable()
export class WorkflowsService {
  private readonly logger = new Logger(WorkflowsService.name);

  constructor(private readonly operations: WorkflowOperations) {}

  async run(auth: AuthContext, body: WorkflowRunDto): Promise<WorkflowResultDto> {
    const steps = await this.check(body);
    const results = new Map<string, Record<string, unknown>>();
    const runs: StepRunDto[] = [];
    let failed: FailedStepDto | null = null;
    for (const step of steps) {
      if (failed) {
        runs.push({ id: step.id, operation: step.operation, status: 'skipped', result: null, error: null, duration_ms: 0 });
        continue;
      }
      const started = Date.now();
      try {
        const params = resolveRefs(step.params, results, ['steps', step.index, 'params']) as Record<string, unknown>;
        // The operation validates the params again with the references filled in (with its REST endpoint's DTO).
        const result = await step.def.run(auth, params);
        results.set(step.id, result);
        runs.push({ id: step.id, operation: step.operation, status: 'succeeded', result, error: null, duration_ms: Date.now() - started });
      } catch (err) {
        const error = this.stepError(err, step);
        failed = { index: step.index, id: step.id, operation: step.operation, ...error };
        runs.push({ id: step.id, operation: step.operation, status: 'failed', result: null, error, duration_ms: Date.now() - started });
      }
    }
    const outputs: Record<string, unknown> = {};
    for (const name of body.outputs ?? []) {
      const [id, ...path] = name.split('.');
      if (results.has(id)) outputs[name] = getPath(results.get(id), path) ?? null;
      else outputs[name] = null;
    }
    // With `outputs`, the answer holds what was asked; a failed run still shows what the earlier steps produced.
    if (body.outputs && !failed) for (const r of runs) r.result = null;
    return { status: failed ? 'failed' : 'succeeded', steps: runs, outputs, failed_step: failed };
  }

  /** Everything that can be known before running: step ids, operations, params (by each operation's DTO), references, outputs. */
  private async check(body: WorkflowRunDto): Promise<CheckedStep[]> {
    const details: ErrorDetail[] = [];
    const steps: CheckedStep[] = [];
    const seen = new Map<string, OperationDef>();
    for (const [index, raw] of body.steps.entries()) {
      const loc: Loc = ['steps', index];
      const { id, operation, params = {} } = raw as { id?: unknown; operation?: unknown; params?: unknown };
      const before = details.length;
      if (typeof id !== 'string' || !STEP_ID.test(id))
        details.push({
          loc: [...loc, 'id'],
          msg: id == null ? 'Field required' : 'must match ^[a-z][a-z0-9_]{0,63}$',
          type: id == null ? 'missing' : 'value_error',
        });
      else if (seen.has(id)) details.push({ loc: [...loc, 'id'], msg: `step id "${id}" is used by an earlier step`, type: 'value_error' });
      const def = typeof operation === 'string' ? this.operations.all[operation] : undefined;
      if (!def) {
        details.push({
          loc: [...loc, 'operation'],
          msg: operation == null ? 'Field required' : `unknown operation; one of ${Object.keys(this.operations.all).join(', ')}`,
          type: operation == null ? 'missing' : 'enum',
        });
      }
      if (params === null || typeof params !== 'object' || Array.isArray(params))
        details.push({ loc: [...loc, 'params'], msg: 'must be an object', type: 'dict_type' });
      const extra = Object.keys(raw).filter((k) => !['id', 'operation', 'params'].includes(k));
      for (const k of extra) details.push({ loc: [...loc, k], msg: 'a step has only id, operation and params', type: 'extra_forbidden' });
      if (details.length > before || !def) {
        if (typeof id === 'string' && def) seen.set(id, def);
        continue;
      }
      const p = params as Record<string, unknown>;
      // References: to earlier steps only, to fields their operation answers; replaced by stand-ins of that type.
      const refProblems: ErrorDetail[] = [];
      const stand = substituteRefs(p, [...loc, 'params'], (m, at) => {
        const target = seen.get(m.step);
        if (!target) {
          refProblems.push({ loc: at, msg: `refers to step "${m.step}", which is not an earlier step`, type: 'value_error' });
          return undefined;
        }
        const type = target.outputs[m.path[0]];
        if (!type) {
          refProblems.push({
            loc: at,
            msg: `step "${m.step}" answers no field "${m.path[0]}"; one of ${Object.keys(target.outputs).join(', ')}`,
            type: 'value_error',
          });
          return undefined;
        }
        return m.path.length > 1 ? 'ref' : PLACEHOLDER[type];
      }) as Record<string, unknown>;
      details.push(...refProblems);
      for (const key of def.path) {
        const v = stand[key];
        if (typeof v !== 'string' || !isNotBlank(v) || v.length > 128)
          details.push({
            loc: [...loc, 'params', key],
            msg:
              v == null ? 'Field required' : typeof v === 'string' && !isNotBlank(v) ? 'must not be empty or blank' : 'must be a string of 1 to 128 characters',
            type: v == null || (typeof v === 'string' && !isNotBlank(v)) ? 'missing' : 'string_type',
          });
      }
      try {
        await this.validated({ index, id: id as string, operation: operation as string, def, params: p }, stand);
      } catch (err) {
        if (err instanceof ValidationError) details.push(...err.details);
        else throw err;
      }
      seen.set(id as string, def);
      steps.push({ index, id: id as string, operation: operation as string, def, params: p });
    }
    for (const [i, name] of (body.outputs ?? []).entries()) {
      const [id, field] = name.split('.');
      const def = seen.get(id);
      if (!def) details.push({ loc: ['outputs', i], msg: `names no step of this workflow ("${id}")`, type: 'value_error' });
      else if (field !== undefined && !def.outputs[field])
        details.push({
          loc: ['outputs', i],
          msg: `step "${id}" answers no field "${field}"; one of ${Object.keys(def.outputs).join(', ')}`,
          type: 'value_error',
        });
    }
    if (details.length) throw new ValidationError(details);
    return steps;
  }

  /** The params as the operation's REST body: validated and transformed by the same pipe, 422 items at `body.steps.<i>.params…`. */
  private async validated(step: CheckedStep, params: Record<string, unknown>): Promise<object> {
    const body = Object.fromEntries(Object.entries(params).filter(([k]) => !step.def.path.includes(k) && k !== 'idempotency_key'));
    try {
      return await validateInput(step.def.dto, body, 'body');
    } catch (err) {
      if (err instanceof ValidationError) throw new ValidationError(relocate(err, step.index));
      throw err;
    }
  }

  private stepError(err: unknown, step: CheckedStep): StepErrorDto {
    if (err instanceof ValidationError) {
      // A step's result is an answer of its own (not through the exception filter): its locations are the request body's.
      const details = locatedDetails(new ValidationError(relocate(err, step.index)));
      return { status: 422, code: 'validation_error', detail: summarize(details), errors: details as unknown as Record<string, unknown>[] };
    }
    if (err instanceof DomainException) return { status: statusOf(err), code: err.code, detail: err.message, errors: [] };
    this.logger.error({ err, step: step.id, operation: step.operation }, 'workflow step failed unexpectedly');
    return { status: 500, code: 'internal_error', detail: `Step ${step.id} failed unexpectedly`, errors: [] };
  }
}

/**
 * An operation's error locations (relative to its body or path, whose parameters are params too) as locations inside
 * step `index`'s params, relative to the workflow's body. A query location keeps its `query` (the params hold no query).
 */
function relocate(err: ValidationError, index: number): ErrorDetail[] {
  const source = err.source ?? 'body';
  return err.details.map((d) => {
    if (source === 'body' && d.loc[0] === 'steps') return d;
    const rest = source === 'query' ? ['query', ...d.loc] : d.loc;
    return { ...d, loc: ['steps', index, 'params', ...rest] };
  });
}

interface RefMatch {
  step: string;
  path: string[];
}

function substituteRefs(value: unknown, loc: Loc, replace: (m: RefMatch, loc: Loc) => unknown): unknown {
  if (typeof value === 'string') {
    const m = REF.exec(value);
    if (m) return replace({ step: m[1], path: m[2].split('.') }, loc);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => substituteRefs(v, [...loc, i], replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteRefs(v, [...loc, k], replace)]));
  return value;
}

/** Replaces each reference with the value it names; a reference to nothing fails the step (422 at its location). */
function resolveRefs(value: unknown, results: Map<string, Record<string, unknown>>, loc: Loc): unknown {
  const missing: ErrorDetail[] = [];
  const out = substituteRefs(value, loc, (m, at) => {
    const v = getPath(results.get(m.step), m.path);
    if (v === undefined || v === null) missing.push({ loc: at, msg: `$steps.${m.step}.${m.path.join('.')} is empty`, type: 'value_error' });
    return v ?? undefined;
  });
  if (missing.length) throw new ValidationError(missing);
  return out;
}

function getPath(value: unknown, path: string[]): unknown {
  let v = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[Array.isArray(v) && /^\d+$/.test(k) ? Number(k) : k];
  }
  return v;
}
