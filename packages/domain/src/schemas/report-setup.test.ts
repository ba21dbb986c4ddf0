import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canEditProjectSettings, UserType } from '../roles/network-roles.ts';
import {
  LOGO_BOXES,
  LogoDataSchema,
  MAX_PROJECT_RECIPIENTS,
  RecipientInputSchema,
  RecipientListSchema,
  ReportSetupFieldsShape,
  recipientStatus,
} from './report-setup.ts';

const fields = z.strictObject(ReportSetupFieldsShape);
const blank = {
  companyTitle: '',
  signatoryName: '',
  signatoryRole: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  address: '',
};
const anna = { email: 'anna@example.com', language: 'de', kinds: ['emergencyFault'] };

describe('header settings', () => {
  it('has the logo boxes of section 5: 216×162 and 792×162', () => {
    expect(LOGO_BOXES).toEqual({ logo: { width: 216, height: 162 }, wideLogo: { width: 792, height: 162 } });
  });

  it('takes empty fields, trims text, lower-cases the contact e-mail', () => {
    expect(fields.parse(blank)).toEqual(blank);
    const parsed = fields.parse({ ...blank, companyTitle: '  光明照明  ', contactEmail: ' Safety@Example.COM ' });
    expect(parsed).toMatchObject({ companyTitle: '光明照明', contactEmail: 'safety@example.com' });
  });

  it('refuses a bad e-mail, a phone with letters, too long a title and control characters', () => {
    for (const bad of [
      { contactEmail: 'nope' },
      { contactPhone: '+49 30 CALL' },
      { companyTitle: 'x'.repeat(101) },
      { address: 'a\nb' },
    ]) {
      expect(fields.safeParse({ ...blank, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(fields.safeParse({ ...blank, contactPhone: '+49 (30) 123-45.6/7' }).success).toBe(true);
    expect(fields.safeParse({ ...blank, companyTitle: 'x'.repeat(100) }).success).toBe(true);
  });

  it('takes a logo of up to 700 KiB as base64, which fits a 1 MiB call', () => {
    const kib700 = Math.ceil((700 * 1024) / 3) * 4;
    expect(LogoDataSchema.safeParse('A'.repeat(kib700)).success).toBe(true);
    expect(LogoDataSchema.safeParse('A'.repeat(kib700 + 4)).success).toBe(false);
    expect(LogoDataSchema.safeParse('not base64!').success).toBe(false);
    expect(kib700).toBeLessThan(1024 * 1024 - 4096);
  });

  it('lets the creator, owners and installers edit, not sub-users (section 6)', () => {
    expect(canEditProjectSettings(true, [])).toBe(true);
    expect(canEditProjectSettings(false, [UserType.owner])).toBe(true);
    expect(canEditProjectSettings(false, [UserType.sub, UserType.installer])).toBe(true);
    expect(canEditProjectSettings(false, [UserType.sub])).toBe(false);
    expect(canEditProjectSettings(false, [])).toBe(false);
  });
});

describe('e-mail recipients', () => {
  it('takes a language of en, zh, de, es and 1-3 distinct kinds', () => {
    expect(RecipientInputSchema.parse({ ...anna, email: 'Anna@Example.com' }).email).toBe('anna@example.com');
    for (const bad of [
      { ...anna, language: 'fr' },
      { ...anna, kinds: [] },
      { ...anna, kinds: ['emergencyFault', 'emergencyFault'] },
      { ...anna, kinds: ['weather'] },
      { ...anna, extra: 1 },
    ]) {
      expect(RecipientInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes each address once, whatever its case, and at most 20', () => {
    expect(RecipientListSchema.safeParse([anna, { ...anna, email: 'ANNA@example.com' }]).success).toBe(false);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...anna, email: `r${i}@example.com` }));
    expect(RecipientListSchema.safeParse(many(MAX_PROJECT_RECIPIENTS)).success).toBe(true);
    expect(RecipientListSchema.safeParse(many(MAX_PROJECT_RECIPIENTS + 1)).success).toBe(false);
    expect(RecipientListSchema.safeParse([]).success).toBe(true);
  });

  it('is pending until the link is opened, expired after it ran out, active once opened (section 4)', () => {
    const expires = Date.UTC(2026, 0, 8);
    expect(recipientStatus(null, expires, expires - 1)).toBe('pending');
    expect(recipientStatus(null, expires, expires)).toBe('expired');
    expect(recipientStatus(Date.UTC(2026, 0, 2), expires, expires + 86_400_000)).toBe('active');
  });
});
