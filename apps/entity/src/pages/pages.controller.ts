import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { DomainException, statusOf } from '@platform/errors';
import type { Request, Response } from 'express';
import { AccountsService, SESSION_TTL_MS, User } from '../accounts/accounts.service';
import type { EntityConfig } from '../config';
import { EntitiesService } from '../entities/entities.service';
import { html, Html, page, STYLESHEET } from '../common/html';
import { localeOf, texts } from '../common/i18n';
import { csrfToken, csrfValid, formString, readCookie, safeReturnTo, sendHtml, SESSION_COOKIE, setCookie } from './web';

/** Login, sign-up, logout and the signed-in home (the user's entities). Plain HTML forms, no JavaScript. */
@ApiExcludeController()
@Public()
@Controller()
export class PagesController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly entities: EntitiesService,
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
  ) {}

  private get secure() {
    return this.config.publicBaseUrl.startsWith('https:');
  }

  @Get('assets/entity.css')
  stylesheet(@Res() res: Response) {
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(STYLESHEET);
  }

  @Get(':locale/login')
  loginPage(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    this.renderLogin(req, res, locale, String(req.query.return_to ?? ''), undefined, 200);
  }

  @Post(':locale/login')
  async login(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const t = texts(locale);
    const returnTo = formString(req, 'return_to');
    if (!csrfValid(req)) return this.renderLogin(req, res, locale, returnTo, t.invalidForm, 403);
    try {
      const user = await this.accounts.logIn(formString(req, 'email'), formString(req, 'password'), req.ip ?? 'unknown');
      await this.startSession(res, user);
      res.redirect(303, safeReturnTo(returnTo, `/${localeOf(locale)}/account`));
    } catch (err) {
      if (!(err instanceof DomainException)) throw err;
      if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      this.renderLogin(req, res, locale, returnTo, err.kind === 'too_many' ? t.tooMany : t.wrongLogin, statusOf(err));
    }
  }

  @Get(':locale/signup')
  signupPage(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    this.renderSignup(req, res, locale, String(req.query.return_to ?? ''), undefined, 200);
  }

  @Post(':locale/signup')
  async signup(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const t = texts(locale);
    const returnTo = formString(req, 'return_to');
    if (!csrfValid(req)) return this.renderSignup(req, res, locale, returnTo, t.invalidForm, 403);
    try {
      const user = await this.accounts.signUp({ email: formString(req, 'email'), password: formString(req, 'password'), name: formString(req, 'name') });
      await this.startSession(res, user);
      res.redirect(303, safeReturnTo(returnTo, `/${localeOf(locale)}/account`));
    } catch (err) {
      if (!(err instanceof DomainException)) throw err;
      this.renderSignup(req, res, locale, returnTo, err.message, statusOf(err));
    }
  }

  @Post(':locale/logout')
  async logout(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    if (csrfValid(req)) {
      await this.accounts.closeSession(readCookie(req, SESSION_COOKIE));
      setCookie(res, SESSION_COOKIE, '', { secure: this.secure, maxAgeSeconds: 0 });
    }
    res.redirect(303, `/${localeOf(locale)}/login`);
  }

  @Get(':locale/account')
  async home(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const user = await this.requireUser(req, res, locale);
    if (user) await this.renderHome(req, res, locale, user);
  }

  @Post(':locale/account/entities')
  async createEntity(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const user = await this.requireUser(req, res, locale);
    if (!user) return;
    if (!csrfValid(req)) return sendHtml(res, 403, page(texts(locale), texts(locale).errorTitle, html`<p class="error">${texts(locale).invalidForm}</p>`));
    const name = formString(req, 'name').trim();
    const purpose = formString(req, 'purpose').trim();
    if (name && purpose) await this.entities.create(user.accountId, { name: name.slice(0, 120), purpose: purpose.slice(0, 2000) });
    res.redirect(303, `/${localeOf(locale)}/account`);
  }

  /** The signed-in user, or a redirect to the login page (returning here) and null. */
  async requireUser(req: Request, res: Response, locale: string): Promise<User | null> {
    const user = await this.accounts.userForSession(readCookie(req, SESSION_COOKIE));
    if (!user) res.redirect(303, `/${localeOf(locale)}/login?return_to=${encodeURIComponent(req.originalUrl)}`);
    return user;
  }

  private async startSession(res: Response, user: User) {
    const token = await this.accounts.openSession(user);
    setCookie(res, SESSION_COOKIE, token, { secure: this.secure, maxAgeSeconds: SESSION_TTL_MS / 1000 });
  }

  private async renderHome(req: Request, res: Response, locale: string, user: User) {
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.secure);
    const { data } = await this.entities.list(user.accountId, { limit: 100 });
    const body = html`<h2>${t.entities}</h2>
      <ul>
        ${data.map((e) => html`<li><strong>${e.name}</strong> — ${e.purpose} <code>${e.id}</code></li>`)}
      </ul>
      <form method="post" action="/${l}/account/entities">
        <fieldset>
          <legend>${t.newEntity}</legend>
          <input type="hidden" name="_csrf" value="${csrf}" />
          <label for="entity-name">${t.entityName}</label><input type="text" id="entity-name" name="name" required maxlength="120" />
          <label for="entity-purpose">${t.purpose}</label><input type="text" id="entity-purpose" name="purpose" required maxlength="2000" />
          <button type="submit">${t.create}</button>
        </fieldset>
      </form>`;
    sendHtml(res, 200, page(t, t.home, body, { locale: l, csrf, email: user.email }));
  }

  private renderLogin(req: Request, res: Response, locale: string, returnTo: string, error: string | undefined, status: number) {
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.secure);
    const back = safeReturnTo(returnTo, '');
    const body = html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/${l}/login">
        <input type="hidden" name="_csrf" value="${csrf}" /><input type="hidden" name="return_to" value="${back}" /> <label for="email">${t.email}</label
        ><input type="email" id="email" name="email" autocomplete="username" required /> <label for="password">${t.password}</label
        ><input type="password" id="password" name="password" autocomplete="current-password" required /> <button type="submit">${t.login}</button>
      </form>
      <p>${t.noAccount} <a href="/${l}/signup${back ? `?return_to=${encodeURIComponent(back)}` : ''}">${t.signup}</a></p>`;
    sendHtml(res, status, page(t, t.login, body));
  }

  private renderSignup(req: Request, res: Response, locale: string, returnTo: string, error: string | undefined, status: number) {
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.secure);
    const back = safeReturnTo(returnTo, '');
    const body: Html = html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="/${l}/signup">
        <input type="hidden" name="_csrf" value="${csrf}" /><input type="hidden" name="return_to" value="${back}" /> <label for="name">${t.name}</label
        ><input type="text" id="name" name="name" autocomplete="name" /> <label for="email">${t.email}</label
        ><input type="email" id="email" name="email" autocomplete="username" required /> <label for="password">${t.password}</label
        ><input type="password" id="password" name="password" autocomplete="new-password" minlength="10" required /> <button type="submit">${t.signup}</button>
      </form>
      <p>${t.haveAccount} <a href="/${l}/login${back ? `?return_to=${encodeURIComponent(back)}` : ''}">${t.login}</a></p>`;
    sendHtml(res, status, page(t, t.signup, body));
  }
}
