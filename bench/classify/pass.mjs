// One process of bench:classify's instruction count: reads a set's articles (written by run.mjs as JSON,
// a feed's articles to an array) `passes` times, then prints how many articles it holds. Only the
// classifier of `dist` is loaded: reading the real feeds here would load the repository's own as well
// (the worker's reading code classifies), and its memory moved the collector's work, and so the count,
// by 4–11 %. Usage: node --single-threaded pass.mjs <articles.json> <passes> <dist>
import { readFileSync } from 'node:fs';
import { classifierIn, readAll } from './sets.mjs';

const [file, passes, dist] = process.argv.slice(2);
const { classifier } = await classifierIn(dist);
const feeds = JSON.parse(readFileSync(file, 'utf8'));
for (let pass = 0; pass < Number(passes); pass++) readAll(classifier, feeds);
console.log(`articles ${feeds.reduce((n, feed) => n + feed.length, 0)}`);
