import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiKeyService, Public } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { DomainException, statusOf } from '@platform/errors';
import type { Request, Response } from 'express';
import { AccountsService, User } from '../accounts/accounts.service';
import type { EntityConfig } from '../config';
import { KNOWN_SCOPES } from '../entities/scopes';
import { OAuthService } from '../oauth/oauth.service';
import { html, Html, page } from '../common/html';
import { localeOf, texts } from '../common/i18n';
import { requireUser } from '../pages/session';
import { csrfToken, csrfValid, formString, readCookie, sendHtml, setCookie } from '../pages/web';
import { FLASH_TTL_SECONDS, FlashService, PortalFlash } from './flash.service';

/** The cookie that carries a flash's token from a form's redirect to the page that shows it. */
export const FLASH_COOKIE = 'entity_flash';

/**
 * The developer portal: API keys (with scopes) and OAuth clients of the signed-in user's account.
 * Secrets are stored only as hashes and shown once: a form that makes one answers 303 to the
 * portal (POST-redirect-GET, so reloading does not make another), whose next GET shows it from a
 * single-use flash (FlashService).
 */
@ApiExcludeController()
@Public()
@Controller()
export class PortalController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeyService,
    private readonly oauth: OAuthService,
    private readonly flashes: FlashService,
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
  ) {}

  @Get(':locale/developers')
  async show(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const user = await requireUser(this.accounts, req, res, locale);
    if (!user) return;
    const token = readCookie(req, FLASH_COOKIE);
    if (token !== undefined) setCookie(res, FLASH_COOKIE, '', { secure: this.secure, maxAgeSeconds: 0 });
    const flash = await this.flashes.take(user.id, token);
    await this.render(req, res, locale, user, flash ? this.notice(locale, flash) : undefined);
  }

  private get secure() {
    return this.config.publicBaseUrl.startsWith('https:');
  }

  /** The once-shown secret of a flash. */
  private notice(locale: string, flash: PortalFlash): Html {
    const t = texts(locale);
    const secret = html`<code id="new-secret">${flash.secret}</code>`;
    if (flash.kind === 'key') return html`<p class="notice" role="status">${t.keyShownOnce}<br />${secret}</p>`;
    const id = flash.kind === 'client' ? html`<code id="new-client-id">${flash.clientId}</code>` : html`<code>${flash.clientId}</code>`;
    return html`<p class="notice" role="status">${t.clientId}: ${id}${flash.secret ? html`<br />${t.secretShownOnce}<br />${secret}` : ''}</p>`;
  }

  @Post(':locale/developers/keys')
  async createKey(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    await this.action(req, res, locale, async (user) => {
      const body = req.body as Record<string, unknown>;
      const scopes = (Array.isArray(body.scopes) ? body.scopes : [body.scopes]).filter((s): s is string => typeof s === 'string');
      const { key } = await this.keys.createKey(user.accountId, { name: formString(req, 'name').trim().slice(0, 120) || 'default', scopes });
      return { kind: 'key', secret: key };
    });
  }

  @Post(':locale/developers/keys/:id/revoke')
  async revokeKey(@Param('locale') locale: string, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    await this.action(req, res, locale, async (user) => {
      await this.keys.revokeKey(user.accountId, id);
      return null;
    });
  }

  @Post(':locale/developers/clients')
  async createClient(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    await this.action(req, res, locale, async (user) => {
      const { client, secret } = await this.oauth.createClient(user.accountId, {
        name: formString(req, 'name'),
        redirectUris: formString(req, 'redirect_uris').split(/\r?\n/),
        isPublic: formString(req, 'public') === 'on',
        requirePkce: formString(req, 'require_pkce') === 'on',
      });
      return { kind: 'client', clientId: client.id, secret };
    });
  }

  @Post(':locale/developers/clients/:id/rotate')
  async rotate(@Param('locale') locale: string, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    await this.action(req, res, locale, async (user) => {
      return { kind: 'rotated', clientId: id, secret: await this.oauth.rotateSecret(user.accountId, id) };
    });
  }

  /**
   * Runs a form action for the signed-in user, then 303 to the portal (its secret, if it made one,
   * waits in a flash for that GET); a refused form re-renders the portal with the error.
   */
  private async action(req: Request, res: Response, locale: string, run: (user: User) => Promise<PortalFlash | null>) {
    const user = await requireUser(this.accounts, req, res, locale);
    if (!user) return;
    const t = texts(locale);
    if (!csrfValid(req)) return sendHtml(res, 403, page(t, t.errorTitle, html`<p class="error" role="alert">${t.invalidForm}</p>`));
    try {
      const flash = await run(user);
      if (flash) setCookie(res, FLASH_COOKIE, await this.flashes.put(user.id, flash), { secure: this.secure, maxAgeSeconds: FLASH_TTL_SECONDS });
      res.redirect(303, `/${localeOf(locale)}/developers`);
    } catch (err) {
      if (!(err instanceof DomainException)) throw err;
      await this.render(req, res, locale, user, html`<p class="error" role="alert">${err.message}</p>`, statusOf(err));
    }
  }

  private async render(req: Request, res: Response, locale: string, user: User, notice?: Html, status = 200) {
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.secure);
    const [keys, clients] = await Promise.all([this.keys.listKeys(user.accountId), this.oauth.listClients(user.accountId)]);
    const hidden = html`<input type="hidden" name="_csrf" value="${csrf}" />`;
    const body = html`${notice ?? ''}
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">${t.apiKeys}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">${t.keyName}</th>
              <th scope="col">${t.scopes}</th>
              <th scope="col"></th>
            </tr>
          </thead>
          <tbody>
            ${keys.map(
              (k) =>
                html`<tr>
                  <td>${k.name} <code>${k.prefix}…</code></td>
                  <td>${k.scopes.join(', ')}</td>
                  <td>
                    <form method="post" action="/${l}/developers/keys/${k.id}/revoke">${hidden}<button type="submit">${t.revoke}</button></form>
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form method="post" action="/${l}/developers/keys">
          <fieldset>
            <legend>${t.newKey}</legend>
            ${hidden} <label for="key-name">${t.keyName}</label><input type="text" id="key-name" name="name" maxlength="120" />
            <fieldset>
              <legend>${t.scopes}</legend>
              ${KNOWN_SCOPES.map(
                (s) =>
                  html`<div>
                    <input type="checkbox" id="scope-${s}" name="scopes" value="${s}" ${s !== 'entities:write' ? html` checked` : ''} />
                    <label class="inline" for="scope-${s}">${s}</label>
                  </div>`,
              )}
            </fieldset>
            <button type="submit">${t.newKey}</button>
          </fieldset>
        </form>
      </section>
      <section aria-labelledby="clients-title">
        <h2 id="clients-title">${t.clients}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">${t.clientName}</th>
              <th scope="col">${t.clientId}</th>
              <th scope="col">${t.redirectUris}</th>
              <th scope="col"></th>
            </tr>
          </thead>
          <tbody>
            ${clients.map(
              (c) =>
                html`<tr>
                  <td>${c.name}</td>
                  <td><code>${c.id}</code></td>
                  <td>${c.redirect_uris.map((u) => html`<code>${u}</code><br />`)}</td>
                  <td>
                    ${c.secret_hash ? html`<form method="post" action="/${l}/developers/clients/${c.id}/rotate">${hidden}<button type="submit">${t.rotate}</button></form>` : 'PKCE'}
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form method="post" action="/${l}/developers/clients">
          <fieldset>
            <legend>${t.newClient}</legend>
            ${hidden} <label for="client-name">${t.clientName}</label><input type="text" id="client-name" name="name" required maxlength="120" />
            <label for="client-redirects">${t.redirectUris}</label><textarea id="client-redirects" name="redirect_uris" rows="3" required></textarea>
            <div><input type="checkbox" id="client-public" name="public" /> <label class="inline" for="client-public">${t.publicClient}</label></div>
            <div><input type="checkbox" id="client-pkce" name="require_pkce" /> <label class="inline" for="client-pkce">${t.requirePkce}</label></div>
            <button type="submit">${t.newClient}</button>
          </fieldset>
        </form>
      </section>`;
    sendHtml(res, status, page(t, t.developers, body, { locale: l, csrf, email: user.email }));
  }
}
