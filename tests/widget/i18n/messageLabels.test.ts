import { loadAllStrings, setLocale } from '../../../src/widget/i18n';
import { messageLabels } from '../../../src/widget/i18n/messageLabels';

describe("the message components' words", () => {
  afterEach(() => setLocale('en'));

  it("give bots' forms the form library's words in the visitor's language", async () => {
    await setLocale('de');
    await loadAllStrings();
    const { rules } = messageLabels();
    expect(rules.locale).toBe('de');
    expect(rules.words('FORM.FALLBACK')).toBe('Dieses Feld ist ungültig.');
    expect(rules.words('FORM.BETWEEN', { name: 'Plätze', min: '1', max: '1.500' })).toBe('Plätze muss zwischen 1 und 1.500 liegen.');
  });
});
