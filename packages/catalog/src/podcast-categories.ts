/**
 * Apple Podcasts categories (`<itunes:category text="…">` on a podcast feed's channel) as IPTC Media
 * Topics. A podcast names its categories once for the whole show, from Apple's fixed list, and that is
 * more telling than an episode's one-line blurb ("Game of the Year: Day Two Deliberations" is a
 * video-game show's episode, not sport). Written from Apple's published list (the current one and the
 * names it used before 2019); a category too broad to name a topic ("News", "Society & Culture",
 * "Documentary", "Personal Journals", "How To", "Podcasting") is left out, as is one whose reading is unsure
 * ("Football": American or association; "National": a government's level, not a minority).
 */
const PODCAST_CATEGORIES: Record<string, number> = {
  // Arts
  arts: 1000000,
  books: 20000013,
  design: 20000033,
  'fashion & beauty': 20000011,
  food: 20000568,
  'performing arts': 20000029,
  'visual arts': 20000031,
  literature: 20000013,
  // Business
  business: 4000000,
  careers: 20000509,
  entrepreneurship: 20001158,
  investing: 20000287,
  management: 4000000,
  marketing: 20000192,
  'non-profit': 20000818,
  'business news': 4000000,
  'management & marketing': 4000000,
  shopping: 10000000,
  // Comedy
  comedy: 1000000,
  'comedy interviews': 1000000,
  improv: 1000000,
  'stand-up': 20001190,
  // Education
  education: 5000000,
  'educational technology': 5000000,
  'higher education': 5000000,
  'k-12': 5000000,
  'education for kids': 5000000,
  'language learning': 20000042,
  'language courses': 20000042,
  // Fiction
  fiction: 20000015,
  'comedy fiction': 20000015,
  drama: 20000015,
  'science fiction': 20000015,
  // Government
  government: 20000593,
  'government & organizations': 11000000,
  politics: 11000000,
  // History
  history: 20000747,
  // Health & Fitness
  'health & fitness': 7000000,
  health: 7000000,
  'alternative health': 7000000,
  fitness: 20001239,
  'fitness & nutrition': 20001239,
  medicine: 7000000,
  'mental health': 20000458,
  nutrition: 20000465,
  // Kids & Family
  'kids & family': 20000780,
  parenting: 20000787,
  // Leisure
  leisure: 10000000,
  'animation & manga': 20000003,
  automotive: 20000296,
  aviation: 20000338,
  crafts: 20000550,
  games: 20000540,
  hobbies: 20000550,
  'games & hobbies': 20000540,
  'other games': 20000540,
  'home & garden': 20000570,
  'video games': 20000548,
  'places & travel': 20000563,
  outdoor: 20000560,
  wilderness: 20000560,
  // Music
  music: 20000018,
  'music commentary': 20000018,
  'music history': 20000018,
  'music interviews': 20000018,
  // News
  'entertainment news': 1000000,
  'sports news': 15000000,
  'tech news': 13000000,
  // Religion & Spirituality
  'religion & spirituality': 12000000,
  religion: 12000000,
  spirituality: 12000000,
  buddhism: 20000658,
  christianity: 20000659,
  hinduism: 20000676,
  islam: 20000677,
  judaism: 20000679,
  // Science
  science: 13000000,
  'science & medicine': 13000000,
  astronomy: 20000718,
  chemistry: 20000725,
  'earth sciences': 20000727,
  'life sciences': 20000719,
  mathematics: 20000715,
  'natural sciences': 20000717,
  nature: 20000441,
  physics: 20000731,
  'social sciences': 20000742,
  // Society & Culture
  philosophy: 20000751,
  relationships: 20000782,
  // Sports
  sports: 15000000,
  'sports & recreation': 15000000,
  baseball: 20000849,
  basketball: 20000851,
  cricket: 20000888,
  'fantasy sports': 15000000,
  golf: 20000940,
  hockey: 20000965,
  rugby: 20001176,
  running: 15000000,
  soccer: 20001065,
  swimming: 20001071,
  tennis: 20001085,
  volleyball: 20001089,
  wrestling: 20001098,
  // Technology
  technology: 13000000,
  gadgets: 20000763,
  'software how-to': 20000763,
  // True Crime
  'true crime': 2000000,
  // TV & Film
  'tv & film': 1000000,
  'after shows': 20000051,
  'film history': 20000005,
  'film interviews': 20000005,
  'film reviews': 20000005,
  'tv reviews': 20000051,
};

/** How many of a show's categories name topics (Apple's first is the show's main one). */
const LIMIT = 2;

/**
 * Topics of a podcast's Apple Podcasts categories: each group is one `<itunes:category>` with the
 * subcategories inside it, in the feed's order (Apple's first category is the show's main one). The
 * most specific topic named in a group stands for it; at most two groups count, so that a show's
 * categories leave room for its episode's own topics. Names are matched case-insensitively, with
 * `&amp;` and "and" read as "&"; a name not on Apple's list is no evidence.
 */
export function topicsOfPodcastCategories(groups: readonly (readonly string[])[]): number[] {
  const out: number[] = [];
  for (const group of groups) {
    const named = group.flatMap((name) => PODCAST_CATEGORIES[keyOf(name)] ?? []);
    if (!named.length) continue;
    // A subcategory is listed after its category: the last one known is the most specific.
    const topic = named.at(-1)!;
    if (!out.includes(topic)) out.push(topic);
    if (out.length === LIMIT) break;
  }
  return out;
}

function keyOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/&amp;/g, '&')
    .replace(/\s+and\s+/g, ' & ')
    .replace(/\s+/g, ' ');
}

/** Every topic the table names (a test checks each is in the catalog). */
export const PODCAST_CATEGORY_TOPICS: readonly number[] = [...new Set(Object.values(PODCAST_CATEGORIES))];
