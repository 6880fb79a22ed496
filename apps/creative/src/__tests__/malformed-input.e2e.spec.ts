import { describeMalformedInput } from '@platform/testing';
import { creativeService } from '../service';

// Every operation of apps/creative/openapi.json gets bad ids, bad query values, malformed bodies and lying
// content types (libs/platform/testing/src/lib/malformed-input.ts): no 5xx, no dropped connection, and every
// answer in the creative envelope the document declares (422 `{detail: [...]}`, `{detail, code}` otherwise).
describeMalformedInput(creativeService, {
  async setup(t) {
    const owner = await t.account('malformed');
    return { credentials: { 'x-api-key': owner.key } };
  },
});
