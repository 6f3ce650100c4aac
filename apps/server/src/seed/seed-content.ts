import type { SuppressionSource, SuppressionType } from '@mergedesk/domain/api/suppression-list';
import { bounces, unsubscriptions } from '../db/schema';
import type { Executor } from '../db/client';
import { insertSuppressions, type NewSuppression } from '../modules/suppression-lists/suppression-list.repo';
import { insertTemplates, type NewTemplate } from '../modules/templates/templates.repo';

/**
 * Space content of shared/demo-data.md ("Content"): unsubscriptions, bounces and the template
 * gallery. Deterministic: a seeded pseudo-random generator, dates relative to `now`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a small, fast, seedable generator (the demo must be the same on every run). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES = [
  'anna',
  'ben',
  'carla',
  'david',
  'emma',
  'felix',
  'greta',
  'hugo',
  'ines',
  'jonas',
  'klara',
  'lukas',
  'marie',
  'noah',
  'olga',
  'paul',
  'quinn',
  'rosa',
  'simon',
  'tara',
] as const;
export const LAST_NAMES = [
  'bauer',
  'costa',
  'dubois',
  'evans',
  'fischer',
  'garcia',
  'hansen',
  'ito',
  'jansen',
  'kowalski',
  'lopez',
  'meyer',
  'novak',
  'olsen',
  'petit',
  'rossi',
  'schmidt',
  'torres',
  'weber',
  'young',
] as const;
export const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'shop.example'] as const;

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('demo seed: empty list');
  return item;
}

type SuppressionSpec = {
  workspaceId: string;
  count: number;
  seed: number;
  /**
   * whose entries they are, in turn, and how each came to be: MANUAL (added on the page), LINK (a
   * recipient of that person's merge unsubscribed), ADDON (the add-on reported a bounce of it)
   */
  addedBy: readonly { userId: string | null; source: SuppressionSource }[];
  typeOf: (index: number) => SuppressionType;
  /** entries are spread over this many days before `now` */
  overDays: number;
};

/** `count` distinct addresses with creation (and sometimes later update) times spread over `overDays`. */
export function demoSuppressions(now: Date, spec: SuppressionSpec): NewSuppression[] {
  const random = seededRandom(spec.seed);
  const seen = new Set<string>();
  const entries: NewSuppression[] = [];
  for (let index = 0; entries.length < spec.count; index += 1) {
    const email = `${pick(random, FIRST_NAMES)}.${pick(random, LAST_NAMES)}${index % 7 === 0 ? index : ''}@${pick(random, DOMAINS)}`;
    if (seen.has(email)) continue;
    seen.add(email);
    const createdAt = new Date(now.getTime() - Math.floor(random() * spec.overDays * DAY_MS));
    // About a quarter were touched again later (re-added from another merge).
    const updatedAt =
      random() < 0.25
        ? new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(random() * 20 * DAY_MS)))
        : createdAt;
    const owner = spec.addedBy[entries.length % spec.addedBy.length];
    entries.push({
      workspaceId: spec.workspaceId,
      userId: owner?.userId ?? null,
      source: owner?.source ?? 'MANUAL',
      email,
      type: spec.typeOf(entries.length),
      createdAt,
      updatedAt,
    });
  }
  return entries;
}

function svgThumbnail(title: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="320" height="200" fill="#f8f9fa"/><rect width="320" height="56" fill="${color}"/><text x="160" y="36" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">${title}</text><rect x="32" y="80" width="256" height="10" rx="5" fill="#dee2e6"/><rect x="32" y="104" width="220" height="10" rx="5" fill="#dee2e6"/><rect x="32" y="128" width="240" height="10" rx="5" fill="#dee2e6"/><rect x="110" y="158" width="100" height="24" rx="12" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function previewHtml(title: string, body: string, color: string): string {
  return `<div style="font-family:Arial,sans-serif;max-width:600px;margin:0 auto;color:#212529"><div style="background:${color};color:#fff;padding:24px;font-size:22px">${title}</div><div style="padding:24px;line-height:1.5"><p>Hi {{First name}},</p><p>${body}</p><p>Best regards,<br>{{Sender name}}</p></div></div>`;
}

