import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { vendorProductSchema } from "../../../src/schemas/vendors";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { DocumentField, useDocumentUpload, type UploadTarget } from "../applications/DocumentUpload";
import { fieldErrorsOf } from "../seer-dashboard/PayoutDetailsForm";
import { inPageLanguage } from "../../lib/validation";

type Product = RouterOutputs["vendors"]["products"][number];

interface ProductValues {
  name: string;
  description: string;
  price: string;
  stockQuantity: number | string;
  lowStockThreshold: number | string;
  categoryId: string;
  origin: string;
  imageUrl: string;
  isActive: boolean;
}

const valuesOf = (p: Product | null): ProductValues => ({
  name: p?.name ?? "",
  description: p?.description ?? "",
  price: p?.price ?? "",
  stockQuantity: p?.stockQuantity ?? 0,
  lowStockThreshold: p?.lowStockThreshold ?? 5,
  categoryId: p?.categoryId ?? "",
  origin: p?.origin ?? "",
  imageUrl: p?.imageUrl ?? "",
  isActive: p?.isActive ?? true,
});

/** What the schema takes: blanks are absent. */
const inputOf = (v: ProductValues) =>
  vendorProductSchema.parse({
    ...v,
    categoryId: v.categoryId || null,
    origin: v.origin || undefined,
    imageUrl: v.imageUrl || null,
  });

const PRODUCT_IMAGE: UploadTarget = {
  endpoint: "/api/upload/product-image",
  field: "productImage",
  failed: { title: "Upload Failed", message: "Failed to upload the image. Please try again." },
};

/** The product's image, uploaded when chosen (JPEG or PNG): shown to shoppers once the product is listed. */
function ProductImageField({
  imageUrl,
  error,
  onChange,
}: {
  imageUrl: string;
  error: React.ReactNode;
  onChange: (url: string) => void;
}) {
  const { upload, onFile } = useDocumentUpload(onChange, () => onChange(""), PRODUCT_IMAGE);
  return (
    <Group align="flex-start" wrap="nowrap">
      {imageUrl && upload.status !== "uploading" && (
        <Image src={imageUrl} alt="The product's image" w={96} h={96} fit="cover" radius="sm" />
      )}
      <DocumentField
        label="Image (JPEG or PNG, max 10MB)"
        description="Shown in the Sacred Market once the product is listed."
        accept=".jpeg,.jpg,.png"
        required={false}
        upload={upload}
        error={error}
        onFile={onFile}
      />
    </Group>
  );
}

/** Where a product stands: waiting for the admins' first approval, listed, or taken off the market by the vendor. */
function StateBadge({ product }: { product: Product }) {
  if (!product.approvedAt)
    return (
      <Badge color="ochre.4" autoContrast>
        Awaiting approval
      </Badge>
    );
  return product.isActive ? <Badge color="forest.9">Listed</Badge> : <Badge color="gray.7">Inactive</Badge>;
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const categories = trpc.shop.categories.useQuery();
  const form = useForm<ProductValues>({
    mode: "controlled",
    initialValues: valuesOf(product),
    validate: (values) =>
      inPageLanguage(schemaResolver(vendorProductSchema, { sync: true }))({
        ...values,
        categoryId: values.categoryId || null,
        imageUrl: values.imageUrl || null,
      }),
  });
  const onSaved = async (saved: Product) => {
    notify(
      product
        ? { title: "Product saved", message: `${saved.name} was saved.` }
        : { title: "Product added", message: `${saved.name} is listed once our team has approved it.` },
      "success",
    );
    onDone();
    await utils.vendors.products.invalidate();
  };
  const onError = (error: Parameters<typeof fieldErrorsOf>[0]) => form.setErrors(fieldErrorsOf(error));
  const create = trpc.vendors.createProduct.useMutation({ onSuccess: onSaved, onError });
  const update = trpc.vendors.updateProduct.useMutation({ onSuccess: onSaved, onError });
  const save = product ? update : create;
  return (
    <form
      noValidate
      aria-label={product ? `Edit ${product.name}` : "New product"}
      onSubmit={form.onSubmit((values) =>
        product ? update.mutate({ ...inputOf(values), id: product.id }) : create.mutate(inputOf(values)),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Name" required {...form.getInputProps("name")} />
        <Textarea label="Description" required rows={4} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Price (US$)" placeholder="25.00" inputMode="decimal" required {...form.getInputProps("price")} />
          <TextInput label="Stock" inputMode="numeric" required {...form.getInputProps("stockQuantity")} />
          <TextInput label="Low-stock threshold" inputMode="numeric" required {...form.getInputProps("lowStockThreshold")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Category"
            data={[{ value: "", label: "No category" }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            {...form.getInputProps("categoryId")}
          />
          <TextInput label="Origin" placeholder="e.g., Ghana" {...form.getInputProps("origin")} />
        </SimpleGrid>
        <ProductImageField
          imageUrl={form.values.imageUrl}
          error={form.errors.imageUrl}
          onChange={(url) => {
            form.setFieldValue("imageUrl", url);
            form.clearFieldError("imageUrl");
          }}
        />
        <Checkbox
          label="Active (shown in the Sacred Market once approved)"
          {...form.getInputProps("isActive", { type: "checkbox" })}
        />
        {save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Back
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? "Save product" : "Add product"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The vendor's own products: add one, edit one, and where each stands. */
export function ProductsTab() {
  const list = trpc.vendors.products.useQuery();
  // null: closed; "new": a new product; else the id of the product being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const product = list.data?.find((p) => p.id === editing) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          A new product is listed in the Sacred Market once our team has approved it.
        </Text>
        <Button onClick={() => setEditing("new")}>New product</Button>
      </Group>
      {list.isPending ? (
        <Loader aria-label="Loading your products" />
      ) : list.isError ? (
        <Text c="red">Failed to load your products.</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No products yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Your products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Stock</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{formatMoney(p.price)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {p.stockQuantity}
                      {p.stockQuantity <= p.lowStockThreshold && (
                        <Badge color="red.9" size="sm">
                          Low stock
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge product={p} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setEditing(p.id)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={product ? `Edit ${product.name}` : "New product"}
        size="lg"
      >
        {editing !== null && <ProductForm key={editing} product={product} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
