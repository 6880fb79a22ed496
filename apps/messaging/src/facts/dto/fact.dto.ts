import { ApiProperty } from '@nestjs/swagger';
import type { ConversationFact } from '../conversation-fact.entity';

export const FACT_KINDS = ['name', 'preference', 'plan', 'goal', 'relation', 'location', 'job', 'identifier', 'contact', 'date', 'other', 'statement'] as const;

export class FactDto {
  @ApiProperty({
    enum: FACT_KINDS,
    example: 'identifier',
    description:
      'What the fact is about: `name`; `preference` (key `likes`, `dislikes`, `favorite_<thing>`); `plan`; `goal`; `relation` (key: the relation, value: their name); ' +
      '`location` (`lives_in`, `from`); `job` (`job`, `employer`); `identifier` (`order`, `ticket`, `tracking`, `invoice`, `booking`, `reference`, `account`, ' +
      '`flight`, `room`, `plate`, `tax_id`, `code`); `contact` (`email`, `phone`, `address`, `postcode`); `date` (`birthday`, `appointment`, `flight`, `trip`, `exam`…); ' +
      '`other` (`age` and attributes such as `budget`); `statement`: a sentence the person said about themself or their case, kept as said for the ' +
      "built-in engine's statement memory (key: its language `en`, `pt`, `es` or `fr`; value: the sentence folded; text: the sentence).",
  })
  kind: string;
  @ApiProperty({ example: 'order' }) key: string;
  @ApiProperty({
    example: '88412',
    description: 'As the person wrote it (codes and emails), or normalised (names and places in Title Case, tastes in lower case)',
  })
  value: string;
  @ApiProperty({ example: 'Order number: 88412', description: 'The fact as a short sentence, in the language of the message it came from' }) text: string;
  @ApiProperty({
    example: 'msg_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'The user message it was taken from (the latest, when it was stated again or corrected)',
  })
  source_message_id: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z', description: 'When that message was stored' }) updated_at: string;

  static from(f: ConversationFact): FactDto {
    return {
      kind: f.kind,
      key: f.key,
      value: f.value,
      text: f.text,
      source_message_id: f.sourceMessageId,
      updated_at: f.updatedAt.toISOString(),
    };
  }
}

export class FactListDto {
  @ApiProperty({ type: [FactDto], description: 'Oldest first (by `updated_at`)' }) data: FactDto[];
  @ApiProperty({ example: 3 }) total: number;
}
