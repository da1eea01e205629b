import { describe, expect, it } from 'vitest';
import { ibanValid, normalizeIban } from '../../mock/src/world/iban.ts';

describe('IBAN checksum (ISO 13616 mod 97)', () => {
  it.each(['ES9121000418450200051332', 'DE89370400440532013000', 'GB82WEST12345698765432', 'FR1420041010050500013M02606', 'PT50000201231234567890154'])('%s is valid', (iban) => {
    expect(ibanValid(iban)).toBe(true);
  });

  it('spaces, dashes and lower case are tolerated', () => {
    expect(ibanValid('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(ibanValid('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('DE89-3704-0044-0532-0130-00')).toBe(true);
    expect(normalizeIban(' es91 2100 0418 4502 0005 1332 ')).toBe('ES9121000418450200051332');
  });

  it.each([
    ['one digit changed', 'ES9121000418450200051333'],
    ['two digits swapped', 'ES9121000418450200053132'],
    ['wrong check digits', 'DE88370400440532013000'],
    ['a letter changed', 'GB82WEST12345698765433'],
  ])('%s fails', (_what, iban) => {
    expect(ibanValid(iban)).toBe(false);
  });

  it.each([
    ['ES too short', 'ES91210004184502000513'],
    ['ES too long', 'ES91210004184502000513320'],
    ['DE too short', 'DE8937040044053201300'],
  ])('wrong length for the country: %s', (_what, iban) => {
    expect(ibanValid(iban)).toBe(false);
  });

  it.each(['', 'ES', '1234567890123456', 'ES91 2100 0418 4502 0005 133!', 'XX'])('not an IBAN: %j', (iban) => {
    expect(ibanValid(iban)).toBe(false);
  });
});
