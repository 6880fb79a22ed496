import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiKeyService, FailedAuthThrottle, OidcInteraction, Public } from '@platform/auth';
import type { Request, Response } from 'express';
import { OAuthService } from './oauth.service';
import { consentPage, notFoundPage, pagePolicy, signInPage } from './pages';
import { isMcpScope, requestedScopes } from './scopes';

/** The host (and port) of the client's redirect URI, shown on the pages. */
function hostOf(redirectUri: unknown): string | null {
  try {
    return typeof redirectUri === 'string' ? new URL(redirectUri).host : null;
  } catch {
    return null;
  }
}

function formValues(req: Request, name: string): string[] {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
}

/**
 * The pages of an authorization (oidc-provider's interactions, `/oauth-connect/{uid}`): sign in with one of the
 * account's API keys (its account becomes the session's; the key is not kept), then consent: the account, the
 * application, and the scopes it asked for, any of which the user can leave out. The interaction cookie
 * (SameSite=Lax, bound to this uid) is what ties a post to the browser that started the authorization.
 */
@ApiExcludeController()
@Public()
@Controller('oauth-connect')
export class ConnectController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly apiKeys: ApiKeyService,
    private readonly failures: FailedAuthThrottle,
  ) {}

  @Get(':uid')
  async show(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const details = await this.details(req, res, uid);
    if (!details) return;
    if (details.prompt.name === 'login') return this.send(res, 200, signInPage(await this.signInInput(details)), details);
    await this.renderConsent(res, details);
  }

  @Post(':uid')
  async decide(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const details = await this.details(req, res, uid);
    if (!details) return;
    const provider = this.oauth.oidcProvider;
    if (details.prompt.name === 'login') {
      const key = formValues(req, 'api_key')[0]?.trim() ?? '';
      const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      await this.failures.check(address);
      const auth = key ? await this.apiKeys.verify(key) : null;
      if (!auth) {
        if (key) await this.failures.failed(address, key);
        return this.send(
          res,
          401,
          signInPage({ ...(await this.signInInput(details)), error: 'That is not an API key of a Creative account (or it was revoked).' }),
          details,
        );
      }
      await provider.interactionFinished(req, res, { login: { accountId: auth.accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    if (formValues(req, 'decision')[0] !== 'allow') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied the request' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) return this.send(res, 400, notFoundPage(), details);
    const asked = requestedScopes(details.params.scope);
    const chosen = asked.filter((s) => formValues(req, 'scope').filter(isMcpScope).includes(s));
    if (!chosen.length) return this.renderConsent(res, details, 'Choose at least one scope, or deny.');
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId, clientId });
    const scope = chosen.join(' ');
    const left = asked.filter((s) => !chosen.includes(s)).join(' ');
    // The MCP scopes are the provider's scopes too (so a registration may name them): granted, or refused, in both.
    grant.addResourceScope(this.oauth.resource, scope);
    grant.addOIDCScope(scope);
    if (left) {
      grant.rejectResourceScope(this.oauth.resource, left);
      grant.rejectOIDCScope(left);
    }
    if (
      String(details.params.scope ?? '')
        .split(' ')
        .includes('offline_access')
    )
      grant.addOIDCScope('offline_access');
    const grantId = await grant.save();
    await this.oauth.recordGrant({ grantId, accountId, clientId, scope });
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  private async details(req: Request, res: Response, uid: string): Promise<OidcInteraction | null> {
    const details = await this.oauth.oidcProvider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== uid) {
      this.send(res, 400, notFoundPage());
      return null;
    }
    return details;
  }

  private async signInInput(details: OidcInteraction) {
    return { uid: details.uid, client: await this.oauth.clientName(String(details.params.client_id)), returnHost: hostOf(details.params.redirect_uri) };
  }

  private async renderConsent(res: Response, details: OidcInteraction, error?: string): Promise<void> {
    const accountId = details.session?.accountId;
    const account = accountId ? await this.apiKeys.getAccount(accountId) : null;
    if (!account) return this.send(res, 400, notFoundPage(), details);
    const html = consentPage({
      uid: details.uid,
      client: await this.oauth.clientName(String(details.params.client_id)),
      account: { id: account.id, name: account.name },
      scopes: requestedScopes(details.params.scope),
      returnHost: hostOf(details.params.redirect_uri),
      refresh: true,
      error,
    });
    this.send(res, error ? 422 : 200, html, details);
  }

  private send(res: Response, status: number, html: string, details?: OidcInteraction): void {
    res
      .status(status)
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Security-Policy', pagePolicy(details?.params.redirect_uri))
      .send(html);
  }
}
