import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { SPRAY_MESSAGES, type ExportMarket, type SprayProduct } from '@orchard/shared/spray';
import '../../../lib/i18n';
import { sessionStore } from '../../../lib/session/session-store';
import { ProductDialog } from './product-dialog';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const sp = en.spray;
const markets: ExportMarket[] = [
  { id: 1, name: 'China', productCount: 1 },
  { id: 2, name: 'EU', productCount: 1 },
];
const product: SprayProduct = {
  id: 9,
  name: 'Abamectin 18 EC',
  registrationNumber: 'L1234',
  formulation: 'EC',
  activeIngredients: [{ name: 'Abamectin', concentration: '18 g/L' }],
  targetPests: ['Citrus thrips'],
  localWithholdingDays: 7,
  marketWithholding: [
    { market: 'China', days: 21 },
    { market: 'EU', days: 14 },
  ],
  version: 3,
};

function setup() {
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductDialog product={product} markets={markets} onHide={onHide} />
    </QueryClientProvider>,
  );
  return { dialog: within(screen.getByRole('dialog')), onHide };
}
const fill = (text: string, n: number) => text.replace('{{n}}', String(n));

describe('Spray product dialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ organizationId: 7 });
    apiRequest.mockReset();
  });
  afterEach(cleanup);

  it("refuses 400 days at its field in the rule's words and sends nothing", async () => {
    const { dialog } = setup();
    fireEvent.change(dialog.getByLabelText(fill(sp.dialog.days, 2)), { target: { value: '400' } });
    fireEvent.click(dialog.getByRole('button', { name: sp.dialog.save }));
    expect(await dialog.findByText(SPRAY_MESSAGES.daysRange)).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('sends the whole product with the version it was read at, days as numbers', async () => {
    apiRequest.mockResolvedValue({ ...product, localWithholdingDays: 0, version: 4 });
    const { dialog, onHide } = setup();
    fireEvent.change(dialog.getByLabelText(sp.dialog.localDays), { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: sp.dialog.save }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    const [path, options] = apiRequest.mock.calls[0]! as [string, { method: string; body: Record<string, unknown> }];
    expect(path).toBe('/api/spray/products/9');
    expect(options.method).toBe('PUT');
    expect(options.body).toMatchObject({
      version: 3,
      localWithholdingDays: 0,
      marketWithholding: [
        { market: 'China', days: 21 },
        { market: 'EU', days: 14 },
      ],
      targetPests: ['Citrus thrips'],
    });
  });
});
