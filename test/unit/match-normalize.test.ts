import { describe, expect, it } from 'vitest';
import { deletions, editDistance, nameKey, registrableDomain, socialHandle } from '../../src/match/normalize.js';

describe('match normalisation', () => {
  it('reduces URLs and hosts to the registrable domain by the public-suffix list', () => {
    expect(registrableDomain('www.stripe.com')).toBe('stripe.com');
    expect(registrableDomain('https://stripe.com/about')).toBe('stripe.com');
    expect(registrableDomain('stripe.co.uk')).toBe('stripe.co.uk');
    expect(registrableDomain('http://shop.WWW.Stripe.co.uk:8080/x?y#z')).toBe('stripe.co.uk');
    expect(registrableDomain('acme.github.io')).toBe('acme.github.io');
    expect(registrableDomain('localhost')).toBeNull();
    expect(registrableDomain('stripe')).toBeNull();
    expect(registrableDomain('')).toBeNull();
  });

  it('drops legal forms, punctuation, case and diacritics from names', () => {
    expect(nameKey('Stripe, Inc.')).toBe('stripe');
    expect(nameKey('STRIPE GMBH')).toBe('stripe');
    expect(nameKey('Doctolib S.A.S.')).toBe('doctolib');
    expect(nameKey('Société Générale SA')).toBe('societegenerale');
    expect(nameKey('Müller & Söhne GmbH & Co. KG')).toBe('mullerandsohne');
    expect(nameKey('The Limited Ltd')).toBe('limited');
    expect(nameKey('Inc')).toBe('inc');
    expect(nameKey('Acme Pty Ltd')).toBe('acme');
  });

  it('handles of LinkedIn, X/Twitter and Crunchbase from URLs or as given', () => {
    expect(socialHandle('linkedin', 'https://www.linkedin.com/company/stripe/about/')).toBe('stripe');
    expect(socialHandle('linkedin', 'linkedin.com/in/jane-doe-1a')).toBe('jane-doe-1a');
    expect(socialHandle('twitter', 'https://x.com/@Stripe?lang=en')).toBe('stripe');
    expect(socialHandle('twitter', '@stripe')).toBe('stripe');
    expect(socialHandle('crunchbase', 'https://www.crunchbase.com/organization/stripe')).toBe('stripe');
    expect(socialHandle('crunchbase', 'crunchbase.com/company/1000museums-com')).toBe('1000museums-com');
    expect(socialHandle('crunchbase', 'stripe')).toBe('stripe');
    expect(socialHandle('linkedin', 'https://example.com/company/stripe')).toBeNull();
  });

  it('one typo of a name shares a deletion key with it', () => {
    const shares = (a: string, b: string) => [a, ...deletions(a)].some((x) => new Set([b, ...deletions(b)]).has(x));
    expect(shares('zynag', 'zynga')).toBe(true);
    expect(shares('zyngaa', 'zynga')).toBe(true);
    expect(shares('zyga', 'zynga')).toBe(true);
    expect(shares('zinga', 'zynga')).toBe(true);
    expect(shares('abcdef', 'uvwxyz')).toBe(false);
    expect(editDistance('zynag', 'zynga')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(deletions('abc')).toEqual([]);
  });
});
