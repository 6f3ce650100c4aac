import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/** The models whose entries belong to a grant (revokeByGrantId). */
const GRANTABLE_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

type Entry = { payload: AdapterPayload; expiresAt: number | null };
type Stored = Record<string, Record<string, Entry>>;

/**
 * What survives a restart: grants and their refresh tokens, so that a restart of `npm start` keeps
 * every sender's Gmail grant (MergeDesk holds the refresh tokens). Sessions, codes, access tokens
 * and interactions stay in memory, as before.
 */
const PERSISTED_MODELS = new Set(['Grant', 'RefreshToken']);

/**
 * oidc-provider storage in memory, with the models of PERSISTED_MODELS also written to `dataFile`
 * (JSON, rewritten on every change; a development provider sees a handful of writes a minute).
 * Without `dataFile` nothing is written.
 */
export function createFileAdapter(dataFile: string | undefined): AdapterFactory {
  const models = new Map<string, Map<string, Entry>>();
  if (dataFile !== undefined && existsSync(dataFile)) {
    const stored = JSON.parse(readFileSync(dataFile, 'utf8')) as Stored;
    for (const [model, entries] of Object.entries(stored)) {
      models.set(model, new Map(Object.entries(entries)));
    }
  }
  const modelOf = (name: string) => {
    let entries = models.get(name);
    if (entries === undefined) {
      entries = new Map();
      models.set(name, entries);
    }
    return entries;
  };
  const save = (name: string) => {
    if (dataFile === undefined || !PERSISTED_MODELS.has(name)) return;
    const now = Date.now();
    const stored: Stored = {};
    for (const model of PERSISTED_MODELS) {
      stored[model] = Object.fromEntries(
        [...modelOf(model)].filter(([, entry]) => entry.expiresAt === null || entry.expiresAt > now),
      );
    }
    mkdirSync(path.dirname(dataFile), { recursive: true });
    writeFileSync(`${dataFile}.tmp`, JSON.stringify(stored));
    renameSync(`${dataFile}.tmp`, dataFile);
  };
  const live = (entry: Entry | undefined) =>
    entry !== undefined && (entry.expiresAt === null || entry.expiresAt > Date.now()) ? entry : undefined;

  return (name: string): Adapter => {
    const entries = modelOf(name);
    const findBy = (field: 'uid' | 'userCode', value: string) =>
      [...entries.values()].find((entry) => live(entry) && entry.payload[field] === value)?.payload;
    return {
      upsert(id, payload, expiresIn) {
        entries.set(id, {
          payload,
          expiresAt: expiresIn === undefined ? null : Date.now() + expiresIn * 1000,
        });
        save(name);
        return Promise.resolve();
      },
      find: (id) => Promise.resolve(live(entries.get(id))?.payload),
      findByUid: (uid) => Promise.resolve(findBy('uid', uid)),
      findByUserCode: (userCode) => Promise.resolve(findBy('userCode', userCode)),
      consume(id) {
        const entry = entries.get(id);
        if (entry !== undefined)
          entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
        save(name);
        return Promise.resolve();
      },
      destroy(id) {
        entries.delete(id);
        save(name);
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        // The grant's tokens of every kind, as oidc-provider's memory adapter does (not the grant,
        // sessions or interactions).
        for (const [model, modelEntries] of models) {
          if (!GRANTABLE_MODELS.has(model)) continue;
          for (const [id, entry] of modelEntries) {
            if (entry.payload.grantId === grantId) modelEntries.delete(id);
          }
          save(model);
        }
        return Promise.resolve();
      },
    };
  };
}
