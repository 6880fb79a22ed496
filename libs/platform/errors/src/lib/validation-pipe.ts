import { ArgumentMetadata, Injectable, PipeTransform, ValidationError as CvError } from '@nestjs/common';
import { ValidationPipe } from '@nestjs/common';
import { ErrorDetail, InputSource, ValidationError } from './domain-exception';

const TYPE_BY_CONSTRAINT: Record<string, string> = {
  isDefined: 'missing',
  isNotEmpty: 'missing',
  isNotBlank: 'missing',
  isNotNull: 'null_not_allowed',
  isString: 'string_type',
  isInt: 'int_type',
  isNumber: 'number_type',
  isBoolean: 'bool_type',
  isArray: 'list_type',
  isObject: 'dict_type',
  isDate: 'date_type',
  isEnum: 'enum',
  isIn: 'enum',
  min: 'greater_than_equal',
  max: 'less_than_equal',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  arrayMinSize: 'too_short',
  arrayMaxSize: 'too_long',
  isUrl: 'url_parsing',
  isEmail: 'value_error',
  whitelistValidation: 'extra_forbidden',
  nestedValidation: 'model_type',
};

/** Rules about presence: when one fails on a given (empty or blank) value, it is the only thing said about the field. */
const PRESENCE = ['isDefined', 'isNotEmpty', 'isNotBlank'];

/**
 * Rules about the value's type, containers first: when one fails, the first of them is the only
 * thing said about the field (a number `content` is not also "longer than 8000 characters", and a
 * string `attachments` is not also "more than 10 elements" or "each value must be a URL").
 * `isIn`/`isEnum` come last: a value outside the allowed set needs no length or pattern message.
 */
const TYPE_CHECKS = ['isArray', 'isObject', 'nestedValidation', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isDate', 'isEnum', 'isIn'];

const LOC_BY_TYPE: Record<string, InputSource> = { body: 'body', query: 'query', param: 'path', custom: 'body' };

/**
 * The items worth reporting for one property: an explicit null where null is refused, or an
 * absent value, or an empty one, alone; else the first failed type check alone; else every
 * failed rule. `decisive` means nothing more (nested members) is worth saying.
 */
function reported(error: CvError): { items: Omit<ErrorDetail, 'loc'>[]; decisive: boolean } {
  const constraints = error.constraints ?? {};
  if (!Object.keys(constraints).length) return { items: [], decisive: false };
  if ('isNotNull' in constraints) return { items: [{ msg: constraints['isNotNull'], type: TYPE_BY_CONSTRAINT['isNotNull'] }], decisive: true };
  // Only a required field is validated when absent (IsOptional skips it), whatever its failing rules say.
  if (error.value === undefined || error.value === null) return { items: [{ msg: 'Field required', type: 'missing' }], decisive: true };
  const only = PRESENCE.find((k) => k in constraints) ?? TYPE_CHECKS.find((k) => k in constraints);
  if (only) return { items: [{ msg: constraints[only], type: TYPE_BY_CONSTRAINT[only] }], decisive: true };
  return {
    items: Object.entries(constraints).map(([k, msg]) => ({ msg, type: TYPE_BY_CONSTRAINT[k] ?? 'value_error' })),
    decisive: false,
  };
}

function flatten(errors: CvError[], parent: (string | number)[]): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const error of errors) {
    const key = /^\d+$/.test(error.property) ? Number(error.property) : error.property;
    const loc = [...parent, key];
    const { items, decisive } = reported(error);
    out.push(...items.map((item) => ({ ...item, loc })));
    // A value of the wrong type (or absent) has no members worth describing.
    if (!decisive && error.children?.length) out.push(...flatten(error.children, loc));
  }
  return out;
}

function findNulByte(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNulByte(value[i], [...path, i]);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNulByte(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * Nest's ValidationPipe (whitelist + transform) whose failures become a ValidationError with
 * `loc` items that say where the problem is (`body`, `query` or `path`). It also refuses a body
 * that is not a JSON object and strings with NUL bytes, which PostgreSQL cannot store.
 */
@Injectable()
export class EnvelopeValidationPipe implements PipeTransform {
  private readonly pipes = new Map<InputSource, ValidationPipe>();

  private pipeFor(where: InputSource): ValidationPipe {
    let pipe = this.pipes.get(where);
    if (!pipe) {
      pipe = new ValidationPipe({
        whitelist: true,
        transform: true,
        forbidUnknownValues: false,
        validationError: { target: false, value: true },
        exceptionFactory: (errors) => new ValidationError(flatten(errors, []), undefined, where),
      });
      this.pipes.set(where, pipe);
    }
    return pipe;
  }

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const where = LOC_BY_TYPE[metadata.type] ?? 'body';
    const isDto = typeof metadata.metatype === 'function' && ![String, Number, Boolean, Array, Object].includes(metadata.metatype as never);
    if (metadata.type === 'body' && isDto && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ValidationError([{ loc: [], msg: 'The body must be a JSON object', type: 'model_attributes_type' }], undefined, 'body');
    }
    const nul = findNulByte(value, []);
    if (nul) throw new ValidationError([{ loc: nul, msg: 'Text may not contain NUL characters', type: 'string_type' }], undefined, where);
    return this.pipeFor(where).transform(value, metadata);
  }
}
