import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Generation } from './generation.entity';

/** Generations' table (`creative.generations`): the record of each image generated (its asset and artifact are their features'). */
@Injectable()
export class GenerationsRepository {
  static readonly tables = ['generations'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Records a generation; answers it as stored. */
  insert(row: Omit<Generation, 'createdAt'>): Promise<Generation> {
    return this.ds.getRepository(Generation).save(row);
  }
}
