#!/usr/bin/env node
// Example publisher feeds for the demo, generated here (no third-party content) and served from a
// local HTTP server: RSS 2.0, Atom, a podcast, a video channel, a photo gallery, press releases, and
// legacy encodings (windows-1252 declared in the XML, ISO-8859-1 declared by HTTP only).
// Article pages are served too, so host probes have answers: the daily news site on https (a
// self-signed certificate, written to <dir>/demo-cert.pem for the worker's NODE_EXTRA_CA_CERTS) whose
// pages refuse framing, and the video site on plain http whose pages may be framed.
// Usage: node scripts/demo-feeds.mjs <dir> <port> <httpsPort>
//   — writes <dir>/sources.yaml and <dir>/demo-cert.pem, then serves <dir> and the article pages.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import selfsigned from 'selfsigned';

const [dir = 'data/demo-feeds', portArg = '3001', httpsPortArg = String(Number(portArg) + 1)] = process.argv.slice(2);
const port = Number(portArg);
const httpsPort = Number(httpsPortArg);
const base = `http://127.0.0.1:${port}`;
/** The daily news site: https with the demo's own certificate. */
const secureSite = `https://localhost:${httpsPort}`;
/** The video site: plain http, pages that allow framing. */
const framableSite = base;
mkdirSync(dir, { recursive: true });

const now = Date.now();
const hoursAgo = (h) => new Date(now - h * 3_600_000);
const rfc822 = (d) => d.toUTCString();
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const STORIES = [
  [
    'Central bank holds interest rates as inflation cools',
    'Policy makers kept rates unchanged and signalled cuts next year.',
  ],
  ['Storm brings floods to coastal towns', 'Thousands were evacuated as rivers burst their banks overnight.'],
  ['City council approves new tram line', 'The line will connect the airport with the old town by 2029.'],
  ['Chipmaker shares jump after record profit', 'Demand for data-centre processors drove quarterly revenue up 40 %.'],
  ['Climate summit ends with deal on methane', 'Delegates agreed to cut emissions from oil and gas by a third.'],
  ['Local team wins the cup after penalties', 'A dramatic final ended 3–2 after extra time and a shoot-out.'],
  ['Museum reopens with a new wing for modern art', 'The extension doubles the space for twentieth-century works.'],
  ['Researchers map the genome of an ancient wheat', 'The findings could help breeders make crops hardier.'],
];
const story = (i) => STORIES[i % STORIES.length];

function rss({ title, site, items, encoding = 'utf-8', extraNs = '', language = 'en' }) {
  return `<?xml version="1.0" encoding="${encoding}"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/"${extraNs}>
<channel><title>${esc(title)}</title><link>${site}</link><language>${language}</language><ttl>15</ttl>
${items.join('\n')}
</channel></rss>\n`;
}

function item({ i, site, path, extra = '', category = '' }) {
  const [headline, intro] = story(i);
  return `<item><title>${esc(headline)}</title><link>${site}${path}</link><guid>${site}${path}</guid>
<pubDate>${rfc822(hoursAgo(i * 3 + 1))}</pubDate><dc:creator>Demo Desk</dc:creator>${category}
<description>&lt;p&gt;${esc(intro)}&lt;/p&gt;</description>${extra}</item>`;
}

