import type { DatabaseHealth } from '@platform/database';
import type { JobQueue } from '@platform/queue';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { HealthController } from './health.controller';
import type { MetricsService } from './metrics.service';
import { ReadinessChecks } from './readiness-checks';

const secret = 'password authentication failed for user "svc_prod" at db-primary.internal:5432';

function controller(db: { ok: boolean; error?: string }, queue: { ok: boolean; mode: string; error?: string }, extra = new ReadinessChecks()) {
  return new HealthController({ check: async () => db } as DatabaseHealth, { ping: async () => queue } as unknown as JobQueue, {} as MetricsService, extra);
}

function response() {
  const res = {
    statusCode: 0,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
  };
  return res;
}

describe('GET /readyz', () => {
  it('answers 503 with the failing checks in general terms, and logs what the driver said', async () => {
    const res = response();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const body = await controller({ ok: false, error: secret }, { ok: false, mode: 'bullmq', error: 'connect ECONNREFUSED 10.0.3.7:6379' }).readyz(
        res as unknown as Response,
      );
      expect(res.statusCode).toBe(503);
      expect(body).toEqual({
        status: 'not_ready',
        checks: { database: { ok: false, error: 'unreachable' }, queue: { ok: false, mode: 'bullmq', error: 'unreachable' } },
      });
      expect(JSON.stringify(body)).not.toContain('svc_prod');
      expect(JSON.stringify(body)).not.toContain('10.0.3.7');
      const logged = warn.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logged).toContain('svc_prod');
      expect(logged).toContain('10.0.3.7');
    } finally {
      warn.mockRestore();
    }
  });

  it('answers 200 when both answer', async () => {
    const res = response();
    const body = await controller({ ok: true }, { ok: true, mode: 'inline' }).readyz(res as unknown as Response);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ status: 'ready', checks: { database: { ok: true }, queue: { ok: true, mode: 'inline' } } });
  });

  it("answers 503 when a check the service registered fails, with that check's problem", async () => {
    const checks = new ReadinessChecks();
    let stuck = false;
    checks.register('threads', () => (stuck ? { error: 'stuck' } : null));
    const res = response();
    expect(await controller({ ok: true }, { ok: true, mode: 'inline' }, checks).readyz(res as unknown as Response)).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, queue: { ok: true, mode: 'inline' } },
    });
    expect(res.statusCode).toBe(200);
    stuck = true;
    const body = await controller({ ok: true }, { ok: true, mode: 'inline' }, checks).readyz(res as unknown as Response);
    expect(res.statusCode).toBe(503);
    expect(body).toEqual({
      status: 'not_ready',
      checks: { database: { ok: true }, queue: { ok: true, mode: 'inline' }, threads: { ok: false, error: 'stuck' } },
    });
  });
});
