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

/**
 * A document whose estimated drawing time (`estimateDrawCost`) passes the caller's limit (`RenderBudget.maxCostMs`);
 * nothing was drawn.
 */
export class RenderCostError extends Error {
  constructor(
    readonly estimateMs: number,
    readonly limitMs: number,
    readonly summary: string,
  ) {
    super(`drawing ${summary} is estimated at ${estimateMs.toLocaleString('en-US')} ms of one core; the limit is ${limitMs.toLocaleString('en-US')} ms`);
    this.name = new.target.name;
  }
}

/** A render stopped at the caller's request (`RenderBudget.stop`) before it was done. */
export class RenderAbortedError extends Error {
  constructor() {
    super('The render was stopped before it was done');
    this.name = new.target.name;
  }
}
