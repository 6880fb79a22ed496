import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import type { Response } from 'express';
import { BillingResponses, ErrorDto, ErrorResponses, PreconditionFailedErrorDto, RenderErrorResponses } from '../common/error-responses';
import { DesignBodyGuard } from '../common/large-json-body.guard';
import { OptionalBody } from '../common/optional-body.pipe';
import { DESIGN_CHANGE_EFFECT, DESIGN_DELETE_EFFECT, DESIGN_EFFECT, designEtag, DesignsUseCases } from './designs.use-cases';
import {
  AddNodeDto,
  BundleDto,
  CreateDesignDto,
  DesignDto,
  DesignListDto,
  DuplicateDesignDto,
  FormatQuery,
  ListDesignsQuery,
  PatchNodeDto,
  UpdateDesignDto,
} from './dto/design.dto';
import { DiffDto, DiffParams, ListRevisionsQuery, RevisionDto, RevisionListDto, RevisionParams } from './dto/revision.dto';
import { atInput, atInputs } from '@platform/errors';
import { currentIdempotencyClaim, IdempotentEffect, ReplayHeaders } from '@platform/http';

/** The claim of the request's Idempotency-Key, recorded on what it creates or changes (see `IdempotentEffect`). */
const claimRef = () => currentIdempotencyClaim()?.ref ?? null;

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'The revision the change is based on: its ETag `"rev-3"` (a list of them, or `*`); `rev-3` and `3` unquoted name it too (RFC 9110 2.2 recovery). ' +
    '412 `precondition_failed` when the design has moved on; 422 at `header.if-match` for a value that names no revision (`banana`)',
});
const PRECONDITION = ApiResponse({
  status: 412,
  type: PreconditionFailedErrorDto,
  description: 'precondition_failed: If-Match names another revision than the current one',
});
const NOT_FOUND = ApiNotFoundResponse({ type: ErrorDto, description: 'not_found: no such design in this account' });
const DESIGN_ID = ApiParam({ name: 'design_id', example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' });
const ETAG_HEADER = { ETag: { description: 'The current revision, e.g. `"rev-3"` (for If-Match)', schema: { type: 'string' } } };

/** Every design answer carries its revision's ETag (for If-Match). */
const withEtag = (res: Response, design: DesignDto): DesignDto => {
  res.setHeader('ETag', designEtag(design));
  return design;
};

/** The ETag of a replayed design answer (an Idempotency-Key's stored answer, or one rebuilt after its owner died). */
const replayedEtag = (body: unknown): Record<string, string> =>
  body && typeof body === 'object' && typeof (body as DesignDto).revision === 'number' ? { ETag: designEtag(body as DesignDto) } : {};

/**
 * With an Idempotency-Key, a retry after the process running the change died (its hold on the key lapsed, about 30 s)
 * answers what that process stored (the OpenAPI descriptions say it per route).
 */
const TAKEN_OVER =
  ' With an `Idempotency-Key`, a retry after the process running it died (its hold on the key lapsed, about 30 s) answers 200 with the design at the revision ' +
  'that process made (its ETag; If-Match is not checked again, so the retry is not a 412), or makes the change when it made none.';

@ApiTags('designs')
@ErrorResponses()
@ReplayHeaders(replayedEtag)
@Controller('v1/designs')
export class DesignsController {
  constructor(private readonly designs: DesignsUseCases) {}

  @Post()
  @HttpCode(200)
  @IdempotentEffect(DESIGN_EFFECT)
  @ApiOperation({
    summary: 'Create a design',
    description:
      'From a `brief` and a `template` (the brand kit applied: colors, fonts, logo with its position, size and margin), ' +
      'A named template must get its required fields (`GET /v1/templates`): 422 `missing` at `body.brief.<field>` otherwise, nothing stored. ' +
      'Without a template the service chooses one whose required fields the brief has (`square-post` when it has a title). ' +
      "The answer's `warnings` name what the design does not show or had to cut (`field_unused` with the brief field, `text_truncated`, `text_shrunk`...). " +
      'from a raw `ir`, or from a `bundle` of another design. The design starts at revision 1. The IR is validated by the Creative IR library: ' +
      'each issue is a 422 item under `body.ir` (`["body","ir","root","children",2,"fills",0,"color"]`); `asset:<id>` references must name the caller\'s assets. ' +
      'Nodes without an `id` get one (`<type>-<n>`): node operations and diffs address nodes by id. ' +
      'The body may be as large as `DESIGN_BODY_LIMIT` (32 MB by default, read after the credential check; every other JSON body keeps `BODY_LIMIT`, 1 MB), ' +
      'so that a bundle (`GET /v1/designs/{id}/bundle`) with its photos and fonts inlined imports; above it 413 `payload_too_large`. ' +
      "A bundle may also name the caller's own assets (`asset:<id>`) instead of data URLs: upload the photos with `POST /v1/assets` first. " +
      "`data:` images, here and wherever an IR is accepted, are held to the upload's pixel limit: 422 `image_too_large` at the image's `src`.",
  })
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @ApiResponse({ status: 413, type: ErrorDto, description: 'payload_too_large: the body is larger than DESIGN_BODY_LIMIT' })
  @RenderErrorResponses()
  @BillingResponses()
  @UseGuards(DesignBodyGuard)
  async create(@Auth() auth: AuthContext, @Body() body: CreateDesignDto, @Res({ passthrough: true }) res: Response): Promise<DesignDto> {
    return withEtag(res, await this.designs.create(auth, body, claimRef()));
  }

  @Get()
  @ApiOperation({
    summary: 'List and search designs',
    description:
      'Newest first, without their IR. `limit` 1 to 100 (default 25); `next_cursor` gives the next page. `q` keeps the designs whose title or ' +
      'template contains it, ignoring case and accents (`verao` finds "Promoção de Verão"); `template` those built from that template ' +
      '(an unknown template: 422). Unknown query parameters answer 422 `extra_forbidden` at `["query",name]`.',
  })
  @ApiOkResponse({ type: DesignListDto })
  async list(@Auth() auth: AuthContext, @Query() query: ListDesignsQuery): Promise<DesignListDto> {
    return atInput('query', () => this.designs.list(auth, query));
  }

  @Get(':design_id')
  @DESIGN_ID
  @ApiOperation({ summary: 'One design with the IR of its current revision', description: 'Answers `ETag: "rev-N"`; `If-None-Match` with it answers 304.' })
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @ApiResponse({ status: 304, description: 'If-None-Match names the current revision' })
  @NOT_FOUND
  async get(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto | undefined> {
    const design = withEtag(res, await this.designs.get(auth, id));
    if (ifNoneMatch?.split(',').some((t) => t.trim() === designEtag(design))) {
      res.status(304);
      return undefined;
    }
    return design;
  }

  @Patch(':design_id')
  @DESIGN_ID
  @ApiOperation({
    summary: 'Change a design (a new revision)',
    description:
      '`ir` replaces the IR; `brief` (merged into the stored one, null clears a field) and/or `template` rebuild it from the template, replacing node edits; ' +
      "`title` renames. Every PATCH makes revision n+1; parallel PATCHes are serialised, each applied to the other's result. " +
      'A `template` named here must get its required fields (422 `missing` at `body.brief.<field>`); a brief-only change reports absent ones as `field_required_missing` warnings. ' +
      'A rebuild answers `warnings`: brief fields the design does not show (`field_unused`), text cut or shrunk.' +
      TAKEN_OVER +
      ' (without `warnings`, which are not stored).',
  })
  @IdempotentEffect(DESIGN_CHANGE_EFFECT)
  @IF_MATCH
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @PRECONDITION
  @NOT_FOUND
  @RenderErrorResponses()
  @BillingResponses()
  async update(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Body() body: UpdateDesignDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    return withEtag(res, await this.designs.update(auth, { designId: id, ifMatch, body, ref: claimRef() }));
  }

  @Delete(':design_id')
  @DESIGN_ID
  @HttpCode(204)
  @IdempotentEffect(DESIGN_DELETE_EFFECT)
  @ApiOperation({
    summary: 'Delete a design',
    description:
      'Deletes the design with all its revisions and every artifact made from it (renders, previews, exports, videos; their bytes go unless ' +
      'another artifact of the account has the same ones); a campaign that had it as a piece loses that piece. Assets it used stay. ' +
      'Answers 204; deleting it again answers 404 `not_found`. With `If-Match`, only while the design is at that revision (412 otherwise). ' +
      'With an `Idempotency-Key`, a retry after the process deleting it died (its hold on the key lapsed, about 30 s) answers 204 when that ' +
      'process deleted it (its artifacts removed now if they were not), or deletes it when it had not.',
  })
  @IF_MATCH
  @ApiResponse({ status: 204, description: 'Deleted' })
  @PRECONDITION
  @NOT_FOUND
  async remove(@Auth() auth: AuthContext, @Param('design_id') id: string, @Headers('if-match') ifMatch: string | undefined): Promise<void> {
    await this.designs.delete(auth, id, ifMatch, claimRef());
  }

  @Get(':design_id/revisions')
  @DESIGN_ID
  @ApiOperation({
    summary: "A design's revisions",
    description: 'Newest first, without their IR. `limit` 1 to 100 (default 25); `next_cursor` gives the next page.',
  })
  @ApiOkResponse({ type: RevisionListDto })
  @NOT_FOUND
  async revisions(@Auth() auth: AuthContext, @Param('design_id') id: string, @Query() query: ListRevisionsQuery): Promise<RevisionListDto> {
    return atInput('query', () => this.designs.revisions(auth, id, query));
  }

  @Get(':design_id/revisions/:revision')
  @DESIGN_ID
  @ApiOperation({ summary: 'One revision with its IR' })
  @ApiOkResponse({ type: RevisionDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or its revision)' })
  async revision(@Auth() auth: AuthContext, @Param() params: RevisionParams): Promise<RevisionDto> {
    return this.designs.revision(auth, params);
  }

  @Get(':design_id/revisions/:from_revision/diff/:to_revision')
  @DESIGN_ID
  @ApiOperation({
    summary: 'What changed between two revisions',
    description:
      'An RFC 6902 JSON Patch from one IR to the other (made by `rfc6902`), and a summary by node id: nodes added, removed, moved, and per changed node the properties that differ.',
  })
  @ApiOkResponse({ type: DiffDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or its revision)' })
  async diff(@Auth() auth: AuthContext, @Param() p: DiffParams): Promise<DiffDto> {
    return this.designs.diff(auth, p);
  }

  @Post(':design_id/revisions/:revision/restore')
  @DESIGN_ID
  @HttpCode(200)
  @ApiOperation({
    summary: 'Restore a revision',
    description:
      'Makes a new revision whose IR equals that of `revision`.' +
      TAKEN_OVER +
      ' That answer has `render: null` (the `format` of the query is not part of what the key stored): GET the render from the artifacts.',
  })
  @IdempotentEffect(DESIGN_CHANGE_EFFECT)
  @IF_MATCH
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @PRECONDITION
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or its revision)' })
  @RenderErrorResponses()
  @BillingResponses()
  async restore(
    @Auth() auth: AuthContext,
    @Param() params: RevisionParams,
    @Query() query: FormatQuery,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    return withEtag(
      res,
      await atInput('query', () =>
        this.designs.restore(auth, { designId: params.design_id, revision: params.revision, ifMatch, body: query, ref: claimRef() }),
      ),
    );
  }

  @Post(':design_id/nodes')
  @DESIGN_ID
  @HttpCode(200)
  @ApiOperation({
    summary: 'Add a node',
    description:
      'Under `parent_id` (a frame or group; default the root) at `index` (default last). The resulting IR must validate; issues in the node are reported under `body.node`.' +
      TAKEN_OVER,
  })
  @IdempotentEffect(DESIGN_CHANGE_EFFECT)
  @IF_MATCH
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @PRECONDITION
  @NOT_FOUND
  @RenderErrorResponses()
  @BillingResponses()
  async addNode(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Body() body: AddNodeDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    return withEtag(res, await this.designs.addNode(auth, { designId: id, ifMatch, body, ref: claimRef() }));
  }

  @Patch(':design_id/nodes/:node_id')
  @DESIGN_ID
  @ApiOperation({
    summary: 'Change a node',
    description: '`patch` is merged into the node (RFC 7396); the resulting IR must validate; issues in the node are reported under `body.patch`.' + TAKEN_OVER,
  })
  @IdempotentEffect(DESIGN_CHANGE_EFFECT)
  @ApiParam({ name: 'node_id', example: 'title' })
  @IF_MATCH
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @PRECONDITION
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or the node in it)' })
  @RenderErrorResponses()
  @BillingResponses()
  async patchNode(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Param('node_id') nodeId: string,
    @Body() body: PatchNodeDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    return withEtag(res, await this.designs.patchNode(auth, { designId: id, nodeId, ifMatch, body, ref: claimRef() }));
  }

  @Delete(':design_id/nodes/:node_id')
  @DESIGN_ID
  @ApiOperation({
    summary: 'Delete a node and its children',
    description:
      'The root cannot be deleted (422).' + TAKEN_OVER + ' That answer has `render: null` (the `format` of the query is not part of what the key stored).',
  })
  @IdempotentEffect(DESIGN_CHANGE_EFFECT)
  @ApiParam({ name: 'node_id', example: 'cta' })
  @IF_MATCH
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @PRECONDITION
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or the node in it)' })
  @RenderErrorResponses()
  @BillingResponses()
  async deleteNode(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Param('node_id') nodeId: string,
    @Query() query: FormatQuery,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    // `node_id` (the root cannot be deleted) is the path's; the rest of the input is the query (`format`).
    return withEtag(
      res,
      await atInputs({ node_id: 'path' }, 'query', () => this.designs.deleteNode(auth, { designId: id, nodeId, ifMatch, body: query, ref: claimRef() })),
    );
  }

  @Post(':design_id/duplicate')
  @DESIGN_ID
  @HttpCode(200)
  @IdempotentEffect(DESIGN_EFFECT)
  @ApiOperation({ summary: 'Duplicate a design', description: "A new design (revision 1) with the current revision's IR. The body is optional." })
  @ApiBody({ type: DuplicateDesignDto, required: false })
  @ApiOkResponse({ type: DesignDto, headers: ETAG_HEADER })
  @NOT_FOUND
  @RenderErrorResponses()
  @BillingResponses()
  async duplicate(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Body(OptionalBody(DuplicateDesignDto)) body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DesignDto> {
    return withEtag(res, await this.designs.duplicate(auth, id, body as DuplicateDesignDto, claimRef()));
  }

  @Get(':design_id/bundle')
  @DESIGN_ID
  @ApiOperation({
    summary: 'The design as a portable bundle',
    description:
      'The design and its current IR with every referenced asset and font inlined as data URLs: `POST /v1/designs` with `{"bundle": …}`, in this account or another, ' +
      'reproduces the same pixels. Images keep their bytes; every document font (`fonts[].src`) is cut to the characters the document draws ' +
      '(HarfBuzz, kerning and ligatures kept, in its own format), as the HTML export does, so text edited after the import may fall back to another font for new letters. ' +
      'Import bodies may be as large as `DESIGN_BODY_LIMIT` (32 MB by default).',
  })
  @ApiOkResponse({ type: BundleDto })
  @NOT_FOUND
  async bundle(@Auth() auth: AuthContext, @Param('design_id') id: string): Promise<BundleDto> {
    return this.designs.bundle(auth, id);
  }
}
