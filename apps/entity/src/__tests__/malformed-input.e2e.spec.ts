import { describeMalformedInput, expectStatus } from '@platform/testing';
import { OAuthService } from '../oauth/oauth.service';
import { entityService } from '../service';

// Every operation of apps/entity/openapi.json (the OAuth token and revocation endpoints included) gets bad
// ids, bad query values, malformed bodies and forms and lying content types
// (libs/platform/testing/src/lib/malformed-input.ts): no 5xx, no dropped connection, and every answer in
// the envelope the document declares (`{ok: false, error, code}`, RFC 6749 bodies on /api/oauth).
describeMalformedInput(entityService, {
  async setup(t) {
    const owner = await t.account('malformed');
    const bearer = { Authorization: `Bearer ${owner.key}` };
    const entity = expectStatus(await t.http.post('/api/v1/entities').set(bearer).send({ name: 'Lia', purpose: 'A study companion' }), 201).body.entity;
    expectStatus(await t.http.post(`/api/v1/entities/${entity.id}/messages`).set(bearer).send({ message: 'Hi, I am Ana', end_user_id: 'ana' }), 200);
    const { client, secret } = await t.app.get(OAuthService).createClient(owner.accountId, { name: 'Acme', redirectUris: ['http://127.0.0.1:9/callback'] });
    const ids = { entityId: entity.id, id: entity.id, endUserId: 'ana' };
    return {
      credentials: bearer,
      pathValues: {
        '/api/v1/entities/{id}': ids,
        '/api/v1/entities/{entityId}/messages': ids,
        '/api/v1/entities/{entityId}/end-users/{endUserId}/memory': ids,
        '/{locale}/oauth/authorize': { locale: 'en' },
      },
      validBodies: {
        'POST /api/oauth/token': {
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: 'http://127.0.0.1:9/callback',
          client_id: client.id,
          client_secret: secret!,
        },
        'POST /api/oauth/revoke': { token: 'not-a-token', client_id: client.id, client_secret: secret! },
      },
    };
  },
});
