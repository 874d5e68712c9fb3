/**
 * The COPY text format the seed writes on PostgreSQL (seeds/copy.ts): the bytes the format treats
 * specially are escaped, null is `\N`, and the rest is written as node-postgres binds it. The
 * round trip through a real PostgreSQL is test/integration/seed-copy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { copyField, copyText } from '../../seeds/copy.mjs';

describe('COPY text encoding', () => {
  it('writes null and undefined as \\N, and a string that reads "\\N" escaped', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('')).toBe('');
  });

  it('escapes backslash, tab, newline and carriage return, and nothing else', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('"quoted" \'single\', comma; ünïcødé 🚀 €')).toBe('"quoted" \'single\', comma; ünïcødé 🚀 €');
  });

  it('writes booleans as t/f and numbers as node-postgres sends them', () => {
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(0)).toBe('0');
    expect(copyField(-42)).toBe('-42');
    expect(copyField(0.1 + 0.2)).toBe(String(0.1 + 0.2));
    expect(copyField(9_007_199_254_740_991)).toBe('9007199254740991');
    expect(copyField(12n)).toBe('12');
  });

  it('refuses what it cannot write faithfully', () => {
    expect(() => copyField(Number.NaN)).toThrow(/cannot COPY/);
    expect(() => copyField(Number.POSITIVE_INFINITY)).toThrow(/cannot COPY/);
    expect(() => copyField({ a: 1 })).toThrow(/cannot COPY/);
    expect(() => copyField(new Date(0))).toThrow(/cannot COPY/);
  });

  it('writes one tab-separated line per row', () => {
    expect(copyText([1, 'a\tb', null, true, 2, '', false, 'x'], 4)).toBe('1\ta\\tb\t\\N\tt\n2\t\tf\tx\n');
    expect(copyText([], 3)).toBe('');
  });
});
