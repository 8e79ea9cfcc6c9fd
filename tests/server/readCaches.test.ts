// The website-token and campaign caches give every caller the same frozen copy
// (server/services/readCaches.ts): no clone per request, and no caller can change another's.
import { ReadCaches, type WebsiteInbox } from '../../server/services/readCaches';
import { createFixture } from './helpers';
import { findWebsiteInbox } from '../../server/routes/widgetApi/auth';

describe('the read caches', () => {
  it('give each caller the inbox they loaded, frozen to its depths, without a copy', async () => {
    const fx = await createFixture();
    try {
      const first = await findWebsiteInbox(fx.deps, fx.config.websiteToken);
      const second = await findWebsiteInbox(fx.deps, fx.config.websiteToken);
      expect(second).toBe(first);
      expect(Object.isFrozen(first?.inbox)).toBe(true);
      expect(Object.isFrozen(first?.inbox.feature_flags)).toBe(true);
      expect(Object.isFrozen(first?.inbox.pre_chat_form_options.pre_chat_fields)).toBe(true);
      expect(() => first?.inbox.feature_flags.push('attachments')).toThrow(TypeError);
    } finally {
      await fx.close();
    }
  });

  it('load again after an invalidation, and keep nothing read across one', async () => {
    const caches = new ReadCaches();
    const inbox = (name: string) => ({ inbox: { name }, account: {} }) as unknown as WebsiteInbox;
    expect((await caches.websiteInbox('t', async () => inbox('one')))?.inbox.name).toBe('one');
    caches.invalidate('inboxes');
    expect((await caches.websiteInbox('t', async () => inbox('two')))?.inbox.name).toBe('two');
    // A read that began before an invalidation hands back what it read but does not keep it.
    const reading = caches.websiteInbox('u', async () => {
      caches.invalidate('inboxes');
      return inbox('stale');
    });
    expect((await reading)?.inbox.name).toBe('stale');
    expect((await caches.websiteInbox('u', async () => inbox('fresh')))?.inbox.name).toBe('fresh');
  });
});
