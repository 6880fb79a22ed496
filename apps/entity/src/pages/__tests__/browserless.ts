import type { BaseConfig } from '@platform/config';
import { checkedFetch, type TestApp } from '@platform/testing';
import { Client } from 'pg';

export interface PageResponse {
  status: number;
  text: string;
  location: string | null;
  headers: Headers;
  setCookies: string[];
}

/**
 * A minimal cookie-keeping HTTP client that submits forms the way a browser without JavaScript does.
 * Responses are checked against the OpenAPI document (pages are on its list of undocumented routes).
 */
export class Browserless {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(readonly base: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async request(path: string, init: RequestInit): Promise<PageResponse> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const res = await checkedFetch(url, { ...init, redirect: 'manual', headers: { cookie: this.cookieHeader(), ...(init.headers as Record<string, string>) } });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (attrs.some((a) => /max-age=0$/i.test(a.trim())) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    if (res.status === 200) this.lastPage = text;
    return { status: res.status, text, location: res.headers.get('location'), headers: res.headers, setCookies };
  }

  get(path: string) {
    return this.request(path, { method: 'GET' });
  }

  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  /** Posts a form with the CSRF token found in the last page (or the one at `from`). */
  async submit(path: string, fields: Record<string, string>, from?: string, headers: Record<string, string> = {}) {
    if (from) await this.get(from);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(this.lastPage)?.[1] ?? '';
    return this.post(path, { _csrf: csrf, ...fields }, headers);
  }

  /** Follows redirects on this origin; stops at the first one elsewhere and returns its location. */
  async follow(res: PageResponse): Promise<PageResponse> {
    let cur = res;
    for (let i = 0; i < 10 && cur.location; i++) {
      const next = new URL(cur.location, this.base);
      if (next.origin !== new URL(this.base).origin) return cur;
      cur = await this.get(next.pathname + next.search);
    }
    return cur;
  }

  async sql(t: TestApp<BaseConfig>, text: string, params: unknown[] = []) {
    const c = new Client({ connectionString: t.config.database.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows;
    } finally {
      await c.end();
    }
  }
}
