// The invariants, read from the databases and the receivers (never from logs): every request answered 2xx/202 has
// its effect exactly once, every accepted job ends and none is stuck, balances equal their ledgers and no
// reservation stays held, every event reaches its receiver at least once under one webhook-id.
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sleep } from './infra.mjs';

/** What is still moving: work accepted and not finished. Zero everywhere means the system has settled. */
export async function pending(db) {
  const { rows } = await db.query(`
    SELECT
      (SELECT count(*) FROM creative.jobs WHERE state IN ('queued', 'running'))::int AS jobs,
      (SELECT count(*) FROM creative.job_callbacks WHERE state = 'pending')::int AS callbacks,
      (SELECT count(*) FROM creative.billing_reservations WHERE state = 'held')::int AS reservations,
      (SELECT count(*) FROM messaging.messages WHERE reply_status = 'pending')::int AS replies,
      (SELECT count(*) FROM messaging.messages WHERE delivery_status = 'pending')::int AS sends,
      (SELECT count(*) FROM messaging.webhook_deliveries WHERE status IN ('pending', 'held'))::int AS webhooks,
      (SELECT count(*) FROM entity.interactions WHERE status = 'pending')::int AS turns`);
  return rows[0];
}

/** Waits until nothing is pending (or `timeoutMs`); answers how long it took and what was left. */
export async function settle(db, timeoutMs) {
  const t0 = Date.now();
  let left = null;
  while (Date.now() - t0 < timeoutMs) {
    try {
      left = await pending(db);
      if (Object.values(left).every((n) => n === 0)) return { ms: Date.now() - t0, left: null };
    } catch (err) {
      left = { error: String(err.message) };
    }
    await sleep(1000);
  }
  return { ms: Date.now() - t0, left };
}

class Checks {
  constructor() {
    this.list = [];
  }
  add(name, violations, checked, note) {
    this.list.push({ name, ok: violations.length === 0, checked, violations: violations.slice(0, 5), count: violations.length, note });
  }
}

const byKey = (records) => {
  // A key sent twice (a double submit) is one logical request: answered if any of its sends was answered.
  const m = new Map();
  for (const r of records) {
    const id = r.key ?? `${r.op}:${r.start}:${Math.random()}`;
    const prev = m.get(id);
    const rank = (x) => (x.outcome === 'ok' ? 2 : x.outcome === 'failed' || x.outcome === 'pending' ? 1 : 0);
    if (!prev || rank(r) > rank(prev)) m.set(id, r);
  }
  return [...m.values()];
};

const count = async (db, sql, params) => Number((await db.query(sql, params)).rows[0].n);

/** An effect seen `n` times for a request whose outcome is `outcome`: ok needs exactly one, unanswered at most one, refused none. */
function judge(outcome, n) {
  if (n > 1) return 'duplicated';
  if (outcome === 'ok' && n === 0) return 'lost';
  if (outcome === 'refused' && n !== 0) return 'effect of a refused request';
  return null;
}

