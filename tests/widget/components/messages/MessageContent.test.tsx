// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGE_TYPE } from '../../../../src/shared/types';
import { interactiveChunk } from '../../../../src/widget/chunks/interactive';
import { MessageContent } from '../../../../src/widget/components/messages/MessageContent';
import { messageKind, type MessageCallbacks } from '../../../../src/widget/components/messages/messageKind';
import type { ChatMessage } from '../../../../src/widget/state/chatMessage';
import { LABELS, chatMessage, settle } from './fixtures';

const renderer = () => Promise.resolve({ renderMarkdown: (text: string) => `<p><strong>${text.replace(/\*/g, '')}</strong></p>` });

function show(fields: Partial<ChatMessage>, callbacks: MessageCallbacks = {}) {
  const message = chatMessage(fields);
  const utils = render(<MessageContent message={message} labels={LABELS} callbacks={callbacks} loadRenderer={renderer} />);
  return { message, ...utils };
}

describe('message content', () => {
  // The interactive kinds are a lazy chunk; once loaded they render at once.
  beforeAll(async () => {
    await interactiveChunk.load();
  });

  it('renders a text message as rich text', async () => {
    const { container } = show({ content: '**Welcome**' });
    expect(container.textContent).toBe('**Welcome**');
    await act(settle);
    expect(container.querySelector('strong')?.textContent).toBe('Welcome');
  });

  it('renders an activity message as a muted line', () => {
    const { container } = show({ message_type: MESSAGE_TYPE.activity, content: 'Alice joined' });
    expect(container.querySelector('.activity-message')?.textContent).toBe('Alice joined');
  });

  it('renders a form under its text and passes the message and answers to onFormSubmit', async () => {
    const onFormSubmit = vi.fn();
    const { message } = show(
      {
        content_type: 'form',
        content: 'Tell us',
        content_attributes: { items: [{ name: 'city', label: 'City', type: 'text' }], button_label: 'Send' },
      },
      { onFormSubmit },
    );
    expect(screen.getByText('Tell us')).toBeTruthy();
    // The first interactive message waits for its chunk; later ones render at once.
    fireEvent.input(await screen.findByLabelText('City'), { target: { value: 'Oslo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onFormSubmit).toHaveBeenCalledExactlyOnceWith(message, [{ name: 'city', value: 'Oslo' }]);
  });

  it('shows a submitted form read-only', () => {
    show({
      content_type: 'form',
      content_attributes: { items: [{ name: 'city', label: 'City' }], submitted_values: [{ name: 'city', value: 'Oslo' }] },
    });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Oslo')).toBeTruthy();
  });

  it('renders options and passes the choice to onOptionSelect', () => {
    const onOptionSelect = vi.fn();
    const { message } = show(
      { content_type: 'input_select', content: 'Pick one', content_attributes: { items: [{ title: 'Yes', value: 'y' }] } },
      { onOptionSelect },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onOptionSelect).toHaveBeenCalledExactlyOnceWith(message, { title: 'Yes', value: 'y' });
  });

  it('renders cards and sends postbacks', () => {
    const onPostback = vi.fn();
    show(
      {
        content_type: 'cards',
        content: null,
        content_attributes: { items: [{ title: 'Plan', actions: [{ type: 'postback', text: 'Choose', payload: 'PLAN' }] }] },
      },
      { onPostback },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(onPostback).toHaveBeenCalledExactlyOnceWith('PLAN');
  });

  it('renders an article list', () => {
    show({ content_type: 'article', content_attributes: { items: [{ title: 'FAQ', link: 'https://help.example/faq' }] } });
    expect(screen.getByRole('link', { name: /FAQ/ })).toBeTruthy();
  });

  it('renders e-mail capture and passes the address to onEmailSubmit', () => {
    const onEmailSubmit = vi.fn();
    const { message } = show({ content_type: 'input_email', content: 'Your email?' }, { onEmailSubmit });
    fireEvent.input(screen.getByRole('textbox', { name: 'Please enter your email' }), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onEmailSubmit).toHaveBeenCalledExactlyOnceWith(message, 'a@b.co');
  });

  it('shows a submitted e-mail', () => {
    show({ content_type: 'input_email', content_attributes: { submitted_email: 'a@b.co' } });
    expect(screen.getByText('a@b.co')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('renders the CSAT survey without the template text and passes the response to onCsatSubmit', () => {
    const onCsatSubmit = vi.fn();
    const { message } = show(
      { content_type: 'input_csat', message_type: MESSAGE_TYPE.template, content: 'Please rate us' },
      { onCsatSubmit },
    );
    expect(screen.queryByText('Please rate us')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Average' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onCsatSubmit).toHaveBeenCalledExactlyOnceWith(message, { rating: 3, feedback_message: '' });
  });

  it('shows the CSAT thank-you state from submitted_values and the star display type', () => {
    const { container } = show({
      content_type: 'input_csat',
      content_attributes: { display_type: 'star', submitted_values: { csat_survey_response: { rating: 2, feedback_message: '' } } },
    });
    expect(screen.getByRole('status').textContent).toBe('Thank you for submitting the rating');
    expect(container.querySelectorAll('.csat__rating--lit')).toHaveLength(2);
  });

  it('renders a video call invitation and passes the message to onJoinCall', () => {
    const onJoinCall = vi.fn();
    const { message } = show(
      { content_type: 'integrations', content: 'Call started', content_attributes: { type: 'dyte', data: { meeting_id: 'm1' } } },
      { onJoinCall },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoinCall).toHaveBeenCalledExactlyOnceWith(message);
  });

  it('renders attachments (a lazy chunk), with the caption after them', async () => {
    const photo = { id: 5, message_id: 700, account_id: 1, file_type: 'image' as const, data_url: 'https://files.example/p.png' };
    const { container } = show({ content: 'Look', attachments: [photo] });
    expect(await screen.findByRole('img', { name: 'Picture message' })).toBeTruthy();
    expect(container.querySelector('.message-content')?.lastElementChild?.textContent).toBe('Look');
  });

  it("shows an in-progress attachment as 'Uploading...'", async () => {
    const file = { id: 0, message_id: 0, account_id: 0, file_type: 'file' as const, data_url: 'blob:x', fallback_title: 'cv.pdf' };
    show({ id: 'echo-1', content: null, status: 'in_progress', message_type: MESSAGE_TYPE.incoming, attachments: [file] });
    expect(screen.getByRole('status').textContent).toContain('Uploading...');
    await screen.findByText('cv.pdf');
    expect(screen.getByRole('status').textContent).toContain('Uploading...');
  });

  it("shows how much of an uploading file has gone on the bubble's bar", async () => {
    const file = { id: 0, message_id: 0, account_id: 0, file_type: 'file' as const, data_url: 'blob:x', fallback_title: 'cv.pdf' };
    show({ id: 'echo-1', content: null, status: 'in_progress', progress: 40, message_type: MESSAGE_TYPE.incoming, attachments: [file] });
    await screen.findByText('cv.pdf');
    const bar = screen.getByRole('progressbar', { name: 'Uploading...' }) as HTMLProgressElement;
    expect(bar.getAttribute('value')).toBe('40');
  });

  it('ignores malformed items instead of failing', () => {
    const { container } = show({ content_type: 'cards', content: 'Hi', content_attributes: { items: 'nope' } });
    expect(container.textContent).toBe('Hi');
  });

  it.each([
    [{ message_type: MESSAGE_TYPE.activity }, 'activity'],
    [{ content_type: 'form' }, 'form'],
    [{ content_type: 'input_select' }, 'options'],
    [{ content_type: 'cards' }, 'cards'],
    [{ content_type: 'article' }, 'articles'],
    [{ content_type: 'input_email' }, 'email'],
    [{ content_type: 'input_csat' }, 'csat'],
    [{ content_type: 'integrations' }, 'video-call'],
    [{ content_type: 'text', attachments: [{ id: 1, message_id: 1, account_id: 1, file_type: 'image', data_url: '' }] }, 'attachments'],
    [{ content_type: 'input_text' }, 'text'],
    [{ content_type: undefined }, 'text'],
  ] as [Partial<ChatMessage>, string][])('classifies %j as %s', (fields, kind) => {
    expect(messageKind(chatMessage(fields))).toBe(kind);
  });

  it('shows the text of an interactive message at once and its controls when their chunk has arrived', async () => {
    show({ content_type: 'form', content: 'Tell us', content_attributes: { items: [{ name: 'city', label: 'City' }] } });
    expect(screen.getByText('Tell us')).toBeTruthy();
    expect(await screen.findByLabelText('City')).toBeTruthy();
  });
});
