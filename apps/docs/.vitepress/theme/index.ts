import type { Theme } from 'vitepress'
import DefaultTheme from 'vitepress/theme'
import LiveCheckout from './LiveCheckout.vue'
import ThemePlayground from './ThemePlayground.vue'
import './custom.css'

/** VitePress's default theme with the two components the live examples use. */
export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('LiveCheckout', LiveCheckout)
    app.component('ThemePlayground', ThemePlayground)
  },
} satisfies Theme
