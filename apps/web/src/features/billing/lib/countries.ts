/**
 * The billing form's country list: every region the browser's Intl names, in English (no hand-kept
 * table of names). Left out: groupings and pseudo-regions (EU, UN, XA…), codes that are not ISO
 * 3166-1 (AC, CP, DG, EA, IC, TA, CQ) and withdrawn codes Intl still names (DD, SU, YU…).
 */
const NOT_COUNTRIES = new Set([
  ...['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'],
  ...['AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ'],
  ...['AN', 'BU', 'CS', 'DD', 'FX', 'SU', 'TP', 'UK', 'YU', 'ZR'],
]);

export type CountryOption = { value: string; label: string };

let cached: CountryOption[] | null = null;

export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code)) continue;
      let label: string | undefined;
      try {
        label = names.of(code);
      } catch {
        label = undefined;
      }
      if (label && label !== code) options.push({ value: code, label });
    }
  }
  cached = options.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
}
