import { defineOperation } from '../common/operation';
import { AnimateDto } from './dto/animate.dto';
import { ProceduralVideoDto } from './dto/procedural-video.dto';
import { VideoCreateDto } from './dto/video-create.dto';
import { VideosUseCases } from './videos.use-cases';

/** The video operations (see `OperationSpec`): each answers its job, `queued`. */
export const VIDEO_OPERATIONS = {
  animate: defineOperation({
    id: 'Animate_animate',
    method: 'POST',
    path: '/v1/designs/{design_id}/animate',
    status: 202,
    useCases: VideosUseCases,
    input: { body: AnimateDto },
    run: (u, auth, { path, body }) => u.animate(auth, path.design_id, body),
  }),
  create: defineOperation({
    id: 'Videos_create',
    method: 'POST',
    path: '/v1/videos',
    status: 202,
    useCases: VideosUseCases,
    input: { body: VideoCreateDto },
    run: (u, auth, { body }) => u.create(auth, body),
  }),
  procedural: defineOperation({
    id: 'Videos_procedural',
    method: 'POST',
    path: '/v1/videos/procedural',
    status: 202,
    useCases: VideosUseCases,
    input: { body: ProceduralVideoDto },
    run: (u, auth, { body }) => u.procedural(auth, body),
  }),
};
