import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  BUDGETS_KIB,
  classicZodModules,
  measureBundle,
  type ChunkInfo,
} from './bundle-budget';

const LOGIN = 'features/auth/components/login-page';
const KiB = 1024;

/** entry → react, login (lazy) → shared; app (lazy) → shared; page (lazy from app). */
const chunks: ChunkInfo[] = [
  {
    fileName: 'assets/index.js',
    isEntry: true,
    imports: ['assets/react.js'],
    moduleIds: ['/w/src/main.tsx'],
  },
  { fileName: 'assets/react.js', isEntry: false, imports: [], moduleIds: ['/w/node_modules/react/index.js'] },
  {
    fileName: 'assets/login.js',
    isEntry: false,
    imports: ['assets/index.js', 'assets/shared.js'],
    moduleIds: [`/w/src/${LOGIN}.tsx`],
  },
  { fileName: 'assets/shared.js', isEntry: false, imports: [], moduleIds: ['/w/src/lib/x.ts'] },
  { fileName: 'assets/app.js', isEntry: false, imports: ['assets/shared.js'], moduleIds: ['/w/src/app.tsx'] },
];
const sizes = (brotliKiB: Record<string, number>) =>
  new Map(
    Object.entries(brotliKiB).map(([file, kib]) => [file, { brotli: kib * KiB, gzip: kib * KiB * 1.2 }]),
  );

describe('measureBundle', () => {
  it("counts the entry, its static imports and the login page's chunks as the login route's first JS", () => {
    const report = measureBundle(
      chunks,
      sizes({
        'assets/index.js': 20,
        'assets/react.js': 80,
        'assets/login.js': 5,
        'assets/shared.js': 10,
        'assets/app.js': 100,
      }),
      LOGIN,
    );
    expect(report.loginInitialJs.files).toEqual([
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
    expect(report.loginInitialJs.brotliKiB).toBe(115);
    expect(report.loginInitialJs.gzipKiB).toBeCloseTo(138);
    expect(report.allJs.brotliKiB).toBe(215);
    expect(budgetFailures(report)).toEqual([]);
  });

  it.each([
    [
      'login route over 150 KiB',
      { login: 41, app: 40 },
      ['loginInitialJs: 151.0 KiB brotli is over its budget of 150 KiB'],
    ],
    [
      'all JS over 302 KiB',
      { login: 5, app: 188 },
      ['allJs: 303.0 KiB brotli is over its budget of 302 KiB'],
    ],
    ['both at their budget exactly', { login: 40, app: 152 }, []],
  ])('%s', (_, { login, app }, failures) => {
    const report = measureBundle(
      chunks,
      sizes({
        'assets/index.js': 20,
        'assets/react.js': 80,
        'assets/login.js': login,
        'assets/shared.js': 10,
        'assets/app.js': app,
      }),
      LOGIN,
    );
    expect(budgetFailures(report)).toEqual(failures);
  });

  it('refuses a build without the login page', () => {
    expect(() => measureBundle(chunks, sizes({}), 'features/nowhere')).toThrow(/login page/);
  });

  it('keeps the budgets of issue 11 (all JS 302 while issue 25 waits for a diet)', () => {
    expect(BUDGETS_KIB).toEqual({ loginInitialJs: 150, allJs: 302 });
  });
});

describe('classicZodModules', () => {
  it.each([
    ['/w/node_modules/zod/v4/classic/schemas.js', true],
    ['C:\\w\\node_modules\\zod\\v4\\classic\\external.js', true],
    ['/w/node_modules/zod/v3/types.js', true],
    ['/w/node_modules/zod/v4/mini/schemas.js', false],
    ['/w/node_modules/zod/v4/core/schemas.js', false],
    ['/w/packages/domain/src/v4/classic/x.ts', false],
  ])('%s is classic zod: %s', (id, classic) => {
    expect(classicZodModules([{ moduleIds: ['/w/src/main.tsx', id] }])).toEqual(classic ? [id] : []);
  });
});
