import { readdirSync, readFileSync } from 'node:fs'

type ProcessInfo = { pid: number; ppid: number; pgid: number; command: string }

/** Every process of this machine, from /proc (Linux). */
export function processTable(): ProcessInfo[] {
  const table: ProcessInfo[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command is in parentheses and may hold spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')')
      const fields = stat.slice(close + 2).split(' ')
      table.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        command: stat.slice(stat.indexOf('(') + 1, close),
      })
    } catch {
      // The process ended while we looked.
    }
  }
  return table
}

/** The pids of every descendant of `root` (children, grandchildren, …). */
export function descendants(root: number): ProcessInfo[] {
  const table = processTable()
  const found: ProcessInfo[] = []
  const queue = [root]
  while (queue.length) {
    const parent = queue.shift()
    for (const info of table) {
      if (info.ppid === parent) {
        found.push(info)
        queue.push(info.pid)
      }
    }
  }
  return found
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}
