import { buildTemplate, initCreativeIr, renderIr } from '@platform/creative-ir';
const brief = { title: 'Plan less, ship more #1', eyebrow: 'New this week', subtitle: 'A calmer week, planned in minutes.', body: 'Teams using Focus plan their week in ten minutes.', cta: 'Try it free', author: 'Marina Souza', role: 'Head of Product', insight: '30%', data: [{ label: 'Planned', value: 73 }, { label: 'Focused', value: 58 }] };
async function main() {
  await initCreativeIr();
  const irs = [];
  for (const t of ['square-post', 'quote', 'announcement', 'data-card', 'minimal-type']) irs.push((await buildTemplate(t, { brief, format: { width: 1080, height: 1080 } })).ir);
  for (let i = 0; i < 20; i++) await renderIr(irs[i % 5], { format: 'png' });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const N = Number(process.env.N ?? 100);
  for (let i = 0; i < N; i++) await renderIr(irs[i % 5], { format: 'png' });
  const c = process.cpuUsage(c0);
  console.log(`per render ${((performance.now() - t0) / N).toFixed(1)} ms wall, ${((c.user + c.system) / 1000 / N).toFixed(1)} ms CPU`);
}
main();
