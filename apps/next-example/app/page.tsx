import { Checkout } from './checkout'

export default function Page() {
  return (
    <main className="page">
      <h1>Buy crypto</h1>
      <Checkout />
    </main>
  )
}
