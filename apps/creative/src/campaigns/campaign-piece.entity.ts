import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One format of a campaign: its design (and revision) and the artifact it was rendered into. */
@Entity({ name: 'campaign_pieces' })
export class CampaignPiece {
  @PrimaryColumn({ type: 'text' }) campaignId: string;
  @PrimaryColumn({ type: 'int' }) position: number;
  /** The named format, null for `{width, height}`. */
  @Column({ type: 'text', nullable: true }) format: string | null;
  @Column({ type: 'int' }) width: number;
  @Column({ type: 'int' }) height: number;
  @Column({ type: 'text' }) template: string;
  @Column({ type: 'text' }) designId: string;
  @Column({ type: 'int' }) revision: number;
  /** Null once the artifact was deleted. */
  @Column({ type: 'text', nullable: true }) artifactId: string | null;
}
