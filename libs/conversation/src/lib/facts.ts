import type { Fact, RelationshipStats } from './types';

export function extractFacts(_message: string, _opts?: { language?: string }): Fact[] {
  return [];
}

export function summarizeRelationship(facts: Fact[], stats: RelationshipStats, _language?: string): string {
  return `${stats.name ?? 'This person'}: ${stats.interactions} interactions, ${facts.length} facts.`;
}
