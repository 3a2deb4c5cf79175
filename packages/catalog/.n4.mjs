import { loadCatalog } from '@tidings/catalog/catalog';
import { shortName } from '@tidings/catalog/company-matcher';
const c = loadCatalog();
const want = new Set(process.argv.slice(2).map((s) => s.toLowerCase()));
for (const co of c.companies.values()) {
  const names = [shortName(co.name).join(' '), ...(co.aliases ?? []).map((a) => a.toLowerCase())];
  for (const n of names) if (want.has(n)) console.log(n, '|', co.name, co.tickers.join(','), co.id);
}
