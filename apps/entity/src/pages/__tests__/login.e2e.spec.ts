import { createTestApp, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { Browserless } from './browserless';

describe('accounts: sign-up, login, sessions, CSRF, throttling', () => {
  let t: TestApp<EntityConfig>;
  beforeAll(async () => {
    t = await createTestApp(entityService);
  });
  afterAll(() => t?.close());

  it('signs up, lands on the home page with a secure session cookie, logs out', async () => {
    const b = new Browserless(t.url);
    const form = await b.get('/pt-BR/signup');
    expect(form.status).toBe(200);
    expect(form.text).toContain('lang="pt-BR"');
    expect(form.text).toContain('Criar conta');
    const res = await b.submit('/pt-BR/signup', { email: 'ana@example.com', password: 'correct horse battery', name: 'Ana' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/pt-BR/account');
    const cookie = res.setCookies.find((c) => c.startsWith('entity_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const home = await b.get('/pt-BR/account');
    expect(home.status).toBe(200);
    expect(home.text).toContain('ana@example.com');
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // The session token is stored hashed.
    const token = decodeURIComponent(cookie.split(';')[0].split('=')[1]);
    const rows = await b.sql(t, `SELECT count(*)::int AS n FROM entity.user_sessions WHERE token_hash = $1`, [token]);
    expect(rows[0].n).toBe(0);
    const out = await b.submit('/pt-BR/logout', {}, '/pt-BR/account');
    expect(out.status).toBe(303);
    expect((await b.get('/pt-BR/account')).status).toBe(303);
  });

  it('logs in with 303 and returns to a local page only; other locales read English', async () => {
    const b = new Browserless(t.url);
    await b.get('/en/signup');
    await b.submit('/en/signup', { email: 'bia@example.com', password: 'another long password' });
    const c = new Browserless(t.url);
    const page = await c.get('/fr/login');
    expect(page.text).toContain('lang="en"');
    const ok = await c.submit('/fr/login', { email: 'BIA@example.com', password: 'another long password', return_to: '/en/connections' });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/en/connections');
    const d = new Browserless(t.url);
    await d.get('/en/login');
    const evil = await d.submit('/en/login', { email: 'bia@example.com', password: 'another long password', return_to: '//evil.example/x' });
    expect(evil.location).toBe('/en/account');
  });

  it('refuses a form without the CSRF token', async () => {
    const b = new Browserless(t.url);
    await b.get('/en/login');
    const res = await b.post('/en/login', { email: 'x@example.com', password: 'whatever12345', _csrf: 'wrong' });
    expect(res.status).toBe(403);
    const cross = await b.submit('/en/login', { email: 'x@example.com', password: 'whatever12345' }, undefined, { origin: 'http://evil.example' });
    expect(cross.status).toBe(403);
  });

  it('throttles failed logins per email', async () => {
    const b = new Browserless(t.url);
    await b.get('/en/signup');
    await b.submit('/en/signup', { email: 'caio@example.com', password: 'the real password' });
    const c = new Browserless(t.url);
    await c.get('/en/login');
    for (let i = 0; i < 5; i++) expect((await c.submit('/en/login', { email: 'caio@example.com', password: `wrong-${i}-password` })).status).toBe(401);
    const blocked = await c.submit('/en/login', { email: 'caio@example.com', password: 'the real password' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});

describe('accounts behind https', () => {
  let t: TestApp<EntityConfig>;
  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { PUBLIC_BASE_URL: 'https://entity.example.com' } });
  });
  afterAll(() => t?.close());

  it('marks the session and CSRF cookies Secure', async () => {
    const b = new Browserless(t.url);
    const form = await b.get('/en/signup');
    expect(form.setCookies.find((c) => c.startsWith('entity_csrf='))).toMatch(/; Secure/);
    const res = await b.submit('/en/signup', { email: 'dan@example.com', password: 'correct horse battery' });
    expect(res.setCookies.find((c) => c.startsWith('entity_session='))).toMatch(/HttpOnly; SameSite=Lax; Secure/);
  });
});
