/** `GET /api/v2/stories/{storyId}/`: every article of one story (CONTRACT §1.7), newest first. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ProblemError } from '@tidings/core/problem';
import { errorResponses, FeedQuerySchema, FeedResponseSchema } from '../schemas.js';
import { feedPage } from './feed.js';

export default async function storyRoutes(app: FastifyInstance) {
  app.get<{ Params: { storyId: string } }>(
    '/api/v2/stories/:storyId/',
    {
      schema: {
        summary: "A story's articles, filtered and paged like the feed",
        tags: ['feed'],
        params: Type.Object({ storyId: Type.String({ description: 'story.id of any of its articles' }) }),
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { storyId } = request.params;
      // Parameters are checked first (a bad one is a 400 whatever the story); then the story must exist.
      const path = `/api/v2/stories/${encodeURIComponent(storyId)}/`;
      const page = await feedPage(app, request, reply, path, 'stories', storyId);
      if (page.count === 0 && !(await app.index.story(storyId))) {
        throw new ProblemError('notFound', `There is no story ${storyId.slice(0, 100)}.`);
      }
      return page.body;
    },
  );
}
