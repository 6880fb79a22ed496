import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

/** The prompt that walks an assistant from a goal to a campaign with the tools. */
export const GOAL_TO_CAMPAIGN_PROMPT: Prompt = {
  name: 'goal_to_campaign',
  title: 'From a goal to a campaign',
  description: 'Turns a marketing goal into a brief, checks it, designs it, and builds a multi-format campaign (optionally with a video).',
  arguments: [
    { name: 'goal', description: 'What the campaign is for, in a sentence (e.g. "launch our autumn coffee blend to young professionals")', required: true },
    { name: 'tone', description: 'Voice and mood (e.g. "warm, confident")', required: false },
    { name: 'formats', description: 'Comma-separated named formats (see get_capabilities), e.g. "instagram_post, instagram_story"', required: false },
    { name: 'language', description: "Language of the copy (default: the goal's language)", required: false },
    { name: 'video', description: '"yes" to also assemble a short video from the pieces', required: false },
  ],
};

export function goalToCampaignMessages(goal: string, args: Record<string, string>): GetPromptResult['messages'] {
  const lines = [
    `Goal: ${goal.trim()}`,
    args.tone ? `Tone: ${args.tone}` : null,
    args.language ? `Language: ${args.language}` : null,
    args.formats ? `Formats: ${args.formats}` : null,
    '',
    'Build a campaign for this goal with the creative tools:',
    '1. Call get_brand_kit (use its colors and tone if set) and list_templates; read get_capabilities for the named formats.',
    '2. Write a brief: title (short, concrete), subtitle, body (one or two sentences), cta, tone, palette; keep the copy within the limits the analysis reports.',
    '3. Call analyze_brief with it (and the template you chose); fix every issue it reports with a score below 0.8 and call it again.',
    '4. Call create_design with the brief and template and `render: {format: "png"}`; look at the image. Adjust with patch_node (node ids are in the IR) until it reads well.',
    `5. Call create_campaign with the brief${
      args.formats
        ? ` and formats [${args.formats
            .split(',')
            .map((f) => `{"name": "${f.trim()}"}`)
            .join(', ')}]`
        : ''
    }; check every piece's image.`,
    args.video && /^(y|yes|true|1)$/i.test(args.video.trim())
      ? "6. Call create_campaign_video with the same brief, poll get_job until it succeeds, and give the video's URL."
      : '6. Optionally animate the best piece with animate_design and poll get_job.',
    'Finish with the design ids, the campaign id and the signed URLs of the files.',
  ].filter((l): l is string => l !== null);
  return [{ role: 'user', content: { type: 'text', text: lines.join('\n') } }];
}
