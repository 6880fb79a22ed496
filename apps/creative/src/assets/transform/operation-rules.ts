import { listFontFamilies } from '@platform/creative-ir';
import type { ErrorDetail } from '@platform/errors';
import type { Operation } from '../dto/transform-operations.dto';

/** `aspect_ratio` as a number (`16:9` → 1.777…), or NaN. */
export function parseAspectRatio(value: string): number {
  const [w, h] = value.split(':');
  const ratio = h === undefined ? Number(w) : Number(w) / Number(h);
  return Number.isFinite(ratio) && ratio > 0 ? ratio : NaN;
}

/**
 * Rules across the fields of one operation, checked before any image is read (the per-field
 * rules are the DTO's). Every problem is reported at `operations[i].field`.
 */
export function operationProblems(operations: Operation[]): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const families = new Set(listFontFamilies().flatMap((f) => [f.family.toLowerCase(), ...f.aliases]));
  operations.forEach((op, i) => {
    const at = (field: string, msg: string, type = 'value_error') => out.push({ loc: ['operations', i, field], msg, type });
    switch (op.type) {
      case 'resize':
        if (op.width === undefined && op.height === undefined) at('width', 'resize needs width, height or both', 'missing');
        if ((op.position === 'attention' || op.position === 'entropy') && (op.fit ?? 'cover') !== 'cover')
          at('position', `position ${op.position} works with fit cover only`);
        break;
      case 'smart_crop': {
        const ratio = parseAspectRatio(op.aspect_ratio);
        if (!(ratio >= 0.01 && ratio <= 100)) at('aspect_ratio', 'aspect_ratio must be between 1:100 and 100:1');
        break;
      }
      case 'modulate':
        if ([op.brightness, op.saturation, op.hue, op.lightness].every((v) => v === undefined))
          at('brightness', 'modulate needs at least one of brightness, saturation, hue, lightness', 'missing');
        break;
      case 'normalize':
        if ((op.lower ?? 1) >= (op.upper ?? 99)) at('upper', 'upper must be greater than lower');
        break;
      case 'extend':
        if (!op.top && !op.right && !op.bottom && !op.left) at('top', 'extend needs at least one of top, right, bottom, left above 0', 'missing');
        break;
      case 'overlay':
        if (op.width !== undefined && op.scale !== undefined) at('scale', 'give width or scale, not both');
        break;
      case 'text':
        if (op.font_family !== undefined && op.font_asset_id !== undefined) at('font_asset_id', 'give font_family or font_asset_id, not both');
        else if (op.font_family !== undefined && !families.has(op.font_family.trim().toLowerCase()))
          at(
            'font_family',
            `font_family must be one of ${listFontFamilies()
              .map((f) => f.family)
              .join(', ')} (or sans, serif, display, mono)`,
          );
        if (!op.text.trim()) at('text', 'text must not be blank');
        break;
    }
  });
  return out;
}
