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
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { DocumentField, useDocumentUpload, type UploadTarget } from "../applications/DocumentUpload";
import { fieldErrorsOf } from "../seer-dashboard/PayoutDetailsForm";
import { inPageLanguage } from "../../lib/validation";
import { ScrollTable } from "../../components/ScrollTable";

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
  failed: { title: "apply.upload.failedTitle", message: "vendor.products.imageFailed" },
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
  const { t } = useI18n();
  const { upload, onFile } = useDocumentUpload(onChange, () => onChange(""), PRODUCT_IMAGE);
  return (
    <Group align="flex-start" wrap="nowrap">
      {imageUrl && upload.status !== "uploading" && (
        <Image src={imageUrl} alt={t("vendor.products.imageAlt")} w={96} h={96} fit="cover" radius="sm" />
      )}
      <DocumentField
        label={t("vendor.products.image")}
        description={t("vendor.products.imageHelp")}
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
  const { t } = useI18n();
  if (!product.approvedAt)
    return (
      <Badge color="ochre.4" autoContrast>
        {t("vendor.products.awaiting")}
      </Badge>
    );
  return product.isActive ? (
    <Badge color="forest.9">{t("vendor.products.listed")}</Badge>
  ) : (
    <Badge color="gray.7">{t("vendor.products.inactive")}</Badge>
  );
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const categories = trpc.shop.categories.useQuery();
  const form = useForm<ProductValues>({
    mode: "controlled",
    initialValues: valuesOf(product),
    validate: (values) =>
      inPageLanguage(
        schemaResolver(vendorProductSchema, { sync: true }),
        t,
      )({
        ...values,
        categoryId: values.categoryId || null,
        imageUrl: values.imageUrl || null,
      }),
  });
  const onSaved = async (saved: Product) => {
    notify(
      product
        ? { title: t("vendor.products.saved"), message: t("vendor.products.savedMessage", { name: saved.name }) }
        : { title: t("vendor.products.added"), message: t("vendor.products.addedMessage", { name: saved.name }) },
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
      aria-label={product ? t("vendor.products.editName", { name: product.name }) : t("vendor.products.new")}
      onSubmit={form.onSubmit((values) =>
        product ? update.mutate({ ...inputOf(values), id: product.id }) : create.mutate(inputOf(values)),
      )}
    >
      <Stack gap="sm">
        <TextInput label={t("vendor.products.name")} required {...form.getInputProps("name")} />
        <Textarea label={t("vendor.description")} required rows={4} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t("vendor.products.priceUsd")}
            placeholder={t("vendor.products.pricePlaceholder")}
            inputMode="decimal"
            required
            {...form.getInputProps("price")}
          />
          <TextInput label={t("vendor.products.stock")} inputMode="numeric" required {...form.getInputProps("stockQuantity")} />
          <TextInput
            label={t("vendor.products.lowStockThreshold")}
            inputMode="numeric"
            required
            {...form.getInputProps("lowStockThreshold")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t("vendor.products.category")}
            data={[
              { value: "", label: t("vendor.products.noCategory") },
              ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
            {...form.getInputProps("categoryId")}
          />
          <TextInput
            label={t("vendor.products.origin")}
            placeholder={t("apply.countryPlaceholder")}
            {...form.getInputProps("origin")}
          />
        </SimpleGrid>
        <ProductImageField
          imageUrl={form.values.imageUrl}
          error={form.errors.imageUrl}
          onChange={(url) => {
            form.setFieldValue("imageUrl", url);
            form.clearFieldError("imageUrl");
          }}
        />
        <Checkbox label={t("vendor.products.active")} {...form.getInputProps("isActive", { type: "checkbox" })} />
        {save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("vendor.products.back")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? t("vendor.products.save") : t("vendor.products.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The vendor's own products: add one, edit one, and where each stands. */
export function ProductsTab() {
  const { t } = useI18n();
  const list = trpc.vendors.products.useQuery();
  // null: closed; "new": a new product; else the id of the product being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const product = list.data?.find((p) => p.id === editing) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t("vendor.products.intro")}
        </Text>
        <Button onClick={() => setEditing("new")}>{t("vendor.products.new")}</Button>
      </Group>
      {list.isPending ? (
        <Loader aria-label={t("vendor.products.loading")} />
      ) : list.isError ? (
        <Text c="red">{t("vendor.products.loadFailed")}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("vendor.products.none")}
        </Text>
      ) : (
        <ScrollTable minWidth={640} label={t("vendor.products.table")}>
          <Table striped aria-label={t("vendor.products.table")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("vendor.products.product")}</Table.Th>
                <Table.Th>{t("vendor.products.price")}</Table.Th>
                <Table.Th>{t("vendor.products.stock")}</Table.Th>
                <Table.Th>{t("vendor.products.state")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("vendor.products.actions")}</VisuallyHidden>
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
                          {t("vendor.products.lowStock")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge product={p} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setEditing(p.id)}
                      aria-label={t("vendor.products.editName", { name: p.name })}
                    >
                      {t("vendor.products.edit")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={product ? t("vendor.products.editName", { name: product.name }) : t("vendor.products.new")}
        size="lg"
      >
        {editing !== null && <ProductForm key={editing} product={product} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
