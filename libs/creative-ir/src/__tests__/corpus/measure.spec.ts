import {
  brokenWords,
  englishLabelWords,
  isWidowHeadline,
  largestEmptyBand,
  logoInkContrast,
  nearEdge,
  overlapsNode,
  templateAddedText,
  textInkBox,
  titleRatio,
} from './measure';

/** Each issue-35 check catches a constructed violation and passes the same case done right. */
describe('layout corpus measures', () => {
  describe('(a) words broken without a hyphen', () => {
    it('reports a word cut between lines with no hyphen', () => {
      expect(brokenWords('Superpromoção inconstitucionalissimamente boa', ['Superpromoç', 'ão inconstitucio', 'nalissimamen', 'te boa'])).toEqual([
        'superpromoç|ão',
        'inconstitucio|nalissimamente',
        'inconstitucionalissimamen|te',
      ]);
      expect(brokenWords('Donaudampfschifffahrtsgesellschaftskapitänsmütze', ['Donaudampfschifffahrtsgese', 'llschaftskapitänsmütze'])).toEqual([
        'donaudampfschifffahrtsgese|llschaftskapitänsmütze',
      ]);
    });

    it('accepts breaks at spaces, hyphenated breaks, hyphens of the copy and uppercase lines', () => {
      expect(brokenWords('Cold brew season is here', ['Cold brew', 'season is here'])).toEqual([]);
      expect(brokenWords('Superpromoção boa', ['Superpro-', 'moção boa'])).toEqual([]);
      expect(brokenWords('com laranja-baía fresca', ['com laranja-', 'baía fresca'])).toEqual([]);
      expect(brokenWords('Somente esta semana', ['SOMENTE ESTA', 'SEMANA'])).toEqual([]);
    });
  });

  describe('(b) widow headlines', () => {
    it('flags a multi-line headline ending on one word', () => {
      expect(isWidowHeadline(['Cold brew', 'season is', 'here'])).toBe(true);
      expect(isWidowHeadline(['… para suas', 'manhãs'])).toBe(true);
    });
    it('passes a balanced headline and a one-line one', () => {
      expect(isWidowHeadline(['Cold brew', 'season is here'])).toBe(false);
      expect(isWidowHeadline(['Sonhos'])).toBe(false);
    });
    it('passes the long tail of a word wider than its line, and only that', () => {
      const de = 'Der neue Buchhandlungsherbstlesungsveranstaltungskalender';
      expect(isWidowHeadline(['Der neue', 'Buchhandlungs-', 'herbstlesungs-', 'veranstaltungskalender'], de)).toBe(false);
      expect(isWidowHeadline(['Sommernachts-', 'flohmarkt'], 'Sommernachtsflohmarkt')).toBe(false);
      // A whole word after a hyphenated one, a scrap of a word, a word that shares the line before, the copy's own hyphen.
      const es = 'Gastronomía extraordinariamente mediterránea';
      expect(isWidowHeadline(['Gastronomía', 'extraordi-', 'nariamente', 'mediterránea'], es)).toBe(true);
      expect(isWidowHeadline(['Der neue Buchhandlungsherbstlesungsveranstaltungskalen-', 'der'], de)).toBe(true);
      expect(isWidowHeadline(['Der neue Buchhandlungs-', 'kalender'], 'Der neue Buchhandlungskalender')).toBe(true);
      expect(isWidowHeadline(['Cold brew com', 'laranja-', 'baía'], 'Cold brew com laranja-baía')).toBe(true);
      // Without the copy, every one-word last line counts.
      expect(isWidowHeadline(['Sommernachts-', 'flohmarkt'])).toBe(true);
    });
  });

  describe('(c) title against the secondary copy', () => {
    it('measures the ratio to the largest secondary size', () => {
      expect(titleRatio(34.5, [26, 24])).toBeCloseTo(1.327, 3);
      expect(titleRatio(34.5, [26])! < 1.4).toBe(true);
      expect(titleRatio(72, [26, 30])! >= 1.4).toBe(true);
      expect(titleRatio(72, [])).toBeNull();
    });
  });

  describe('(d) template-added labels', () => {
    const brief = ['Café Jabuticaba, ficha técnica 2026', 'Mariana Albuquerque', 'Mestre de torra', '1', '4'];
    it('finds an English prefix and an English prompt added by the template', () => {
      const added = templateAddedText('Source: Café Jabuticaba, ficha técnica 2026', brief);
      expect(added).toBe('source');
      expect(englishLabelWords(added)).toEqual(['source']);
      expect(englishLabelWords(templateAddedText('Swipe →', brief))).toEqual(['swipe']);
      expect(englishLabelWords(templateAddedText('NEW', brief))).toEqual(['new']);
    });
    it('passes text composed only of the brief, numbers and separators', () => {
      expect(templateAddedText('MARIANA ALBUQUERQUE · MESTRE DE TORRA', brief)).toBe('');
      expect(templateAddedText('1/4', brief)).toBe('');
      expect(templateAddedText('01', brief)).toBe('');
      expect(templateAddedText('★★★★★', brief)).toBe('');
      // A badge shortened to its first words is still the brief's copy; a template word after them is not.
      expect(templateAddedText('Café Jabuticaba', brief)).toBe('');
      expect(templateAddedText('Mestre de', brief)).toBe('');
      expect(templateAddedText('Mestre New', brief)).toBe('mestre new');
      expect(englishLabelWords(templateAddedText('Fonte: Café Jabuticaba, ficha técnica 2026', brief))).toEqual([]);
    });
    it('passes a French label that is spelled as the English word, in a French design only', () => {
      const added = templateAddedText('Source\u202f: Café Jabuticaba, ficha técnica 2026', brief);
      expect(englishLabelWords(added, 'fr')).toEqual([]);
      expect(englishLabelWords(added, 'fr-CA')).toEqual([]);
      expect(englishLabelWords(added, 'pt-BR')).toEqual(['source']);
      expect(englishLabelWords(templateAddedText('Swipe →', brief), 'fr')).toEqual(['swipe']);
    });
  });

  describe('(e) logo contrast on pixels and overlap', () => {
    // A 4-pixel page: the logo covers pixels 0-1 fully, pixel 2 at half opacity, pixel 3 not at all.
    const alpha = new Float32Array([1, 1, 0.5, 0]);
    const rgba = (...px: number[][]) => Uint8Array.from(px.flatMap((p) => [...p, 255]));
    it('measures the teal wordmark on a near-black plate as under 3:1 and on white as over 3:1', () => {
      const teal = [0x0f, 0x52, 0x57];
      const onBlack = logoInkContrast(rgba(teal, teal, [9, 40, 43], [18, 18, 18]), rgba([18, 18, 18], [18, 18, 18], [18, 18, 18], [18, 18, 18]), alpha);
      expect(onBlack!).toBeLessThan(3);
      const onWhite = logoInkContrast(
        rgba(teal, teal, [135, 168, 171], [255, 255, 255]),
        rgba([255, 255, 255], [255, 255, 255], [255, 255, 255], [255, 255, 255]),
        alpha,
      );
      expect(onWhite!).toBeGreaterThan(3);
    });
    it('returns null when no opaque pixel of the mark is on the page', () => {
      expect(logoInkContrast(rgba([0, 0, 0]), rgba([0, 0, 0]), new Float32Array([0.2]))).toBeNull();
    });
    it('judges ellipses by their shape, not their box', () => {
      const logo = { x: 830, y: 920, width: 185, height: 96 };
      // A disc whose box reaches the logo but whose curve does not.
      expect(overlapsNode(logo, { x: 520, y: 600, width: 340, height: 340, ellipse: true })).toBe(false);
      expect(overlapsNode(logo, { x: 520, y: 600, width: 340, height: 340 })).toBe(true);
      expect(overlapsNode(logo, { x: 700, y: 800, width: 340, height: 340, ellipse: true })).toBe(true);
      // A ring around the logo (the logo inside its hole) does not touch it; one whose band crosses it does.
      expect(overlapsNode(logo, { x: 600, y: 650, width: 650, height: 650, ellipse: true, strokeOnly: true, strokeWidth: 6 })).toBe(false);
      expect(overlapsNode(logo, { x: 760, y: 850, width: 240, height: 240, ellipse: true, strokeOnly: true, strokeWidth: 6 })).toBe(true);
    });
    it('flags a box overlap and an outline crossing the logo, not an outline around it', () => {
      const logo = { x: 830, y: 920, width: 185, height: 96 };
      expect(overlapsNode(logo, { x: 663, y: 80, width: 337, height: 920 })).toBe(true);
      expect(overlapsNode(logo, { x: 80, y: 80, width: 400, height: 400 })).toBe(false);
      // The quote frame's border runs through a logo set 20 px from the corner; one 60 px out passes clear of it.
      const corner = { x: 875, y: 964, width: 185, height: 96 };
      expect(overlapsNode(corner, { x: 36, y: 36, width: 1008, height: 1008, strokeOnly: true, strokeWidth: 4 })).toBe(true);
      expect(overlapsNode(logo, { x: 36, y: 36, width: 1008, height: 1008, strokeOnly: true, strokeWidth: 4 })).toBe(false);
    });
  });

  describe('(f) margins on small banners', () => {
    it('flags text 2 px from the top of a 728x90 and passes text inside the 4% margin', () => {
      expect(nearEdge({ x: 40, y: 2, width: 300, height: 20 }, 728, 90)).toBe(true);
      expect(nearEdge({ x: 40, y: 10, width: 300, height: 20 }, 728, 90)).toBe(false);
      expect(nearEdge({ x: 290, y: 100, width: 20, height: 20 }, 300, 250)).toBe(true);
    });
    it('places the ink of aligned and right-to-left text', () => {
      const box = { x: 100, y: 0, width: 400, height: 20 };
      expect(textInkBox(box, 100, 'left').x).toBe(100);
      expect(textInkBox(box, 100, 'center').x).toBe(250);
      expect(textInkBox(box, 100, 'right').x).toBe(400);
      expect(textInkBox(box, 100, undefined, 'rtl').x).toBe(400);
    });
  });

  describe('(g) empty bands of tall pages', () => {
    const box = (y: number, height: number) => ({ x: 0, y, width: 100, height });
    it('finds the tallest band no box reaches, at the head, between boxes or at the foot', () => {
      // A 1920 px page, safe area 142..1778: a mark at the head, the words in the middle, the author at the foot.
      expect(largestEmptyBand([box(142, 200), box(900, 300), box(1700, 78)], 142, 1778, 1920)).toBeCloseTo((900 - 342) / 1920, 5);
      expect(largestEmptyBand([box(142, 300)], 142, 1778, 1920)).toBeCloseTo((1778 - 442) / 1920, 5);
      expect(largestEmptyBand([box(1000, 778)], 142, 1778, 1920)).toBeCloseTo((1000 - 142) / 1920, 5);
    });
    it('counts overlapping boxes once and a filled page as no band', () => {
      expect(largestEmptyBand([box(142, 900), box(600, 900), box(1400, 400)], 142, 1778, 1920)).toBe(0);
      expect(largestEmptyBand([], 142, 1778, 1920)).toBeCloseTo(1636 / 1920, 5);
    });
  });
});
