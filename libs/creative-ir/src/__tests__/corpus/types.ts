/**
 * A corpus brief for the issue-35 layout checks: real-world marketing copy with its language and a tag saying
 * what makes it hard (very long copy, one-word title, a 48-letter compound, right-to-left script…).
 */
export type CorpusKind = 'long' | 'medium' | 'short' | 'one-word' | 'compound' | 'long-words' | 'rtl';

export interface CorpusBrief {
  /** Stable id, `<set>-<nn>-<business>`. */
  id: string;
  business: string;
  kind: CorpusKind;
  brief: {
    language: string;
    title: string;
    eyebrow?: string;
    subtitle?: string;
    body?: string;
    cta?: string;
    author?: string;
    role?: string;
    insight?: string;
    source?: string;
    items?: string[];
    data?: { label: string; value: number }[];
    slide_index?: number;
    slide_total?: number;
    brand?: { name?: string; website?: string; tagline?: string; colors?: string[] };
  };
}

/** The brand kit: teal, amber, cream. */
export const BRAND_KIT_COLORS = ['#0F5257', '#F2A541', '#F6EFE3'];
