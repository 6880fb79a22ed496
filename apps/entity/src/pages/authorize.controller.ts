import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import type { Request, Response } from 'express';
import { AccountsService, User } from '../accounts/accounts.service';
import type { EntityConfig } from '../config';
import { EntitiesService } from '../entities/entities.service';
import { oauthErrorPage } from '../oauth/oauth-error-page';
import { badParameter, badParameterDescription, storable } from '@platform/auth';
import { OAUTH_MOUNT, OAUTH_SCOPE, OAuthService } from '../oauth/oauth.service';
import type { OidcInteraction } from '@platform/auth';
import { html, page } from '../common/html';
import { localeOf, texts } from '../common/i18n';
import { csrfToken, csrfValid, formString, readCookie, sendHtml, SESSION_COOKIE } from './web';

/** The host (and port) of the client's redirect URI, shown on the consent page. */
function hostOf(redirectUri: unknown): string | null {
  try {
    return typeof redirectUri === 'string' ? new URL(redirectUri).host : null;
  } catch {
    return null;
  }
}

/** Content-Security-Policy of the consent page: the form's redirect chain ends at the client's redirect URI. */
function consentCsp(redirectUri: string | undefined): string {
  let origin = '';
  try {
    origin = redirectUri ? ` ${new URL(redirectUri).origin}` : '';
  } catch {
    origin = '';
  }
  return `default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'${origin}`;
}

/**
 * The authorization page: `/{locale}/oauth/authorize` hands the request to the OAuth provider,
 * which validates client and redirect URI and opens an interaction; the interaction page asks
 * the user to log in, shows the application and what it asks for, and lets the user choose an entity.
 */
@ApiExcludeController()
@Public()
@Controller()
export class AuthorizeController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly accounts: AccountsService,
    private readonly entities: EntitiesService,
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
  ) {}

  @Get(':locale/oauth/authorize')
  authorize(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const raw = req.originalUrl.split('?')[1] ?? '';
    // A parameter PostgreSQL cannot store (NUL) is refused here, as the provider's endpoint refuses it.
    const bad = badParameter(raw);
    if (bad) return sendHtml(res, 400, oauthErrorPage(locale, bad.error, badParameterDescription(bad)));
    const query = new URLSearchParams(raw);
    query.set('ui_locales', localeOf(locale));
    res.redirect(303, `${OAUTH_MOUNT}/auth?${query.toString()}`);
  }

  @Get(':locale/oauth/interaction/:uid')
  async interaction(@Param('locale') locale: string, @Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const user = await this.user(req, res, locale);
    if (!user) return;
    const details = await this.details(req, res, locale, uid);
    if (details) await this.renderConsent(req, res, locale, user, details);
  }

  @Post(':locale/oauth/interaction/:uid')
  async decide(@Param('locale') locale: string, @Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const t = texts(locale);
    const user = await this.user(req, res, locale);
    if (!user) return;
    if (!csrfValid(req)) return sendHtml(res, 403, page(t, t.errorTitle, html`<p class="error" role="alert">${t.invalidForm}</p>`));
    const details = await this.details(req, res, locale, uid);
    if (!details) return;
    const provider = this.oauth.oidcProvider;
    if (formString(req, 'decision') !== 'allow') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied the request' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const entityId = formString(req, 'entity_id');
    const entity = storable(entityId) ? await this.entities.get(user.accountId, entityId).catch(() => null) : null;
    if (!entity) return this.renderConsent(req, res, locale, user, details, 422);
    const clientId = String(details.params.client_id);
    const requested = String(details.params.scope ?? '').split(' ');
    const grant = new provider.Grant({ accountId: user.id, clientId });
    const scope = requested.includes(OAUTH_SCOPE) ? OAUTH_SCOPE : '';
    grant.addResourceScope(this.oauth.resource, scope);
    if (requested.includes('offline_access')) grant.addOIDCScope('offline_access');
    const grantId = await grant.save();
    await this.oauth.recordGrant({ grantId, accountId: user.accountId, userId: user.id, entityId: entity.id, clientId, scope });
    await provider.interactionFinished(req, res, { login: { accountId: user.id }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  private async user(req: Request, res: Response, locale: string): Promise<User | null> {
    const user = await this.accounts.userForSession(readCookie(req, SESSION_COOKIE));
    if (!user) res.redirect(303, `/${localeOf(locale)}/login?return_to=${encodeURIComponent(req.originalUrl)}`);
    return user;
  }

  private async details(req: Request, res: Response, locale: string, uid: string): Promise<OidcInteraction | null> {
    const t = texts(locale);
    const details = await this.oauth.oidcProvider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== uid) {
      sendHtml(res, 400, page(t, t.errorTitle, html`<p class="error" role="alert">${t.notFound}</p>`));
      return null;
    }
    return details;
  }

  private async renderConsent(req: Request, res: Response, locale: string, user: User, details: OidcInteraction, status = 200) {
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.config.publicBaseUrl.startsWith('https:'));
    const client = await this.oauth.clientName(String(details.params.client_id));
    const { data: entities } = await this.entities.list(user.accountId, { limit: 100 });
    const requested = String(details.params.scope ?? '').split(' ');
    const chat = requested.includes(OAUTH_SCOPE);
    const asks = [chat ? t.scopeChat : null, chat ? t.scopeSees : null, requested.includes('offline_access') ? t.scopeOffline : null].filter(Boolean);
    // The provider has matched redirect_uri against the client's registered ones before this page shows.
    const returnHost = hostOf(details.params.redirect_uri);
    const body = html`<p><strong>${t.authorizeAsks(client)}</strong></p>
      <ul>
        ${asks.map((a) => html`<li>${a}</li>`)}
      </ul>
      ${chat ? html`<p>${t.scopeDoesNotSee}</p>` : ''} ${returnHost ? html`<p id="return-host">${t.returnsTo} <strong>${returnHost}</strong>.</p>` : ''}
      <form method="post" action="/${l}/oauth/interaction/${details.uid}">
        <input type="hidden" name="_csrf" value="${csrf}" />
        ${
          entities.length
            ? html`<fieldset>
                  <legend>${t.chooseEntity}</legend>
                  ${entities.map(
                    (e, i) =>
                      html`<div>
                        <input type="radio" name="entity_id" id="entity-${e.id}" value="${e.id}" ${i === 0 ? html` checked` : ''} required />
                        <label for="entity-${e.id}" class="inline">${e.name}</label> — ${e.purpose}
                      </div>`,
                  )}
                </fieldset>
                <button type="submit" name="decision" value="allow">${t.allow}</button>`
            : html`<p>${t.noEntities} <a href="/${l}/account">${t.newEntity}</a></p>`
        }
        <button type="submit" name="decision" value="deny" formnovalidate>${t.deny}</button>
      </form>`;
    res.setHeader('Content-Security-Policy', consentCsp(details.params.redirect_uri));
    sendHtml(res, status, page(t, t.authorizeTitle, body, { locale: l, csrf, email: user.email }));
  }
}
