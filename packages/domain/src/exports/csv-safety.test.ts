import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './csv-safety';

describe('neutralizeFormula (OWASP CSV Injection)', () => {
  it.each<[string, string]>([
    ['=HYPERLINK("http://evil.test","x")', '\'=HYPERLINK("http://evil.test","x")'],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['olivia@acme.test', 'olivia@acme.test'],
    ['Leads Q4 - Sheet1', 'Leads Q4 - Sheet1'],
    [' =1+1', ' =1+1'],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(neutralizeFormula(value)).toBe(expected);
  });
});
