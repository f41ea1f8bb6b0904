import { RampCheckout, type RampCheckoutProps, RampKitProvider } from '@rampkit/react'
import '@rampkit/react/styles.css'
import { createRoot } from 'react-dom/client'

/** What a live example passes to the widget: its props, without the callbacks. */
export type LiveProps = Omit<RampCheckoutProps, `on${string}`>

/**
 * Mounts the real provider and `<RampCheckout />` in a docs page (the pages are Vue, the
 * widget is React: this is the one bridge). `render` is called again with new props when the
 * page's controls change (the theming playground); events are shown in the page's log.
 */
export function mountCheckout(
  element: HTMLElement,
  endpoint: string,
  onEvent: (name: string, detail: string) => void,
): { render(props: LiveProps): void; unmount(): void } {
  const root = createRoot(element)
  return {
    render(props) {
      root.render(
        <RampKitProvider endpoint={endpoint}>
          <RampCheckout
            {...props}
            // A docs page has its own router: the widget keeps its screens out of the history.
            history={false}
            onQuote={(quote) => onEvent('onQuote', quote.quote_id)}
            onOrderCreated={(order) => onEvent('onOrderCreated', order.id)}
            onStatusChange={(order) => onEvent('onStatusChange', order.status)}
            onSettled={(order) => onEvent('onSettled', order.id)}
            onError={(error) => onEvent('onError', error.message)}
          />
        </RampKitProvider>,
      )
    },
    unmount: () => root.unmount(),
  }
}
