import type { Request, Response } from 'express';
import type { AccountsService, User } from '../accounts/accounts.service';
import { localeOf } from '../common/i18n';
import { readCookie, SESSION_COOKIE } from './web';

/** The signed-in user, or a 303 to the login page (coming back here afterwards) and null. */
export async function requireUser(accounts: AccountsService, req: Request, res: Response, locale: string): Promise<User | null> {
  const user = await accounts.userForSession(readCookie(req, SESSION_COOKIE));
  if (!user) res.redirect(303, `/${localeOf(locale)}/login?return_to=${encodeURIComponent(req.originalUrl)}`);
  return user;
}
