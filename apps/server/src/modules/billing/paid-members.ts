/**
 * The paid users of a per-user subscription travel in the Stripe subscription's metadata (and in
 * the metadata of a schedule's next phase, which Stripe sets on the subscription when the phase
 * starts), so a webhook's re-read of the subscription says who is paid: Stripe stays the truth.
 * Metadata values hold at most 500 characters, so the member ids (UUIDs without dashes) are split
 * over `paidMembers0`, `paidMembers1`, … (15 ids each); `paidMembersParts` says how many parts are
 * current (left-over parts of a longer list are ignored).
 */

const PARTS_KEY = 'paidMembersParts';
const PART_KEY = 'paidMembers';
const IDS_PER_PART = 15;

const compact = (id: string): string => id.replace(/-/g, '').toLowerCase();
const expand = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

/** The metadata entries that carry `memberIds`. */
export function paidMembersMetadata(memberIds: readonly string[]): Record<string, string> {
  const ids = [...new Set(memberIds.map(compact))].sort();
  const metadata: Record<string, string> = {};
  let parts = 0;
  for (let start = 0; start < ids.length; start += IDS_PER_PART) {
    metadata[`${PART_KEY}${parts}`] = ids.slice(start, start + IDS_PER_PART).join(',');
    parts += 1;
  }
  metadata[PARTS_KEY] = String(parts);
  return metadata;
}

/** The member ids the metadata carries; null when it carries no paid-user list. */
export function paidMembersOf(metadata: Record<string, string> | null | undefined): string[] | null {
  const parts = Number(metadata?.[PARTS_KEY]);
  if (metadata == null || !Number.isInteger(parts) || parts < 0) return null;
  const ids: string[] = [];
  for (let part = 0; part < parts; part += 1) {
    const value = metadata[`${PART_KEY}${part}`] ?? '';
    for (const hex of value.split(',')) if (/^[0-9a-f]{32}$/.test(hex)) ids.push(expand(hex));
  }
  return ids;
}
