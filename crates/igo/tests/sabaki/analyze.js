// Drives `igo gtp` through Sabaki's GTP library (@sabaki/gtp), as Sabaki does: board set-up,
// then `lz-analyze` and `kata-analyze` streamed until the next command interrupts them, then
// `kata-genmove_analyze`. Every analysis line is read the way Sabaki's analysis parser reads it
// (entries split at `info`, key-value pairs, the principal variation after `pv`, Leela Zero's
// winrate in ten-thousandths or KataGo's as a fraction), and checked: vertices on the board,
// visits, win rates in range, ownership for every point. Exits non-zero on any failure.
//
// Usage: node analyze.js PATH_TO_IGO

const assert = require('assert')
const {Controller} = require('@sabaki/gtp')

const SIZE = 9
const LETTERS = 'ABCDEFGHJKLMNOPQRST'

function parseVertex(v) {
  let m = /^([A-HJ-T])(\d+)$/i.exec(v)
  if (!m) return null
  let x = LETTERS.indexOf(m[1].toUpperCase())
  let y = SIZE - +m[2]
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE ? [x, y] : null
}

// One analysis line into entries, following Sabaki's reading of the format.
function parseAnalysis(line) {
  let ownership = null
  let at = line.indexOf(' ownership ')
  if (line.startsWith('ownership ')) at = 0
  if (at >= 0) {
    ownership = line.slice(at).trim().split(/\s+/).slice(1).map(Number)
    line = line.slice(0, at)
  }
  let entries = line
    .split(/\s*info\s+/)
    .slice(1)
    .map(chunk => {
      let tokens = chunk.trim().split(/\s+/)
      let pvAt = tokens.indexOf('pv')
      assert(pvAt >= 0, `no pv in ${chunk}`)
      let pairs = tokens.slice(0, pvAt)
      assert(pairs.length % 2 === 0, `odd key-value list in ${chunk}`)
      let entry = {}
      for (let i = 0; i < pairs.length; i += 2) entry[pairs[i]] = pairs[i + 1]
      entry.pv = tokens.slice(pvAt + 1)
      return entry
    })
  return {entries, ownership}
}

function checkEntries(kind, entries) {
  assert(entries.length >= 1, `${kind}: no candidate`)
  for (let e of entries) {
    assert(e.move === 'pass' || parseVertex(e.move), `${kind}: bad move ${e.move}`)
    assert(Number.isInteger(+e.visits) && +e.visits >= 0, `${kind}: visits ${e.visits}`)
    // Sabaki: a winrate with a point is a fraction (KataGo), else ten-thousandths (Leela Zero).
    let winrate = e.winrate.includes('.') ? +e.winrate * 100 : +e.winrate / 100
    assert(winrate >= 0 && winrate <= 100, `${kind}: winrate ${e.winrate}`)
    if (kind === 'kata-analyze') {
      assert(e.winrate.includes('.'), 'kata-analyze gives winrate as a fraction')
      assert(Number.isFinite(+e.scoreLead), `scoreLead ${e.scoreLead}`)
    } else {
      assert(!e.winrate.includes('.'), 'lz-analyze gives winrate in ten-thousandths')
    }
    assert(e.pv.length >= 1 && e.pv[0] === e.move, `${kind}: pv ${e.pv} of ${e.move}`)
    for (let v of e.pv) assert(v === 'pass' || parseVertex(v), `${kind}: bad pv vertex ${v}`)
  }
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

async function main() {
  let [igo] = process.argv.slice(2)
  assert(igo, 'usage: node analyze.js PATH_TO_IGO')
  let controller = new Controller(igo, ['gtp', '--playouts', '100000000'])
  controller.start()
  let send = async (name, ...args) => {
    let response = await controller.sendCommand({name, args})
    assert(!response.error, `${name} ${args.join(' ')}: ${response.content}`)
    return response
  }
  await send('boardsize', `${SIZE}`)
  await send('clear_board')
  await send('komi', '7.25')
  await send('play', 'B', 'E5')
  await send('play', 'W', 'C3')

  for (let kind of ['lz-analyze', 'kata-analyze']) {
    let lines = []
    let args = kind === 'kata-analyze' ? ['B', '20', 'ownership', 'true'] : ['B', '20']
    let analysis = controller.sendCommand({name: kind, args}, ({line}) => {
      if (line.startsWith('info')) lines.push(line)
    })
    await sleep(1500)
    // As Sabaki does, the next command stops the analysis.
    let name = await send('name')
    let response = await analysis
    assert(!response.error, `${kind}: ${response.content}`)
    assert.strictEqual(name.content, 'igo')
    assert(lines.length >= 2, `${kind}: ${lines.length} lines in 1.5 s`)
    for (let line of lines) {
      let {entries, ownership} = parseAnalysis(line)
      checkEntries(kind, entries)
      if (kind === 'kata-analyze') {
        assert(ownership, 'kata-analyze ownership true gives ownership')
        assert.strictEqual(ownership.length, SIZE * SIZE)
        for (let v of ownership) assert(v >= -1 && v <= 1, `ownership ${v}`)
      }
    }
    console.log(`${kind}: ${lines.length} lines parsed`)
  }

  let lines = []
  await send('igo-playouts', '2000')
  let response = await controller.sendCommand(
    {name: 'kata-genmove_analyze', args: ['B', '10']},
    ({line}) => {
      if (line.startsWith('info')) lines.push(line)
    }
  )
  assert(!response.error, response.content)
  let last = response.content.trim().split('\n').pop()
  let m = /^play (\S+)$/.exec(last)
  assert(m && parseVertex(m[1]), `kata-genmove_analyze ends with ${last}`)
  for (let line of lines) checkEntries('kata-analyze', parseAnalysis(line).entries)
  let stones = await send('list_stones', 'black')
  assert(stones.content.split(/\s+/).includes(m[1].toUpperCase()), 'the move was played')
  console.log(`kata-genmove_analyze: ${lines.length} lines parsed, played ${m[1]}`)

  await controller.stop()
  console.log('3 passed, 0 failed')
}

main().catch(err => {
  console.error(err)
  process.exit(1)
})
