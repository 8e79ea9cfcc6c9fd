import { userHash } from '../../../src/sdk/runtime/userHash';
import type { HostUser } from '../../../src/shared/protocol';

const user = (): HostUser => ({
  email: 'ana@example.com',
  name: 'Ana',
  avatar_url: 'https://cdn.example/ana.png',
  identifier_hash: 'abc123',
  phone_number: '+15550100',
});

describe('the setUser change detector', () => {
  it('is the same for the same identity', () => {
    expect(userHash('u-1', user())).toBe(userHash('u-1', user()));
  });

  it('is a short hex string', () => {
    expect(userHash('u-1', user())).toMatch(/^[0-9a-f]{1,14}$/);
  });

  it('does not depend on the order of the keys', () => {
    const { email, name, avatar_url, identifier_hash } = user();
    expect(userHash('u-1', { identifier_hash, name, avatar_url, email })).toBe(
      userHash('u-1', { email, name, avatar_url, identifier_hash }),
    );
  });

  it.each(['email', 'name', 'avatar_url', 'identifier_hash'] as const)('changes when %s changes', (key) => {
    expect(userHash('u-1', { ...user(), [key]: 'changed' })).not.toBe(userHash('u-1', user()));
  });

  it.each(['email', 'name', 'avatar_url', 'identifier_hash'] as const)('changes when %s is removed', (key) => {
    const without = { ...user() };
    delete without[key];
    expect(userHash('u-1', without)).not.toBe(userHash('u-1', user()));
  });

  it('changes when the identifier changes', () => {
    expect(userHash('u-2', user())).not.toBe(userHash('u-1', user()));
  });

  it('does not change when only the phone number changes', () => {
    expect(userHash('u-1', { ...user(), phone_number: '+15550199' })).toBe(userHash('u-1', user()));
  });

  it('does not change for fields outside the identity (company, custom attributes)', () => {
    expect(userHash('u-1', { ...user(), company_name: 'Acme', custom_attributes: { plan: 'pro' } })).toBe(userHash('u-1', user()));
  });

  it('treats a numeric identifier like its string form, as Chatwoot does', () => {
    expect(userHash(42, user())).toBe(userHash('42', user()));
  });
});
