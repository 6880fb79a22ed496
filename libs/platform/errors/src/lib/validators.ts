import { applyDecorators } from '@nestjs/common';
import { buildMessage, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';

/** Empty, or only whitespace and invisible characters (zero-width spaces, joiners, BOM). */
const BLANK = /^[\s\u180E\u200B-\u200D\u2060\uFEFF]*$/u;

/** True for a string with something visible in it; false for undefined, null, "" and "  ". Other types pass (their type rule reports them). */
export function isNotBlank(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || !BLANK.test(value);
}

/**
 * Required text: refuses absence, `""` and whitespace-only strings alike (IsNotEmpty lets `"  "`
 * through). Put it beside `IsString()`; with `IsOptional()` it applies only when a value is given.
 * The validation pipe reports it alone: `missing` when absent, otherwise "must not be empty or blank".
 */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBlank',
      validator: {
        validate: (value) => isNotBlank(value),
        defaultMessage: buildMessage((each) => `${each}$property must not be empty or blank`, options),
      },
    },
    options,
  );
}

/**
 * Like `IsOptional()`, but only absence skips validation: an explicit `null` is refused with
 * "may not be null". For fields whose stored value cannot be null (a PATCH that would otherwise
 * write null into a required column, or treat null as "unchanged" without saying so).
 */
export function IsOptionalNotNull(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    ValidateBy(
      {
        name: 'isNotNull',
        validator: {
          validate: (value) => value !== null,
          defaultMessage: buildMessage(() => '$property may not be null; omit the field instead', options),
        },
      },
      options,
    ),
  ) as PropertyDecorator;
}
