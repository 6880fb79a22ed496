/**
 * @platform/creative-ir — the creative IR: schema and validation, layout (yoga), text,
 * rendering (PNG/JPEG/WebP/AVIF/SVG/PDF/HTML), procedural backgrounds, templates and brief analysis.
 * Plain TypeScript: no framework, no database, no environment reads.
 */
export * from './schema/ir-schema';
export { validateIr, parseIr, IrValidationError, toJsonPath, type IrIssue, type IrValidationResult } from './schema/validate';
export { issueType, zodIssues, type IssueType } from './schema/issue-types';
export { irJsonSchema, briefJsonSchema, type JsonSchemaTarget } from './schema/json-schema';
export { parsePathData } from './schema/path-data';
export * from './color/color';
export {
  ensureFonts,
  resolveFontFamily,
  listFontFamilies,
  registerFontBytes,
  bundledFontFile,
  BUNDLED_FONT_FAMILIES,
  FALLBACK_FAMILIES,
  FONT_PACKAGES,
  DEFAULT_FONT_FAMILY,
  MISSING_GLYPH,
  fontChain,
  type FontCategory,
  type FontOptions,
} from './fonts/font-registry';
export { fontCodePoints } from './fonts/coverage';
export {
  layoutText,
  detectDirection,
  missingGlyphs,
  textCacheSizes,
  type TextLayout,
  type TextLayoutInput,
  type TextLine,
  type TextStyle,
} from './text/text-layout';
export { hyphenationPoints, canHyphenate } from './text/hyphenation';
export { materialize, materializeSync, initCreativeIr, flattenMaterialized, type MaterializedDocument, type MaterializedNode } from './layout/materialize';
export {
  renderIr,
  rasterize,
  rasterizeMaterialized,
  prepare,
  isOpaqueDocument,
  encodeRaster,
  pngSettingsFor,
  renderPreview,
  checkRenderOptions,
  MAX_RASTER_PIXELS,
  MAX_RASTER_SIDE,
  MIME,
  type RenderOptions,
  type RenderBudget,
  type RenderResult,
  type RasterResult,
  type RenderFormat,
  type RasterFormat,
  type AssetResolver,
  type AssetBytes,
} from './render/render';
export {
  drawProcedural,
  listProceduralStyles,
  PROCEDURAL_STYLES,
  resolvePalette,
  rng as seededRandom,
  type ProceduralParams,
  type ProceduralStyleInfo,
} from './procedural/procedural';
export { renderHtml, type HtmlOptions } from './render/html';
export { encodePng, pngEncodingFor, describePng, type PngEncoding, type PngSettings } from './render/png';
export {
  BriefSchema,
  BriefImageSchema,
  resolveFormat,
  isNamedFormat,
  NAMED_FORMATS,
  type Brief,
  type BriefImage,
  type BrandKit,
  type FormatSize,
  type LogoPosition,
  LOGO_POSITIONS,
} from './templates/brief';
export {
  findOverflow,
  findCollisions,
  makeScheme,
  deriveRoles,
  shapeOf,
  BODY_MIN_SHARE,
  STRIP_TITLE_MIN_PX,
  MIN_FILL_SHARE,
  MIN_SPAN_SHARE,
  type Roles,
  type Shape,
  type ContrastCheck,
  type Scheme,
  type TemplateContext,
  type TemplateDefinition,
  type TemplateInput,
  type TemplateResult,
} from './templates/engine';
export { buildTemplate, listTemplates, getTemplate, chooseTemplate, DEFAULT_TEMPLATE, TEMPLATES, type TemplateInfo } from './templates/catalogue';
export { CreativeInputError, RenderOptionsError, TemplateInputError, RenderCostError, RenderAbortedError } from './errors';
export { estimateDrawCost, describeCost, pageCostFloor, type CostEstimate, type CostOptions } from './render/cost';
export { analyzeBrief, readability, textColumns, type BriefAnalysis, type FieldReport, type Readability } from './brief/analyze-brief';
export { proceduralDocument, proceduralFrames, type ProceduralDocumentOptions } from './procedural/procedural-document';
export {
  unusedBriefFields,
  fieldWarnings,
  missingRequired,
  givenFields,
  CONTENT_FIELDS,
  WARNING_CODES,
  type LayoutWarning,
  type WarningCode,
} from './warnings';
