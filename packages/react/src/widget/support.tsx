'use client'
import type { ReactNode } from 'react'

/**
 * A message telling a declined shopper to contact support, its `{support}` written as `label`: a
 * link to the partner's support (`supportUrl` of the provider) when it is an address a link may
 * open (`http(s)` or a path of the app, in a new tab as the confirm's terms; a `mailto:` as it is,
 * for the mail app), plain words otherwise (none given, or a `javascript:`), so no link is
 * promised that is not there.
 */
export function SupportText(props: {
  url: string | undefined
  message: string
  label: string
}): ReactNode {
  const { url, label } = props
  const [before, after = ''] = props.message.split('{support}')
  if (!url || !/^(https?:\/\/|\/|mailto:)/.test(url)) return before + label + after
  return (
    <>
      {before}
      <a
        className="rk-link rk-link-inline"
        href={url}
        target={url.startsWith('mailto:') ? undefined : '_blank'}
        rel="noopener noreferrer"
      >
        {label}
      </a>
      {after}
    </>
  )
}
