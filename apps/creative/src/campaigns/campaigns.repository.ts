import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Campaign } from './campaign.entity';
import { CampaignPiece } from './campaign-piece.entity';

/** Campaigns' tables (`creative.campaigns`, `creative.campaign_pieces`). Their designs and artifacts are read through their features. */
@Injectable()
export class CampaignsRepository {
  static readonly tables = ['campaigns', 'campaign_pieces'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stores a campaign with its pieces in one transaction; answers the campaign as stored. */
  insertWithPieces(
    fields: Pick<Campaign, 'id' | 'accountId' | 'brief' | 'template' | 'seed' | 'idempotencyRef'>,
    pieces: Omit<CampaignPiece, 'campaignId'>[],
  ): Promise<Campaign> {
    return this.ds.transaction(async (m) => {
      const row = m.getRepository(Campaign).create(fields);
      await m.getRepository(Campaign).insert(row as never);
      await m.getRepository(CampaignPiece).insert(pieces.map((p) => ({ ...p, campaignId: row.id })) as never);
      return m.getRepository(Campaign).findOneByOrFail({ id: row.id });
    });
  }

  /** The account's campaign, or null. */
  find(accountId: string, id: string): Promise<Campaign | null> {
    return this.ds.getRepository(Campaign).findOneBy({ accountId, id });
  }

  /** The account's campaign made under an Idempotency-Key's claim, or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Campaign | null> {
    return this.ds.getRepository(Campaign).findOneBy({ accountId, idempotencyRef });
  }

  /** The campaign's pieces in order. */
  pieces(campaignId: string): Promise<CampaignPiece[]> {
    return this.ds.getRepository(CampaignPiece).find({ where: { campaignId }, order: { position: 'ASC' } });
  }
}
