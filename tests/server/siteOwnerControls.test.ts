import { readdirSync } from 'node:fs';
import { AWAY_HEADER } from '../../src/shared/awayMode';
import { padded, sampleFile } from '../support/sampleFiles';
import { createFixture, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture({ env: { MAX_UPLOAD_MB: '2' } });
});
afterEach(() => fx.close());

const MB = 1024 * 1024;
const patchInbox = (body: unknown) => fx.agent('/inboxes/1', { method: 'PATCH', body });
const channel = async () => (await fx.visit()).config.chatwootWebChannel;

function upload(visitor: Visitor, name: string, type: string, bytes: Uint8Array<ArrayBuffer> | string = sampleFile(name, type)) {
  const body = new FormData();
  body.append('message[attachments][]', new File([bytes], name, { type }));
  return fx.widget('/messages', visitor, { method: 'POST', body });
}

describe('per-inbox consent text, away mode and file rules (Application API)', () => {
  it("defaults to the widget's own consent text, the chat while away, and today's file types up to MAX_UPLOAD_MB", async () => {
    const inbox = await (await fx.agent('/inboxes/1')).json();
    expect(inbox).toMatchObject({
      consent_text: {},
      privacy_policy_url: null,
      away_mode: 'chat',
      file_rules: { allowed_types: null, max_size_mb: null },
    });
    const config = await channel();
    expect(config).toMatchObject({ consentText: {}, privacyPolicyUrl: null, awayMode: 'chat', fileRules: { maxSizeMb: 2 } });
    expect(config.fileRules.extensions).toEqual(expect.arrayContaining(['png', 'pdf', 'docx', 'zip']));
    expect(config.fileRules.extensions).not.toContain('exe');
  });

  it('round-trips every setting into the data block, MIME families expanded to extensions', async () => {
    const res = await patchInbox({
      consent_text: { en: '  We keep this chat to answer you.  ', de: 'Wir speichern diesen Chat.', fr: '' },
      privacy_policy_url: 'https://shop.example/privacy',
      channel: { away_mode: 'email_form', file_rules: { allowed_types: ['image/*', '.PDF'], max_size_mb: 1.5 } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      consent_text: { en: 'We keep this chat to answer you.', de: 'Wir speichern diesen Chat.' },
      away_mode: 'email_form',
      file_rules: { allowed_types: ['image/*', '.PDF'], max_size_mb: 1.5 },
    });
    const config = await channel();
    expect(config).toMatchObject({
      consentText: { en: 'We keep this chat to answer you.', de: 'Wir speichern diesen Chat.' },
      privacyPolicyUrl: 'https://shop.example/privacy',
      awayMode: 'email_form',
      fileRules: { maxSizeMb: 1.5 },
    });
    expect(config.fileRules.extensions).toEqual(expect.arrayContaining(['png', 'jpg', 'gif', 'webp', 'pdf']));
    for (const outside of ['zip', 'docx', 'mp4', 'txt']) expect(config.fileRules.extensions).not.toContain(outside);

    // null puts each back to its default.
    await patchInbox({ consent_text: null, privacy_policy_url: '', file_rules: null });
    expect(await channel()).toMatchObject({ consentText: {}, privacyPolicyUrl: null, fileRules: { maxSizeMb: 2 } });
  });

  it.each([
    ['an executable among the allowed types', { file_rules: { allowed_types: ['pdf', 'exe'] } }, 'exe is not a type Wren accepts'],
    ['a MIME type Wren refuses', { file_rules: { allowed_types: ['application/x-msdownload'] } }, 'application/x-msdownload is not'],
    ['no allowed type at all', { file_rules: { allowed_types: [] } }, 'name at least one type'],
    ['a size above the server limit', { file_rules: { max_size_mb: 3 } }, "at most the server's limit of 2 MB"],
    ['a size of 0', { file_rules: { max_size_mb: 0 } }, 'more than 0'],
    ['an unknown file rule', { file_rules: { block: ['pdf'] } }, ''],
    ['an unknown away mode', { away_mode: 'vanish' }, 'away_mode must be one of chat, email_form, hide_launcher'],
    ['a consent text for no locale of the widget', { consent_text: { xx: 'Hi' } }, 'keys must be locales of the widget'],
    ['a consent text over 1,000 characters', { consent_text: { en: 'x'.repeat(1001) } }, 'at most 1,000 characters'],
    [
      'a javascript: privacy policy',
      { privacy_policy_url: 'javascript:alert(1)' },
      'Privacy policy URL must start with http:// or https://',
    ],
  ])('refuses %s with 422, saying why, and keeps the settings', async (_name, body, why) => {
    const res = await patchInbox(body);
    expect(res.status).toBe(422);
    // Valibot's refusals come as `error`, the checks against the server's list as Chatwoot's `message`.
    const answer = await res.json();
    expect(answer.error ?? answer.message).toContain(why);
    expect(await channel()).toMatchObject({ consentText: {}, privacyPolicyUrl: null, awayMode: 'chat', fileRules: { maxSizeMb: 2 } });
  });
});

describe("the server enforces an inbox's file rules on visitor uploads", () => {
  it('takes an allowed file and refuses a type outside the rules, storing nothing', async () => {
    await patchInbox({ file_rules: { allowed_types: ['image/*'] } });
    const visitor = await fx.visit();
    expect((await upload(visitor, 'cat.png', 'image/png')).status).toBe(200);
    const stored = readdirSync(fx.uploadsDir);
    const refused = await upload(visitor, 'invoice.pdf', 'application/pdf');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: 'File type not allowed' });
    expect(readdirSync(fx.uploadsDir)).toEqual(stored);
  });

  it("refuses a file over the inbox's own limit with that limit in the message", async () => {
    await patchInbox({ file_rules: { max_size_mb: 1 } });
    const visitor = await fx.visit();
    expect((await upload(visitor, 'a.pdf', 'application/pdf', padded(sampleFile('a.pdf'), MB))).status).toBe(200);
    const res = await upload(visitor, 'b.pdf', 'application/pdf', padded(sampleFile('a.pdf'), MB + 1));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'File exceeds the 1 MB attachment limit' });
  });

  it('refuses every upload when attachments are off for the inbox', async () => {
    await patchInbox({ channel: { selected_feature_flags: ['emoji_picker'] } });
    const res = await upload(await fx.visit(), 'cat.png', 'image/png');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Attachments are turned off for this inbox' });
    expect(readdirSync(fx.uploadsDir)).toEqual([]);
  });

  it.each([
    ['a program renamed invoice.pdf', 'invoice.pdf', 'application/pdf', sampleFile('a.exe')],
    ['a program renamed notes.txt', 'notes.txt', 'text/plain', sampleFile('a.exe')],
    ['a zip renamed photo.png', 'photo.png', 'image/png', sampleFile('a.zip')],
  ])('refuses %s by its bytes, not its name', async (_name, name, type, bytes) => {
    const res = await upload(await fx.visit(), name, type, bytes);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe(`${name} is not a .${name.split('.')[1]} file: its content is of another type`);
    expect(readdirSync(fx.uploadsDir)).toEqual([]);
  });
});

describe('the away signal for the loader', () => {
  const campaigns = () => fx.widget('/campaigns', null);
  const setAvailability = (availability: string) =>
    fx.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: 1, availability } },
    });

  it("names the inbox's away mode in a header while nobody is online, and none while someone is", async () => {
    await patchInbox({ away_mode: 'hide_launcher' });
    await setAvailability('offline');
    const away = await campaigns();
    expect(away.headers.get(AWAY_HEADER)).toBe('hide_launcher');
    expect(away.headers.get('access-control-expose-headers')).toContain(AWAY_HEADER);
    expect(await away.json()).toEqual([]);

    await setAvailability('online');
    expect((await campaigns()).headers.get(AWAY_HEADER)).toBeNull();
  });
});
