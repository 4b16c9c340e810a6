import { Alert, Button, Container, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { MoneyTab } from "./MoneyTab";
import { OrdersTab } from "./OrdersTab";
import { ProductsTab } from "./ProductsTab";
import { isVendorTab, type VendorTab } from "./tabs";

/**
 * /vendor (docs/product.md#vendors): an approved vendor's products, orders and money. Anyone else is told the page is
 * for approved vendors, with the way to apply.
 */
export function VendorDashboard({ tab, onTab }: { tab: VendorTab; onTab: (tab: VendorTab) => void }) {
  const { t } = useI18n();
  const mine = trpc.vendors.mine.useQuery();
  if (mine.isPending)
    return (
      <Container size="xl" py={40}>
        <Loader aria-label={t("vendor.loading")} />
      </Container>
    );
  if (mine.isError)
    return (
      <Container size="xl" py={40}>
        <Alert color="red" role="alert">
          {mine.error.message}
        </Alert>
      </Container>
    );
  const vendor = mine.data.vendor;
  if (!vendor)
    return (
      <Container size="sm" py={60}>
        <Alert
          color="ochre"
          title={
            <Title order={1} size="h3">
              {t("vendor.dashboard")}
            </Title>
          }
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t("vendor.notAVendor")}</Text>
            <Button component={Link} to="/become-vendor" size="sm">
              {t("vendor.become")}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  return (
    <Container size="xl" py={40}>
      <Title order={1}>{t("vendor.dashboard")}</Title>
      <Text c="dimmed" mb="lg">
        {vendor.businessName}
      </Text>
      <Tabs value={tab} onChange={(value) => isVendorTab(value) && onTab(value)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="products">{t("vendor.tab.products")}</Tabs.Tab>
          <Tabs.Tab value="orders">{t("vendor.tab.orders")}</Tabs.Tab>
          <Tabs.Tab value="money">{t("vendor.tab.money")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          <ProductsTab />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <OrdersTab />
        </Tabs.Panel>
        <Tabs.Panel value="money">
          <MoneyTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
