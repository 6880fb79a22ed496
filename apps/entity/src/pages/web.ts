import { randomToken } from '@platform/auth';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'entity_session';
export const CSRF_COOKIE = 'entity_csrf';

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds?: number;
}

/** HttpOnly, SameSite=Lax (top-level OAuth redirects must carry the session), Secure on https. */
export function setCookie(res: Response, name: string, value: string, opts: CookieOptions): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (opts.secure) parts.push('Secure');
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  res.append('Set-Cookie', parts.join('; '));
}

/** The CSRF token for this browser (double-submit: a cookie and the same value in every form). */
export function csrfToken(req: Request, res: Response, secure: boolean): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9]{32}$/.test(existing)) return existing;
  const token = randomToken(32);
  setCookie(res, CSRF_COOKIE, token, { secure });
  // Later reads in this request see the new value.
  req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${CSRF_COOKIE}=${token}`;
  return token;
}

/** A form post is accepted only with the matching token and, when the browser says, from our own origin. */
export function csrfValid(req: Request): boolean {
  const cookie = readCookie(req, CSRF_COOKIE);
  const field = (req.body as Record<string, unknown> | undefined)?._csrf;
  if (!cookie || typeof field !== 'string' || cookie.length !== field.length) return false;
  if (!timingSafeEqual(Buffer.from(cookie), Buffer.from(field))) return false;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      if (new URL(origin).host !== req.headers.host) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Only same-site relative paths are followed after login. */
export function safeReturnTo(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\/[^/\\]/.test(value) && !/[\r\n]/.test(value) ? value : fallback;
}

export function formString(req: Request, name: string): string {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
}

export function sendHtml(res: Response, status: number, body: string): void {
  res.status(status).setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.send(body);
}
