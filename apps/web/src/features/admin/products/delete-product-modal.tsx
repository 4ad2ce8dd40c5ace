// The delete confirmation (admin spec §4 "Product status"). A product that was ever bought is
// retired rather than erased; the dialog says so up front and the toast says what happened.
import { Button, Group, Modal, Text } from '@mantine/core';
import { PRODUCT_FORM_MESSAGES, type CatalogueProduct } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from './api/delete-product';

type Props = { opened: boolean; onClose: () => void; product: CatalogueProduct | null };

export function DeleteProductModal({ opened, onClose, product }: Props) {
  const remove = useDeleteProduct();

  function confirm() {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: (reply) => {
        if (reply.outcome === 'retired') toast.info('Product retired', PRODUCT_FORM_MESSAGES.retired);
        else toast.success(PRODUCT_FORM_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => toast.error('Error', serverMessageOr(error, PRODUCT_FORM_MESSAGES.deleteFailed)),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Delete Product" centered>
      <Text fz="sm">
        Are you sure you want to delete <strong>{product?.name}</strong>?
      </Text>
      <Text fz="sm" c="dimmed" mt="xs">
        If anyone has bought it, it is retired instead: it leaves the catalogue and its buyers keep it until it expires.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