const GALLERY: readonly { subject: string; body: string; color: string }[] = [
  {
    subject: 'Welcome to the team!',
    body: 'We are delighted to have you with us. Here is everything you need for your first week.',
    color: '#228be6',
  },
  {
    subject: 'Your monthly newsletter',
    body: 'Here are the highlights of the month, hand-picked for you.',
    color: '#7048e8',
  },
  {
    subject: 'You are invited: {{Event name}}',
    body: 'Join us on {{Date}} for an evening of talks and networking.',
    color: '#e64980',
  },
  {
    subject: 'Quick follow-up on our meeting',
    body: 'Thank you for your time today. As promised, here is a summary of what we discussed.',
    color: '#12b886',
  },
  {
    subject: 'A special offer just for you',
    body: 'As a valued customer, enjoy 20% off your next order with the code {{Code}}.',
    color: '#fd7e14',
  },
  {
    subject: 'Your invoice {{Invoice number}}',
    body: 'Please find your invoice attached. Payment is due by {{Due date}}.',
    color: '#495057',
  },
  {
    subject: 'We would love your feedback',
    body: 'Could you spare two minutes to tell us how we are doing?',
    color: '#15aabf',
  },
  {
    subject: 'Friendly payment reminder',
    body: 'This is a gentle reminder that invoice {{Invoice number}} is still open.',
    color: '#fa5252',
  },
  {
    subject: 'Happy holidays from all of us',
    body: 'Thank you for a wonderful year. We wish you and your loved ones a happy holiday season.',
    color: '#2f9e44',
  },
  {
    subject: 'New product launch: {{Product}}',
    body: 'We are excited to introduce {{Product}}, built with your feedback in mind.',
    color: '#f08c00',
  },
  {
    subject: 'Thank you for your order',
    body: 'Your order {{Order number}} is confirmed and will ship soon.',
    color: '#1c7ed6',
  },
  {
    subject: 'Save the date',
    body: 'Mark your calendar: {{Event name}} takes place on {{Date}}. Details will follow.',
    color: '#ae3ec9',
  },
];

export const DEMO_TEMPLATES: readonly NewTemplate[] = GALLERY.map(({ subject, body, color }, index) => ({
  subject,
  thumbnail: svgThumbnail(subject.replace(/\{\{[^}]*\}\}/g, '…'), color),
  preview: previewHtml(subject, body, color),
  sortOrder: index + 1,
}));

/** Writes the demo content through the repositories the API uses. */
export async function seedContent(
  tx: Executor,
  now: Date,
  ids: { users: Record<string, string>; spaces: Record<string, string> },
): Promise<void> {
  const user = (email: string) => ids.users[email] ?? null;
  const space = (name: string) => {
    const id = ids.spaces[name];
    if (id === undefined) throw new Error(`demo seed: unknown space ${name}`);
    return id;
  };
  const by = (email: string, source: SuppressionSource = 'MANUAL') => ({ userId: user(email), source });
  // Opt-outs belong to their sender: added on the page by olivia, adam or mia, or made by a recipient
  // through the unsubscribe link of olivia's or mia's merges (LINK).
  const acmeSalesPeople = [
    by('olivia@acme.test'),
    by('adam@acme.test'),
    by('mia@acme.test'),
    by('olivia@acme.test', 'LINK'),
    by('mia@acme.test', 'LINK'),
  ];
  const premiumPeople = [by('olivia@acme.test'), by('adam@acme.test')];

  // Acme Sales: 60 unsubscriptions, every fourth one shared (WORKSPACE), the rest PERSONAL.
  await insertSuppressions(
    tx,
    unsubscriptions,
    demoSuppressions(now, {
      workspaceId: space('Acme Sales'),
      count: 60,
      seed: 1001,
      addedBy: acmeSalesPeople,
      typeOf: (index) => (index % 4 === 0 ? 'WORKSPACE' : 'PERSONAL'),
      overDays: 240,
    }),
  );
  // Acme Premium: 20 unsubscriptions, all shared.
  await insertSuppressions(
    tx,
    unsubscriptions,
    demoSuppressions(now, {
      workspaceId: space('Acme Premium'),
      count: 20,
      seed: 1002,
      addedBy: [...premiumPeople, by('olivia@acme.test', 'LINK')],
      typeOf: () => 'WORKSPACE',
      overDays: 120,
    }),
  );
  // Acme Sales: 40 bounces, every fifth one shared; Acme Premium: 15, all shared.
  await insertSuppressions(
    tx,
    bounces,
    demoSuppressions(now, {
      workspaceId: space('Acme Sales'),
      count: 40,
      seed: 2001,
      addedBy: [
        by('olivia@acme.test', 'ADDON'),
        by('olivia@acme.test'),
        by('adam@acme.test', 'ADDON'),
        by('adam@acme.test'),
      ],
      typeOf: (index) => (index % 5 === 0 ? 'WORKSPACE' : 'PERSONAL'),
      overDays: 300,
    }),
  );
  await insertSuppressions(
    tx,
    bounces,
    demoSuppressions(now, {
      workspaceId: space('Acme Premium'),
      count: 15,
      seed: 2002,
      addedBy: [by('olivia@acme.test', 'ADDON'), ...premiumPeople],
      typeOf: () => 'WORKSPACE',
      overDays: 120,
    }),
  );

  await insertTemplates(tx, DEMO_TEMPLATES);
}
