import { cn } from '~/components/ui/cn';

/**
 * A text the editor wrote in Markdown, as the HTML the API made of it. The API sanitised it to a
 * short list of tags (decision 034), so it is set as it comes, and only those tags are styled.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-slot="site-rich-text"
      className={cn(
        'space-y-3 leading-relaxed',
        '[&_a]:font-medium [&_a]:text-[var(--site-accent)] [&_a]:underline [&_a]:underline-offset-4',
        '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1',
        '[&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-[var(--site-border)] [&_blockquote]:pl-4 [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-[var(--site-surface)] [&_code]:px-1 [&_pre]:overflow-x-auto',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
