import { Button, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Sign-out is a POST (docs/product.md#api): a plain form, so it works before any script runs and no link or image
 * elsewhere can sign anyone out. The server ends the session and sends the browser home.
 */
export function SignOutButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <form method="post" action="/api/logout" style={{ display: "contents" }}>
      <Button type="submit" {...props}>
        {children}
      </Button>
    </form>
  );
}
