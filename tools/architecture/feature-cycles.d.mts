// Types for feature-cycles.mjs (imported by feature-cycles.spec.ts).

/** from feature → (to feature → one import that makes the edge, `file → dependency`). */
export type FeatureGraph = Map<string, Map<string, string>>;

export interface FeatureCycle {
  features: string[];
  imports: string[];
}

export function featureGraph(srcDir: string, tsConfig?: string): Promise<FeatureGraph>;
export function featureCycles(edges: FeatureGraph): FeatureCycle[];
