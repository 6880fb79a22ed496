/**
 * An input the library refuses before doing any work, with the field it names (`path`, e.g.
 * `scale` or `format.width`): the service answers it as a 422 with that field as its `loc`.
 * IR documents have their own, `IrValidationError`, with every issue.
 */
export class CreativeInputError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = new.target.name;
  }
}

/** A render option out of range (`scale`, `resizeWidth`, `quality`, `format`, …); nothing was drawn. */
export class RenderOptionsError extends CreativeInputError {}

/** A template input the library cannot build from (`template`, `format.width` or `format.height`). */
export class TemplateInputError extends CreativeInputError {}
