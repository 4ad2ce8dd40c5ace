// /admin/products, 'Products Management' (admin spec §2, §3, §5): the whole catalogue, searchable,
// with the create, edit and delete dialogs.
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CatalogueProduct } from '@kurir/core';
import { PageIntro } from '../../../components/page-intro';
import { SearchInput } from '../../../components/search-input';
import { errorDetail } from '../../../lib/api';
import { getAdminProductsQuery } from './api/get-products';
import { DeleteProductModal } from './delete-product-modal';
import { matchesProductSearch } from './product-labels';
import { ProductFormModal } from './product-form-modal';
import { ProductCards } from './product-cards';
import { ProductsTable } from './products-table';

/** The product stays set while a dialog closes, so its contents do not flip mid-animation. */
type Dialog = { kind: 'form' | 'delete' | null; product: CatalogueProduct | null };

export function AdminProductsPage() {
  const products = useQuery(getAdminProductsQuery());
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: null, product: null });
  const close = () => setDialog((d) => ({ ...d, kind: null }));
  const shown = (products.data ?? []).filter((p) => matchesProductSearch(p, search));
  const edit = (product: CatalogueProduct) => setDialog({ kind: 'form', product });
  const askDelete = (product: CatalogueProduct) => setDialog({ kind: 'delete', product });

  return (
    <Stack gap="lg" maw={1400}>
      <PageIntro description="The catalogue customers buy from, and the per-message prices."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'form', product: null })}>
            Add Product
          </Button>
        }
      />
      <Card padding="md">
        <Group justify="space-between" mb="md" gap="sm">
          <SearchInput
            aria-label="Search products"
            placeholder="Search products..."
            value={search}
            onChange={setSearch}
            w={{ base: '100%', sm: 320 }}
          />
          {products.data && (
            <Text fz="sm" c="dimmed">
              {shown.length} of {products.data.length} products
            </Text>
          )}
        </Group>
        {products.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading products" />
          </Center>
        ) : products.isError ? (
          <Alert color="red" title="Failed to fetch products">
            {errorDetail(products.error)}
          </Alert>
        ) : shown.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {search ? `No products match "${search.trim()}"` : 'No products yet'}
          </Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <ProductsTable products={shown} onEdit={edit} onDelete={askDelete} />
            </Box>
            <Box hiddenFrom="sm">
              <ProductCards products={shown} onEdit={edit} onDelete={askDelete} />
            </Box>
          </>
        )}
      </Card>
      <ProductFormModal opened={dialog.kind === 'form'} onClose={close} product={dialog.product} />
      <DeleteProductModal opened={dialog.kind === 'delete'} onClose={close} product={dialog.product} />
    </Stack>
  );
}
