import preChatEnglish from '../../../locales/en.json?preChat';
import { addEnglish, t } from '../i18n';
import { formRuleMessages } from '../i18n/formRuleWords';
import type { Country } from '../lib/dialCodes';
import type { FieldTexts } from '../lib/preChatFields';
import type { ValidationMessages } from '../lib/preChatSchema';
import type { PreChatFormLabels } from '../components/prechat/PreChatForm';

// The pre-chat chunk's English strings travel with it (the away e-mail form's among them).
addEnglish(preChatEnglish);

/** What the forms of the pre-chat chunk say besides their fields. */
export interface PreChatSayings {
  /** Above the form that stands before a campaign. */
  campaignHeader: string;
  /** Above the away e-mail form. */
  awayIntro: string;
  /** The away e-mail form's confirmation. */
  awaySent(email: string): string;
}

/**
 * The words of the pre-chat chunk's forms in the widget's language: the pre-chat form and the
 * away e-mail form, which is that form with fixed fields. Read again when the language changes.
 */
export function preChatWords(): { texts: FieldTexts; messages: ValidationMessages; labels: PreChatFormLabels; say: PreChatSayings } {
  return {
    say: {
      campaignHeader: t('PRECHAT.CAMPAIGN_HEADER'),
      awayIntro: t('AWAY_FORM.INTRO'),
      awaySent: (email) => t('AWAY_FORM.SENT', { email }),
    },
    texts: {
      fullName: t('PRECHAT.FULL_NAME'),
      fullNamePlaceholder: t('PRECHAT.FULL_NAME_PLACEHOLDER'),
      emailAddress: t('PRECHAT.EMAIL_ADDRESS'),
      emailAddressPlaceholder: t('PRECHAT.EMAIL_ADDRESS_PLACEHOLDER'),
      phoneNumber: t('PRECHAT.PHONE_NUMBER'),
      phoneNumberPlaceholder: t('PRECHAT.PHONE_NUMBER_PLACEHOLDER'),
      message: t('PRECHAT.MESSAGE'),
      messagePlaceholder: t('PRECHAT.MESSAGE_PLACEHOLDER'),
    },
    messages: {
      fullNameRequired: t('PRECHAT.FULL_NAME_REQUIRED'),
      emailRequired: t('PRECHAT.EMAIL_ADDRESS_REQUIRED'),
      emailInvalid: t('FORM.INVALID_EMAIL'),
      phoneRequired: t('PRECHAT.PHONE_NUMBER_REQUIRED'),
      dialCodeRequired: t('PRECHAT.DIAL_CODE_REQUIRED'),
      phoneInvalid: t('PRECHAT.PHONE_NUMBER_INVALID'),
      patternMismatch: t('FORM.INVALID'),
      rules: formRuleMessages(),
      fieldRequired: (label) => t('PRECHAT.FIELD_REQUIRED', { label }),
    },
    labels: {
      submit: t('START_CONVERSATION'),
      choose: t('PRECHAT.CHOOSE'),
      countryCode: t('PRECHAT.COUNTRY_CODE'),
      selected: (country: Country) => t('PRECHAT.COUNTRY_CODE_SELECTED', { country: country.name, code: country.dialCode }),
      search: t('PRECHAT.COUNTRY_SEARCH'),
      noResults: t('PRECHAT.NO_RESULTS'),
    },
  };
}
