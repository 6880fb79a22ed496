import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { ProtectedResourceMetadataDto } from './dto/protected-resource-metadata.dto';
import { OAuthService, PROTECTED_RESOURCE_METADATA_PATH } from './oauth.service';

const DESCRIPTION =
  'RFC 9728 protected resource metadata of the MCP endpoint: `resource` is `{PUBLIC_BASE_URL}/v1/mcp` (the resource indicator, RFC 8707, every ' +
  'access token is issued for), `authorization_servers` the OAuth 2.1 authorization server (this service: its metadata at ' +
  '`/.well-known/oauth-authorization-server`), `scopes_supported` the scopes a connector may be granted. The 401 of `/v1/mcp` names it in ' +
  '`WWW-Authenticate: Bearer realm="creative", resource_metadata="…"`.';

/** Where an MCP client finds how to get a token for `/v1/mcp` (RFC 9728), at the path-suffixed form and at the root. */
@ApiTags('oauth')
@Public()
@ApiSecurity({})
@Controller(PROTECTED_RESOURCE_METADATA_PATH.slice(1))
export class WellKnownController {
  constructor(@Inject(OAuthService) private readonly oauth: OAuthService) {}

  @Get('v1/mcp')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ summary: 'Protected resource metadata of /v1/mcp (RFC 9728)', description: DESCRIPTION })
  @ApiOkResponse({ type: ProtectedResourceMetadataDto })
  forMcp(): ProtectedResourceMetadataDto {
    return this.oauth.protectedResourceMetadata();
  }

  @Get()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    summary: 'Protected resource metadata (RFC 9728), at the root',
    description: `The same document as \`${PROTECTED_RESOURCE_METADATA_PATH}/v1/mcp\`. ${DESCRIPTION}`,
  })
  @ApiOkResponse({ type: ProtectedResourceMetadataDto })
  atRoot(): ProtectedResourceMetadataDto {
    return this.oauth.protectedResourceMetadata();
  }
}
