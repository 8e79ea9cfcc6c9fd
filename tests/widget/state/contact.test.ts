import { createContactModel } from '../../../src/widget/state/contact';
import type { Request } from '../../../src/widget/state/request';

function setup() {
  const request = (async () => ({ id: 1, has_email: true, has_name: false, has_phone_number: false, identifier: null })) as Request;
  return { model: createContactModel(request) };
}

describe('the contact', () => {
  it('knows what the server has of the visitor once fetched', async () => {
    const { model } = setup();
    expect(model.contact.value).toBeNull();
    await model.fetch();
    expect(model.contact.value).toMatchObject({ has_email: true, has_name: false });
  });
});
