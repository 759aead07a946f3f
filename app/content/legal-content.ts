import { z } from "zod";

/**
 * content/legal/*.md: a legal page's German text (BRIEF section 3: legal texts are German only) in
 * Markdown, with its title and search-engine description in the front matter (decision 060).
 */
export const legalContent = z.strictObject({
  title: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
  description: z.string().trim().min(1, "must not be empty").max(300, "must be at most 300 characters"),
  body: z.string().max(200_000, "is longer than 200,000 characters"),
});

export type LegalContent = z.output<typeof legalContent>;
