// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { attributeText, ContactDetails } from '../../../src/agent/components/ContactDetails';
import { contact, conversation } from '../fixtures';

describe("the contact's details", () => {
  it('shows name, e-mail as a link, phone, identifier, their attributes and where the conversation started', () => {
    const c = conversation({
      custom_attributes: { order: 'A-12' },
      labels: ['billing'],
      meta: {
        ...conversation().meta,
        hmac_verified: true,
        sender: contact({
          name: 'Ana',
          email: 'ana@example.com',
          phone_number: '+33612345678',
          identifier: 'user-7',
          custom_attributes: { plan: 'pro', seats: 3 },
        }),
      },
    });
    render(<ContactDetails conversation={c} />);
    expect(screen.getByRole('link', { name: 'ana@example.com' }).getAttribute('href')).toBe('mailto:ana@example.com');
    expect(screen.getByText('+33612345678')).toBeTruthy();
    expect(screen.getByText('user-7 (verified)')).toBeTruthy();
    expect(screen.getByText('plan').nextElementSibling?.textContent).toBe('pro');
    expect(screen.getByText('seats').nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('order').nextElementSibling?.textContent).toBe('A-12');
    expect(screen.getByText('billing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://shop.example/pricing' }).getAttribute('target')).toBe('_blank');
  });

  it('says what the visitor has not given', () => {
    render(<ContactDetails conversation={conversation({ additional_attributes: { referer: 'javascript:alert(1)' } })} />);
    expect(screen.getAllByText('Not given')).toHaveLength(2);
    expect(screen.getAllByText('None set')).toHaveLength(2);
    expect(screen.getByText('Unknown page')).toBeTruthy();
  });

  it('writes attribute values as text', () => {
    expect(attributeText({ a: [1] })).toBe('{"a":[1]}');
    expect(attributeText(null)).toBe('—');
    expect(attributeText(false)).toBe('false');
  });
});
