// @vitest-environment happy-dom
import * as siteCalls from '../../../src/widget/state/siteCalls';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { HostCall } from '../../../src/widget/state/request';

const { forgetStoredData } = siteCalls;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('forgetting what the widget stored in the frame', () => {
  it('deletes every key of the widget’s in both storages and leaves other keys', async () => {
    localStorage.setItem('wren:recent-emoji', '["😀"]');
    sessionStorage.setItem('wren:draft', 'hello');
    localStorage.setItem('site:cart', '3');
    await forgetStoredData([]);
    expect(localStorage.getItem('wren:recent-emoji')).toBeNull();
    expect(sessionStorage.getItem('wren:draft')).toBeNull();
    expect(localStorage.getItem('site:cart')).toBe('3');
  });

  it('ends what registered first, then deletes the widget’s databases by name, an earlier visit’s too', async () => {
    const order: string[] = [];
    const deleteDatabase = vi.fn((name: string) => order.push(`delete ${name}`));
    const frame = {
      localStorage,
      sessionStorage,
      indexedDB: { databases: async () => [{ name: 'wren-outbox' }, { name: 'site-db' }], deleteDatabase },
    } as unknown as Window;
    await forgetStoredData([() => order.push('close outbox')], frame);
    expect(order).toEqual(['close outbox', 'delete wren-outbox']);
  });

  it('still deletes the keys when a registered store fails to forget', async () => {
    localStorage.setItem('wren:recent-emoji', '["😀"]');
    await forgetStoredData([() => Promise.reject(new Error('blocked'))]);
    expect(localStorage.getItem('wren:recent-emoji')).toBeNull();
  });
});

describe("the site's calls on attributes and labels", () => {
  it('each makes its widget API call and names the error the site hears if it fails', async () => {
    const calls: [Endpoint, string][] = [];
    const hostCall = (async (endpoint: Endpoint, errorType: string) => {
      calls.push([endpoint, errorType]);
    }) as HostCall;
    const state = { hostCall };
    await siteCalls.setContactAttributes(state, { customAttributes: { plan: 'pro' } });
    await siteCalls.deleteContactAttribute(state, { customAttribute: 'plan' });
    await siteCalls.setConversationAttributes(state, { customAttributes: { order: 7 } });
    await siteCalls.deleteConversationAttribute(state, { customAttribute: 'order' });
    await siteCalls.addLabel(state, { label: 'vip' });
    await siteCalls.removeLabel(state, { label: 'vip' });
    expect(calls.map(([e, errorType]) => [e.method, e.path.replace('/api/v1/widget', ''), e.body, errorType])).toEqual([
      ['PATCH', '/contact', { custom_attributes: { plan: 'pro' } }, 'SET_CUSTOM_ATTRIBUTES_ERROR'],
      ['POST', '/contact/destroy_custom_attributes', { custom_attributes: ['plan'] }, 'DELETE_CUSTOM_ATTRIBUTE_ERROR'],
      ['POST', '/conversations/set_custom_attributes', { custom_attributes: { order: 7 } }, 'SET_CONVERSATION_ATTRIBUTES_ERROR'],
      ['POST', '/conversations/destroy_custom_attributes', { custom_attribute: ['order'] }, 'DELETE_CONVERSATION_ATTRIBUTE_ERROR'],
      ['POST', '/labels', { label: 'vip' }, 'SET_LABEL_ERROR'],
      ['DELETE', '/labels/vip', undefined, 'REMOVE_LABEL_ERROR'],
    ]);
  });
});
