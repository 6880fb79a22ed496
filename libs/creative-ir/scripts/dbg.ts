import { buildTemplate, materializeSync, flattenMaterialized } from '../src/index';
import { BRIEFS, BRAND_COLORS, sampleLogo } from '../src/__tests__/template-samples';
const [id, w, h, b, pos, img] = process.argv.slice(2);
(async () => {
  const brand = { colors: BRAND_COLORS, ...(pos ? { logo: await sampleLogo(), logo_position: pos as any, logo_size: 'medium' as const } : {}) };
  const brief = { ...(BRIEFS as any)[b ?? 'long'], ...(img ? { image: 'asset:photo' } : {}) };
  const r = await buildTemplate(id, { brief, brand, format: { width: +w, height: +h } });
  console.log(r.fontScale, r.contentLevel, r.warnings);
  for (const n of flattenMaterialized(materializeSync(r.ir).root)) console.log(n.id, n.type, Math.round(n.x), Math.round(n.y), Math.round(n.width), Math.round(n.height), n.text ? `fs=${(n.node as any).fontSize} lines=${n.text.lines.length}` : '');
})();
