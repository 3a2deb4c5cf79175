// One process of bench:classify's instruction count: reads a set `passes` times, then prints how many
// articles it holds. Usage: node --single-threaded pass.mjs <set> <passes> <dist>
import { classifierIn, readAll, SETS } from './sets.mjs';

const [set, passes, dist] = process.argv.slice(2);
const { catalog, classifier } = await classifierIn(dist);
const feeds = await SETS[set](catalog);
for (let pass = 0; pass < Number(passes); pass++) readAll(classifier, feeds);
console.log(`articles ${feeds.reduce((n, feed) => n + feed.length, 0)}`);
