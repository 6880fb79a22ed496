import { NotFoundException } from '@nestjs/common';
import { atInput, atInputs, DomainException, ErrorKind, RateLimitedError, ValidationError } from './domain-exception';
import { STATUS_BY_KIND } from './error-kinds';
import { adaptCode, creativeEnvelope, entityEnvelope, messagingEnvelope } from './envelopes';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-availability';
import { capEcho, normalizeError } from './normalize';
import { NotFoundError } from './domain-exception';

describe('normalizeError', () => {
  it('hides unexpected errors behind an error id', () => {
    const e = normalizeError(new Error('connection string postgres://secret@db leaked'));
    expect(e.status).toBe(500);
    expect(e.code).toBe('internal_error');
    expect(e.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.message).toBe(`Internal error; reference ${e.errorId}`);
    expect(JSON.stringify(messagingEnvelope.body(e))).not.toContain('secret');
  });

  it('maps body-parser failures and unknown routes', () => {
    expect(normalizeError({ type: 'entity.parse.failed', status: 400, message: 'Unexpected token' })).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(normalizeError({ type: 'entity.too.large', status: 413, limit: 1024, message: 'too large' })).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: expect.stringContaining('1024'),
    });
    expect(normalizeError(new NotFoundException('Cannot GET /v1/x'))).toMatchObject({ status: 404, code: 'not_found', message: 'No route for GET /v1/x' });
  });

  it('keeps the 4xx of http-errors that may be shown (a body that does not inflate), and hides the others', () => {
    const zlib = Object.assign(new Error('incorrect header check'), { code: 'Z_DATA_ERROR', status: 400, statusCode: 400, expose: true });
    expect(normalizeError(zlib)).toMatchObject({ status: 400, code: 'bad_request', message: 'The request body does not match its Content-Encoding' });
    expect(normalizeError(Object.assign(new Error('Gone away'), { status: 410, expose: true }))).toMatchObject({ status: 410, code: 'gone' });
    expect(normalizeError(Object.assign(new Error('secret internals'), { status: 400, expose: false })).status).toBe(500);
  });

  it('turns PostgreSQL value errors into client errors, not 500s', () => {
    expect(normalizeError({ driverError: { code: '22001' } })).toMatchObject({ status: 422, code: 'validation_error' });
    expect(normalizeError({ driverError: { code: '23505' } })).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('answers 503 database_unavailable with Retry-After while the database is unreachable or restarting', () => {
    const pgError = (code: string, message = 'x') => new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), { code }));
    const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
    const unavailable = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02'),
      pgError('57P03', 'the database system is starting up'),
      ...['08000', '08001', '08003', '08004', '08006'].map((code) => pgError(code)),
      { driverError: { code: '57P01' } },
      socket('ECONNREFUSED'),
      socket('ECONNRESET'),
      Object.assign(new AggregateError([socket('ECONNREFUSED')], 'connect failed')),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new QueryFailedError('SELECT 1', [], new Error('Connection terminated')),
      new Error('wrapped', { cause: socket('EPIPE') }),
      // TypeORM's runner released because PostgreSQL ended its connection (@platform/database hands the cause on).
      Object.defineProperty(new QueryRunnerAlreadyReleasedError(), 'cause', { value: Object.assign(new Error('terminating connection'), { code: '57P01' }) }),
    ];
    for (const err of unavailable) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      const e = normalizeError(err);
      expect(e).toMatchObject({ status: 503, code: 'database_unavailable', headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } });
      expect(e.extra).toEqual({ retry_after: DATABASE_RETRY_AFTER_SECONDS });
      expect(e.errorId).toBeUndefined();
    }
  });

  it('keeps every other database error as it was: a unique violation stays 409, a syntax error or a missing table 500', () => {
    const pgError = (code: string, message = 'x') => new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), { code }));
    for (const err of [
      pgError('23505'),
      pgError('42601', 'syntax error at or near "SELEC"'),
      pgError('42P01'),
      pgError('40001'),
      pgError('57014'),
      new Error('boom'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
    expect(normalizeError(pgError('23505'))).toMatchObject({ status: 409, code: 'conflict' });
    expect(normalizeError(pgError('42601'))).toMatchObject({ status: 500, code: 'internal_error' });
    expect(normalizeError(pgError('42P01'))).toMatchObject({ status: 500, code: 'internal_error' });
    expect(normalizeError(new Error('Connection string is invalid'))).toMatchObject({ status: 500, code: 'internal_error' });
  });

  it('does not tell a lost connection to something else as the database: fetch failures, AWS SDK errors and bugs stay 500', () => {
    const socket = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.9:443`), { code, syscall: 'connect' });
    for (const err of [
      // undici: a webhook, a platform API, an LLM provider that cannot be reached.
      new TypeError('fetch failed', { cause: socket('ECONNREFUSED') }),
      new Error('delivery failed', { cause: new TypeError('fetch failed', { cause: socket('ECONNRESET') }) }),
      // The AWS SDK (S3): the socket error itself, with the SDK's $metadata.
      Object.assign(socket('ECONNRESET'), { $metadata: { attempts: 3 } }),
      // A bug of ours.
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new RangeError('Invalid time value'),
      // A runner our own code released and used again: no lost connection behind it.
      new QueryRunnerAlreadyReleasedError(),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(normalizeError(err)).toMatchObject({ status: 500, code: 'internal_error' });
    }
  });
});

describe('envelopes', () => {
  const invalid = normalizeError(new ValidationError([{ loc: ['name'], msg: 'Field required', type: 'missing' }]));
  const limited = normalizeError(new RateLimitedError(12));

  it('creative: 422 detail list, {detail, code} otherwise', () => {
    expect(creativeEnvelope.body(invalid)).toEqual({ detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] });
    expect(creativeEnvelope.body(adaptCode(limited, creativeEnvelope))).toEqual({ detail: expect.any(String), code: 'rate_limited', retry_after: 12 });
  });

  it('messaging: {error, message, status}', () => {
    expect(messagingEnvelope.body(invalid)).toEqual({
      error: 'validation_error',
      message: 'Invalid request: name: Field required',
      status: 422,
      details: invalid.details,
    });
    expect(messagingEnvelope.body(adaptCode(limited, messagingEnvelope))).toMatchObject({ error: 'rate_limit_exceeded', status: 429, retry_after: 12 });
  });

  it('entity: {ok: false, error, code}', () => {
    expect(entityEnvelope.body(adaptCode(limited, entityEnvelope))).toMatchObject({ ok: false, code: 'rate_limited', error: expect.any(String) });
    expect(limited.headers['Retry-After']).toBe('12');
  });
});

describe('capEcho', () => {
  it('cuts every long run of non-space characters to 64 and the message to 512', () => {
    const id = `ent_${'a'.repeat(5000)}`;
    expect(capEcho(`Entity ${id} not found`)).toBe(`Entity ${id.slice(0, 64)}… not found`);
    expect(capEcho(`No route for GET /v1/${'x'.repeat(70)}`)).toBe(`No route for GET /v1/${'x'.repeat(60)}…`);
    expect(capEcho('Agent agt_01jdz3k5q8c9w3m5y4x0b7n2ph not found')).toBe('Agent agt_01jdz3k5q8c9w3m5y4x0b7n2ph not found');
    const spaced = capEcho(`Unknown soul ${'ab '.repeat(2000)}`);
    expect([...spaced]).toHaveLength(513);
    expect(spaced.endsWith('…')).toBe(true);
    expect(capEcho(`${'🙂'.repeat(100)}`)).toBe(`${'🙂'.repeat(64)}…`);
  });

  it('applies to the message and the details of every normalized error', () => {
    const long = 'z'.repeat(1000);
    expect(normalizeError(new NotFoundError(`Agent ${long} not found`)).message).toBe(`Agent ${'z'.repeat(64)}… not found`);
    const invalid = normalizeError(new ValidationError([{ loc: ['soul_id'], msg: `Unknown soul '${long}'`, type: 'value_error' }]));
    expect(invalid.details[0].msg).toBe(`Unknown soul '${'z'.repeat(63)}…`);
    expect(invalid.message.length).toBeLessThan(120);
    expect(normalizeError(new NotFoundException(`Cannot GET /v1/${long}`)).message).toBe(`No route for GET /v1/${'z'.repeat(60)}…`);
  });
});

