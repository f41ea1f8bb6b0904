// create-react-router's vite.config.ts, without Tailwind: the React Router plugin builds the
// app's routes for the server and the browser.
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
})
