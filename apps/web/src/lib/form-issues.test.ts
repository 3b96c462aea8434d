import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detailsByField, issuesByField } from './form-issues';

const schema = z.object({
  name: z.string().min(1, 'Name is required').max(3, 'At most 3 characters'),
  items: z.array(z.object({ count: z.number({ message: 'Enter a count' }).min(0, 'Not below 0') })),
});

describe('issuesByField', () => {
  it('answers nothing for a valid body', () => {
    expect(issuesByField(schema, { name: 'abc', items: [{ count: 1 }] })).toEqual({});
  });

  it('names each message by its field path, the first per field', () => {
    expect(issuesByField(schema, { name: '', items: [{ count: 1 }, { count: -1 }, {}] })).toEqual({
      name: 'Name is required',
      'items.1.count': 'Not below 0',
      'items.2.count': 'Enter a count',
    });
  });

  it('keeps an issue of the body as a whole under form', () => {
    const whole = z.object({ from: z.string(), to: z.string() }).refine((b) => b.from <= b.to, 'The from date must not be after the to date');
    expect(issuesByField(whole, { from: '2026-03-02', to: '2026-03-01' })).toEqual({ form: 'The from date must not be after the to date' });
  });
});

describe('detailsByField', () => {
  it('names the server details by field, the first per field; one without a field is the form\'s', () => {
    expect(
      detailsByField([
        { field: 'readOn', message: 'The date cannot be in the future' },
        { field: 'readOn', message: 'A second message' },
        { field: '', message: 'Refused as a whole' },
      ]),
    ).toEqual({ readOn: 'The date cannot be in the future', form: 'Refused as a whole' });
  });
});
