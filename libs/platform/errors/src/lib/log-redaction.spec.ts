import { redactErrorMessage, redactHeaders, redactText, redactUrl, safeErrorForLog } from './log-redaction';

describe('log redaction', () => {
  it('drops the values of secret query parameters from URLs and keeps the rest', () => {
    expect(redactUrl('/cb?code=abc&state=xyz&iss=http%3A%2F%2Fh')).toBe('/cb?code=[redacted]&state=xyz&iss=http%3A%2F%2Fh');
    expect(redactUrl('https://app.example.com/cb?x=1&code=abc#access_token=t&token_type=bearer')).toBe(
      'https://app.example.com/cb?x=1&code=[redacted]#access_token=[redacted]&token_type=bearer',
    );
    expect(redactUrl('/v1/inbound/whatsapp/ch_1?hub.mode=subscribe&hub.verify_token=vt&hub.challenge=42')).toBe(
      '/v1/inbound/whatsapp/ch_1?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
    expect(redactUrl('/x?api_key=k&client_secret=s&password=p&refresh_token=r&sig=1&page=2')).toBe(
      '/x?api_key=[redacted]&client_secret=[redacted]&password=[redacted]&refresh_token=[redacted]&sig=[redacted]&page=2',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('replaces credential headers and cleans Location', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer x',
        'x-api-key': 'k',
        cookie: 'a=b',
        'x-telegram-bot-api-secret-token': 's',
        location: '/cb?code=c',
        accept: '*/*',
      }),
    ).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      cookie: '[redacted]',
      'x-telegram-bot-api-secret-token': '[redacted]',
      location: '/cb?code=[redacted]',
      accept: '*/*',
    });
  });

  it('scrubs URL user info and our credential formats from free text', () => {
    const key = `ent_live_${'a'.repeat(40)}`;
    expect(redactText(`connect postgres://app:s3cret@db:5432/x failed for ${key} and ecs_${'b'.repeat(48)}`)).toBe(
      'connect postgres://[redacted]@db:5432/x failed for [redacted] and [redacted]',
    );
    expect(redactErrorMessage('invalid input syntax for type uuid: "ent_live_x my secret"', '22P02')).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(redactErrorMessage('relation "x" does not exist', '42P01')).toBe('relation "x" does not exist');
  });

  it('keeps what an error says and drops the values it carries', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(ana@example.com) already exists.',
      where: 'SQL statement',
      table: 'users',
      constraint: 'users_email_key',
    });
    class QueryFailedError extends Error {}
    const err = Object.assign(new QueryFailedError(driverError.message), {
      query: 'INSERT INTO users (email, password_hash) VALUES ($1, $2)',
      parameters: ['ana@example.com', 'hash'],
      driverError,
      code: '23505',
      detail: driverError.detail,
    });
    const logged = safeErrorForLog(err) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'QueryFailedError', code: '23505', table: 'users', constraint: 'users_email_key', sql: err.query });
    expect(JSON.stringify(logged)).not.toMatch(/ana@example\.com|parameters|detail|where/);
    expect(String(logged.stack)).toMatch(/^QueryFailedError: duplicate key value[^\n]*\n\s+at /);
    // Safe to apply twice (the exception filter cleans it, then pino's serializer sees it again).
    expect(safeErrorForLog(logged)).toEqual(logged);
    expect(safeErrorForLog(Object.assign(new Error('outer'), { cause: err })) as { cause: unknown }).toMatchObject({ cause: { sql: err.query } });
  });
});
