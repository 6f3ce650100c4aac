import { describe, expect, it } from 'vitest';
import { filterValuesOf, formatFilterBy, LIST_SEARCH_MAX_LENGTH, parseListQuery } from './list-query';

const allowed = {
  filterKeys: ['userRole', 'memberStatus'],
  sortKeys: ['createTimestamp', 'userName'],
} as const;

describe('parseListQuery', () => {
  it.each([
    [{}, { filters: {}, sort: [], limit: 25, offset: 0 }],
    [
      { filterBy: 'userRole:OWNER', limit: 1 },
      { filters: { userRole: ['OWNER'] }, sort: [], limit: 1, offset: 0 },
    ],
    [
      { filterBy: 'userRole:ADMIN,userRole:OWNER,memberStatus:ACTIVE', limit: 100, limitOffset: 5 },
      {
        filters: { userRole: ['ADMIN', 'OWNER'], memberStatus: ['ACTIVE'] },
        sort: [],
        limit: 100,
        offset: 5,
      },
    ],
    [
      { sortBy: 'userName:desc,createTimestamp' },
      {
        filters: {},
        sort: [
          { key: 'userName', direction: 'desc' },
          { key: 'createTimestamp', direction: 'asc' },
        ],
        limit: 25,
        offset: 0,
      },
    ],
  ])('parses %j', (query, expected) => {
    expect(parseListQuery(query, allowed)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [{ filterBy: 'password:x' }, 'filterBy', "Unknown filter key 'password'."],
    [{ filterBy: 'userRole' }, 'filterBy', "Filter 'userRole' needs a value."],
    [{ sortBy: 'secret:asc' }, 'sortBy', "Unknown sort key 'secret'."],
    [{ sortBy: 'userName:up' }, 'sortBy', "Sort direction of 'userName' must be asc or desc."],
  ])('rejects %j', (query, field, message) => {
    expect(parseListQuery(query, allowed)).toEqual({ ok: false, issues: [{ field, message }] });
  });
});

describe('search length (issue 9)', () => {
  const withSearch = { filterKeys: ['search'], sortKeys: [] } as const;
  it('accepts a search of LIST_SEARCH_MAX_LENGTH (254) characters', () => {
    expect(LIST_SEARCH_MAX_LENGTH).toBe(254);
    const search = 'a'.repeat(254);
    expect(parseListQuery({ filterBy: `search:${search}` }, withSearch)).toMatchObject({
      ok: true,
      value: { filters: { search: [search] } },
    });
  });

  it('refuses a longer one', () => {
    expect(parseListQuery({ filterBy: `search:${'a'.repeat(255)}` }, withSearch)).toEqual({
      ok: false,
      issues: [{ field: 'filterBy', message: 'Search must be at most 254 characters.' }],
    });
  });
});

describe('formatFilterBy', () => {
  it('expands arrays into repeated keys', () => {
    expect(formatFilterBy({ userRole: ['ADMIN', 'OWNER'], memberStatus: 'ACTIVE', x: undefined })).toBe(
      'userRole:ADMIN,userRole:OWNER,memberStatus:ACTIVE',
    );
  });
});

describe('filterValuesOf', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['search:a', []],
    ['workspaceId:w1', ['w1']],
    ['search:x, workspaceId:w1 ,workspaceId:w2', ['w1', 'w2']],
    ['workspaceId:', []],
    ['workspaceIdx:w1', []],
    ['workspaceId:a:b', ['a:b']],
  ] as const)('%j gives %j', (filterBy, expected) => {
    expect(filterValuesOf(filterBy, 'workspaceId')).toEqual(expected);
  });
});
