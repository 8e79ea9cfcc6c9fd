import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { RequestOptions } from '../../../src/widget/api/client';
import type { Request } from '../../../src/widget/state/request';
import { MESSAGE_TYPE, type WidgetMessage } from '../../../src/shared/types';

/** A call `fakeRequest` holds until the test answers it. */
export interface PendingCall {
  endpoint: Endpoint;
  options?: RequestOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A `request` that records each endpoint and answers only when the test says so. */
export function fakeRequest() {
  const calls: PendingCall[] = [];
  const request = vi.fn(
    (endpoint: Endpoint, options?: RequestOptions) => new Promise((resolve, reject) => calls.push({ endpoint, options, resolve, reject })),
  ) as unknown as Request;
  return { request, calls };
}

/** A message as the server stores it, an agent's by default, in conversation 10; override any field. */
export const serverMessage = (id: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  content: `message ${id}`,
  message_type: MESSAGE_TYPE.outgoing,
  content_attributes: {},
  created_at: 1_700_000_000 + id,
  conversation_id: 10,
  ...fields,
});
