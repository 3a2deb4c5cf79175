/**
 * The article type by evidence (CONTRACT §2): the source's default type, overridden by what the item
 * shows. An image `media:content` (a thumbnail) is not a video.
 */
import type { ArticleType } from '@tidings/core/article';

export interface TypeEvidence {
  /** The source's default type. */
  sourceType: ArticleType;
  link: string | null;
  categories: string[];
  enclosures: { url: string; type: string | null; medium: string | null }[];
  /** The item carries iTunes podcast fields. */
  itunes: boolean;
}

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|dailymotion\.com|twitch\.tv|tiktok\.com)$/i;
const AUDIO_EXT = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|$)/i;
const VIDEO_EXT = /\.(mp4|m4v|mov|webm|mkv|avi)(\?|$)/i;
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)(\?|$)/i;

function kindOf(e: TypeEvidence['enclosures'][number]): 'audio' | 'video' | 'image' | null {
  const type = (e.type ?? '').toLowerCase();
  const medium = (e.medium ?? '').toLowerCase();
  if (type.startsWith('audio/') || medium === 'audio' || (!type && AUDIO_EXT.test(e.url))) return 'audio';
  if (type.startsWith('video/') || medium === 'video' || (!type && !medium && VIDEO_EXT.test(e.url))) return 'video';
  if (type.startsWith('image/') || medium === 'image' || IMAGE_EXT.test(e.url)) return 'image';
  return null;
}

function hostOf(link: string | null): string {
  try {
    return link ? new URL(link).hostname : '';
  } catch {
    return '';
  }
}

const category = (categories: string[], pattern: RegExp) => categories.some((c) => pattern.test(c));

export function classifyArticleType(evidence: TypeEvidence): ArticleType {
  const kinds = evidence.enclosures.map(kindOf);
  if (kinds.includes('audio') || evidence.itunes) return 'podcast';
  if (kinds.includes('video') || VIDEO_HOSTS.test(hostOf(evidence.link))) return 'video';
  if (category(evidence.categories, /^\s*press[\s-]*releases?\s*$|^\s*pressemitteilung/i)) return 'pressrelease';
  if (
    kinds.filter((k) => k === 'image').length >= 4 ||
    category(evidence.categories, /^\s*(photo\s*)?galler(y|ies)\s*$|^\s*photos?\s*$/i)
  ) {
    return 'gallery';
  }
  if (category(evidence.categories, /^\s*(reports?|research reports?|white\s*papers?)\s*$/i)) return 'report';
  return evidence.sourceType;
}
