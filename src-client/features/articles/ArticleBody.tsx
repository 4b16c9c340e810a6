import { Typography } from "@mantine/core";

/**
 * An article's content as the server sends it: HTML already reduced to the allow-list on save and again on the way
 * out (src-server/modules/articles/html.ts), so nothing here can carry a script, a style or an event handler.
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    <Typography fz="lg" lh={1.75} data-testid="article-body">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
