// What a partner's page imports to show the widget: the size check bundles this.
export { RampCheckout, RampKitProvider } from '../src/index.js'
