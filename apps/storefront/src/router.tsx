import { type AnchorHTMLAttributes, useEffect, useState } from 'react'

/** The shop's pages. A real shop would use its router; four pages need none. */
export const routes = { buy: '/', sell: '/sell', orders: '/orders', account: '/account' } as const
export type Route = keyof typeof routes

function routeOf(pathname: string): Route {
  const found = (Object.keys(routes) as Route[]).find((route) => routes[route] === pathname)
  return found ?? 'buy'
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(window.location.pathname))
  useEffect(() => {
    const update = () => setRoute(routeOf(window.location.pathname))
    window.addEventListener('popstate', update)
    return () => window.removeEventListener('popstate', update)
  }, [])
  return route
}

export function navigate(route: Route) {
  window.history.pushState(null, '', routes[route])
  window.dispatchEvent(new PopStateEvent('popstate'))
}

export function Link({
  to,
  ...props
}: { to: Route } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const current = useRoute() === to
  return (
    <a
      {...props}
      href={routes[to]}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        navigate(to)
      }}
    />
  )
}
