/** A design's size and title at its current revision (what rendering needs to size its output). */
export interface DesignSourceOutline {
  id: string;
  revision: number;
  width: number;
  height: number;
  title: string | null;
}

/**
 * The designs rendering outputs (preview, render, HTML export of `/v1/designs/{id}`). Rendering is the lower feature
 * (designs render through it), so rendering owns this port and designs provides it (`DESIGN_SOURCE`, in
 * DesignsModule): rendering never imports designs nor reads its tables.
 */
export interface DesignSource {
  /** The account's design, or 404 `not_found`. */
  outline(accountId: string, id: string): Promise<DesignSourceOutline>;
  /** A revision's IR, or 404 `not_found`. */
  revisionIr(designId: string, revision: number): Promise<Record<string, unknown>>;
  /** The brief and template the design was made from (both null for a design that was not), or 404 `not_found`. */
  briefOf(accountId: string, id: string): Promise<{ brief: Record<string, unknown> | null; template: string | null }>;
}

export const DESIGN_SOURCE = Symbol.for('creative.rendering.design-source');
