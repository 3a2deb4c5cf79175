/** Minimal RFC 4180 CSV reader (quoted fields, doubled quotes), shared by the catalog generator and evals. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\n' && ch !== '\r')) {
      field += ch;
    } else if (ch === ',' || ch === '\n') {
      row.push(field);
      field = '';
      if (ch === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
