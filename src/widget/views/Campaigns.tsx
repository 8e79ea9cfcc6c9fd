import { Avatar } from '../components/Avatar';
import { t } from '../i18n';
import { CompactPrompt } from './CompactPrompt';
import { useWidget } from '../widgetContext';
import { adoptStyles } from '../lib/adoptStyles';
import promptsCss from '../styles/prompts.chunk.css';

adoptStyles(promptsCss);

/** A proactive campaign message over the host page (docs/behaviour.md#campaigns). */
export function Campaigns() {
  const widget = useWidget();
  const campaign = widget.campaigns.active.value;
  if (!campaign) return null;
  const name = campaign.sender?.available_name || campaign.sender?.name || widget.channel.websiteName;

  return (
    <CompactPrompt
      label={name}
      actions={
        <button type="button" className="button button--secondary" onClick={() => widget.dismissCampaign()}>
          {t('CAMPAIGN.DISMISS')}
        </button>
      }
    >
      <button type="button" className="compact__message" onClick={() => widget.openCampaign()}>
        <Avatar name={name} src={campaign.sender?.avatar_url} size={32} />
        <span className="compact__body">
          <span className="compact__sender">{name}</span>
          <span className="compact__text">{campaign.message}</span>
        </span>
      </button>
    </CompactPrompt>
  );
}
