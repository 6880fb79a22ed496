import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/**
 * Issue 34 item 12: the planner's copy leaked the instruction ("Spring webinar on June 3 with a reel, 30% off…" as
 * body) and picked "Shop now" for a webinar. The copy is written for the goal's subject, and the CTA follows what the
 * goal is about, in the brief's language. The goals below are not the ones the writer was built with.
 */
const CTA: Record<string, Record<string, string[]>> = {
  en: { event: ['Register now', 'Save your seat'], sale: ['Shop now'], app: ['Download now'], hiring: ['Apply now'], launch: ['Discover now'] },
  'pt-BR': {
    event: ['Inscreva-se', 'Garanta sua vaga'],
    sale: ['Aproveite', 'Compre agora'],
    app: ['Baixe agora'],
    hiring: ['Candidate-se'],
    launch: ['Conheça agora'],
  },
  es: { event: ['Reserva tu lugar', 'Inscríbete'], sale: ['Compra ahora'], app: ['Descárgala'], hiring: ['Postúlate'], launch: ['Descúbrelo'] },
};
/** Words of an instruction that copy never says. */
const INSTRUCTION = /\b(reels?|videos?|vídeos?|posts?|carousel|carrossel|carrusel|instagram|tiktok|linkedin|stories|animated|animado|animada)\b/i;

const GOALS: [string, string, string, { date?: string; insight?: string; title: RegExp }][] = [
  ['en', 'Spring webinar on June 3 with a reel, 30% off for early sign-ups', 'event', { date: 'June 3', insight: '30%', title: /^Spring webinar$/ }],
  ['en', 'Our yoga retreat workshop on September 14, short video for Instagram', 'event', { date: 'September 14', title: /yoga retreat workshop/i }],
  ['en', 'Get our meditation app on iOS and Android, with a TikTok video', 'app', { title: /meditation app/i }],
  ['en', 'Clearance on winter boots, 40% off, carousel post', 'sale', { insight: '40%', title: /winter boots/i }],
  ['en', 'We are hiring nurses for the night shift: a LinkedIn post', 'hiring', { title: /nurses/i }],
  [
    'pt-BR',
    'Workshop de fotografia no dia 10 de agosto com um reel, 15% de desconto na inscrição',
    'event',
    { date: '10 de agosto', insight: '15%', title: /^Workshop de fotografia$/ },
  ],
  ['pt-BR', 'Divulgar o aplicativo de delivery da padaria em vídeo', 'app', { title: /aplicativo de delivery/i }],
  ['pt-BR', 'Liquidação de tênis com 25% de desconto, post para Instagram', 'sale', { insight: '25%', title: /tênis/i }],
  ['es', 'Concierto acústico el 21 de marzo, con un reel para Instagram', 'event', { date: '21 de marzo', title: /^Concierto acústico$/ }],
  ['es', 'Rebajas de verano en sandalias, 35% de descuento, con un carrusel', 'sale', { insight: '35%', title: /sandalias/i }],
  ['es', 'Descarga nuestra app de finanzas personales, video corto', 'app', { title: /app de finanzas/i }],
  ['es', 'Lanzamiento de la nueva línea de cafés especiales en video', 'launch', { title: /línea de cafés/i }],
];

describe('creative POST /v1/planning/brief: the copy is written for the goal', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  }, 60_000);
  afterAll(() => t?.close());

  it.each(GOALS)('%s: %s', async (language, goal, kind, expected) => {
    const r = expectStatus(await as(t.http.post('/v1/planning/brief').send({ goal, language }), alice), 200).body;
    const b = r.brief;
    expect(b.language).toBe(language);
    expect(b.intent).toBe(kind);
    // The CTA is the kind's, in the brief's language.
    expect(CTA[language][kind]).toContain(b.cta);
    // No instruction in the copy: neither the goal itself nor the media and places it asks for.
    for (const field of ['title', 'subtitle', 'body', 'eyebrow', 'cta'] as const) {
      expect(b[field], field).not.toMatch(INSTRUCTION);
      expect(b[field], field).not.toContain(goal);
    }
    expect(b.title).toMatch(expected.title);
    // The details land where they belong: the offer in the insight and the subtitle or body, the date in the copy.
    if (expected.insight) {
      expect(b.insight).toBe(expected.insight);
      expect(`${b.subtitle} ${b.body}`).toContain(expected.insight);
    }
    if (expected.date) expect(`${b.subtitle} ${b.body}`).toContain(expected.date);
    // The design steps of the plan carry that copy.
    expect(r.workflow.steps[0].params.brief).toMatchObject({ title: expect.any(String), body: b.body, cta: b.cta });
  });

  it('the reel in the goal still makes a video step (it is an instruction, not copy)', async () => {
    const r = expectStatus(await as(t.http.post('/v1/planning/brief').send({ goal: GOALS[0][1], language: 'en' }), alice), 200).body;
    expect(r.video).toBe(true);
    expect(r.brief.body).not.toMatch(/reel/i);
  });
});
