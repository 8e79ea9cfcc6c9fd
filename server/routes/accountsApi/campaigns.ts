/**
 * Campaigns of the Application API (docs/protocol.md#application-api): create, list, show, update, delete. Fields
 * may come nested under `campaign` (Chatwoot) or flat. `:id` is the per-account display id.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { notFound, ValidationError } from '../../lib/apiError';
import { inboxJson } from '../../presenters/inbox';
import { iso } from '../../presenters/time';
import { userPushData } from '../../presenters/user';
import { createCampaign, deleteCampaign, findCampaign, listCampaigns, updateCampaign, type Campaign } from '../../repositories/campaigns';
import { findInbox } from '../../repositories/inboxes';
import { accountRole, findUsers } from '../../repositories/users';
import { MAX_ID } from '../../lib/storable';
import { paramId, readModel, schemas } from '../body';

const TriggerRules = v.object({
  url: v.pipe(v.string(), v.trim(), v.maxLength(2048), v.regex(/^https?:\/\/\S+$/, 'URL must start with http:// or https://')),
  time_on_page: v.optional(
    v.pipe(
      v.number(),
      v.integer('Time on page must be whole seconds'),
      v.minValue(0, 'Time on page must be 0 or more'),
      v.maxValue(MAX_ID, `Time on page must be at most ${MAX_ID} seconds`),
    ),
    10,
  ),
});

const Fields = {
  title: v.pipe(v.string(), v.trim(), v.minLength(1, "Title can't be blank"), v.maxLength(255)),
  message: v.pipe(v.string(), v.trim(), v.minLength(1, "Message can't be blank"), v.maxLength(10_000)),
  inbox_id: schemas.id,
  sender_id: v.optional(v.nullable(schemas.id)),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1024)))),
  enabled: v.optional(v.boolean()),
  trigger_only_during_business_hours: v.optional(v.boolean()),
  trigger_rules: TriggerRules,
};
const CreateCampaign = v.object(Fields);
const UpdateCampaign = v.partial(v.object(Fields));

/** Campaign routes (mounted under `/api/v1/accounts/:a`). */
export function campaignRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const campaignJson = async (campaign: Campaign) => {
    const [inbox, [sender]] = await Promise.all([
      findInbox(deps.db, campaign.inbox_id),
      findUsers(deps.db, campaign.sender_id ? [campaign.sender_id] : []),
    ]);
    return {
      id: campaign.display_id,
      title: campaign.title,
      description: campaign.description,
      account_id: campaign.account_id,
      inbox: inbox ? inboxJson(inbox) : null,
      sender: sender ? userPushData(sender) : null,
      message: campaign.message,
      campaign_status: 'active',
      enabled: campaign.enabled,
      campaign_type: 'ongoing',
      trigger_rules: campaign.trigger_rules,
      trigger_only_during_business_hours: campaign.trigger_only_during_business_hours,
      created_at: iso(campaign.created_at),
      updated_at: iso(campaign.updated_at),
    };
  };

  const checkReferences = async (accountId: number, fields: { inbox_id?: number; sender_id?: number | null }) => {
    if (fields.inbox_id !== undefined && !(await findInbox(deps.db, fields.inbox_id, accountId)))
      throw new ValidationError('Inbox must exist', ['inbox_id']);
    if (fields.sender_id && !(await accountRole(deps.db, accountId, fields.sender_id)))
      throw new ValidationError('Sender must be an agent of this account', ['sender_id']);
  };

  const load = async (c: Context<AppEnv>) => {
    const campaign = await findCampaign(deps.db, c.get('account').id, paramId(c, 'id'));
    if (!campaign) throw notFound();
    return campaign;
  };

  app.get('/campaigns', async (c) => c.json(await Promise.all((await listCampaigns(deps.db, c.get('account').id)).map(campaignJson))));

  app.post('/campaigns', async (c) => {
    const fields = await readModel(c, 'campaign', CreateCampaign);
    const accountId = c.get('account').id;
    await checkReferences(accountId, fields);
    const campaign = await createCampaign(deps.db, { ...fields, account_id: accountId, sender_id: fields.sender_id ?? null });
    deps.caches.invalidate('campaigns');
    return c.json(await campaignJson(campaign));
  });

  app.get('/campaigns/:id', async (c) => c.json(await campaignJson(await load(c))));

  app.on(['PATCH', 'PUT'], '/campaigns/:id', async (c) => {
    const campaign = await load(c);
    const fields = await readModel(c, 'campaign', UpdateCampaign);
    await checkReferences(campaign.account_id, fields);
    const updated = await updateCampaign(deps.db, campaign.id, fields);
    deps.caches.invalidate('campaigns');
    return c.json(await campaignJson(updated));
  });

  app.delete('/campaigns/:id', async (c) => {
    await deleteCampaign(deps.db, (await load(c)).id);
    deps.caches.invalidate('campaigns');
    return c.body(null, 200);
  });

  return app;
}
