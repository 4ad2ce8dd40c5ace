// /dashboard/products (spec §2 "Products and Services"): the user's services and the catalogue,
// with the purchase flow: [Custom Sender Name →] Confirm Purchase → Purchase Successful.
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AvailableProduct, PurchaseResponse, UserProduct } from '@kurir/core/schemas/products';
import { formatEuros } from '../../lib/format';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { getAvailableProductsQuery } from './api/get-available-products';
import { getUserProductsQuery } from './api/get-user-products';
import { AvailableServices } from './available-services';
import { MyServices } from './my-services';
import { isCustomSenderProduct } from './product-display';
import { PageHeader } from '../../components/page-header';
import { ListSkeleton } from '../../components/list-skeleton';
import { lazyDialog } from '../../components/lazy-dialog';

// The purchase flow's dialogs (forms, date picker, schemas) load when a purchase starts.
const CustomSenderDialog = lazyDialog(() => import('./custom-sender-dialog').then((m) => m.CustomSenderDialog));
const PurchaseDialog = lazyDialog(() => import('./purchase-dialog').then((m) => m.PurchaseDialog), (p) => p.product !== null);
const PurchaseSuccessDialog = lazyDialog(() => import('./purchase-success-dialog').then((m) => m.PurchaseSuccessDialog), (p) => p.reply !== null);

type Selection = { product: AvailableProduct; step: 'sender' | 'confirm'; senderName: string | null };

export function ProductsPage() {
  const user = useSignedInUser();
  const catalogue = useQuery(getAvailableProductsQuery());
  const mine = useQuery(getUserProductsQuery());
  const [selection, setSelection] = useState<Selection | null>(null);
  const [purchased, setPurchased] = useState<PurchaseResponse | null>(null);
  const [reregistering, setReregistering] = useState<UserProduct | null>(null);
  // Each purchase or re-registration starts its sender name dialog afresh; the dialog keeps its
  // key while it closes, so it can hand the focus back to the button that opened it.
  const [purchaseCount, setPurchaseCount] = useState(0);
  const [reregisterCount, setReregisterCount] = useState(0);
  const reregister = (item: UserProduct) => {
    setReregisterCount((n) => n + 1);
    setReregistering(item);
  };

  const buy = (product: AvailableProduct) => {
    setPurchaseCount((n) => n + 1);
    setSelection({ product, step: isCustomSenderProduct(product.name) ? 'sender' : 'confirm', senderName: null });
  };
  const clearSelection = () => setSelection(null);
  const closeSuccess = useCallback(() => {
    setPurchased(null);
    setSelection(null);
  }, []);

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Products"
        description="Add services to your account. They are paid from your balance."
        actions={
          <Text fz="sm">
            Balance: <b>{formatEuros(user.credit)}</b>
          </Text>
        }
      />

      {/* Both lists appear together: the catalogue shown first would be pushed down by the user's
          services arriving (a layout shift on every visit). */}
      {catalogue.isPending || mine.isPending ? (
        <ListSkeleton label="Loading products" count={2} height={220} />
      ) : (
        <>
          <MyServices items={mine.data?.userProducts} failed={mine.isError} onReregister={reregister} />
          <AvailableServices
            products={catalogue.data?.products}
            owned={mine.data?.userProducts ?? []}
            failed={catalogue.isError}
            onBuy={buy}
          />
        </>
      )}

      <CustomSenderDialog
        key={purchaseCount}
        opened={selection?.step === 'sender'}
        onClose={clearSelection}
        mode="purchase"
        onChosen={(senderName) => setSelection((s) => (s ? { ...s, step: 'confirm', senderName } : s))}
      />
      <PurchaseDialog
        product={selection?.step === 'confirm' && !purchased ? selection.product : null}
        senderName={selection?.senderName ?? null}
        credit={user.credit}
        owned={mine.data?.userProducts ?? []}
        onClose={clearSelection}
        onPurchased={setPurchased}
      />
      <PurchaseSuccessDialog reply={purchased} onClose={closeSuccess} />
      <CustomSenderDialog
        key={reregisterCount}
        opened={reregistering !== null}
        onClose={() => setReregistering(null)}
        mode="reregister"
      />
    </Stack>
  );
}
