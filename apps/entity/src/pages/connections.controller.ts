import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import type { Request, Response } from 'express';
import { AccountsService } from '../accounts/accounts.service';
import type { EntityConfig } from '../config';
import { OAuthService } from '../oauth/oauth.service';
import { html, page } from '../common/html';
import { localeOf, texts } from '../common/i18n';
import { requireUser } from './session';
import { csrfToken, csrfValid, formString, sendHtml } from './web';

/** The applications linked to the user's entities; removing one revokes all of its tokens at once. */
@ApiExcludeController()
@Public()
@Controller()
export class ConnectionsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly oauth: OAuthService,
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
  ) {}

  @Get(':locale/connections')
  async list(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const user = await requireUser(this.accounts, req, res, locale);
    if (!user) return;
    const t = texts(locale);
    const l = localeOf(locale);
    const csrf = csrfToken(req, res, this.config.publicBaseUrl.startsWith('https:'));
    const connections = await this.oauth.listConnections(user);
    const body = html`<p>${t.connectionsIntro}</p>
      ${
        connections.length
          ? html`<table>
              <thead>
                <tr>
                  <th scope="col">${t.application}</th>
                  <th scope="col">${t.entity}</th>
                  <th scope="col">${t.since}</th>
                  <th scope="col"><span class="sr-only">${t.remove}</span></th>
                </tr>
              </thead>
              <tbody>
                ${connections.map(
                  (c) =>
                    html`<tr>
                      <td>${c.clientName}</td>
                      <td>${c.entityName}</td>
                      <td><time datetime="${c.since.toISOString()}">${c.since.toISOString().slice(0, 10)}</time></td>
                      <td>
                        <form method="post" action="/${l}/connections/remove">
                          <input type="hidden" name="_csrf" value="${csrf}" /> <input type="hidden" name="entity_id" value="${c.entityId}" /><input
                            type="hidden"
                            name="client_id"
                            value="${c.clientId}"
                          />
                          <button type="submit" aria-label="${t.remove}: ${c.clientName} — ${c.entityName}">${t.remove}</button>
                        </form>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p>${t.noConnections}</p>`
      }`;
    sendHtml(res, 200, page(t, t.connections, body, { locale: l, csrf, email: user.email }));
  }

  @Post(':locale/connections/remove')
  async remove(@Param('locale') locale: string, @Req() req: Request, @Res() res: Response) {
    const user = await requireUser(this.accounts, req, res, locale);
    if (!user) return;
    const t = texts(locale);
    if (!csrfValid(req)) return sendHtml(res, 403, page(t, t.errorTitle, html`<p class="error" role="alert">${t.invalidForm}</p>`));
    await this.oauth.removeConnection(user.id, formString(req, 'entity_id'), formString(req, 'client_id'));
    res.redirect(303, `/${localeOf(locale)}/connections`);
  }
}
