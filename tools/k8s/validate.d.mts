// Types for validate.mjs (imported by validate.spec.ts).

export interface Problem {
  /** Path relative to the folder that holds the k8s directory, e.g. k8s/base/creative/hpa.yaml. */
  file: string;
  line?: number;
  /** Index of the YAML document in the file. */
  doc?: number;
  kind?: string;
  name?: string;
  /** JSON pointer into the object, e.g. /spec/replicas. */
  path?: string;
  message: string;
  /** The kustomization whose build showed the problem. */
  via?: string;
}

export interface ValidationResult {
  ok: boolean;
  problems: Problem[];
  stats: { files?: number; documents?: number; kustomizations?: number; roots?: string[] };
  /** Kustomization folder (relative, e.g. k8s/overlays/production) -> the objects it builds. */
  builds: Map<string, Array<Record<string, unknown>>>;
  /** Secret name -> key ('*' for a whole Secret) -> optional. */
  secrets: Map<string, Map<string, boolean>>;
}

export function validateK8s(rootDir?: string): Promise<ValidationResult>;
export function validateObject(obj: unknown): Promise<Array<{ path: string; message: string }>>;
export function secretReferences(resources: Array<{ obj: unknown }>): Map<string, Map<string, boolean>>;
export function formatProblem(problem: Problem): string;
