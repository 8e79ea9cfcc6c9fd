// @vitest-environment happy-dom
import { forgetStoredData } from '../../../src/widget/state/siteCalls';

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