describe('domain errors at the edge', () => {
  it('maps each kind to its status in one table, with the special cases by kind', () => {
    const status = (kind: ErrorKind, code = 'x') => normalizeError(new DomainException(code, 'm', kind)).status;
    expect(status('invalid')).toBe(422);
    expect(status('precondition_failed')).toBe(412);
    expect(status('payment_required', 'insufficient_credits')).toBe(402);
    expect(status('timeout', 'render_timeout')).toBe(504);
    expect(status('unavailable', 'render_busy')).toBe(503);
    expect(Object.values(STATUS_BY_KIND).every((s) => s >= 400 && s < 600)).toBe(true);
    expect('status' in new DomainException('x', 'm', 'conflict')).toBe(false);
  });

  it('answers Retry-After from retryAfterSeconds', () => {
    const busy = normalizeError(new DomainException('render_busy', 'busy', 'unavailable', { retryAfterSeconds: 1, extra: { retry_after: 1 } }));
    expect(busy.headers).toEqual({ 'Retry-After': '1' });
    expect(busy.extra).toEqual({ retry_after: 1 });
  });

  it('locates details relative to the input: body by default, the source an edge names with atInput', async () => {
    const relative = () => new ValidationError([{ loc: ['cursor'], msg: 'Invalid cursor', type: 'value_error' }]);
    const inBody = normalizeError(relative());
    expect(inBody.details[0].loc).toEqual(['body', 'cursor']);
    expect(inBody.message).toBe('Invalid request: cursor: Invalid cursor');
    const thrown = await atInput('query', () => Promise.reject(relative())).catch((e: unknown) => e);
    const inQuery = normalizeError(thrown);
    expect(inQuery.details[0].loc).toEqual(['query', 'cursor']);
    expect(inQuery.message).toBe('Invalid request: query.cursor: Invalid cursor');
    // The innermost edge that knows wins: an error validated at the path stays at the path.
    const atPath = await atInput('query', () => {
      throw new ValidationError([{ loc: ['id'], msg: 'bad', type: 'value_error' }], undefined, 'path');
    }).catch((e: unknown) => e);
    expect(normalizeError(atPath).details[0].loc).toEqual(['path', 'id']);
    // The root of the input is the source itself.
    expect(normalizeError(new ValidationError([{ loc: [], msg: 'The body must be a JSON object', type: 'model_attributes_type' }])).details[0].loc).toEqual([
      'body',
    ]);
  });

  it('atInputs: an error at a named input (a path parameter) gets its source, any other the default; a known source stays', async () => {
    const at = (loc: (string | number)[], source?: 'path') => () => {
      throw new ValidationError([{ loc, msg: 'bad', type: 'value_error' }], undefined, source);
    };
    const locOf = async (fn: () => never) => normalizeError(await atInputs({ node_id: 'path' }, 'query', fn).catch((e: unknown) => e)).details[0].loc;
    expect(await locOf(at(['node_id']))).toEqual(['path', 'node_id']);
    expect(await locOf(at(['node_id', 'children', 0]))).toEqual(['path', 'node_id', 'children', 0]);
    expect(await locOf(at(['format']))).toEqual(['query', 'format']);
    expect(await locOf(at([]))).toEqual(['query']);
    expect(await locOf(at(['format'], 'path'))).toEqual(['path', 'format']);
    // Details at two sources: the error is read as the default's.
    const mixed = await atInputs({ asset_id: 'path' }, 'body', () => {
      throw new ValidationError([
        { loc: ['asset_id'], msg: 'bad', type: 'value_error' },
        { loc: ['operations', 0], msg: 'bad', type: 'value_error' },
      ]);
    }).catch((e: unknown) => e);
    expect(normalizeError(mixed).details.map((d) => d.loc)).toEqual([
      ['body', 'asset_id'],
      ['body', 'operations', 0],
    ]);
  });
});
