// The synthetic news of bench:ingest's feeds, shared with bench:classify: short words of every section,
// in small letters, a headline of 8 and an introduction of 30 for each feed `f`, edition and item `i`.
const WORDS =
  'market economy election climate energy bank football health science court police school city river storm minister company shares profit report study vaccine film music festival budget tax trade'.split(
    ' ',
  );

/** The words of item `i` of feed `f` in an edition: its title and introduction (without full stop). */
export function syntheticStory(f, edition, i) {
  const n = f * 7919 + i * 104729 + edition;
  const title = Array.from({ length: 8 }, (_, k) => WORDS[(n + k * 31) % WORDS.length]).join(' ');
  const intro = Array.from({ length: 30 }, (_, k) => WORDS[(n * 3 + k * 17) % WORDS.length]).join(' ');
  return { title, intro };
}

/**
 * The article the worker reads from such an item: its headline (the title, then the feed and item numbers)
 * and its introduction (the text of `<p>intro.</p>`).
 */
export function syntheticArticle(f, edition, i) {
  const { title, intro } = syntheticStory(f, edition, i);
  return { headline: `${title} ${f}-${i}`, introduction: `${intro}.` };
}
