// The chaos report's latency figures (issue 39: a soak with no fault reported p99 30 s, which was a client waiting out
// a 409's Retry-After, not an endpoint taking 30 s). Per request counts the waits, per attempt only the exchanges.
interface Summary {
  n: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}
interface Latency {
  request: Summary;
  attempt: Summary;
  duplicates: Summary;
  retried: number;
  retriedBy: Record<string, number>;
  byOp: Record<string, { request: Summary; attempt: Summary; retried: number }>;
}

describe('tools/chaos latency', () => {
  // report.mjs is an ES module; Jest runs CommonJS here (SWC turns the import() into a require).
  const load = () => import('./report.mjs') as Promise<{ latency(records: unknown[]): Latency }>;
  const req = (op: string, ms: number, attempts: { ms: number; status?: number; code?: string; error?: string }[], duplicate = false) => ({
    service: 'creative',
    op,
    ms,
    duplicate,
    attempts: attempts.map((a, i) => ({ at: i * 1000, ...a })),
  });

  it('tells the time to the final answer (waits included) from the time of each HTTP exchange, per operation', async () => {
    const { latency } = await load();
    const records = [
      ...Array.from({ length: 98 }, () => req('design', 100, [{ ms: 100, status: 200 }])),
      // A double submit's second half: 409 in progress, waited out 30 s, then the replay.
      req(
        'design',
        30_100,
        [
          { ms: 50, status: 409, code: 'idempotency_in_progress' },
          { ms: 50, status: 200 },
        ],
        true,
      ),
      req('render', 900, [
        { ms: 400, error: 'timeout' },
        { ms: 400, status: 200 },
      ]),
      { service: 'creative', op: 'render', ms: null, attempts: [] },
    ];
    const l = latency(records);
    expect(l.request).toEqual({ n: 100, p50: 100, p99: 900, max: 30_100 });
    // The timed-out attempt has no exchange time; the others are 50 to 400 ms.
    expect(l.attempt).toMatchObject({ n: 101, p50: 100, max: 400 });
    expect(l.retried).toBe(2);
    expect(l.retriedBy).toEqual({ '409 in_progress': 1, timeout: 1 });
    expect(l.duplicates).toMatchObject({ n: 1, p99: 30_100 });
    expect(Object.keys(l.byOp)).toEqual(['creative/design', 'creative/render']);
    expect(l.byOp['creative/design']).toMatchObject({ request: { n: 99, max: 30_100 }, attempt: { n: 100, max: 100 }, retried: 1 });
  });
});
