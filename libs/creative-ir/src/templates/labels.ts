/**
 * The words and marks templates add by themselves (never the brief's copy), one table per language, chosen by the
 * brief's `language` (BCP 47: the full tag first, then its primary language, then English). A template adds a
 * label only where the brief has the matching field: "Source:" before `source`, the slide counter and the swipe
 * prompt with `slide_index`; it never invents a badge ("New", "Tip") the brief did not ask for.
 */
export interface TemplateLabels {
  /** Before a data source: `${source} ${text}` ("Source: IBGE"). */
  source: string;
  /** Prompt on a carousel slide that is not the last one. */
  swipe: string;
  /** A data row or list entry without a label: `${item} ${n}`. */
  item: string;
  /** Title when the brief has none (no title, intent or brand name). */
  headline: string;
  /** Quote template without a body, insight or title. */
  quote: string;
  /** List template without items or body. */
  items: string;
  /**
   * The oversized quotation mark of quote and testimonial cards: an ornament, the curly “ in every Latin, Cyrillic,
   * Greek and Hebrew script (a giant » or „ reads as an arrow or a comma at that size), the corner bracket in Japanese.
   */
  quoteMark: string;
  /** The glyph in the tip card's disc. */
  question: string;
}

export const LABELS: Record<string, TemplateLabels> = {
  en: {
    source: 'Source:',
    swipe: 'Swipe →',
    item: 'Item',
    headline: 'Your headline here',
    quote: 'Add the quote in the brief body.',
    items: 'Add items to the brief',
    quoteMark: '“',
    question: '?',
  },
  pt: {
    source: 'Fonte:',
    swipe: 'Deslize →',
    item: 'Item',
    headline: 'Seu título aqui',
    quote: 'Escreva a citação no corpo do briefing.',
    items: 'Adicione itens ao briefing',
    quoteMark: '“',
    question: '?',
  },
  es: {
    source: 'Fuente:',
    swipe: 'Desliza →',
    item: 'Elemento',
    headline: 'Tu titular aquí',
    quote: 'Escribe la cita en el cuerpo del brief.',
    items: 'Añade elementos al brief',
    quoteMark: '“',
    question: '?',
  },
  de: {
    source: 'Quelle:',
    swipe: 'Wischen →',
    item: 'Punkt',
    headline: 'Ihre Überschrift hier',
    quote: 'Das Zitat gehört in den Text des Briefings.',
    items: 'Punkte im Briefing ergänzen',
    quoteMark: '“',
    question: '?',
  },
  fr: {
    // French sets a (narrow no-break) space before a colon.
    source: 'Source\u202f:',
    swipe: 'Faites glisser →',
    item: 'Élément',
    headline: 'Votre titre ici',
    quote: 'Ajoutez la citation dans le corps du brief.',
    items: 'Ajoutez des éléments au brief',
    quoteMark: '“',
    question: '?',
  },
  it: {
    source: 'Fonte:',
    swipe: 'Scorri →',
    item: 'Voce',
    headline: 'Il tuo titolo qui',
    quote: 'Scrivi la citazione nel corpo del brief.',
    items: 'Aggiungi voci al brief',
    quoteMark: '“',
    question: '?',
  },
  ar: {
    source: 'المصدر:',
    // Right to left: the next slide comes from the left.
    swipe: 'اسحب ←',
    item: 'عنصر',
    headline: 'عنوانك هنا',
    quote: 'أضف الاقتباس في نص الموجز.',
    items: 'أضف عناصر إلى الموجز',
    quoteMark: '“',
    question: '؟',
  },
  nl: {
    source: 'Bron:',
    swipe: 'Veeg →',
    item: 'Punt',
    headline: 'Jouw kop hier',
    quote: 'Zet het citaat in de tekst van de briefing.',
    items: 'Voeg punten toe aan de briefing',
    quoteMark: '“',
    question: '?',
  },
  pl: {
    source: 'Źródło:',
    swipe: 'Przesuń →',
    item: 'Pozycja',
    headline: 'Twój nagłówek tutaj',
    quote: 'Dodaj cytat w treści briefu.',
    items: 'Dodaj pozycje do briefu',
    quoteMark: '“',
    question: '?',
  },
  sv: {
    source: 'Källa:',
    swipe: 'Svep →',
    item: 'Punkt',
    headline: 'Din rubrik här',
    quote: 'Skriv citatet i briefens brödtext.',
    items: 'Lägg till punkter i briefen',
    quoteMark: '“',
    question: '?',
  },
  da: {
    source: 'Kilde:',
    swipe: 'Stryg →',
    item: 'Punkt',
    headline: 'Din overskrift her',
    quote: 'Skriv citatet i briefens brødtekst.',
    items: 'Tilføj punkter til briefen',
    quoteMark: '“',
    question: '?',
  },
  nb: {
    source: 'Kilde:',
    swipe: 'Sveip →',
    item: 'Punkt',
    headline: 'Din overskrift her',
    quote: 'Skriv sitatet i briefens brødtekst.',
    items: 'Legg til punkter i briefen',
    quoteMark: '“',
    question: '?',
  },
  tr: {
    source: 'Kaynak:',
    swipe: 'Kaydır →',
    item: 'Öğe',
    headline: 'Başlığınız burada',
    quote: 'Alıntıyı brifin gövdesine yazın.',
    items: 'Brife öğe ekleyin',
    quoteMark: '“',
    question: '?',
  },
  ru: {
    source: 'Источник:',
    swipe: 'Листайте →',
    item: 'Пункт',
    headline: 'Ваш заголовок',
    quote: 'Добавьте цитату в текст брифа.',
    items: 'Добавьте пункты в бриф',
    quoteMark: '“',
    question: '?',
  },
  uk: {
    source: 'Джерело:',
    swipe: 'Гортайте →',
    item: 'Пункт',
    headline: 'Ваш заголовок',
    quote: 'Додайте цитату в текст брифу.',
    items: 'Додайте пункти до брифу',
    quoteMark: '“',
    question: '?',
  },
  he: {
    source: 'מקור:',
    swipe: 'החליקו ←',
    item: 'פריט',
    headline: 'הכותרת שלך כאן',
    quote: 'הוסיפו את הציטוט בגוף הבריף.',
    items: 'הוסיפו פריטים לבריף',
    quoteMark: '“',
    question: '?',
  },
  ja: {
    source: '出典：',
    swipe: 'スワイプ →',
    item: '項目',
    headline: '見出しをここに',
    quote: 'ブリーフの本文に引用を追加してください。',
    items: 'ブリーフに項目を追加してください',
    quoteMark: '「',
    question: '？',
  },
  zh: {
    source: '来源：',
    swipe: '滑动 →',
    item: '项目',
    headline: '在此输入标题',
    quote: '请在简报正文中添加引语。',
    items: '请在简报中添加条目',
    quoteMark: '“',
    question: '？',
  },
  ko: {
    source: '출처:',
    swipe: '밀어서 넘기기 →',
    item: '항목',
    headline: '여기에 제목',
    quote: '브리프 본문에 인용문을 추가하세요.',
    items: '브리프에 항목을 추가하세요',
    quoteMark: '“',
    question: '?',
  },
  id: {
    source: 'Sumber:',
    swipe: 'Geser →',
    item: 'Butir',
    headline: 'Judul Anda di sini',
    quote: 'Tambahkan kutipan di isi brief.',
    items: 'Tambahkan butir ke brief',
    quoteMark: '“',
    question: '?',
  },
  ro: {
    source: 'Sursa:',
    swipe: 'Glisează →',
    item: 'Element',
    headline: 'Titlul tău aici',
    quote: 'Adaugă citatul în corpul briefului.',
    items: 'Adaugă elemente în brief',
    quoteMark: '“',
    question: '?',
  },
  cs: {
    source: 'Zdroj:',
    swipe: 'Posuňte →',
    item: 'Položka',
    headline: 'Váš nadpis zde',
    quote: 'Doplňte citát do textu briefu.',
    items: 'Doplňte položky do briefu',
    quoteMark: '“',
    question: '?',
  },
  ca: {
    source: 'Font:',
    swipe: 'Llisca →',
    item: 'Element',
    headline: 'El teu titular aquí',
    quote: 'Escriu la cita al cos del brief.',
    items: 'Afegeix elements al brief',
    quoteMark: '“',
    question: '?',
  },
};

// Norwegian: the macrolanguage tag takes Bokmål's table.
LABELS.no = LABELS.nb;

/** The labels for a BCP 47 tag: the whole tag ("pt-BR"), then its language ("pt"), then English. */
export function labelsFor(lang: string | undefined | null): TemplateLabels {
  const tag = (lang ?? '').trim().toLowerCase();
  return LABELS[tag] ?? LABELS[tag.split(/[-_]/)[0]] ?? LABELS.en;
}

/** "Source: IBGE" in the brief's language (the label is left out when the source already starts with it). */
export function withSource(labels: TemplateLabels, source: string): string {
  const word = labels.source.replace(/[\s\u202f]*:$/, '').toLowerCase();
  return source.toLowerCase().startsWith(word) ? source : `${labels.source} ${source}`;
}
