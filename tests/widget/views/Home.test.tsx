// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Home } from '../../../src/widget/views/Home';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { fakeWidget } from '../state/widgetFixture';

/** Home on fakes; `online` puts an agent of the inbox online. */
function setup({ online, workingHours = false }: { online: boolean; workingHours?: boolean }) {
  const widget = fakeWidget({ conversation: null });
  Object.assign(widget.state.channel, { replyTime: 'in_a_few_minutes', workingHoursEnabled: workingHours });
  widget.state.agents.apply(online ? [{ id: 1, name: 'Ada', avatar_url: '', availability_status: 'online' }] : []);
  render(
    <WidgetContext.Provider value={widget.state}>
      <Home />
    </WidgetContext.Provider>,
  );
  return screen.getByRole('region');
}

describe('the availability card', () => {
  it('says who is there and how soon they answer', () => {
    const card = setup({ online: true });
    expect(card.querySelector('h2')?.textContent).toBe('We are online');
    expect(card.textContent).toContain('Typically replies in a few minutes');
  });

  it('says the team is away once, not in the title and again in the line below', () => {
    const card = setup({ online: false });
    expect(card.querySelector('h2')?.textContent).toBe('We are away at the moment');
    expect(card.textContent?.match(/We are away at the moment/g)).toHaveLength(1);
  });
});
