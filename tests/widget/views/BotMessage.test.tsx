// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import en from '../../../locales/en.json';
import { restStrings } from '../../../scripts/firstPaintStrings.mjs';
import { interactiveChunk } from '../../../src/widget/chunks/interactive';
import { setLocale } from '../../../src/widget/i18n';
import { interactiveLabels } from '../../../src/widget/i18n/interactiveLabels';
import { chatMessage } from '../components/messages/fixtures';

// Bots' interactive messages and their call show words the rest of English leaves out: they
// travel with the interactive chunk (scripts/firstPaintStrings.mjs `PART_NAMESPACES`).

const survey = chatMessage({ content_type: 'input_csat', content: 'Please rate us', content_attributes: {} });

const chunk = () => interactiveChunk.load();

describe("bots' interactive messages in the visitor's language", () => {
  afterEach(() => act(() => setLocale('en')));

  it('carry their English words with their chunk, which the rest leaves out', async () => {
    expect(restStrings(en)['CSAT.TITLE']).toBeUndefined();
    const { BotMessage } = await chunk();
    render(<BotMessage contentType="input_csat" message={survey} callbacks={{}} />);
    expect(screen.getByRole('group', { name: 'Rate your conversation' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Excellent' })).toBeTruthy();
  });

  it('show them in another language, and again in English after', async () => {
    const { BotMessage } = await chunk();
    render(<BotMessage contentType="input_csat" message={survey} callbacks={{}} />);
    await act(() => setLocale('de'));
    expect(screen.getByRole('group', { name: 'Bewerten Sie Ihre Unterhaltung' })).toBeTruthy();
    await act(() => setLocale('en'));
    expect(screen.getByRole('group', { name: 'Rate your conversation' })).toBeTruthy();
  });

  it('name the call and its way out', async () => {
    const { VideoCall } = await chunk();
    render(<VideoCall url="https://meet.example/room/1" onLeave={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Video call' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the call' })).toBeTruthy();
  });

  it("give bots' forms the form library's words in the visitor's language", async () => {
    await setLocale('de');
    const { rules } = interactiveLabels();
    expect(rules.locale).toBe('de');
    expect(rules.words('FORM.FALLBACK')).toBe('Dieses Feld ist ungültig.');
    expect(rules.words('FORM.BETWEEN', { name: 'Plätze', min: '1', max: '1.500' })).toBe('Plätze muss zwischen 1 und 1.500 liegen.');
  });
});
