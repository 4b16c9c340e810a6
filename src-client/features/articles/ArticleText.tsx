import { Fragment } from "react";
import { Text, type TextProps } from "@mantine/core";

/**
 * An article's content as text: each newline becomes a line break and nothing in it is ever read as HTML.
 * React escapes text nodes, so a "<script>" typed by an author shows as those characters.
 */
export function ArticleText({ content, ...props }: { content: string } & TextProps) {
  const lines = content.split(/\r\n|\r|\n/);
  return (
    <Text component="div" {...props}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
