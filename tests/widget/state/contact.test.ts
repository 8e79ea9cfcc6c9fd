import { createContactModel } from '../../../src/widget/state/contact';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { HostCall, Request } from '../../../src/widget/state/request';

function setup() {
  const request = (async () => ({ id: 1, has_email: true, has_name: false, has_phone_number: false, identifier: null })) as Request;
  const hostCalls: [Endpoint, string][] = [];
  const hostCall = (async (endpoint: Endpoint, errorType: string) => {
    hostCalls.push([endpoint, errorType]);
  }) as HostCall;
  return { model: createContactModel(request, hostCall), hostCalls };
}

describe('the contact', () => {
  it('knows what the server has of the visitor once fetched', async () => {
    const { model } = setup();
    expect(model.contact.value).toBeNull();
    await model.fetch();
    expect(model.contact.value).toMatchObject({ has_email: true, has_name: false });
  });

  it("makes the host's attribute calls, each naming the error the host hears if it fails", async () => {
    const { model, hostCalls } = setup();
    await model.setCustomAttributes({ plan: 'pro' });
    await model.deleteCustomAttribute('plan');
    expect(hostCalls.map(([e, errorType]) => [e.method, e.path.replace('/api/v1/widget', ''), e.body, errorType])).toEqual([
      ['PATCH', '/contact', { custom_attributes: { plan: 'pro' } }, 'SET_CUSTOM_ATTRIBUTES_ERROR'],
      ['POST', '/contact/destroy_custom_attributes', { custom_attributes: ['plan'] }, 'DELETE_CUSTOM_ATTRIBUTE_ERROR'],
    ]);
  });
});
