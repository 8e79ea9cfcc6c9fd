import { loadAllStrings, setLocale } from '../../../src/widget/i18n';
import { messageLabels } from '../../../src/widget/views/messageLabels';

describe("the message components' words", () => {
  afterEach(() => setLocale('en'));

  it("give bots' forms the form library's words in the visitor's language", async () => {
    await setLocale('de');
    await loadAllStrings();
    expect(messageLabels().rules).toMatchObject({
      url: 'Bitte geben Sie eine gültige URL ein.',
      fallback: 'Dieses Feld ist ungültig.',
      between: '{name} muss zwischen {min} und {max} liegen.',
      locale: 'de',
    });
  });
});