const feeds = {
  'daily-news.xml': rss({
    title: 'The Daily Example',
    site: secureSite,
    items: [0, 1, 2, 3, 4].map((i) =>
      item({
        i,
        site: secureSite,
        path: `/world/story-${i}`,
        extra: `<media:content url="${secureSite}/img/${i}.jpg" medium="image"/>`,
      }),
    ),
  }),
  'business-atom.xml': `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://business.example.org/">
<title>Business Example</title><link href="https://business.example.org/"/><id>urn:demo:business</id><updated>${hoursAgo(0).toISOString()}</updated>
${[3, 0, 4]
  .map(
    (
      i,
      n,
    ) => `<entry><title>${esc(story(i)[0])}</title><link rel="alternate" href="markets/${n}"/><id>urn:demo:b${n}</id>
<published>${hoursAgo(n * 5 + 2).toISOString()}</published><updated>${hoursAgo(n * 5 + 1).toISOString()}</updated>
<author><name>Markets Team</name></author><summary type="html">&lt;p&gt;${esc(story(i)[1])}&lt;/p&gt;</summary></entry>`,
  )
  .join('\n')}
</feed>\n`,
  'podcast.xml': rss({
    title: 'Example Talk',
    site: 'https://audio.example.net',
    items: [5, 6, 7].map((i) =>
      item({
        i,
        site: 'https://audio.example.net',
        path: `/episodes/${i}`,
        extra: `<enclosure url="https://audio.example.net/${i}.mp3" type="audio/mpeg" length="1000"/><itunes:duration>1800</itunes:duration>`,
      }),
    ),
  }),
  'video.xml': rss({
    title: 'Example TV',
    site: framableSite,
    items: [1, 4].map((i) =>
      item({
        i,
        site: framableSite,
        path: `/clips/${i}`,
        extra: `<media:content url="https://tv.example.com/${i}.mp4" type="video/mp4" medium="video"/>`,
      }),
    ),
  }),
  'gallery.xml': rss({
    title: 'Example Pictures',
    site: 'https://photos.example.com',
    items: [6].map((i) =>
      item({
        i,
        site: 'https://photos.example.com',
        path: `/galleries/${i}`,
        category: '<category>Photo gallery</category>',
        // A gallery is a set of pictures: the first is the article's imageUrl.
        extra: [1, 2, 3]
          .map((n) => `<media:content url="https://photos.example.com/galleries/${i}/${n}.jpg" medium="image"/>`)
          .join(''),
      }),
    ),
  }),
  'press.xml': rss({
    title: 'Example Corp newsroom',
    site: 'https://corp.example.com',
    items: [3].map((i) =>
      item({
        i,
        site: 'https://corp.example.com',
        path: `/press/${i}`,
        category: '<category>Press releases</category>',
      }),
    ),
  }),
  'legacy-1252.xml': null,
  'latin1.xml': null,
};
writeFileSync(
  join(dir, 'legacy-1252.xml'),
  iconv.encode(
    rss({
      title: 'Zeitung “Beispiel”',
      site: 'https://zeitung.example.de',
      encoding: 'windows-1252',
      language: 'de',
      items: [
        `<item><title>Café-Streit – Preise steigen um 5 €</title><link>https://zeitung.example.de/wirtschaft/cafe</link><pubDate>${rfc822(hoursAgo(4))}</pubDate><description>Die „Kaffeepreise“ erreichen ein Rekordhoch.</description></item>`,
      ],
    }),
    'windows-1252',
  ),
);
writeFileSync(
  join(dir, 'latin1.xml'),
  iconv.encode(
    rss({
      title: 'Journal Exemple',
      site: 'https://journal.example.fr',
      encoding: 'ISO-8859-1',
      language: 'fr',
      items: [
        `<item><title>Grève à l'aéroport : vols annulés</title><link>https://journal.example.fr/societe/greve</link><pubDate>${rfc822(hoursAgo(6))}</pubDate><description>Les contrôleurs aériens réclament des hausses de salaire.</description></item>`,
      ],
    }).replace('encoding="ISO-8859-1"', ''),
    'latin1',
  ),
);
for (const [name, body] of Object.entries(feeds)) if (body) writeFileSync(join(dir, name), body);

const sources = [
  ['daily-news', 'The Daily Example', 'daily-news.xml', 'type: article'],
  ['business-example', 'Business Example', 'business-atom.xml', 'topics: [4000000]\n    paywalled: all'],
  ['example-talk', 'Example Talk', 'podcast.xml', 'type: podcast'],
  ['example-tv', 'Example TV', 'video.xml', 'every: 5m'],
  ['example-pictures', 'Example Pictures', 'gallery.xml', 'registrationRequired: true'],
  ['example-corp', 'Example Corp newsroom', 'press.xml', 'type: pressrelease'],
  ['zeitung-beispiel', 'Zeitung Beispiel', 'legacy-1252.xml', 'language: de'],
  ['journal-exemple', 'Journal Exemple', 'latin1.xml', 'type: article'],
];
writeFileSync(
  join(dir, 'sources.yaml'),
  `# Demo sources, served by scripts/demo-feeds.mjs on ${base}\nsources:\n` +
    sources
      .map(
        ([id, name, file, extra]) => `  - id: ${id}\n    name: ${name}\n    feedUrl: ${base}/${file}\n    ${extra}\n`,
      )
      .join(''),
);

/** An article page of a demo site (the headline of the story its path names). */
function page(path) {
  const i = Number(/(\d+)$/.exec(path)?.[1] ?? 0);
  const [headline, intro] = story(i);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${esc(headline)}</title><h1>${esc(headline)}</h1><p>${esc(intro)}</p></html>\n`;
}

const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
  keyType: 'ec',
  algorithm: 'sha256',
  days: 30,
  extensions: [
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ],
});
writeFileSync(join(dir, 'demo-cert.pem'), pems.cert);

createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path.startsWith('/clips/')) {
    // No X-Frame-Options, no CSP: any site may frame these pages.
    return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path));
  }
  const name = path.slice(1);
  try {
    const body = readFileSync(join(dir, name.replace(/[^a-z0-9.-]/gi, '')));
    const type = name === 'latin1.xml' ? 'application/rss+xml; charset=ISO-8859-1' : 'application/xml';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'max-age=300' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
}).listen(port, '127.0.0.1', () => process.stdout.write(`demo feeds on ${base}\n`));

const secure = (req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const headers = { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'SAMEORIGIN' };
  if (path === '/') return res.writeHead(200, headers).end('<!doctype html><title>The Daily Example</title>\n');
  if (path.startsWith('/world/')) return res.writeHead(200, headers).end(page(path));
  res.writeHead(404).end('not found');
};
// `localhost` may resolve to either loopback address: answer on both (IPv6 may be off: then only v4).
createHttpsServer({ key: pems.private, cert: pems.cert }, secure).listen(httpsPort, '127.0.0.1', () =>
  process.stdout.write(`demo news site on ${secureSite}\n`),
);
createHttpsServer({ key: pems.private, cert: pems.cert }, secure)
  .on('error', () => {})
  .listen(httpsPort, '::1');
