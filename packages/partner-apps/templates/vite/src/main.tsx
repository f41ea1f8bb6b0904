import { createRoot } from 'react-dom/client'
import Page from './page'

createRoot(document.getElementById('root')!).render(<Page />)