export async function checkInvariants({ db, records, events, sends, s3, since }) {
  const c = new Checks();
  const reqs = byKey(records.filter((r) => r.check));
  const of = (kind) => reqs.filter((r) => r.check.kind === kind);

  // Creative: designs, node patches (revisions), renders (captured reservations), transforms, jobs.
  {
    const v = [];
    for (const r of of('design')) {
      const n = await count(db, `SELECT count(*) n FROM creative.designs WHERE brief->>'title' = $1`, [r.check.title]);
      const bad = judge(r.outcome, n);
      if (bad) v.push(`${r.key}: ${bad} (${n} designs, answered ${r.status ?? 'nothing'})`);
    }
    c.add('creative designs exactly once', v, of('design').length);
  }
  {
    const v = [];
    for (const r of of('node_patch')) {
      const n = await count(
        db,
        `SELECT count(*) n FROM creative.design_revisions WHERE design_id = $1 AND operation = 'node_patch' AND strpos(ir::text, $2) > 0`,
        [r.check.designId, JSON.stringify(r.check.text).slice(1, -1)],
      );
      const bad = judge(r.outcome, n);
      if (bad) v.push(`${r.key}: ${bad} (${n} revisions, answered ${r.status ?? 'nothing'})`);
    }
    const designs = [...new Set(of('node_patch').map((r) => r.check.designId))];
    if (designs.length) {
      const { rows } = await db.query(
        `SELECT d.id, d.revision, count(r.*)::int AS n, max(r.revision) AS top FROM creative.designs d JOIN creative.design_revisions r ON r.design_id = d.id
          WHERE d.id = ANY($1) GROUP BY d.id, d.revision HAVING d.revision <> count(r.*) OR d.revision <> max(r.revision)`,
        [designs],
      );
      for (const row of rows) v.push(`${row.id}: design at revision ${row.revision} with ${row.n} revisions (top ${row.top})`);
    }
    c.add('creative node patches (If-Match) exactly one revision each; revisions contiguous', v, of('node_patch').length);
  }
  {
    const v = [];
    const perDesign = new Map();
    for (const r of of('render')) {
      const s = perDesign.get(r.check.designId) ?? { ok: 0, unknown: 0 };
      if (r.outcome === 'ok') s.ok++;
      else if (r.outcome !== 'refused') s.unknown++;
      perDesign.set(r.check.designId, s);
    }
    for (const [designId, s] of perDesign) {
      const n = await count(
        db,
        `SELECT count(*) n FROM creative.billing_reservations WHERE design_id = $1 AND operation = 'render' AND state = 'captured' AND created_at >= to_timestamp($2 / 1000.0)`,
        [designId, since],
      );
      if (n < s.ok || n > s.ok + s.unknown) v.push(`${designId}: ${n} renders charged for ${s.ok} answered (+${s.unknown} unanswered)`);
    }
    c.add('creative renders charged exactly once', v, of('render').length);
  }
  {
    const v = [];
    for (const r of of('transform')) {
      const n = await count(db, `SELECT count(*) n FROM creative.assets WHERE source_asset_id = $1 AND strpos(operations::text, $2) > 0`, [
        r.check.assetId,
        r.check.key,
      ]);
      const bad = judge(r.outcome, n);
      if (bad) v.push(`${r.key}: ${bad} (${n} assets, answered ${r.status ?? 'nothing'})`);
    }
    c.add('creative transforms exactly once', v, of('transform').length);
  }
  {
    const v = [];
    const jobs = [];
    for (const r of of('job')) {
      const { rows } = await db.query(`SELECT id, state, error_code FROM creative.jobs WHERE callback_url = $1`, [r.check.callback]);
      const bad = judge(r.outcome, rows.length);
      if (bad) v.push(`${r.key}: ${bad} (${rows.length} jobs, answered ${r.status ?? 'nothing'})`);
      jobs.push(...rows);
    }
    c.add('creative jobs exactly once', v, of('job').length);
    const stuck = jobs.filter((j) => !['succeeded', 'failed', 'cancelled'].includes(j.state)).map((j) => `${j.id} ${j.state}`);
    const failed = jobs.filter((j) => j.state === 'failed');
    const codes = {};
    for (const j of failed) codes[j.error_code] = (codes[j.error_code] ?? 0) + 1;
    c.add(
      'creative jobs all ended (none stuck)',
      stuck,
      jobs.length,
      failed.length ? `${failed.length} failed: ${JSON.stringify(codes)}` : `${jobs.length} succeeded`,
    );
    const cb = [];
    for (const j of jobs.filter((x) => ['succeeded', 'failed', 'cancelled'].includes(x.state))) {
      const { rows } = await db.query(`SELECT id, state, event FROM creative.job_callbacks WHERE job_id = $1`, [j.id]);
      if (rows.length !== 1) cb.push(`${j.id}: ${rows.length} callbacks recorded`);
      for (const row of rows) {
        const got = events.filter((e) => e.source === 'creative' && e.jobId === j.id);
        const ids = new Set(got.map((e) => e.webhookId));
        if (!got.length) cb.push(`${j.id}: callback ${row.id} (${row.state}) never received`);
        else if (ids.size !== 1 || !ids.has(row.id)) cb.push(`${j.id}: received under webhook-ids ${[...ids].join(', ')} for ${row.id}`);
        else if (got.some((e) => e.type !== `job.${j.state}`)) cb.push(`${j.id}: received ${got.map((e) => e.type)} for a ${j.state} job`);
      }
    }
    c.add('creative callbacks delivered at least once, one webhook-id each', cb, jobs.length);
  }
  {
    const { rows: stuck } = await db.query(`SELECT id, state, kind FROM creative.jobs WHERE state IN ('queued', 'running')`);
    const { rows: held } = await db.query(`SELECT id, operation, job_id FROM creative.billing_reservations WHERE state = 'held'`);
    c.add(
      'no job stuck, no reservation held (whole database)',
      [...stuck.map((j) => `job ${j.id} ${j.state}`), ...held.map((h) => `reservation ${h.id} ${h.operation} held`)],
      null,
    );
    const { rows: drift } = await db.query(`
      SELECT a.account_id, a.balance, coalesce(sum(l.amount), 0)::bigint AS ledger,
             (SELECT balance_after FROM creative.billing_ledger x WHERE x.account_id = a.account_id ORDER BY created_at DESC, id DESC LIMIT 1) AS last
        FROM creative.billing_accounts a LEFT JOIN creative.billing_ledger l ON l.account_id = a.account_id
       GROUP BY a.account_id, a.balance HAVING a.balance <> coalesce(sum(l.amount), 0)`);
    c.add(
      'every balance equals the sum of its ledger',
      drift.map((d) => `${d.account_id}: balance ${d.balance}, ledger ${d.ledger}, last ${d.last}`),
      null,
    );
    const { rows: wrong } = await db.query(`
      SELECT j.id, j.state, r.state AS reservation FROM creative.jobs j JOIN creative.billing_reservations r ON r.job_id = j.id
       WHERE (j.state = 'succeeded' AND r.state <> 'captured') OR (j.state IN ('failed', 'cancelled') AND r.state <> 'released')`);
    c.add(
      'job reservations settled as their jobs ended (captured / released)',
      wrong.map((w) => `${w.id} ${w.state}, reservation ${w.reservation}`),
      null,
    );
  }
  {
    const v = [];
    for (const schema of ['creative', 'messaging', 'entity']) {
      const { rows } = await db.query(
        `SELECT key, created_at FROM ${schema}.idempotency_keys WHERE state <> 'completed' AND created_at >= to_timestamp($1 / 1000.0)`,
        [since],
      );
      for (const row of rows) v.push(`${schema} ${row.key} in progress since ${row.created_at.toISOString().slice(11, 19)}`);
    }
    c.add('no Idempotency-Key left in progress (a retry would get 409 until it expires)', v, null);
  }
  if (s3) {
    const { rows } = await db.query(
      `SELECT id, blob_key FROM creative.artifacts WHERE created_at >= to_timestamp($1 / 1000.0)
       UNION ALL SELECT id, blob_key FROM creative.assets WHERE created_at >= to_timestamp($1 / 1000.0)`,
      [since],
    );
    const client = new S3Client({
      endpoint: s3.innerEndpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const v = [];
    for (const row of rows) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: row.blob_key }));
      } catch (err) {
        v.push(`${row.id}: blob ${row.blob_key} missing (${err.name})`);
      }
    }
    client.destroy();
    c.add('every asset and artifact row has its blob in S3', v, rows.length);
  }

  // Messaging: API messages and platform messages stored once, answered, their webhook delivered.
  const messageChecks = async (kind, label) => {
    const v = [];
    const wh = [];
    for (const r of of(kind)) {
      const { rows } = await db.query(`SELECT id, reply_status FROM messaging.messages WHERE role = 'user' AND content = $1`, [r.check.content]);
      const bad = judge(r.outcome, rows.length);
      if (bad) v.push(`${r.key}: ${bad} (${rows.length} messages, answered ${r.status ?? 'nothing'})`);
      for (const m of rows) {
        if (m.reply_status === 'pending') v.push(`${m.id}: reply still pending`);
        const { rows: d } = await db.query(`SELECT id, status FROM messaging.webhook_deliveries WHERE message_id = $1`, [m.id]);
        if (d.length !== 1) wh.push(`${m.id}: ${d.length} webhook deliveries recorded`);
        for (const row of d) {
          const got = events.filter((e) => e.source === 'messaging' && e.webhookId === row.id);
          if (!got.length) wh.push(`${m.id}: delivery ${row.id} (${row.status}) never received`);
        }
      }
    }
    c.add(`messaging ${label} stored exactly once, answered`, v, of(kind).length);
    c.add(`messaging ${label}: message.received delivered at least once (same webhook-id)`, wh, of(kind).length);
  };
  await messageChecks('message', 'API messages');
  await messageChecks('inbound', 'Telegram messages');
  {
    const { rows } = await db.query(
      `SELECT id, reply_status, delivery_status, content FROM messaging.messages WHERE created_at >= to_timestamp($1 / 1000.0) AND (reply_status IN ('pending', 'failed') OR delivery_status IN ('pending', 'failed'))`,
      [since],
    );
    const v = rows.map((m) => `${m.id}: reply ${m.reply_status}, delivery ${m.delivery_status}`);
    const { rows: replies } = await db.query(
      `SELECT m.content FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
        WHERE c.channel = 'telegram' AND m.role = 'assistant' AND m.created_at >= to_timestamp($1 / 1000.0)`,
      [since],
    );
    const sent = new Set(sends.map((s) => s.text));
    for (const r of replies) if (!sent.has(r.content)) v.push(`reply "${r.content.slice(0, 40)}…" never reached the platform`);
    c.add('messaging replies completed and platform sends done (none pending or failed)', v, replies.length);
  }

  // Entity: turns once, none pending.
  {
    const v = [];
    for (const r of of('turn')) {
      const { rows } = await db.query(`SELECT id, status FROM entity.interactions WHERE message = $1`, [r.check.message]);
      const bad = judge(r.outcome, rows.length);
      if (bad) v.push(`${r.key}: ${bad} (${rows.length} turns, answered ${r.status ?? 'nothing'})`);
      for (const t of rows) if (t.status !== 'completed') v.push(`${t.id}: ${t.status}`);
    }
    c.add('entity turns exactly once, completed', v, of('turn').length);
  }
  // Entity OAuth: a refresh answered 200 gives a working access token; a refresh token replayed after the reuse grace is
  // refused and revokes its grant (oidc-provider's rotation: the token the refresh issued is refused after the replay too).
  {
    const v = [];
    const refreshes = of('oauth_refresh').filter((r) => r.outcome === 'ok');
    for (const r of refreshes) {
      const { use, replay, rotatedAfterReplay } = r.check;
      // A use that got no final answer (the fault) tells nothing; any final answer but 200 is a broken token.
      if (!use) v.push(`refresh at ${new Date(r.start).toISOString().slice(11, 19)}: answered 200 without tokens`);
      else if (use.outcome !== 'failed' && use.status !== 200)
        v.push(`refresh at ${new Date(r.start).toISOString().slice(11, 19)}: its access token answered ${use.status}`);
      if (replay && replay.status < 500 && !(replay.status === 400 && replay.error === 'invalid_grant'))
        v.push(`replayed refresh token answered ${replay.status} ${replay.error ?? ''}`.trim());
      if (replay?.status === 400 && rotatedAfterReplay && rotatedAfterReplay.status < 500 && rotatedAfterReplay.error !== 'invalid_grant')
        v.push(`grant not revoked by a replay: the rotated refresh token answered ${rotatedAfterReplay.status}`);
    }
    const replays = refreshes.filter((r) => r.check.replay).length;
    c.add(`entity OAuth refreshes give working tokens; replays refused (${refreshes.length} refreshed, ${replays} replayed)`, v, of('oauth_refresh').length);
  }
  // Entity OAuth: a refresh whose answer was lost (network error, timeout, 5xx, 429), retried with the same refresh token
  // within the reuse grace of its first attempt (so of the rotation, if it was committed), gets 200, not invalid_grant
  // (issue 39: the grant revoked by a network blip). Retries sent later, or answered 5xx again, are counted, not judged.
  {
    const v = [];
    let judged = 0;
    for (const r of of('oauth_refresh')) {
      const [first, retry] = r.attempts;
      if (!retry || !r.check.graceMs) continue;
      const after = retry.at - first.at;
      if (after >= r.check.graceMs - 1000 || retry.error || !retry.status || retry.status >= 500 || retry.status === 429) continue;
      judged++;
      if (retry.status !== 200)
        v.push(
          `refresh at ${new Date(r.start).toISOString().slice(11, 19)}: retried ${after} ms after ${first.error ?? first.status}, answered ${retry.status} ${retry.code ?? ''}`.trim(),
        );
    }
    const retried = of('oauth_refresh').filter((r) => r.attempts.length > 1).length;
    c.add(`entity OAuth refresh retried after a lost answer within the reuse grace gets 200 (${retried} retried, ${judged} within the grace)`, v, judged);
  }
  return c.list;
}

/**
 * Rate limits hold across replicas: a fresh key sends limit + 20 requests through the round-robin proxy
 * (so every replica sees some); exactly `limit` may pass. Started early in a minute so the burst stays
 * in one fixed window.
 */
export async function rateLimitProbe(url, headers, limit) {
  while (new Date().getSeconds() > 35) await sleep(500);
  const total = limit + 20;
  let okCount = 0;
  let limited = 0;
  let other = 0;
  let i = 0;
  const worker = async () => {
    while (i < total) {
      i++;
      try {
        const r = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        if (r.status < 300) okCount++;
        else if (r.status === 429) limited++;
        else other++;
      } catch {
        other++;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { ok: okCount === limit, passed: okCount, limited, other, limit };
}
