// 'Create Product' and 'Edit Product' (admin spec §2 "Products page", §5, §8): the whole product,
// validated by the schema the server parses it with; the spec's toasts.
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { PRODUCT_FORM_MESSAGES, productBodySchema, type CatalogueProduct, type ProductInput } from '@kurir/core';
import { errorDetail, hasErrorCode, serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useCreateProduct } from './api/create-product';
import { useUpdateProduct } from './api/update-product';
import { productFormValues } from './product-form';
import { ProductFormFields } from './product-form-fields';

type Props = { opened: boolean; onClose: () => void; product: CatalogueProduct | null };

/** Mounted fresh for each opening (keyed by the product), so the fields start from it. */
function ProductForm({ product, onClose }: { product: CatalogueProduct | null; onClose: () => void }) {
  const form = useForm({
    initialValues: productFormValues(product),
    ...schemaForm(productBodySchema),
  });
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;

  function failed(error: unknown, fallback: string) {
    // A taken name belongs to the name field; everything else is the dialog's toast.
    if (hasErrorCode(error, 'name_taken')) form.setFieldError('name', errorDetail(error));
    toast.error('Error', serverMessageOr(error, fallback));
  }

  function submit(body: ProductInput) {
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (product) {
      update.mutate(
        { id: product.id, body },
        { onSuccess: done(PRODUCT_FORM_MESSAGES.updated), onError: (e) => failed(e, PRODUCT_FORM_MESSAGES.updateFailed) },
      );
    } else {
      create.mutate(body, {
        onSuccess: done(PRODUCT_FORM_MESSAGES.created),
        onError: (e) => failed(e, PRODUCT_FORM_MESSAGES.createFailed),
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <ProductFormFields form={form} retired={product?.retired ?? false} />
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {product ? 'Save Changes' : 'Create Product'}
        </Button>
      </Group>
    </form>
  );
}

export function ProductFormModal({ opened, onClose, product }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={product ? 'Edit Product' : 'Create Product'} size="lg" fullScreen={phone} centered>
      <ProductForm key={product?.id ?? 'new'} product={product} onClose={onClose} />
    </Modal>
  );
}
