// The chaos suite's OAuth refresh under faults (issue 39): a refresh whose answer was lost is retried once with the
// same refresh token, and within the reuse grace that retry must get 200. invariants.mjs and traffic.mjs are ES
// modules that read import.meta (infra.mjs), which Jest's CommonJS cannot load: each case runs in its own node.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const dir = resolve(__dirname);
const run = (script: string): unknown =>
  JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', timeout: 30_000 }).trim().split('\n').at(-1)!);

describe('tools/chaos OAuth refresh retried after a lost answer', () => {
  it('the invariant judges a retry sent within the grace of the first attempt: 200 passes, invalid_grant is a violation; later ones are not judged', () => {
    const checks = run(`
      import { checkInvariants } from ${JSON.stringify(`${dir}/invariants.mjs`)};
      const db = { query: async (sql) => ({ rows: /count\\(/i.test(sql) ? [{ n: 0 }] : [] }) };
      const mk = (attempts, outcome = 'ok') => ({ op: 'oauth_refresh', start: 1000, outcome, status: attempts.at(-1).status, attempts,
        check: { kind: 'oauth_refresh', graceMs: 5000, use: { status: 200, outcome: 'ok' } } });
      const records = [
        mk([{ at: 1000, error: 'network:ECONNRESET' }, { at: 1600, status: 200 }]),
        mk([{ at: 1000, status: 503 }, { at: 3100, status: 400, code: 'invalid_grant' }], 'refused'),
        mk([{ at: 1000, error: 'timeout' }, { at: 31500, status: 400, code: 'invalid_grant' }], 'refused'),
        mk([{ at: 1000, status: 502 }, { at: 1600, status: 503 }], 'failed'),
        mk([{ at: 1000, status: 200 }]),
      ];
      const list = await checkInvariants({ db, records, events: [], sends: [], s3: null, since: 0 });
      console.log(JSON.stringify(list.filter((c) => /retried after a lost answer/.test(c.name))));
    `) as { name: string; ok: boolean; checked: number; violations: string[] }[];
    expect(checks).toHaveLength(1);
    expect(checks[0].name).toContain('4 retried, 2 within the grace');
    expect(checks[0].checked).toBe(2);
    expect(checks[0].ok).toBe(false);
    expect(checks[0].violations).toEqual(['refresh at 00:00:01: retried 2100 ms after 503, answered 400 invalid_grant']);
  });

  it("the traffic's refresh is sent twice at most, the same body both times, when the first answer is lost", () => {
    const out = run(`
      import { createServer } from 'node:http';
      import { entityOps, Recorder, send, REFRESH_REUSE_GRACE_SECONDS } from ${JSON.stringify(`${dir}/traffic.mjs`)};
      const bodies = [];
      const server = createServer((req, res) => {
        let b = '';
        req.on('data', (d) => (b += d));
        req.on('end', () => {
          bodies.push(b);
          if (bodies.length < 3) return req.socket.destroy();
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      const url = 'http://127.0.0.1:' + server.address().port;
      const rec = new Recorder();
      const chain = { refresh_token: 'rt-1', refreshes: 0 };
      const c = { rec, oauth: { url, clientId: 'c', secret: 's', entityId: 'e', idle: [chain], busy: 0 } };
      const spec = await entityOps.refresh(c);
      const r = await send(rec, spec);
      server.close();
      console.log(JSON.stringify({ grace: REFRESH_REUSE_GRACE_SECONDS, graceMs: spec.check.graceMs, attempts: r.attempts.map((a) => a.error ?? a.status), bodies, outcome: r.outcome }));
    `) as { grace: number; graceMs: number; attempts: string[]; bodies: string[]; outcome: string };
    expect(out.grace).toBe(5);
    expect(out.graceMs).toBe(5000);
    expect(out.attempts).toEqual([expect.stringMatching(/^network:/), expect.stringMatching(/^network:/)]);
    expect(out.bodies).toHaveLength(2);
    expect(out.bodies[1]).toBe(out.bodies[0]);
    expect(out.bodies[0]).toContain('refresh_token=rt-1');
    expect(out.outcome).toBe('failed');
  });
});
